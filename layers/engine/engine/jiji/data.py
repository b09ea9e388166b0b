"""Jiji's numbers, read once from ``data/jiji.toml`` into a :class:`Book` of ready lookups.

Every number of the ruleset is in the data file (the rulebook's own figures, the decisions
file's, and the house values that the rulebook leaves to the board: prices, rents, cards, the
Construction unit's odds). :func:`book` checks the file's shape when it loads (22 districts in
8 groups of 2, 3, 3, 3, 3, 3, 3, 2 on a 40-space track, 9 rents per district, odds summing to
100, 25 Chance cards) and raises :class:`ValueError` naming the first misfit.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

BOARD_SIZE = 40
GRANTS = ("blocks_1", "blocks_2", "blocks_3", "station")
"""The Construction unit's answers, in the data file's order; ``grant`` values 1, 2, 3 and 0."""
GRANT_VALUE = {"blocks_1": 1, "blocks_2": 2, "blocks_3": 3, "station": 0}
EFFECTS = frozenset({"advance", "back", "jail", "get_out", "collect", "pay", "collect_each",
                     "pay_each", "repairs", "free_block", "permit", "construction"})


@dataclass(frozen=True, slots=True)
class Group:
    """A colour group: ``id``, ``name``, its ``spaces`` (board order), block prices (M) and
    skyscraper price."""

    id: str
    name: str
    spaces: tuple[int, ...]
    residential_block: int
    industrial_block: int
    skyscraper: int


@dataclass(frozen=True, slots=True)
class Card:
    """A Chance card: ``id``, ``text`` and its ``effect`` with the effect's values."""

    id: str
    text: str
    effect: str
    space: int | None = None
    spaces: int = 0
    amount: int = 0
    residential: int = 0
    industrial: int = 0
    kind: str | None = None


