"""The Advanced bot: plans sets, targets the leader with Land Grab and Yaaye Deal, keeps its
Nedas for what matters, banks to survive rent (issue 16).

Its turn, one play at a time, first that applies:

1. a play that wins now (a property, a wildcard move, a Land Grab, a Land Trade or a Yaaye
   Deal that gives it a third colour with a full set);
2. a Yongeza while it has 2 plays or more (more cards, more choices);
3. a Yaaye Deal on the full set worth most to it, from the leader first;
4. its properties, each where it brings a set closest to full (a Master only where it
   completes one, or as the last play);
5. a Land Grab: the card that completes one of its sets, else a card from the leader's most
   advanced colour, else the card that helps it most; a Land Trade only when it completes one
   of its sets and does not complete one of the target's;
6. an Apartment, then an Arcade, on a full set;
7. a rent worth charging (what the targets can pay, at least 20M), with Doubles when it comes
   to 60M or more; a Multi-coloured Rent on the richest table; a Banja or a Wedding Meeting
   when the targets can pay 20M or more;
8. money into the bank, then, while the bank is below the largest rent an opponent can charge
   it (doubled when that opponent might hold a Double), the action card it needs least;
9. end the turn, returning the cards it needs least.

Answers: a Neda against a Yaaye Deal, a Land Grab or Land Trade that takes a card from a colour
one card from full (or that completes the actor's set), and a payment that would cost it
properties or half its table; as the actor, a Neda back when the card was a Yaaye Deal or worth
50M or more. Payments: the bank cards that overpay least; if the bank is short, the bank then
the properties it needs least (never first a card that completes the receiver's set), then
Apartments and Arcades, then its full sets.
"""

from __future__ import annotations

import random

from engine.mulodi import actions as act
from engine.mulodi import payment, sets
from engine.mulodi.bots import common
from engine.mulodi.cards import ACTION, MASTER, MONEY, PAYMENT_ACTIONS, RENT, WILD, card_id, deck
from engine.mulodi.flow import returns_needed
from engine.mulodi.state import Chain, MulodiState, Play

D = deck()
make = common.make
NEED = D.winning["full_sets_of_different_colours"]


def _others(s: MulodiState, seat: int) -> list[int]:
    n = len(s.players)
    return [(seat + k) % n for k in range(1, n)]


def colours_after(s: MulodiState, seat: int, add: dict[str, list[int]] | None = None,
                  remove: dict[str, list[int]] | None = None) -> int:
    """How many colours ``seat`` would have a full set in, with cards added and removed."""
    count = 0
    for col in D.colour_ids:
        cards = list(s.props[seat].get(col, ()))
        if remove and col in remove:
            cards = [c for c in cards if c not in remove[col]]
        if add and col in add:
            cards += add[col]
        if cards and sets.full_count(cards, D.size_of[col]):
            count += 1
    return count


missing = sets.missing
"""Cards ``seat`` lacks for its first full set of ``colour`` (:func:`sets.missing`)."""
_lacking = sets.lacking


def threat(s: MulodiState, seat: int) -> float:
    """How close ``seat`` is to winning: full colours, then how near its best others are."""
    full = 0
    partial = []
    size_of = D.size_of
    for col, cards in s.props[seat].items():
        if not cards:
            continue
        lacking = _lacking(cards, size_of[col])
        if lacking:
            partial.append(lacking / size_of[col])
        else:
            full += 1
    partial.sort()
    return full + sum(1 - p for p in partial[:max(0, NEED - full)]) * 0.5


def card_use(s: MulodiState, seat: int, c: int) -> float:
    """How much ``seat`` needs card ``c`` in hand (higher: keep it longer)."""
    kind = D.kind[c]
    if kind == MONEY:
        return D.value[c] / 10
    if D.is_property[c]:
        return 50 + D.value[c] / 10
    a = D.action[c]
    if a == "neda":
        return 60
    if a == "yaaye_deal":
        return 55
    if a in ("land_grab", "land_trade"):
        return 30
    if a in (RENT, "multi_rent"):
        cols = D.colours[c] if a == RENT else D.colour_ids
        best = max((sets.rent_due(s, seat, col) for col in cols), default=0)
        return 10 + best / 5
    if a == "double_rent":
        return 15
    if a in ("apartment", "arcade"):
        has_full = any(sets.full_sets(s, seat, col) for col in D.colour_ids if D.colour[col].buildings)
        return 25 if has_full else 5
    if a in ("banja", "wedding_meeting"):
        return 20
    return 12  # yongeza


