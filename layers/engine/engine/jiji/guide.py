"""Jiji's guide as data (``GET /rulesets/jiji/guide``): the board, prices, rent tables,
buildings, cards and the rules in prose (``prose``: the sections of ``data/guide.toml`` in
reading order, from what the game is to how this service plays it, with a worked auction and
the rulebook's worked rent), all generated from ``data/jiji.toml`` and the table options so
every number matches the build. The shape::

    {"ruleset": "jiji", "title": "Jiji", "game": "jiji", "players": {min, max},
     "money": {starting_cash, starting_bills, salary, step},
     "spaces": [{space, name, kind, group?, price?, rents?, amount?}],
     "groups": [{id, name, districts, residential_block, industrial_block, skyscraper}],
     "buildings": {construction_odds, max_blocks, stadium, tower, nuisances, bonuses, removal_per_block},
     "auction": {minimum_bid, minimum_step, snipe_percent, live_seconds},
     "jail": {fine, max_tries, doubles_to_jail}, "chance": [{id, text, effect}],
     "prose": [{id, title, text: [paragraph, ...], items: [item, ...]}]}
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pydantic import BaseModel

from engine import guidetext, verify
from engine.jiji import auction, rent
from engine.jiji.data import Book
from engine.jiji.messages import money
from engine.jiji.state import District, JijiState


def _space(b: Book, space: int) -> dict[str, Any]:
    out: dict[str, Any] = {"space": space, "name": b.name[space], "kind": b.kind[space]}
    if b.kind[space] == "district":
        group = b.groups[b.group_of[space]]
        out.update(group=group.id, price=b.price[space], rents=list(b.rents[space]),
                   residential_block=group.residential_block,
                   industrial_block=group.industrial_block, skyscraper=group.skyscraper)
    elif b.kind[space] == "tax":
        out["amount"] = b.tax[space]
    return out


def _and(words: list[str], last: str = "and") -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def _m(amount: int) -> str:
    """An amount as the rulebook and the game screen write it: ``M10k``, ``M37.7M``."""
    return f"M{money(amount)}"


def _space_named(b: Book, name: str) -> int:
    try:
        return b.name.index(name)
    except ValueError:
        raise KeyError(f"guide.toml's example names {name!r}, which the board does not have") from None


def _odds(b: Book) -> str:
    words = []
    for grant, pct in b.odds:
        if grant == "station":
            words.append(f"a station {pct}%")
        else:
            n = int(grant.removeprefix("blocks_"))
            words.append(f"{n} block{'' if n == 1 else 's'} {pct}%")
    return _and(words, "or") + " of the time"


def _auction_example(b: Book, example: dict[str, Any], window: int) -> dict[str, Any]:
    """The figures of the auction example (``[examples.auction]``) at a table whose auction
    time is ``window`` seconds: the least raise on the opening bid and how far a bid with
    ``late_bid_seconds_left`` to go moves the close (:func:`engine.jiji.auction.snipe_extension`,
    the rule itself). Raises ``ValueError`` when the example would break the rules it shows."""
    space = _space_named(b, example["district"])
    extension = auction.snipe_extension(b, window)
    raise_ = example["opening"] + b.minimum_step
    left = example["late_bid_seconds_left"]
    if not (b.minimum_bid <= example["opening"] and example["opening"] % b.step == 0
            and example["late_bid"] >= raise_ + b.minimum_step and example["late_bid"] % b.step == 0
            and example["late_bid"] <= b.starting_cash and left < extension):
        raise ValueError("guide.toml's auction example breaks the auction rules it shows")
    return {"price": b.price[space], "raise": raise_, "extension": extension,
            "gained": extension - left,
            "live_extension": auction.snipe_extension(b, b.live_auction_seconds)}


def _rent_example(b: Book, example: dict[str, Any]) -> dict[str, Any]:
    """The figures of the rulebook's worked rent (``[examples.rent]``): one owner holds the
    whole group with a skyscraper on ``skyscraper_on``; the district has the blocks named and
    a nuisance on it (:func:`engine.jiji.rent.rent_value`, the rule itself), then the same
    district with the nuisance removed."""
    space = _space_named(b, example["district"])
    sky = _space_named(b, example["skyscraper_on"])
    group = b.group_spaces(space)
    if sky not in group:
        raise ValueError("guide.toml's rent example: the skyscraper must be on the same group")
    s = JijiState()
    s.districts = {d: District() for d in b.districts}
    for d in group:
        s.districts[d].owner = 0
    s.districts[sky].skyscraper = True
    target = s.districts[space]
    target.res, target.ind, target.permit = example["residential"], example["industrial"], example["nuisance"]
    counted = b.rents[space][rent.counted_blocks(b, target)]
    with_nuisance = rent.rent_value(b, s, space)
    target.permit = None
    return {
        "group_districts": _and([b.name[d] for d in group]),
        "nuisance": example["nuisance"].replace("_", " "),
        "nuisance_blocks": b.nuisances[example["nuisance"]],
        "removal": b.nuisances[example["nuisance"]] * b.removal_per_block,
        "counted_rent": counted, "rent": with_nuisance,
        "all_blocks": target.res + target.ind,
        "full_counted": b.rents[space][rent.counted_blocks(b, target)],
        "full_rent": rent.rent_value(b, s, space),
    }


def values(b: Book, options: type[BaseModel]) -> dict[str, Any]:
    """Everything ``data/guide.toml``'s placeholders read: the sections of ``data/jiji.toml``
    (``table``, ``auction``, ``construction``, ``landmarks``, ``permits``, ``jail``,
    ``deals``), the table options' defaults (``options``, seconds), the worked examples'
    set-up (``examples``) and ``derived`` (the starting money, counts, lists in words and the
    examples' figures, worked out from the data). ``options``: the ruleset's table options
    model (``JijiRuleset.table_options``), whose defaults the guide states."""
    text = guidetext.load("engine.jiji")
    defaults: Any = options()
    kinds = Counter(b.kind)
    bills = [f"{count} x {_m(value)}" for value, count in b.raw["table"]["starting_bills"]]
    return {
        **{k: v for k, v in b.raw.items() if isinstance(v, dict)},
        "options": {"auction_seconds": defaults.auction_seconds,
                    "deal_seconds": defaults.deal_seconds,
                    "clock_seconds": defaults.clock_seconds,
                    "idle_timeout_seconds": defaults.idle_timeout_seconds},
        "examples": text["examples"],
        "derived": {
            "starting_cash": b.starting_cash, "starting_bills": _and(bills),
            "board_size": len(b.kind), "district_count": len(b.districts),
            "group_count": len(b.groups), "chance_count": len(b.cards),
            "spaces": dict(kinds),
            "tax_amounts": _and([_m(b.tax[space]) for space in sorted(b.tax)]),
            "odds": _odds(b),
            "bonuses": _and([x.replace("_", " ") for x in b.bonuses]),
            "nuisances": _and([f"{k.replace('_', ' ')} ({v})" for k, v in b.nuisances.items()]),
            "auction_example": _auction_example(b, text["examples"]["auction"], defaults.auction_seconds),
            "rent_example": _rent_example(b, text["examples"]["rent"]),
        },
    }


def prose(b: Book, options: type[BaseModel]) -> list[dict[str, Any]]:
    """The guide's sections in words (``data/guide.toml`` filled from :func:`values`, the
    fair-play section in its place)."""
    fairness = verify.guide_section(
        "dice roll, Construction draw and shuffle of the Chance cards",
        "the order of the Chance cards, or the deals between two other players",
        "the Chance pile in order and every deal")
    return guidetext.sections(guidetext.load("engine.jiji"), values(b, options), _m, {"fairness": fairness})


def guide(b: Book, options: type[BaseModel]) -> dict[str, Any]:
    """The guide of the ``jiji`` ruleset from data ``b`` and table options model ``options``."""
    return {
        "ruleset": "jiji",
        "title": "Jiji",
        "game": "jiji",
        "players": {"min": b.min_players, "max": b.max_players},
        "money": {"starting_cash": b.starting_cash,
                  "starting_bills": [list(x) for x in b.raw["table"]["starting_bills"]],
                  "salary": b.salary, "step": b.step},
        "spaces": [_space(b, i) for i in range(len(b.kind))],
        "groups": [{"id": g.id, "name": g.name, "districts": list(g.spaces),
                    "residential_block": g.residential_block,
                    "industrial_block": g.industrial_block, "skyscraper": g.skyscraper}
                   for g in b.groups.values()],
        "buildings": {
            "construction_odds": {name: pct for name, pct in b.odds},
            "max_blocks": b.max_blocks,
            "stadium": {"count": b.stadiums, "price": b.stadium_price,
                        "go_bonus": b.stadium_go_bonus,
                        "districts_needed": b.stadium_districts_needed},
            "tower": {"count": b.towers, "price": b.tower_price,
                      "groups_needed": b.tower_groups_needed},
            "nuisances": dict(b.nuisances),
            "bonuses": list(b.bonuses),
            "supply": dict(b.supply),
            "removal_per_block": b.removal_per_block,
        },
        "auction": {"minimum_bid": b.minimum_bid, "minimum_step": b.minimum_step,
                    "snipe_percent": b.snipe_percent, "live_seconds": b.live_auction_seconds},
        "jail": {"fine": b.fine, "max_tries": b.max_tries, "doubles_to_jail": b.doubles_to_jail},
        "deals": {"max_open_per_player": b.max_open_deals},
        "chance": [{"id": c.id, "text": c.text, "effect": c.effect} for c in b.cards.values()],
        "prose": prose(b, options),
    }
