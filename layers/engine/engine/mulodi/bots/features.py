"""Position features for the Smart bot's value model: what a seat knows at the start of its
turn (its own hand, every table, everyone's card counts), as a flat list of floats.

For a seat: its colours with a full set, the shares of its three best unfinished colours,
how many colours it lacks one card of, its bank and table value, what its hand holds (for
the seat deciding: properties, Nedas, Yaaye Deals, Land Grabs and Trades, rents it can charge,
Doubles, money; for opponents only their hand size), and the same table figures for its
strongest opponent and the sum over all opponents. :data:`NAMES` names every entry, in order.
"""

from __future__ import annotations

from engine.mulodi import sets
from engine.mulodi.cards import MONEY, RENT, deck
from engine.mulodi.state import MulodiState

D = deck()
NEED = D.winning["full_sets_of_different_colours"]

TABLE = ("full", "share1", "share2", "share3", "one_short", "bank", "table", "hand")
"""Figures of any seat's table (and hand size)."""
HAND = ("h_props", "h_neda", "h_yaaye", "h_grab", "h_trade", "h_rent", "h_double", "h_money",
        "h_other")
"""What the deciding seat's own hand holds."""
NAMES = (*(f"me_{n}" for n in TABLE), *HAND, *(f"top_{n}" for n in TABLE),
         *(f"all_{n}" for n in TABLE), "players3", "players4", "players5")
"""Every feature's name, in order."""


def table_figures(s: MulodiState, seat: int) -> list[float]:
    """:data:`TABLE` for ``seat``."""
    full = 0
    shares = []
    one_short = 0
    for col, cards in s.props[seat].items():
        if not cards:
            continue
        size = D.size_of[col]
        if sets.full_count(cards, size):
            full += 1
            continue
        reals = sum(1 for c in cards if not D.is_master[c])
        lacking = max(size - len(cards), 1 if reals == 0 else 0)
        shares.append(1 - lacking / size)
        one_short += lacking == 1
    shares.sort(reverse=True)
    shares += [0.0, 0.0, 0.0]
    return [min(full, NEED), shares[0], shares[1], shares[2], min(one_short, 3),
            min(sets.bank_value(s, seat), 300) / 100, min(sets.table_value(s, seat), 600) / 100,
            len(s.hands[seat]) / 7]


def hand_figures(s: MulodiState, seat: int) -> list[float]:
    """:data:`HAND` for ``seat``'s own hand."""
    counts = dict.fromkeys(HAND, 0.0)
    for c in s.hands[seat]:
        if D.is_property[c]:
            counts["h_props"] += 1
        elif D.kind[c] == MONEY:
            counts["h_money"] += D.value[c] / 100
        else:
            a = D.action[c]
            if a == "neda":
                counts["h_neda"] += 1
            elif a == "yaaye_deal":
                counts["h_yaaye"] += 1
            elif a == "land_grab":
                counts["h_grab"] += 1
            elif a == "land_trade":
                counts["h_trade"] += 1
            elif a in (RENT, "multi_rent"):
                cols = D.colours[c] if a == RENT else D.colour_ids
                best = max((sets.rent_due(s, seat, col) for col in cols), default=0)
                counts["h_rent"] += best / 100
            elif a == "double_rent":
                counts["h_double"] += 1
            else:
                counts["h_other"] += 1
    return [counts[n] for n in HAND]


def features(s: MulodiState, seat: int) -> list[float]:
    """The feature vector of ``s`` for ``seat`` (:data:`NAMES`)."""
    n = len(s.players)
    mine = table_figures(s, seat)
    others = [table_figures(s, (seat + k) % n) for k in range(1, n)]
    top = max(others, key=lambda f: (f[0], f[1] + f[2] + f[3], f[6]))
    total = [sum(f[i] for f in others) for i in range(len(TABLE))]
    return [*mine, *hand_figures(s, seat), *top, *total,
            float(n == 3), float(n == 4), float(n == 5)]
