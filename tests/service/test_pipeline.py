"""The action pipeline on the in-memory store (``service.memory_store``; the storage contract
both stores pass is ``test_store_contract.py``), with the bus recorded instead of sent: the
move, its one write and its log, a lost race, a stale move, and what the timers' path answers
when it writes nothing (``pipeline.Unchanged``). No AWS: each test takes milliseconds."""

from __future__ import annotations

import time

import pytest

import engine
from service import deadlines, pipeline
from service.errors import StaleVersion

PLAYERS = ["acc_pipe_a00000000", "acc_pipe_b00000000"]
ROLL_1_2 = {"scripted": {"dice": [[1, 2], [1, 2]], "mugging": [False, False]}}


@pytest.fixture
def store(memory_store):
    """The in-memory store as the pipeline's default (``tests/conftest.py``)."""
    return memory_store


def _deal(store) -> str:
    return pipeline.create_game("mtaani", PLAYERS, ROLL_1_2, seed=7, store=store).game.game_id


def test_a_move_is_one_write_with_its_action_logged_before_its_events(store):
    game_id = _deal(store)
    assert [kind for kind, _ in store.published] == ["GameCreated", "DecisionPending"]  # seat 0's turn
    store.published.clear()
    done = pipeline.act(game_id, PLAYERS[0], {"type": "roll"})
    stored = store.load(game_id)
    assert done.version == stored.version == 2
    assert engine.dump_state(stored.state) == engine.dump_state(done.state)
    created, applied, *after = store.events(game_id, 0, 100)
    assert (created["type"], created["seq"]) == ("GameCreated", 1)
    assert applied["type"] == "ActionApplied" and applied["action"]["type"] == "roll"
    assert applied["action"]["player"] == 0 and "by" not in applied   # the seat's own move
    engine_events = after[:applied["events"]]
    assert [e["type"] for e in engine_events] == [e["type"] for e in done.events][:len(engine_events)]
    assert [e["seq"] for e in after] == list(range(3, 3 + len(after)))
    assert stored.state.players[0].position == 3                        # 1 + 2 from the start
    assert stored.record.moves == {"0": 1}
    assert all(detail["game_id"] == game_id for _, detail in store.published)


def test_a_lost_race_is_applied_again_on_the_game_as_it_stands(store, monkeypatch):
    """Another write lands between the load and the save: the save conflicts, the caller
    claims the right of way, reloads and applies the move once, on the newer version."""
    game_id = _deal(store)
    saves, claims = [], []
    original, claim = store.save, store.claim_right_of_way

    def racing_save(game, state, events, **kwargs):
        saves.append(game.version)
        if len(saves) == 1:                            # the other write gets in first
            other = store.load(game_id)
            other.record.orders = "{}"
            store.update_fields(other, ("orders",))
        return original(game, state, events, **kwargs)

    monkeypatch.setattr(store, "save", racing_save)
    monkeypatch.setattr(store, "claim_right_of_way",
                        lambda gid: (claims.append(gid), claim(gid)))
    done = pipeline.act(game_id, PLAYERS[0], {"type": "roll"})
    assert saves == [1, 2] and claims == [game_id]
    assert done.version == store.load(game_id).version == 3
    assert store.load(game_id).record.orders == "{}"  # the other write stands
    rolls = [e for e in store.events(game_id, 0, 100)
             if e["type"] == "ActionApplied" and e["action"]["type"] == "roll"]
    assert len(rolls) == 1


def test_a_strict_stale_move_is_refused_and_changes_nothing(store):
    game_id = _deal(store)
    pipeline.act(game_id, PLAYERS[0], {"type": "roll"})
    before = store.load(game_id)
    with pytest.raises(StaleVersion) as refused:
        pipeline.act(game_id, PLAYERS[0], {"type": "end_turn"}, expected_version=1, strict=True)
    assert refused.value.details == {"current_version": 2}
    after = store.load(game_id)
    assert after.version == before.version and len(store.events(game_id, 0, 100)) == int(
        before.record.event_count)


def test_a_run_with_nothing_to_do_answers_unchanged_and_writes_nothing(store):
    game_id = _deal(store)
    log = store.events(game_id, 0, 100)
    nothing = pipeline.run(game_id, lambda _game, _state: None)
    assert nothing == pipeline.Unchanged(pipeline.NOTHING_TO_DO)
    orders = pipeline.run(game_id, lambda _game, _state: pipeline.FOLLOW_ORDERS)
    assert orders == pipeline.Unchanged(pipeline.NOTHING_TO_DO)       # no seat set orders
    said = pipeline.Unchanged("finished")
    assert pipeline.run(game_id, lambda _game, _state: said) is said
    assert pipeline.follow_standing_orders(game_id) is None
    assert store.load(game_id).version == 1 and store.events(game_id, 0, 100) == log


def test_the_timer_path_answers_with_values(store, monkeypatch):
    """An idle turn past its deadline is ended by the table; a second firing finds nothing
    due; a finished game is left as it is (``Passed`` reasons, no exception steers)."""
    game_id = _deal(store)
    due = store.load(game_id).record.waiting()[0].due
    assert deadlines.pass_due(game_id, now=due - 1).reason == "not_yet"
    ended = deadlines.pass_due(game_id, now=due)
    assert ended.reason == "timed_out" and ended.applied
    log = store.events(game_id, 0, 100)
    assert [e["by"] for e in log if e["type"] == "ActionApplied"] == ["table"]
    again = deadlines.pass_due(game_id, now=due)
    assert (again.reason, again.applied) == ("not_yet", False)      # seat 1's clock runs now
    assert again.deadline == store.load(game_id).record.waiting()[0].due
    game = store.load(game_id)
    store.save(game, game.state, [], status="finished")
    finished = deadlines.pass_due(game_id, now=int(time.time()) + 10**6)
    assert (finished.reason, finished.applied) == ("finished", False)
    assert store.events(game_id, 0, 100)[:len(log)] == log
