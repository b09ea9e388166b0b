"""What every Mulodi bot reads off a state for its seat: its pending decision, colour
progress, the rent it can charge, and action builders. Read-only; open information plus the
seat's own hand (bots get a state redeterminized for their seat, so nothing else of a hand is
real anyway).
"""

from __future__ import annotations

from typing import Any

from engine.mulodi import actions as act
from engine.mulodi import sets
from engine.mulodi.cards import ACTION, PROPERTY, RENT, WILD, card_id, deck
from engine.mulodi.state import STAGE_PAY, STAGE_RESPOND, Chain, MulodiState

D = deck()
make = act.make


def my_chain(s: MulodiState, seat: int) -> Chain | None:
    """The first chain of the card in play whose decision ``seat`` holds."""
    if s.action is None:
        return None
    for chain in s.action.chains:
        if chain.holder == seat and chain.stage in (STAGE_RESPOND, STAGE_PAY):
            return chain
    return None


def hand_of(s: MulodiState, seat: int, action: str) -> list[int]:
    """``seat``'s cards of action id ``action`` (lowest id first)."""
    return sorted(c for c in s.hands[seat] if D.action[c] == action)


def best_colour_for(s: MulodiState, seat: int, card: int) -> str:
    """The colour to lay property ``card`` as (a wildcard: one of its two; a Master: any):
    the one it completes a set in, else one without a full set yet, the furthest on, the
    dearest rent."""
    kind = D.kind[card]
    if kind == PROPERTY:
        return D.colours[card][0]
    options = D.colours[card] if kind == WILD else D.colour_ids

    def score(col: str) -> tuple:
        cards = s.props[seat].get(col, [])
        size = D.size_of[col]
        before = sets.full_count(cards, size)
        after_cards = [*cards, card]
        after = sets.full_count(after_cards, size)
        filled = (len(after_cards) - after * size) / size
        return (after - before, 0 if before else 1, filled, D.colour[col].rent[-1])

    return max(options, key=score)


def rent_options(s: MulodiState, seat: int) -> list[tuple[int, int, Any]]:
    """Every rent ``seat`` could charge now, as ``(amount from all targets, card, action)``,
    without Doubles: a two-colour Rent on each colour it can, a Multi-coloured Rent on each
    colour and target."""
    out = []
    n = len(s.players)
    others = [(seat + k) % n for k in range(1, n)]
    seen: set[str] = set()
    for c in sorted(s.hands[seat]):
        if D.kind[c] != ACTION or D.face[c] in seen:
            continue
        if D.action[c] == RENT:
            seen.add(D.face[c])
            for col in D.colours[c]:
                due = sets.rent_due(s, seat, col)
                if due:
                    total = sum(min(due, sets.table_value(s, t)) for t in others)
                    out.append((total, c, make(act.Rent, player=seat, card=card_id(c), colour=col,
                                               doubles=0)))
        elif D.action[c] == "multi_rent":
            seen.add(D.face[c])
            for col in D.colour_ids:
                due = sets.rent_due(s, seat, col)
                if not due:
                    continue
                for t in others:
                    out.append((min(due, sets.table_value(s, t)), c,
                                make(act.MultiRent, player=seat, card=card_id(c), colour=col,
                                     target=t, doubles=0)))
    return out


def cheapest_payment(s: MulodiState, seat: int, debt: int) -> list[int]:
    """The least valuable table cards first until ``debt`` is covered (Base's payment)."""
    out, paid = [], 0
    for c in sorted(sets.payable(s, seat), key=lambda c: (D.value[c], c)):
        out.append(c)
        paid += D.value[c]
        if paid >= debt:
            break
    return out


def pay(seat: int, decision: int, cards: list[int]):
    return make(act.Pay, player=seat, decision=decision, cards=[card_id(c) for c in cards])


def end_turn(s: MulodiState, seat: int, returned: list[int]):
    return make(act.EndTurn, player=seat, returned=[card_id(c) for c in returned])


