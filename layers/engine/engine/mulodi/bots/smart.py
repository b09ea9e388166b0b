"""The Smart bot: a search over redeterminized states, with the Advanced bot as its model of
every seat and a value model trained by self-play to score where the search stops (issue 16;
docs/bots.md has the measurements behind every number here).

Where the Advanced bot's choice is not routine (laying a property, a Yongeza, a wildcard
move, banking money, a play that wins at once are made as Advanced makes them), Smart lists up
to :data:`CANDIDATES` candidate actions: the Advanced choice first, then what the Advanced
bot's other steps would play (a Yaaye Deal, a Land Grab or Trade, an Apartment, a rent or a
demand, banking its least needed action card), then ending the turn; for an answer, accept and
Neda; for a payment, the Advanced, house and cheapest payments.

It samples up to :data:`WORLDS` worlds consistent with what its seat has seen
(``MulodiRuleset.redeterminize``: the other hands and the draw pile dealt again, a fresh
seed), plays each candidate in each world and lets every seat, itself included, play on the
Advanced way until its own turn starts again at least :data:`HORIZON_TURNS` turns later (or
the game ends: 1 for a win, 0 for a loss); there the value model
(:func:`engine.mulodi.bots.value.win_chance`) scores the position. Every candidate meets the
same worlds (common random numbers). The best mean score is played when it beats the Advanced
choice's by :data:`LEAD` or more; otherwise the Advanced choice stands. Worlds stop early when
the next one would pass :data:`BUDGET` simulated actions, so a decision's cost is bounded
whatever the table size.

Pure and seeded: the worlds come from ``seed``; the budget counts actions, not time, so the
same state, seat and seed always give the same action.
"""

from __future__ import annotations

import random

from engine.mulodi import actions as act
from engine.mulodi import payment
from engine.mulodi.bots import common
from engine.mulodi.bots.advanced import AdvancedBot, card_use
from engine.mulodi.bots.value import win_chance
from engine.mulodi.cards import ACTION, MASTER, WILD, card_id, deck
from engine.mulodi.ruleset import MULODI
from engine.mulodi.state import MulodiState

D = deck()
make = common.make
ROUTINE = frozenset({"play_property", "yongeza", "move_wildcard"})
"""Advanced choices made without search (banking money too)."""
CANDIDATES = 3
"""Candidate actions per searched decision, the Advanced choice included (5 did worse: more
candidates, more chances to pick one that was only lucky)."""
WORLDS = 24
"""Sampled worlds per searched decision, at most."""
HORIZON_TURNS = 3
"""A playout stops at the start of the bot's own turn once this many turns have started (two
rounds at 2 seats, one round at 3 to 5)."""
LEAD = 0.015
"""How much better (in mean value-model chance) an alternative must score than the Advanced
choice to be played (0.01 to 0.02 did best; 0 and 0.04 worse)."""
BUDGET = 1_600
"""Simulated actions per decision at a 2-seat table, at most (about 20 µs each); a table of
``n`` seats gets ``BUDGET * 3 / (n + 1)`` (each action costs more with more seats)."""
MAX_STEPS = 3_000
"""Actions per playout at most (a game that long means a bug)."""


