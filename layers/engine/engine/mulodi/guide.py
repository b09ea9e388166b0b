"""Mulodi's guide as data (``GET /rulesets/mulodi/guide``): the cards, their counts and
values, the colours with their set sizes and rents, the rule numbers, and the rules in prose
for players, every number taken from ``data/mulodi.toml`` so the guide matches the build.
The shape::

    {"ruleset": "mulodi", "title", "game": "mulodi", "currency": "M", "deck_size": 106,
     "deal": {...}, "amounts": {...}, "winning": {...}, "table": {...},
     "colours": [{id, name, size, value, rent: [M for 1..size cards], buildings,
                  properties: [names], wildcards: [faces]}],
     "cards": [{face, name, kind, count, value, colours, action, text}],
     "rules": [{"section", "text"}]}
"""

from __future__ import annotations

from typing import Any

from engine import verify
from engine.mulodi.cards import ACTION, MASTER, MONEY, PROPERTY, WILD, deck


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


def rules_text() -> list[dict[str, str]]:
    """The rules for players, section by section, with the data's numbers."""
    d = deck()
    deal, amounts, win = d.deal, d.amounts, d.winning
    money = sum(1 for k in d.kind if k == MONEY)
    no_buildings = ", ".join(c.name.lower() + "s" if c.id != "utility" else "utilities"
                             for c in d.colour.values() if not c.buildings)
    return [
        {"section": "Setting up",
         "text": f"{deal['min_players']} to {deal['max_players']} players. The {d.size} cards "
                 f"are shuffled and {deal['hand']} dealt to each player; the rest are the draw "
                 "pile, face down in the centre. Keep your hand to yourself."},
        {"section": "Your turn",
         "text": f"Pick up {deal['draw']} cards from the draw pile ({deal['draw_empty_hand']} if "
                 f"your hand is empty), then play up to {deal['plays']} cards. A play is any time "
                 "a card is laid on the table; you don't have to play them all. When the draw "
                 "pile runs out, the cards in the middle are shuffled into a new one."},
        {"section": "Where cards go",
         "text": "Your bank: money cards, or action cards played as money, face up in front of "
                 "you. Your property section: property cards, face up, in sets. The middle: "
                 "action cards played for their effect. Properties can't go in your bank, and "
                 "cards on the table never go back to anyone's hand."},
        {"section": "Properties and sets",
         "text": "Each colour says how many of it make a full set (from 2 brown to 4 taxi "
                 "parks). A two-colour wildcard counts as one of its colours and can be moved "
                 "between your sets on your turn, free. A Master wildcard counts as any colour "
                 "but has no cash value, can't pay and never makes a full set without a real "
                 "card of the colour. More cards of a colour than a full set start a second set."},
        {"section": "Rent",
         "text": "A Rent card charges the rent of one colour you have in front of you: the "
                 "rent table for the number of cards you have in that colour (a full set at "
                 f"most), plus {amounts['apartment']}M for an Apartment and {amounts['arcade']}M "
                 "for an Arcade on it. A two-colour Rent makes every other player pay; a "
                 "Multi-coloured Rent makes one player of your choice pay. Each Double the Rent "
                 "laid with it (a play of its own) doubles the amount."},
        {"section": "Action cards",
         "text": f"Land Grab takes a property from another player, not from a full set. Land "
                 "Trade swaps one of yours for one of theirs, neither from a full set. Yaaye "
                 "Deal takes a full set with its Apartment and Arcade. Banja demands "
                 f"{amounts['banja']}M from one player; a Wedding Meeting makes everyone pay you "
                 f"{amounts['wedding_meeting']}M. Yongeza draws {amounts['yongeza_draws']} more "
                 "cards. An Apartment and then an Arcade go on a full set, one of each per set, "
                 f"never on {no_buildings}. Any action card may be banked as money instead."},
        {"section": "Neda",
         "text": "When an action card is played on you, you may answer with a Neda to cancel "
                 "it for you, or accept. Its player may cancel your Neda with one of theirs, and "
                 "so on. Against several players, each answers on their own. A Neda answer is "
                 "never one of your plays. You have a time limit to answer; if it passes, the "
                 "table accepts for you."},
        {"section": "Paying",
         "text": "You pay with the cards on your table (bank and properties), never from your "
                 "hand, choosing which. There is no change. Properties you pay with go into the "
                 "receiver's property section; money and action cards into their bank. If your "
                 "table is worth less than you owe, you give everything and owe nothing more. If "
                 "your time runs out, the table pays from your bank first (the cards that "
                 "overpay least), then your loose properties, Apartments and Arcades, then your "
                 "full sets, cheapest first."},
        {"section": "Hand limit",
         "text": f"At the end of your turn you can't hold more than {deal['hand_limit']} cards: "
                 "put the extra cards of your choice at the bottom of the draw pile."},
        {"section": "Winning",
         "text": f"The first player with {win['full_sets_of_different_colours']} full sets of "
                 "different colours wins, checked after every change. If a game runs out of "
                 "cards to draw and nobody plays a card for a whole round, or nobody at the "
                 f"table makes a move for {d.stalemate['abandoned_rounds']} whole rounds (the "
                 "table ends every turn), the most colours with a full set wins, then the most "
                 "table value."},
        {"section": "The deck",
         "text": f"{d.size} cards: {money} money cards, action cards, rent cards, "
                 f"{sum(1 for k in d.kind if k == PROPERTY)} properties, "
                 f"{sum(1 for k in d.kind if k == WILD)} two-colour wildcards and "
                 f"{sum(1 for k in d.kind if k == MASTER)} Master wildcards."},
    ]


def guide() -> dict[str, Any]:
    """The guide of ruleset ``mulodi`` (module docstring)."""
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
        "rules": rules_text(),
        "prose": [verify.guide_section(
            "shuffle of the deck",
            "another player's hand or the order of the draw pile",
            "every hand and the draw pile in order")],
    }
