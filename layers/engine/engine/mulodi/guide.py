"""Mulodi's guide as data (``GET /rulesets/mulodi/guide``): the cards, their counts and
values, the colours with their set sizes and rents, the rule numbers, and the rules in prose
for players (``prose``: the sections of ``data/guide.toml`` in reading order, from what the
game is to how this service plays it, with two worked examples), every number taken from
``data/mulodi.toml`` and the table options so the guide matches the build. The shape::

    {"ruleset": "mulodi", "title", "game": "mulodi", "currency": "M", "deck_size": 106,
     "deal": {...}, "amounts": {...}, "winning": {...}, "table": {...},
     "colours": [{id, name, size, value, rent: [M for 1..size cards], buildings,
                  properties: [names], wildcards: [faces]}],
     "cards": [{face, name, kind, count, value, colours, action, text}],
     "prose": [{id, title, text: [paragraph, ...], items: [item, ...]}]}
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engine import guidetext, verify
from engine.mulodi import payment
from engine.mulodi.cards import ACTION, MASTER, MONEY, PROPERTY, RENT, WILD, deck


def _cards() -> list[dict[str, Any]]:
    d = deck()
    out: dict[str, dict[str, Any]] = {}
    for c in range(d.size):
        face = d.face[c]
        if face in out:
            out[face]["count"] += 1
            continue
        text = ""
        if d.kind[c] == ACTION:
            action = d.action[c]
            text = d.action_texts.get(action, "")
            if action == "rent":
                text = ("Play it into the centre with at least one property of the colours "
                        "shown: ALL players pay you rent for your properties in ONE of them.")
            text += " Can also be banked as money."
        elif d.kind[c] == WILD:
            text = ("Use it in place of a property of either colour shown on the card. You can "
                    "move it between sets on your turn.")
        elif d.kind[c] == MASTER:
            text = d.data["masters"]["text"]
        out[face] = {"face": face, "name": d.name[c], "kind": d.kind[c], "count": 1,
                     "value": d.value[c], "colours": list(d.colours[c]),
                     "action": d.action[c] or None, "text": text}
    return list(out.values())


def _colours() -> list[dict[str, Any]]:
    d = deck()
    out = []
    for colour in d.colour.values():
        props = [d.name[c] for c in range(d.size)
                 if d.kind[c] == PROPERTY and d.colours[c][0] == colour.id]
        wilds = sorted({d.face[c] for c in range(d.size)
                        if d.kind[c] == WILD and colour.id in d.colours[c]})
        out.append({"id": colour.id, "name": colour.name, "size": colour.size,
                    "value": colour.value, "rent": list(colour.rent),
                    "buildings": colour.buildings, "properties": props, "wildcards": wilds})
    return out


def _plural(name: str) -> str:
    """A colour's name for several of its cards, in lower case ("taxi parks", "utilities")."""
    name = name.lower()
    return name[:-1] + "ies" if name.endswith("y") and name[-2:-1] not in "aeiou" else name + "s"


def _and(words: list[str], last: str = "and") -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def _faces(faces: list[str]) -> list[int]:
    """A card number for each face in ``faces`` (distinct cards; a face the deck has fewer
    of than listed is a :class:`KeyError`, as is an unknown face)."""
    d = deck()
    out: list[int] = []
    for face in faces:
        card = next((c for c in range(d.size) if d.face[c] == face and c not in out), None)
        if card is None:
            raise KeyError(f"guide.toml's example names {face!r}, which the deck does not have enough of")
        out.append(card)
    return out


def _rent_example(example: dict[str, Any]) -> dict[str, Any]:
    """The figures of the rent example (``[examples.rent]``): a full set of ``colour`` with
    the buildings named, charged by its two-colour Rent with ``doubles`` Doubles, every other
    player paying (seed "Rent (two-colour)", "Double the Rent", "Arcade & Apartment")."""
    d = deck()
    colour = d.colour[example["colour"]]
    a = d.amounts
    table = d.rent(colour.id, colour.size)
    before = table + (a["apartment"] if example["apartment"] else 0) + (a["arcade"] if example["arcade"] else 0)
    total = before * a["double_rent_factor"] ** example["doubles"]
    rent_card = next(d.name[c] for c in range(d.size)
                     if d.action[c] == RENT and colour.id in d.colours[c])
    payers = example["players"][1:]
    used = 1 + example["doubles"]
    return {
        "colour": colour.name.lower(), "size": colour.size, "card": rent_card,
        "properties": _and([d.name[c] for c in range(d.size)
                            if d.kind[c] == PROPERTY and d.colours[c][0] == colour.id]),
        "table": table, "before": before, "total": total, "all": total * len(payers),
        "payers": _and(payers), "plays_used": used, "plays_left": d.deal["plays"] - used,
    }


