"""The Base bot: plays properties and money, charges rent when it can, pays with the least
valuable cards, plays a Neda only against a Yaaye Deal or a large debt (issue 16).

Its turn, one play at a time: lay a property (a wildcard where it helps most), else charge
the largest rent it can (no Doubles), else bank a money card (largest first), else bank an
action card it has no use for (never a Neda); then end the turn, returning the cards the table
would return at the hand limit.
"""

from __future__ import annotations

import random

from engine.mulodi import actions as act
from engine.mulodi import payment
from engine.mulodi.bots import common
from engine.mulodi.cards import ACTION, MONEY, PAYMENT_ACTIONS, card_id, deck
from engine.mulodi.flow import returns_needed

D = deck()
LARGE_DEBT = 50
"""M: a debt this large (a Banja, or a rent of 50M or more) is worth a Neda to Base."""


class BaseBot:
    """Base (module docstring). ``seed`` is kept for the interface; Base draws no randomness."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, s, seat: int):
        chain = common.my_chain(s, seat)
        if chain is not None:
            return self.answer(s, seat, chain)
        return self.turn(s, seat)

    # ------------------------------------------------------------------ answers
    def answer(self, s, seat: int, chain):
        play = s.action
        if chain.stage == "pay":
            return common.pay(seat, chain.decision, common.cheapest_payment(s, seat, chain.debt))
        worth = play.kind == "yaaye_deal" or (play.kind in PAYMENT_ACTIONS and play.amount >= LARGE_DEBT)
        if worth and common.hand_of(s, seat, "neda"):
            return common.make(act.Neda, player=seat, decision=chain.decision)
        return common.make(act.Accept, player=seat, decision=chain.decision)

    # ------------------------------------------------------------------ the turn
    def turn(self, s, seat: int):
        hand = sorted(s.hands[seat])
        if s.plays_left > 0:
            for c in hand:
                if D.is_property[c]:
                    return common.make(act.PlayProperty, player=seat, card=card_id(c),
                                       colour=common.best_colour_for(s, seat, c))
            rents = common.rent_options(s, seat)
            if rents:
                best = max(rents, key=lambda r: (r[0], -r[1]))
                if best[0] > 0:
                    return best[2]
            money = [c for c in hand if D.kind[c] == MONEY]
            if money:
                c = max(money, key=lambda c: (D.value[c], -c))
                return common.make(act.Bank, player=seat, card=card_id(c))
            spare = [c for c in hand if D.kind[c] == ACTION and D.action[c] not in ("neda", "rent", "multi_rent")]
            if spare:
                c = max(spare, key=lambda c: (D.value[c], -c))
                return common.make(act.Bank, player=seat, card=card_id(c))
        need = returns_needed(s, seat)
        return common.end_turn(s, seat, payment.house_returns(s.hands[seat], need))
