"""Several deadlines per game, with a frozen clock, on the ``twin`` test ruleset (two decisions
pending at once: seat 0's response window, a hard 60 s deadline; seat 1's idle turn, a soft
120 s one): each gets its own schedule and fires once; a stale or repeated delivery changes
nothing; a read after the hard deadline shows it closed before its timer runs; a lost one is
recovered by the sweeper."""

from __future__ import annotations

import os
from datetime import UTC, datetime

import boto3
import pytest

import engine
from service import pipeline, views
from service.storage import DynamoGameStore
from tests.policy.calls import running_as
from tests.service.buspump import delivered, discard_all, travel
from tests.service.twin_ruleset import registered
from timers import deadline, schedule_deadline, sweep

T0 = datetime(2026, 5, 4, 10, 0, 0, tzinfo=UTC)
START = int(T0.timestamp())


@pytest.fixture
def clock(aws):
    discard_all()
    with registered(), travel(T0) as traveller:
        yield traveller


def game(accounts=("acc_twin_a000000000", "acc_twin_b000000000")):
    return pipeline.create_game("twin", list(accounts), {}, game_id=f"twin-{os.urandom(6).hex()}",
                                owner=accounts[0])


def log_of(game_id):
    return DynamoGameStore().events(game_id, 0, 100)


def schedules(game_id):
    client = boto3.client("scheduler")
    names = [s["Name"] for s in client.list_schedules(
        GroupName=os.environ["SCHEDULE_GROUP"], NamePrefix=f"dl-{game_id}")["Schedules"]]
    return sorted(names)


def test_two_pending_decisions_each_get_their_deadline_and_fire_once(clock):
    created = game()
    game_id = created.game.game_id
    waiting = created.game.record.waiting()
    assert [(w.id, w.player, w.deadline.kind, w.due) for w in waiting] == [
        (1, 0, "response_window", START + 60), (2, 1, "idle_turn", START + 120)]
    assert created.game.record.deadline_at == START + 300   # the sweeper's index: earliest, rounded up
    announced = [e for e in delivered("DeadlineSchedulerFunction")
                 if e["detail"]["game_id"] == game_id]
    assert sorted((e["detail"]["event"]["decision"], e["detail"]["event"]["due"]) for e in announced) \
        == [(1, START + 60), (2, START + 120)]
    with running_as("DeadlineSchedulerFunction"):
        for event in announced * 2:                              # each delivered twice
            schedule_deadline.handler(event, None)
    assert schedules(game_id) == [f"dl-{game_id}-{START + 60}", f"dl-{game_id}-{START + 120}"]

    clock.shift(59)
    assert deadline.fire(game_id) == {"applied": False, "reason": "not_yet"}
    clock.shift(1)
    # A read at the hard deadline, before any timer: the window shows closed.
    stored = DynamoGameStore().load(game_id)
    seen = views.game_view(stored, pipeline.current(stored, stored.state), "acc_twin_b000000000")
    assert seen["state"]["answers"] == {"0": False, "1": None}
    assert [p["id"] for p in seen["pending"]] == [2]
    assert stored.record.version == created.version              # nothing written by the read
    fired = deadline.fire(game_id)
    assert fired["applied"] is True and fired["reason"] == "timed_out"
    assert [(e["player"], e["yes"], e["by"]) for e in log_of(game_id)
            if e["type"] == "Answered"] == [(0, False, "table")]
    version = DynamoGameStore().load(game_id).version
    # The same schedule delivered again, and the stale one: nothing changes.
    assert deadline.fire(game_id) == {"applied": False, "reason": "not_yet"}
    assert DynamoGameStore().load(game_id).version == version
    assert [w.id for w in DynamoGameStore().load(game_id).record.waiting()] == [2]

    clock.shift(60)                                              # seat 1's idle turn
    assert deadline.fire(game_id)["reason"] == "timed_out"
    final = DynamoGameStore().load(game_id)
    assert final.record.status == "finished" and final.record.waiting() == []
    answers = [(e["player"], e["by"]) for e in log_of(game_id) if e["type"] == "Answered"]
    assert answers == [(0, "table"), (1, "table")]
    assert deadline.fire(game_id) == {"applied": False, "reason": "finished"}


def test_a_move_racing_a_hard_deadline_is_refused_after_it_and_the_close_is_kept(clock):
    game_id = game().game.game_id
    clock.shift(60)
    # Seat 0 answers just as its window closes: the table's "no" comes first.
    with pytest.raises(engine.IllegalAction):
        pipeline.act(game_id, "acc_twin_a000000000", {"type": "answer", "yes": True})
    # Seat 1's answer in the same second lands, with the close saved before it.
    pipeline.act(game_id, "acc_twin_b000000000", {"type": "answer", "yes": True})
    answers = [(e["player"], e["yes"], e["by"]) for e in log_of(game_id) if e["type"] == "Answered"]
    assert answers == [(0, False, "table"), (1, True, "player")]
    actions = [e.get("by", "player") for e in log_of(game_id) if e["type"] == "ActionApplied"]
    assert actions == ["table", "player"]


def test_a_lost_deadline_is_recovered_by_the_sweeper(clock, monkeypatch):
    game_id = game().game.game_id
    discard_all()                                                # the announcements are lost
    original = DynamoGameStore.overdue
    monkeypatch.setattr(DynamoGameStore, "overdue",
                        lambda self, before, limit=100, kind="": [  # (all of them: see test_faults)
                            g for g in original(self, before, 10**6, kind) if g == game_id])
    # Indexed at its first deadline rounded up to the index's 5-minute buckets: the sweeper
    # finds it a grace period after that.
    assert sweep.sweep(now=START + 300 + sweep.grace_seconds() - 1) == {"overdue": 0, "ended": 0}
    clock.shift(300 + sweep.grace_seconds() + 1)
    assert sweep.sweep() == {"overdue": 1, "ended": 1}
    # Both were overdue by then: the sweeper passed them, earliest first.
    answers = [(e["player"], e["by"]) for e in log_of(game_id) if e["type"] == "Answered"]
    assert answers == [(0, "table"), (1, "table")]
    assert DynamoGameStore().load(game_id).record.status == "finished"