def _neda_example(example: dict[str, Any]) -> dict[str, Any]:
    """The figures of the Neda example (``[examples.neda]``): a Banja paid from a bank of
    ``bank`` (no change), and what the table pays from ``timeout_bank`` when the window passes
    (:func:`engine.mulodi.payment.least_overpaying`, the house rule)."""
    d = deck()
    bank = _faces(example["bank"])
    timeout_bank = _faces(example["timeout_bank"])
    paid = payment.least_overpaying(timeout_bank, d.amounts["banja"]) or timeout_bank
    names = [f"a {d.name[c]}" for c in bank]
    return {
        "bank": _and(names), "paid": sum(d.value[c] for c in bank),
        "timeout_bank": _and([d.name[c] for c in timeout_bank]),
        "timeout_paid": _and([f"the {d.name[c]}" for c in paid]),
        "timeout_total": sum(d.value[c] for c in paid),
    }


def values(options: type[BaseModel]) -> dict[str, Any]:
    """Everything ``data/guide.toml``'s placeholders read: the data sections of
    ``data/mulodi.toml`` (``deal``, ``amounts``, ``winning``, ``table``, ...), ``cards`` (each
    action's ``count`` and ``value`` by id), the table options' defaults and ranges
    (``options``), the worked examples' set-up (``examples``) and ``derived`` (counts, set
    sizes and the examples' figures, worked out from the data). ``options``: the ruleset's
    table options model (``MulodiRuleset.table_options``), whose defaults and ranges the guide
    states."""
    d = deck()
    text = guidetext.load("engine.mulodi")
    kinds = [d.kind[c] for c in range(d.size)]
    sizes = sorted({c.size for c in d.colour.values()})
    window = options.model_json_schema()["properties"]["response_window_seconds"]
    defaults: Any = options()
    money = sorted({d.value[c] for c in range(d.size) if d.kind[c] == MONEY})
    quiet = d.stalemate["quiet_turns_per_player"]
    return {
        **{k: v for k, v in d.data.items() if isinstance(v, dict)},
        "cards": {a: {"count": len(d.cards_of(a)), "value": d.value[d.cards_of(a)[0]]}
                  for a in d.action_names if d.cards_of(a)},
        "options": {"response_window_seconds": defaults.response_window_seconds,
                    "idle_timeout_seconds": defaults.idle_timeout_seconds,
                    "response_window_min": window["minimum"], "response_window_max": window["maximum"]},
        "examples": text["examples"],
        "derived": {
            "deck_size": d.size, "currency": d.currency, "colour_count": len(d.colour),
            "money_cards": kinds.count(MONEY), "property_cards": kinds.count(PROPERTY),
            "wildcards": kinds.count(WILD), "masters": kinds.count(MASTER),
            "rent_cards": len(d.cards_of(RENT)),
            "action_cards": kinds.count(ACTION) - len(d.cards_of(RENT)),
            "money_faces": _and([f"{v}{d.currency}" for v in money]),
            "smallest_set": sizes[0], "largest_set": sizes[-1],
            "smallest_set_colours": _and([c.name.lower() for c in d.colour.values() if c.size == sizes[0]]),
            "largest_set_colours": _and([c.name.lower() for c in d.colour.values() if c.size == sizes[-1]]),
            "no_buildings": _and([_plural(c.name) for c in d.colour.values() if not c.buildings], "or"),
            "max_rent_factor": d.amounts["double_rent_factor"] ** d.amounts["max_doubles"],
            "quiet_rounds": "a whole round" if quiet == 1 else f"{quiet} whole rounds",
            "rent_example": _rent_example(text["examples"]["rent"]),
            "neda_example": _neda_example(text["examples"]["neda"]),
        },
    }


def prose(options: type[BaseModel]) -> list[dict[str, Any]]:
    """The guide's sections in words (``data/guide.toml`` filled from :func:`values`, the
    fair-play section in its place)."""
    d = deck()
    fairness = verify.guide_section(
        "shuffle of the deck",
        "another player's hand or the order of the draw pile",
        "every hand and the draw pile in order")
    return guidetext.sections(guidetext.load("engine.mulodi"), values(options),
                              lambda value: f"{value:,}{d.currency}", {"fairness": fairness})


def guide(options: type[BaseModel]) -> dict[str, Any]:
    """The guide of ruleset ``mulodi`` (module docstring), with table options model ``options``."""
    d = deck()
    return {
        "ruleset": "mulodi",
        "title": d.title,
        "game": "mulodi",
        "currency": d.currency,
        "deck_size": d.size,
        "deal": dict(d.deal),
        "amounts": dict(d.amounts),
        "winning": dict(d.winning),
        "table": dict(d.table),
        "colours": _colours(),
        "cards": _cards(),
        "prose": prose(options),
    }
