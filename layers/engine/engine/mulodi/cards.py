"""Mulodi's cards and numbers, read once from ``data/mulodi.toml`` into flat tables.

Every card has a number ``0..105`` (its id on the wire is ``"c%03d"``: ``c000`` .. ``c105``)
and a *face*: what is printed on it (``"money-10"``, ``"banja"``, ``"rent-red-yellow"``,
``"property-karen"``, ``"wild-pink-orange"``, ``"master"``). Cards with the same face are
interchangeable. Faces, not ids, name cards in events (an id would tell another seat which card
left a hidden place); ids name the cards of a seat's own hand and of the table in views and
actions.

Kinds: ``money``; ``action`` (every action card, the rent cards included); ``property``;
``wild`` (two-colour wildcard); ``master`` (Master Property Wild Card). Amounts are in M.

Sources: the seed (``shared/seeds/004_e3b57fc1098b0004.txt``) and the decisions file
(``shared/spec/mulodi-decisions.md``, "The deck"); see the data file's comments.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

MONEY, ACTION, PROPERTY, WILD, MASTER = "money", "action", "property", "wild", "master"
KINDS = (MONEY, ACTION, PROPERTY, WILD, MASTER)

RENT = "rent"
"""The action id of a two-colour Rent card (the data's ``[[rents]]``)."""
ACTION_IDS = ("yaaye_deal", "neda", "land_grab", "land_trade", "banja", "wedding_meeting",
              "yongeza", "apartment", "arcade", "double_rent", "multi_rent", RENT)
"""Every action card's action id."""
PAYMENT_ACTIONS = frozenset({RENT, "multi_rent", "banja", "wedding_meeting"})
"""Action cards that make their targets pay."""
AIMED_ACTIONS = PAYMENT_ACTIONS | {"land_grab", "land_trade", "yaaye_deal"}
"""Action cards played against other players (each target gets a response window)."""


def card_id(card: int) -> str:
    """The wire id of card number ``card`` (``7 -> "c007"``)."""
    return f"c{card:03d}"


@dataclass(frozen=True, slots=True)
class Colour:
    """A property colour: ``id`` (``"dark_blue"``), readable ``name``, ``size`` (cards in a
    full set), ``value`` (each property card's bank value, M), ``rent`` (M for 1..size cards)
    and ``buildings`` (whether Apartments and Arcades may be added)."""

    id: str
    name: str
    size: int
    value: int
    rent: tuple[int, ...]
    buildings: bool


class Deck:
    """The whole deck as flat per-card tables (index = card number), plus the rule numbers.

    Attributes: ``size`` (106), ``face``, ``kind``, ``value`` (bank value, M; a Master 0),
    ``colours`` (a property's one colour, a wildcard's two, ``()`` for a Master and
    non-properties), ``action`` (an action card's action id, else ``""``), ``name`` (readable),
    ``colour`` (colour id -> :class:`Colour`), ``colour_ids`` (in data order), and the data
    sections ``deal``, ``winning``, ``amounts``, ``table``, ``stalemate``, ``timeout``.
    """

    def __init__(self, data: dict[str, Any]):
        self.data = data
        self.title: str = data["title"]
        self.currency: str = data["currency"]
        self.deal: dict[str, int] = data["deal"]
        self.winning: dict[str, int] = data["winning"]
        self.amounts: dict[str, int] = data["amounts"]
        self.table: dict[str, int] = data["table"]
        self.stalemate: dict[str, int] = data["stalemate"]
        self.timeout: dict[str, Any] = data["timeout"]
        self.colour: dict[str, Colour] = {
            c["id"]: Colour(c["id"], c["name"], c["size"], c["value"], tuple(c["rent"]), c["buildings"])
            for c in data["colours"]
        }
        self.colour_ids: tuple[str, ...] = tuple(self.colour)
        face: list[str] = []
        kind: list[str] = []
        value: list[int] = []
        colours: list[tuple[str, ...]] = []
        action: list[str] = []
        name: list[str] = []

        def add(f: str, k: str, v: int, cols: tuple[str, ...], a: str, n: str, count: int) -> None:
            for _ in range(count):
                face.append(f)
                kind.append(k)
                value.append(v)
                colours.append(cols)
                action.append(a)
                name.append(n)

        for m in data["money"]:
            add(f"money-{m['value']}", MONEY, m["value"], (), "", f"{m['value']}M", m["count"])
        self.action_names: dict[str, str] = {}
        self.action_texts: dict[str, str] = {}
        for a in data["actions"]:
            self.action_names[a["id"]] = a["name"]
            self.action_texts[a["id"]] = a["text"]
            add(a["id"], ACTION, a["value"], (), a["id"], a["name"], a["count"])
        self.action_names[RENT] = "Rent"
        for r in data["rents"]:
            cols = tuple(r["colours"])
            label = "/".join(self.colour[c].name.lower() for c in cols)
            add(f"rent-{cols[0]}-{cols[1]}", ACTION, r["value"], cols, RENT, f"Rent ({label})",
                r["count"])
        self.property_names: dict[str, str] = {}
        for p in data["properties"]:
            col = self.colour[p["colour"]]
            self.property_names[p["id"]] = p["name"]
            add(f"property-{p['id']}", PROPERTY, col.value, (col.id,), "", p["name"], 1)
        for w in data["wildcards"]:
            cols = tuple(w["colours"])
            label = "/".join(self.colour[c].name.lower() for c in cols)
            add(f"wild-{cols[0]}-{cols[1]}", WILD, w["value"], cols, "", f"Property Wildcard ({label})",
                w["count"])
        master = data["masters"]
        add("master", MASTER, master["value"], (), "", master["name"], master["count"])
        self.face = tuple(face)
        self.kind = tuple(kind)
        self.value = tuple(value)
        self.colours = tuple(colours)
        self.action = tuple(action)
        self.name = tuple(name)
        self.size = len(face)
        self.is_master = tuple(k == MASTER for k in kind)
        self.is_property = tuple(k in (PROPERTY, WILD, MASTER) for k in kind)
        self.bankable = tuple(k in (MONEY, ACTION) for k in kind)
        self.size_of = {c: col.size for c, col in self.colour.items()}

    def faces(self) -> dict[str, int]:
        """Each face and how many cards carry it, in card order."""
        out: dict[str, int] = {}
        for f in self.face:
            out[f] = out.get(f, 0) + 1
        return out

    def cards_of(self, action: str) -> list[int]:
        """The card numbers of action id ``action``."""
        return [c for c in range(self.size) if self.action[c] == action]

    def rent(self, colour: str, cards: int) -> int:
        """The rent (M) for ``cards`` cards of ``colour`` (capped at a full set; 0 for none)."""
        if cards <= 0:
            return 0
        col = self.colour[colour]
        return col.rent[min(cards, col.size) - 1]


@cache
def deck() -> Deck:
    """The deck of ``data/mulodi.toml`` (read once per process)."""
    text = resources.files("engine.mulodi").joinpath("data/mulodi.toml").read_text()
    return Deck(tomllib.loads(text))


def parse_card(value: str) -> int:
    """Card number of wire id ``value`` (``"c017" -> 17``); ``ValueError`` if it is none."""
    if len(value) == 4 and value[0] == "c" and value[1:].isdigit():
        number = int(value[1:])
        if number < deck().size:
            return number
    raise ValueError(f"no card {value!r}")
