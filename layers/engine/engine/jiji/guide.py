"""Jiji's guide as data (``GET /rulesets/jiji/guide``): the board, prices, rent tables,
buildings, cards and the rules in prose, all generated from ``data/jiji.toml`` so every number
matches the build. The shape::

    {"ruleset": "jiji", "title": "Jiji", "game": "jiji", "players": {min, max},
     "money": {starting_cash, starting_bills, salary, step},
     "spaces": [{space, name, kind, group?, price?, rents?, amount?}],
     "groups": [{id, name, districts, residential_block, industrial_block, skyscraper}],
     "buildings": {construction_odds, max_blocks, stadium, tower, nuisances, bonuses, removal_per_block},
     "auction": {minimum_bid, minimum_step, snipe_percent, live_seconds},
     "jail": {fine, max_tries, doubles_to_jail}, "chance": [{id, text, effect}],
     "rules": [{title, text}]}
"""

from __future__ import annotations

from typing import Any

from engine import verify
from engine.jiji.data import Book
from engine.jiji.messages import money


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


def rules_prose(b: Book) -> list[dict[str, str]]:
    """The rules in prose, with the data's numbers."""
    odds = ", ".join(f"{name.replace('blocks_', '')} block{'s' if name != 'blocks_1' else ''}"
                     f" {pct}%" if name != "station" else f"a station {pct}%"
                     for name, pct in b.odds)
    nuisances = ", ".join(f"{k.replace('_', ' ')} ({v} blocks)" for k, v in b.nuisances.items())
    taxes = " and ".join(money(v) for v in b.tax.values())
    return [
        {"title": "The aim", "text": "Buy districts and build on them to collect the largest "
         "rents. The last player standing wins, or, at a table with a game clock, the richest "
         "player when the clock runs out: wealth is cash plus the rent value of every "
         "district you own (a mortgaged district counts nothing)."},
        {"title": "Your turn", "text": f"Roll two dice and move; play the space; then build if "
         f"you wish. A double means you play it and roll again; a third double in a row sends "
         f"you to jail. Passing GO pays {money(b.salary)}, plus "
         f"{money(b.stadium_go_bonus)} for each stadium you own. Everyone starts with "
         f"{money(b.starting_cash)}."},
        {"title": "Districts", "text": "On a district nobody owns, buy it at its price or put "
         f"it up for auction. The auction starts at your opening bid (at least "
         f"{money(b.minimum_bid)}), every player may bid higher, at least "
         f"{money(b.minimum_step)} more each time and never more than their cash; the highest "
         f"bid when the time runs out wins. A bid in the last {b.snipe_percent}% of the "
         f"window extends it. On another player's district you pay the rent."},
        {"title": "Construction", "text": f"Once a turn, after a roll, press Construction: the "
         f"unit grants {odds}. Place the blocks at once on any districts you own, residential "
         f"(cheaper) or industrial (dearer), up to {b.max_blocks} blocks a district, at the "
         f"group's prices. A station is free and lets whoever lands on its district jump to "
         f"any other district with a station."},
        {"title": "Stadiums, skyscrapers and the Jiji Tower", "text": f"With 2 districts of a "
         f"colour group you may build its stadium ({money(b.stadium_price)}; only "
         f"{b.stadiums} in the game): it pays {money(b.stadium_go_bonus)} at every pass of GO "
         f"but does not raise rents. With a whole group you may build its skyscraper, which "
         f"doubles the rent of the group's districts. With two whole groups you may build the "
         f"one Jiji Tower ({money(b.tower_price)}), which doubles the rent of all your "
         f"districts. A rent is doubled once at most."},
        {"title": "Building Permits", "text": f"On a Building Permit space place a bonus "
         f"building on your own district or an unowned one, or a nuisance on another player's "
         f"or an unowned one. A district holds one permit building: a bonus keeps nuisances "
         f"off, a nuisance keeps bonuses off. With a nuisance on it, a district's residential "
         f"blocks do not count for rent; industrial blocks still do. Nuisances: {nuisances}. "
         f"The owner may remove one on their turn for {money(b.removal_per_block)} a block."},
        {"title": "Rent", "text": "Count the blocks on the district (only industrial ones under "
         "a nuisance) and read the rent table; a skyscraper in the group or the owner's tower "
         "doubles it. A mortgaged district charges nothing."},
        {"title": "Other spaces", "text": f"Industrial Tax: pay {taxes} if you own at least one "
         f"industrial block. Free Parking: take the rent exemption card (skip one rent); if "
         f"another player lands there before you use it, it passes to them. Chance: draw a "
         f"card. Auction: you may put any unowned district up for auction. Go to Jail: go "
         f"straight to jail, no salary."},
        {"title": "Jail", "text": f"Leave jail by paying {money(b.fine)} or using a Get Out of "
         f"Jail card before you roll, or by rolling a double (you move, no extra roll). After "
         f"{b.max_tries} turns without a double, pay {money(b.fine)} and move by your last "
         f"roll. In jail you still collect rent and build."},
        {"title": "Mortgages, deals and bankruptcy", "text": "Mortgage a district for its "
         "current rent value; lift the mortgage by paying the same back. Propose deals of "
         "cash, districts (with their buildings) and Get Out of Jail cards; an offer lapses "
         "after the table's time limit. If you cannot pay what you owe, mortgage or make a deal; "
         "only when your cash and what mortgaging your districts would raise cannot cover it "
         "may you go bankrupt: a player creditor takes everything you have; the bank auctions "
         "each of your districts, bare, and your Get Out of Jail cards go to the bottom of the "
         "Chance pile."},
    ]


def guide(b: Book) -> dict[str, Any]:
    """The guide of the ``jiji`` ruleset from data ``b``."""
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
        "rules": rules_prose(b),
        "prose": [verify.guide_section(
            "dice roll, Construction draw and shuffle of the Chance cards",
            "the order of the Chance cards, or the deals between two other players",
            "the Chance pile in order and every deal")],
    }
