"""Mulodi invariants under hypothesis: random games (random legal actions of every pending
holder, deadlines passing now and then) from random deals, checked after every action:

- 106 cards always, each in exactly one place (cards move only as explicit transfers);
- a card on the table never leaves the table (seed: "Cards played on the table can never go
  back to anyone's hand"); properties never sit in a bank;
- no hand above the limit after a turn (seed: no more than 7 at the end of your turn);
- nobody ever pays with a card in hand: a payer's hand is the same before and after paying,
  and what the receiver gains comes from the payer's table;
- at most 3 plays a turn; decision ids unique; every listed action applies.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import engine
from engine.mulodi.cards import deck
from engine.mulodi.state import MulodiState
from tests.engine.mulodi_helpers import RS, where_all

D = deck()
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)


def table_cards(s: MulodiState, seat: int) -> set[int]:
    out = set(s.banks[seat])
    for t in (s.props[seat], s.apartments[seat], s.arcades[seat]):
        for cards in t.values():
            out.update(cards)
    return out


def check(before: MulodiState, after: MulodiState, events: list[dict]) -> None:
    assert sorted(where_all(after)) == list(range(D.size)), "a card was lost or doubled"
    n = len(after.players)
    on_table_before = set().union(*(table_cards(before, i) for i in range(n)))
    on_table_after = set().union(*(table_cards(after, i) for i in range(n)))
    assert on_table_before <= on_table_after, "a card left the table"
    for i in range(n):
        assert not any(D.is_property[c] for c in after.banks[i]), "a property in a bank"
    assert 0 <= after.plays_left <= D.deal["plays"]
    for event in events:
        if event["type"] == "TurnEnded":
            assert len(after.hands[event["player"]]) <= D.deal["hand_limit"], "hand over the limit"
        if event["type"] == "Paid":
            payer, payee = event["payer"], event["payee"]
            assert Counter(before.hands[payer]) == Counter(after.hands[payer]), "paid from the hand"
            gained = table_cards(after, payee) - table_cards(before, payee)
            assert gained <= table_cards(before, payer), "paid with cards not on the payer's table"
    pending = RS.pending(after)
    assert len({d.id for d in pending}) == len(pending)
    if after.termination is None:
        assert pending, "a game in play waits for nobody"


def choose(rng: random.Random, legal: list):
    """A random legal action, by type first so rare types get played."""
    by_type: dict[str, list] = {}
    for action in legal:
        by_type.setdefault(action.type, []).append(action)
    kinds = sorted(by_type)
    if "end_turn" in by_type and len(kinds) > 1 and rng.random() < 0.7:
        kinds.remove("end_turn")
    return rng.choice(by_type[rng.choice(kinds)])


def play(state: MulodiState, rng: random.Random, steps: int, timeouts: float) -> None:
    for _ in range(steps):
        if state.termination is not None:
            return
        pending = RS.pending(state)
        if rng.random() < timeouts:
            action = RS.deadline_action(state, rng.choice(pending), 0)
        else:
            seat = rng.choice(pending).player
            legal = RS.legal_actions(state, seat)
            if rng.random() < 0.05:
                for listed in legal:  # every listed action applies (on a copy)
                    RS.apply(state, listed)
            action = choose(rng, list(legal))
        before = state.copy()
        events = RS.apply_in_place(state, action).events
        check(before, state, events)


@settings(max_examples=30, deadline=None, derandomize=True, phases=NO_SHRINK,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 5), st.integers(0, 2**40), st.integers(0, 2**31),
       st.sampled_from([0.0, 0.05, 0.3]))
def test_invariants_hold_after_every_action_of_random_games(players, seed, policy, timeouts):
    state = engine.new_game("mulodi", [f"p{i}" for i in range(players)], seed)
    check(state, state, [])
    play(state, random.Random(policy), steps=500, timeouts=timeouts)


@settings(max_examples=15, deadline=None, derandomize=True, phases=NO_SHRINK)
@given(st.integers(2, 5), st.integers(0, 2**40))
def test_the_tables_answers_alone_keep_the_invariants(players, seed):
    """Every decision left to its deadline: the table ends turns, accepts and pays."""
    state = engine.new_game("mulodi", [f"p{i}" for i in range(players)], seed)
    play(state, random.Random(seed), steps=300, timeouts=1.0)
