"""Mtaani's guide as data: everything the guide page and the game screen print about a ruleset
(board, sets, prices, fees, cards, rule values), built from the ruleset's own data files so
every number matches the build (``GET /rulesets/{name}/guide``). The shape::

    {"ruleset", "title", "game": "mtaani", "edition": {id, name, currency, board_size, sides},
     "rules": {every rule value, as in data/rules-*.toml},
     "sets": [{id, name, kind, tiles: [index, ...]}],
     "tiles": [{index, name, kind, set, side, base_fee, mortgage, unit_cost, purchase,
                unmortgage_cost, unit_refund, fees: [fee with 0..max units], set_fee}],
     "cards": {"mtaani": [...], "mathree": [...]}, "events": [...]}

Extra sections the edition file gains later (global events, special cards) are passed through
under their own names, so the page can show them without a change here.
"""

from __future__ import annotations

from typing import Any

from engine.mtaani import properties as prop
from engine.mtaani.data import Rulebook
from engine.mtaani.flow import Ctx


def _tile(book: Rulebook, index: int) -> dict[str, Any]:
    ctx = Ctx(book, None)  # the price functions below read the rulebook only
    tile = book.tiles[index]
    out: dict[str, Any] = {"index": index, "name": tile.name, "kind": tile.kind, "set": tile.set,
                           "side": book.side_of[index]}
    if tile.kind != "property":
        return out
    rules = book.rules.property
    purchase, unit_cost, mortgage = book.purchase[index], book.unit_cost[index], book.mortgage[index]
    out.update(
        base_fee=book.base_fee[index],
        set_fee=book.base_fee[index] * rules.set_fee_multiplier,
        mortgage=mortgage,
        unit_cost=unit_cost,
        purchase=purchase,
        unmortgage_cost=prop.unmortgage_cost(ctx, index),
        unit_refund=prop.unit_refund(ctx, index),
        fees=[book.base_fee[index]] + [
            prop.unit_fee(purchase, unit_cost, units, rules.unit_fee_divisor)
            for units in range(1, rules.max_units + 1)
        ],
    )
    return out


def guide(name: str, title: str, book: Rulebook) -> dict[str, Any]:
    """The guide of the Mtaani ruleset ``name`` (readable ``title``) on rulebook ``book``."""
    edition = book.edition.model_dump(mode="json")
    known = {"id", "name", "currency", "board_size", "sides", "sets", "tiles", "mtaani_cards",
             "mathree_cards"}
    body: dict[str, Any] = {
        "ruleset": name,
        "title": title,
        "game": "mtaani",
        "edition": {k: edition[k] for k in ("id", "name", "currency", "board_size", "sides")},
        "rules": book.rules.model_dump(mode="json"),
        "sets": [
            {**s.model_dump(mode="json"), "tiles": book.set_tiles[s.id]} for s in book.edition.sets
        ],
        "tiles": [_tile(book, i) for i in range(book.size)],
        "cards": {"mtaani": edition["mtaani_cards"], "mathree": edition["mathree_cards"]},
    }
    for key, value in edition.items():
        if key not in known:
            body.setdefault(key, value)
    return body