class Book:
    """The data file as lookups (read-only). Attributes: ``raw`` (the TOML as loaded),
    ``kind`` (space -> ``"go"``, ``"district"``, ``"chance"``, ``"permit"``, ``"tax"``,
    ``"auction"``, ``"free_parking"``, ``"jail"``, ``"go_to_jail"``), ``name`` (space -> name),
    ``districts`` (district spaces, board order), ``group_of`` / ``price`` / ``rents`` (per
    district space), ``groups`` (id -> :class:`Group`), ``tax`` (space -> amount), ``cards``
    (id -> :class:`Card`), ``card_ids`` (in data order), ``odds`` (``[(grant, percent)]``),
    ``nuisances`` (kind -> blocks), ``bonuses`` and the table's figures (``salary``,
    ``starting_cash``, ``fine``, ...)."""

    def __init__(self, raw: dict[str, Any]):
        self.raw = raw
        table = raw["table"]
        self.min_players: int = table["min_players"]
        self.max_players: int = table["max_players"]
        self.starting_cash: int = sum(value * count for value, count in table["starting_bills"])
        self.salary: int = table["salary"]
        self.bank_cash: int = table["bank_cash"]
        self.step: int = table["money_step"]
        self.dice: int = table["dice"]
        self.sides: int = table["sides"]
        auction = raw["auction"]
        self.minimum_bid: int = auction["minimum_bid"]
        self.minimum_step: int = auction["minimum_step"]
        self.snipe_percent: int = auction["snipe_percent"]
        self.live_auction_seconds: int = auction["live_seconds"]
        construction = raw["construction"]
        self.odds: list[tuple[str, int]] = [(g, construction["odds"][g]) for g in GRANTS]
        self.max_blocks: int = construction["max_blocks"]
        marks = raw["landmarks"]
        self.stadiums: int = marks["stadiums"]
        self.stadium_price: int = marks["stadium_price"]
        self.stadium_go_bonus: int = marks["stadium_go_bonus"]
        self.stadium_districts_needed: int = marks["stadium_districts_needed"]
        self.tower_price: int = marks["tower_price"]
        self.tower_groups_needed: int = marks["tower_groups_needed"]
        self.towers: int = marks["towers"]
        permits = raw["permits"]
        self.removal_per_block: int = permits["removal_per_block"]
        self.nuisances: dict[str, int] = dict(permits["nuisances"])
        self.bonuses: tuple[str, ...] = tuple(permits["bonuses"])
        self.supply: dict[str, int] = {**permits["nuisance_supply"], **permits["bonus_supply"]}
        self.permit_kinds: tuple[str, ...] = (*self.bonuses, *self.nuisances)
        jail = raw["jail"]
        self.jail_space: int = jail["space"]
        self.fine: int = jail["fine"]
        self.max_tries: int = jail["max_tries"]
        self.doubles_to_jail: int = jail["doubles_to_jail"]
        self.max_open_deals: int = raw["deals"]["max_open_per_player"]

        self.kind: list[str] = [""] * BOARD_SIZE
        self.name: list[str] = [""] * BOARD_SIZE
        for kind, spaces in raw["spaces"].items():
            for space in spaces:
                self.kind[space] = kind
                self.name[space] = raw["names"][kind]
        self.tax: dict[int, int] = {}
        for tax in raw["taxes"]:
            self.kind[tax["space"]] = "tax"
            self.name[tax["space"]] = tax["name"]
            self.tax[tax["space"]] = tax["amount"]
        self.group_of: dict[int, str] = {}
        self.price: dict[int, int] = {}
        self.rents: dict[int, tuple[int, ...]] = {}
        spaces_of: dict[str, list[int]] = {g["id"]: [] for g in raw["groups"]}
        for d in raw["districts"]:
            space = d["space"]
            self.kind[space] = "district"
            self.name[space] = d["name"]
            self.group_of[space] = d["group"]
            self.price[space] = d["price"]
            self.rents[space] = tuple(d["rent"])
            spaces_of[d["group"]].append(space)
        self.districts: tuple[int, ...] = tuple(sorted(self.price))
        self.groups: dict[str, Group] = {
            g["id"]: Group(g["id"], g["name"], tuple(sorted(spaces_of[g["id"]])),
                           g["residential_block"], g["industrial_block"], g["skyscraper"])
            for g in raw["groups"]}
        self.res_price: dict[int, int] = {s: self.groups[self.group_of[s]].residential_block
                                          for s in self.districts}
        self.ind_price: dict[int, int] = {s: self.groups[self.group_of[s]].industrial_block
                                          for s in self.districts}
        self.cards: dict[str, Card] = {c["id"]: Card(**c) for c in raw["chance"]}
        self.card_ids: tuple[str, ...] = tuple(c["id"] for c in raw["chance"])
        self._check()

    def _check(self) -> None:
        def need(ok: bool, what: str) -> None:
            if not ok:
                raise ValueError(f"jiji.toml: {what}")

        need(all(self.kind), "every one of the 40 spaces needs a kind")
        need(len(self.districts) == 22, "22 districts")
        need(sorted(len(g.spaces) for g in self.groups.values()) == [2, 2, 3, 3, 3, 3, 3, 3],
             "8 colour groups of 2, 3, 3, 3, 3, 3, 3, 2 districts")
        need(all(len(r) == self.max_blocks + 1 for r in self.rents.values()),
             "a rent for 0 to 8 blocks on every district")
        need(all(list(r) == sorted(r) for r in self.rents.values()), "rents rise with blocks")
        need(sum(p for _, p in self.odds) == 100, "the Construction odds sum to 100")
        need(len(self.cards) == 25, "25 Chance cards")
        need(all(c.effect in EFFECTS for c in self.cards.values()), "known Chance effects")
        need(all(g.residential_block < g.industrial_block for g in self.groups.values()),
             "industrial blocks dearer than residential")
        amounts = [*self.price.values(), *(x for r in self.rents.values() for x in r),
                   *self.tax.values(), self.salary, self.fine, self.stadium_price,
                   self.tower_price, self.removal_per_block,
                   *(g.residential_block for g in self.groups.values()),
                   *(g.industrial_block for g in self.groups.values()),
                   *(g.skyscraper for g in self.groups.values())]
        need(all(a % self.step == 0 for a in amounts), "every amount a multiple of M10k")

    def group_spaces(self, space: int) -> tuple[int, ...]:
        """The districts of ``space``'s colour group."""
        return self.groups[self.group_of[space]].spaces


@cache
def book() -> Book:
    """The Jiji data (``data/jiji.toml``), loaded and checked once per process."""
    text = resources.files("engine.jiji").joinpath("data/jiji.toml").read_text()
    return Book(tomllib.loads(text))