class SmartBot:
    """Smart (module docstring); the keyword arguments override the module's constants."""

    def __init__(self, seed: int = 0, *, worlds: int = WORLDS, lead: float = LEAD,
                 candidates: int = CANDIDATES, horizon: int = HORIZON_TURNS, budget: int = BUDGET,
                 model_path: str | None = None, wild_colours: bool = True):
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.lead = lead
        self.max_candidates = candidates
        self.horizon = horizon
        self.budget = budget
        self.model_path = model_path
        self.wild_colours = wild_colours
        self.advanced = AdvancedBot(seed)

    # ------------------------------------------------------------------ candidates
    def candidates(self, s: MulodiState, seat: int, first) -> list:
        """The actions worth comparing, the Advanced choice ``first`` first (module docstring)."""
        adv = self.advanced
        chain = common.my_chain(s, seat)
        out = [first]
        if first.type == "play_property":  # a wildcard or a Master: which colour
            card = int(first.card[1:])
            cols = D.colours[card] if D.kind[card] == WILD else sorted(
                s.props[seat], key=lambda col: (-len(s.props[seat][col]) / D.size_of[col], col))
            out += [make(act.PlayProperty, player=seat, card=first.card, colour=col)
                    for col in cols if col != first.colour]
        elif chain is not None:
            if chain.stage == "pay":
                for cards in (payment.house_payment(s, seat, chain.debt),
                              common.cheapest_payment(s, seat, chain.debt)):
                    out.append(common.pay(seat, chain.decision, cards))
            else:
                out.append(make(act.Accept, player=seat, decision=chain.decision))
                if common.hand_of(s, seat, "neda"):
                    out.append(make(act.Neda, player=seat, decision=chain.decision))
        else:
            if s.plays_left > 0:
                for step in (adv.yaaye, adv.land_grab, adv.land_trade, adv.buildings,
                             adv.charge, adv.bank):
                    action = step(s, seat)
                    if action is not None:
                        out.append(action)
                spare = [c for c in s.hands[seat] if D.kind[c] == ACTION and D.action[c] != "neda"]
                if spare:
                    c = min(spare, key=lambda c: (card_use(s, seat, c), c))
                    out.append(make(act.Bank, player=seat, card=card_id(c)))
            out.append(adv.end(s, seat))
        unique: list = []
        seen: set[str] = set()
        for action in out:
            key = repr(action)
            if key not in seen:
                seen.add(key)
                unique.append(action)
        return unique[:self.max_candidates]

    def searched(self, s: MulodiState, seat: int, first) -> bool:
        """Whether the decision is worth a search (not routine, not a win already)."""
        if first.type == "play_property" and self.wild_colours:
            return D.kind[int(first.card[1:])] in (WILD, MASTER) and (
                self.advanced.winning_play(s, seat) is None)
        if first.type in ROUTINE:
            return False
        if first.type == "bank" and D.kind[int(first.card[1:])] != ACTION:
            return False
        return not (s.action is None and s.plays_left > 0
                    and self.advanced.winning_play(s, seat) is not None)

    # ------------------------------------------------------------------ search
    def choose(self, s: MulodiState, seat: int):
        first = self.advanced.choose(s, seat)
        if not self.searched(s, seat, first):
            return first
        options = self.candidates(s, seat, first)
        if len(options) == 1:
            return first
        scores = [0.0] * len(options)
        used = worlds = 0
        budget = self.budget * 3 / (len(s.players) + 1)
        while worlds < self.worlds and (not worlds or used + used / worlds <= budget):
            world = MULODI.redeterminize(s, seat, random.Random(self.rng.getrandbits(48)))
            for i, action in enumerate(options):
                value, steps = self.playout(world, action, seat)
                scores[i] += value
                used += steps
            worlds += 1
        k = max(range(len(options)), key=lambda i: (scores[i], -i))
        return options[k] if (scores[k] - scores[0]) / worlds >= self.lead and k else first

    def playout(self, world: MulodiState, action, seat: int) -> tuple[float, int]:
        """Play ``action`` in a copy of ``world``, then every seat the Advanced way until
        ``seat``'s turn starts again :attr:`horizon` turns on or more: ``(score, actions
        simulated)``, the score 1 or 0 for a finished game, else the value model's chance."""
        s = world.copy()
        stop = s.turn + self.horizon  # from the decision's turn, whatever the candidate
        try:
            MULODI.play(s, action, quiet=True)  # checked: raises before any change
        except Exception:  # not legal in this world (cannot happen: the seat's own cards)
            return 0.0, 1
        adv = self.advanced
        steps = 1
        while s.termination is None and steps < MAX_STEPS:
            if s.turn >= stop and s.current == seat and s.action is None:
                return win_chance(s, seat, self.model_path), steps
            MULODI.play(s, adv.choose(s, _first_holder(s)), quiet=True)
            steps += 1
        return float(s.winner == seat), steps


def _first_holder(s: MulodiState) -> int:
    if s.action is not None:
        for chain in s.action.chains:
            if chain.stage != "done":
                return chain.holder
    return s.current
