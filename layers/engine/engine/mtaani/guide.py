"""Mtaani's guide as data: everything the guide page and the game screen print about a ruleset
(board, sets, prices, fees, cards, rule values), built from the ruleset's own data files so
every number matches the build (``GET /rulesets/{name}/guide``). The shape::

    {"ruleset", "title", "game": "mtaani", "edition": {id, name, currency, board_size, sides},
     "rules": {every rule value, as in data/rules-*.toml},
     "sets": [{id, name, kind, tiles: [index, ...]}],
     "tiles": [{index, name, short, kind, set, side, base_fee, mortgage, unit_cost, purchase,
                unmortgage_cost, unit_refund, fees: [fee with 0..max units], set_fee}],
     "cards": {"mtaani": [...], "mathree": [...]}, "events": [...],
     "prose": [{id, title, text: [paragraph, ...], items: [item, ...]}]}

``prose`` is the guide's text, one section per section of the printed guide (and the
service's "Standing orders", its figures the recommended orders of ``data/orders.toml``), from
``data/guide.toml`` with its placeholders filled from this ruleset's rule values
(:mod:`engine.guidetext`, as every game's guide) (so the
classic preset reads its own figures and leaves out what it does not have). Extra sections the
edition file gains later are passed through under their own names, so the page can show them
without a change here.
"""

from __future__ import annotations

from typing import Any

from engine import guidetext, verify
from engine.mtaani import properties as prop
from engine.mtaani.data import Rulebook
from engine.mtaani.flow import Ctx
from engine.mtaani.orders import recommended_values


def _tile(book: Rulebook, index: int) -> dict[str, Any]:
    ctx = Ctx(book, None)  # type: ignore[arg-type]  # the price functions below read the rulebook only
    tile = book.tiles[index]
    out: dict[str, Any] = {"index": index, "name": tile.name, "short": tile.short or tile.name,
                           "kind": tile.kind, "set": tile.set,
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


def prose(book: Rulebook) -> list[dict[str, Any]]:
    """The guide's sections in words for ``book`` (``data/guide.toml``, filled in)."""
    rules = book.rules.model_dump(mode="json")
    loans = rules["player_loans"]
    values = {**rules, "orders": recommended_values(), "derived": {
        "landing_pay": rules["payday"]["salary"] * rules["payday"]["landing_multiplier"],
        "board_size": book.size, "grid": book.size // 4 + 1, "currency": book.edition.currency,
        "edition": book.edition.name,
        "live_idle": f"{rules['idle']['live_timeout_seconds'] // 60} minutes",
        "player_rates": ", ".join(f"{p}%" for p in loans["interest_percents"]),
        "player_terms": f"{min(loans['terms'])} to {max(loans['terms'])}",
    }}
    currency = book.edition.currency
    fairness = verify.guide_section(
        "dice roll, card shuffle and chance of the bribe or a mugging",
        "the order of the card decks, or the trade and loan offers between two other players",
        "the decks in order and every offer",
        "The bribe is the one chance that also depends on the clock (the guards' mood changes "
        "minute by minute): the minute of each bribe is written into the move, so the replay "
        "needs nothing but the log.")
    return guidetext.sections(guidetext.load("engine.mtaani"), values,
                              lambda value: f"{value:,} {currency}", {"fairness": fairness})


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
        "prose": prose(book),
    }
    for key, value in edition.items():
        if key not in known:
            body.setdefault(key, value)
    return body