def danger(s: MulodiState, seat: int) -> int:
    """The largest rent an opponent can charge ``seat`` now (doubled: they may hold a Double)."""
    worst = 0
    for o in _others(s, seat):
        for col in s.props[o]:
            worst = max(worst, sets.rent_due(s, o, col))
    return worst * 2


class AdvancedBot:
    """Advanced (module docstring)."""

    def __init__(self, seed: int = 0, **options):
        self.rng = random.Random(seed)

    def choose(self, s: MulodiState, seat: int):
        play = s.action
        if play is not None:
            chain = common.my_chain(s, seat)
            if chain is not None:
                if chain.stage == "pay":
                    return common.pay(seat, chain.decision, self.payment(s, seat, chain.debt, play.actor))
                return self.answer(s, seat, play, chain)
        return self.turn(s, seat)

    # ------------------------------------------------------------------ answers
    def answer(self, s: MulodiState, seat: int, play: Play, chain: Chain):
        if common.hand_of(s, seat, "neda") and self.worth_a_neda(s, seat, play, chain):
            return make(act.Neda, player=seat, decision=chain.decision)
        return make(act.Accept, player=seat, decision=chain.decision)

    def worth_a_neda(self, s: MulodiState, seat: int, play: Play, chain: Chain) -> bool:
        if chain.nedas % 2:  # our card was cancelled: fight back for what matters
            if play.kind == "yaaye_deal":
                return True
            if play.kind in PAYMENT_ACTIONS:
                return min(play.amount, sets.table_value(s, chain.target)) >= 50
            if play.kind in ("land_grab", "land_trade"):
                return missing(s, seat, play.colour) == 1
            return False
        if play.kind == "yaaye_deal":
            return True
        if play.kind in ("land_grab", "land_trade"):
            if missing(s, seat, play.colour) <= 1 or missing(s, play.actor, play.colour) == 1:
                return True
            return len(common.hand_of(s, seat, "neda")) >= 2
        if play.kind in PAYMENT_ACTIONS:
            debt = play.amount
            worth = sets.table_value(s, seat)
            if sets.bank_value(s, seat) < debt and any(not D.is_master[c] for cards in s.props[seat].values() for c in cards):
                return True
            return debt >= 50 or (worth > 0 and debt * 2 >= worth and debt >= 20)
        return False

    def payment(self, s: MulodiState, seat: int, debt: int, receiver: int) -> list[int]:
        return payment.keeping_sets(s, seat, debt, receiver)

    # ------------------------------------------------------------------ the turn
    def turn(self, s: MulodiState, seat: int):
        if s.plays_left > 0:
            for step in (self.winning_play, self.yongeza, self.yaaye, self.properties,
                         self.land_grab, self.land_trade, self.buildings, self.charge,
                         self.bank):
                action = step(s, seat)
                if action is not None:
                    return action
        return self.end(s, seat)

    def end(self, s: MulodiState, seat: int):
        need = returns_needed(s, seat)
        hand = sorted(s.hands[seat], key=lambda c: (card_use(s, seat, c), c))
        return common.end_turn(s, seat, hand[:need])

    def leader_order(self, s: MulodiState, seat: int) -> list[int]:
        return sorted(_others(s, seat), key=lambda o: (-threat(s, o), o))

    def winning_play(self, s: MulodiState, seat: int):
        have = sets.count_full(s, seat)
        if have < NEED - 1:
            return None
        for c in sorted(s.hands[seat]):
            if D.is_property[c]:
                cols = D.colours[c] if D.kind[c] != MASTER else D.colour_ids
                for col in cols:
                    if colours_after(s, seat, add={col: [c]}) >= NEED:
                        return make(act.PlayProperty, player=seat, card=card_id(c), colour=col)
        for col, cards in s.props[seat].items():
            for c in cards:
                if D.kind[c] in (WILD, MASTER):
                    for new in (D.colours[c] if D.kind[c] == WILD else D.colour_ids):
                        if new != col and colours_after(s, seat, add={new: [c]}, remove={col: [c]}) >= NEED:
                            return make(act.MoveWildcard, player=seat, card=card_id(c), colour=new)
        mine = set(sets.full_colours(s, seat))
        for c in sorted(s.hands[seat]):
            a = D.action[c]
            if a == "yaaye_deal":
                for o in _others(s, seat):
                    for col in D.colour_ids:
                        if col not in mine and sets.full_sets(s, o, col):
                            return make(act.YaayeDeal, player=seat, card=card_id(c), target=o, colour=col)
            if a == "land_grab":
                for o in _others(s, seat):
                    for p, col in sets.loose(s, o):
                        if colours_after(s, seat, add={col: [p]}) >= NEED:
                            return make(act.LandGrab, player=seat, card=card_id(c), target=o,
                                        property=card_id(p))
        return None

    def yongeza(self, s: MulodiState, seat: int):
        if s.plays_left >= 2 and len(s.hands[seat]) <= 8:
            cards = common.hand_of(s, seat, "yongeza")
            if cards and (s.pile or s.middle):
                return make(act.Yongeza, player=seat, card=card_id(cards[0]))
        return None

    def yaaye(self, s: MulodiState, seat: int):
        cards = common.hand_of(s, seat, "yaaye_deal")
        if not cards:
            return None
        mine = set(sets.full_colours(s, seat))
        best = None
        for rank, o in enumerate(self.leader_order(s, seat)):
            for col in D.colour_ids:
                k = sets.full_sets(s, o, col)
                for j in range(k):
                    bonus = len(s.apartments[o].get(col, ())) > j
                    key = (col not in mine, -rank, bonus, D.colour[col].rent[-1])
                    if best is None or key > best[0]:
                        best = (key, o, col, j)
        if best is None:
            return None
        _, o, col, j = best
        return make(act.YaayeDeal, player=seat, card=card_id(cards[0]), target=o, colour=col, set=j)

    def properties(self, s: MulodiState, seat: int):
        props = [c for c in sorted(s.hands[seat]) if D.is_property[c]]
        plain = [c for c in props if D.kind[c] not in (MASTER,)]
        for c in plain:
            return make(act.PlayProperty, player=seat, card=card_id(c),
                        colour=common.best_colour_for(s, seat, c))
        for c in props:  # Masters: where one completes a set, else as the last play
            col = common.best_colour_for(s, seat, c)
            completes = colours_after(s, seat, add={col: [c]}) > sets.count_full(s, seat)
            if completes or s.plays_left == 1:
                return make(act.PlayProperty, player=seat, card=card_id(c), colour=col)
        return None

    def land_grab(self, s: MulodiState, seat: int):
        cards = common.hand_of(s, seat, "land_grab")
        if not cards:
            return None
        best = None
        leaders = self.leader_order(s, seat)
        for rank, o in enumerate(leaders):
            for p, col in sets.loose(s, o):
                completes = missing(s, seat, col) == 1
                theirs = -missing(s, o, col)
                mine = -missing(s, seat, col)
                key = (completes, -rank if theirs >= -1 else -9, mine, theirs, D.value[p])
                if best is None or key > best[0]:
                    best = (key, o, p)
        if best is None:
            return None
        return make(act.LandGrab, player=seat, card=card_id(cards[0]), target=best[1],
                    property=card_id(best[2]))

    def land_trade(self, s: MulodiState, seat: int):
        cards = common.hand_of(s, seat, "land_trade")
        if not cards:
            return None
        mine = sets.loose(s, seat)
        if not mine:
            return None
        for o in self.leader_order(s, seat):
            for p, col in sets.loose(s, o):
                if missing(s, seat, col) != 1:
                    continue
                gives = sorted(mine, key=lambda g: (g[1] == col, -missing(s, seat, g[1]), D.value[g[0]]))
                for g, gcol in gives:
                    if gcol == col or missing(s, o, gcol) == 1:
                        continue
                    return make(act.LandTrade, player=seat, card=card_id(cards[0]), target=o,
                                property=card_id(p), give=card_id(g))
        return None

    def buildings(self, s: MulodiState, seat: int):
        for which in ("apartment", "arcade"):
            cards = common.hand_of(s, seat, which)
            if not cards:
                continue
            for col in sorted(D.colour_ids, key=lambda c: -D.colour[c].rent[-1]):
                if not D.colour[col].buildings:
                    continue
                k = sets.full_sets(s, seat, col)
                apts = len(s.apartments[seat].get(col, ()))
                arcs = len(s.arcades[seat].get(col, ()))
                if (which == "apartment" and apts < k) or (which == "arcade" and arcs < min(k, apts)):
                    cls = act.Apartment if which == "apartment" else act.Arcade
                    return make(cls, player=seat, card=card_id(cards[0]), colour=col)
        return None

    def charge(self, s: MulodiState, seat: int):
        others = _others(s, seat)
        worth = {o: sets.table_value(s, o) for o in others}
        # (what the targets can pay, the rent, the card, the colour, the target: None for all)
        cand: tuple[int, int, int, str, int | None]
        best: tuple[int, int, int, str, int | None] | None = None
        target: int | None
        doubles = common.hand_of(s, seat, "double_rent")
        for c in sorted(s.hands[seat]):
            a = D.action[c]
            if a == RENT:
                for col in D.colours[c]:
                    due = sets.rent_due(s, seat, col)
                    if due:
                        got = sum(min(due, worth[o]) for o in others)
                        cand = (got, due, c, col, None)
                        best = cand if best is None or cand[0] > best[0] else best
            elif a == "multi_rent":
                target = max(others, key=lambda o: (worth[o], threat(s, o)))
                for col in D.colour_ids:
                    due = sets.rent_due(s, seat, col)
                    if due:
                        got = min(due, worth[target])
                        cand = (got, due, c, col, target)
                        best = cand if best is None or cand[0] > best[0] else best
        if best is not None and best[0] >= 20:
            got, due, c, col, target = best
            n = 0
            while (n < len(doubles) and n + 1 < s.plays_left and n < D.amounts["max_doubles"]
                   and due * 2 ** n >= 30 and any(worth[o] > due * 2 ** n for o in (others if target is None else [target]))):
                n += 1
            if target is None:
                return make(act.Rent, player=seat, card=card_id(c), colour=col, doubles=n)
            return make(act.MultiRent, player=seat, card=card_id(c), colour=col, target=target, doubles=n)
        for c in sorted(s.hands[seat]):
            a = D.action[c]
            if a == "banja":
                target = max(others, key=lambda o: (min(worth[o], 50), threat(s, o)))
                if min(worth[target], 50) >= 20:
                    return make(act.Banja, player=seat, card=card_id(c), target=target)
            if a == "wedding_meeting" and sum(min(worth[o], 20) for o in others) >= 20:
                return make(act.WeddingMeeting, player=seat, card=card_id(c))
        return None

    def bank(self, s: MulodiState, seat: int):
        hand = sorted(s.hands[seat])
        money = [c for c in hand if D.kind[c] == MONEY]
        if money:
            c = max(money, key=lambda c: (D.value[c], -c))
            return make(act.Bank, player=seat, card=card_id(c))
        if sets.bank_value(s, seat) < danger(s, seat) or len(hand) > D.deal["hand_limit"]:
            spare = [c for c in hand if D.kind[c] == ACTION and D.action[c] != "neda"]
            if spare:
                c = min(spare, key=lambda c: (card_use(s, seat, c) - D.value[c] / 20, c))
                return make(act.Bank, player=seat, card=card_id(c))
        return None
