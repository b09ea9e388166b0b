"""The engine's fast paths change nothing but the time taken.

- ``MtaaniRuleset.apply`` copies with ``MtaaniState.clone``: the copy is the state a reload of
  the stored form gives, and changing it leaves the original as it was.
- Self-play applies with ``MtaaniRuleset.play(checked=True, quiet=True)`` (no second check of
  a bot's legal choice, no events): every state it reaches is the one ``apply_in_place``
  reaches, and ``play`` without ``quiet`` returns the same events.
"""

from __future__ import annotations

import random

import engine
from engine.mtaani.bots import selfplay

PROGRESS = ("roll", "buy", "decline", "end_turn", "choose_deck", "pay_bail", "bribe")


def test_clone_is_a_deep_copy_equal_to_a_reload():
    rs = engine.get_ruleset("mtaani")
    result = selfplay.play(["advanced", "smart", "base"], 21, max_turns=120, record=True)
    for state, _action in selfplay.replay(result.history):
        copy = state.clone()
        assert copy == state == engine.load_state(engine.dump_state(state))
        assert engine.dump_state(copy) == engine.dump_state(state)
        before = engine.dump_state(state)
        for p in copy.players:
            p.cash += 1
            p.cash_history.append(1)
        for prop in copy.props.values():
            prop.units += 1
        copy.queue.clear()
        copy.decks["mtaani"].pile.reverse()
        assert engine.dump_state(state) == before
    assert rs.outcome(state) is not None


def test_quiet_checked_play_reaches_the_states_apply_in_place_reaches():
    rs = engine.get_ruleset("mtaani")
    for seed in range(3):
        rng = random.Random(seed)
        loud = engine.new_game("mtaani", ["a", "b", "c"], seed, {"max_turns": 150})
        quiet = loud.clone()
        plain = loud.clone()
        while rs.outcome(loud) is None:
            seat = rs.waiting_seats(loud)[0]
            legal = list(rs.legal_actions(loud, seat))
            progress = [a for a in legal if a.type in PROGRESS]
            action = rng.choice(progress) if progress and rng.random() < 0.7 else rng.choice(legal)
            events = rs.apply_in_place(loud, action).events
            assert rs.play(plain, action) == events
            assert rs.play(quiet, action, checked=True, quiet=True) == []
            assert engine.dump_state(quiet) == engine.dump_state(plain) == engine.dump_state(loud)


def test_self_play_histories_replay_through_apply_in_place():
    for kinds, seed in ((["base"] * 4, 5), (["advanced", "smart"], 6)):
        result = selfplay.play(kinds, seed, max_turns=200, record=True)
        *_, (final, last) = selfplay.replay(result.history)  # apply_in_place, checked
        assert last is None and final.winner == result.winner and final.turn == result.turns
