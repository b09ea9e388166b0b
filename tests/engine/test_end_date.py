"""A Mtaani table's end date (house rule, issue 31; docs/rules.md "Mtaani house rules"): the
first end of a turn at or after ``end_by`` ends the game and the richest by net worth wins,
equal worth going to the earlier seat, as at the turn cap. Figures worked out by hand from the
guide: a roll of 1+2 from Payday lands on Kibra (tile 3), whose decline fee is 1,300 SFR."""

import engine
from tests.engine.helpers import act, events_of

END_BY = 1_900_000_000
SCRIPT = {"dice": [[1, 2], [1, 2]], "mugging": [False, False]}


def table(end_by=END_BY):
    return engine.new_game("mtaani", ["p0", "p1"], 7, {"end_by": end_by, "scripted": SCRIPT})


def test_a_turn_ended_before_the_date_passes_the_turn_and_one_after_it_ends_the_game():
    state = table()
    state, _ = act(state, "roll")
    state, _ = act(state, "decline")                 # p0: 2,000,000 - 1,300 = 1,998,700
    state, events = act(state, "end_turn", now=END_BY - 1)
    assert not events_of(events, "GameFinished")
    assert state.decision.player == 1 and state.decision.kind == "turn"
    state, _ = act(state, "roll")
    state, _ = act(state, "decline")                 # p1: 1,998,700 too: a tie
    assert [p.cash for p in state.players] == [1_998_700, 1_998_700]
    state, events = act(state, "end_turn", now=END_BY)
    finished = events_of(events, "GameFinished")
    assert finished and finished[0]["termination"] == "end_date"
    assert engine.outcome(state) == engine.Outcome("end_date", 0)   # equal worth: earlier seat


def test_the_richest_wins_when_the_table_ends_the_idle_turn_after_the_date():
    state = table()
    state, _ = act(state, "roll")
    state, _ = act(state, "decline")                 # p0 1,998,700 < p1 2,000,000
    pending = engine.pending(state)[0]
    timeout = engine.deadline_action(state, pending, END_BY + 60)
    result = engine.apply(state, engine.stamp(timeout, END_BY + 60))
    assert engine.outcome(result.state) == engine.Outcome("end_date", 1)


def test_no_end_date_plays_on():
    state = table(end_by=None)
    state, _ = act(state, "roll")
    state, _ = act(state, "decline")
    state, _ = act(state, "end_turn", now=END_BY * 2)
    assert engine.outcome(state) is None and state.decision.player == 1
