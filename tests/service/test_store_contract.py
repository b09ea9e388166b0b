"""The storage port's contract (``service.storage.GameStore``), run over both adapters: the
DynamoDB one on moto and the in-memory one (``service.memory_store``). Whatever a pipeline
test proves on the in-memory store holds on DynamoDB as far as these tests reach."""

from __future__ import annotations

import uuid

import pytest

import engine
from service.errors import NotFound, VersionConflict
from service.storage import ARCHIVE_DEADLINE, DEADLINE_BUCKET_SECONDS, GameMeta, Waiting


@pytest.fixture(params=["memory", "dynamo"])
def store(request):
    if request.param == "memory":
        from service.memory_store import MemoryGameStore

        return MemoryGameStore()
    request.getfixturevalue("aws")
    from service.storage import DynamoGameStore

    return DynamoGameStore()


def _id() -> str:
    return f"contract-{uuid.uuid4().hex[:12]}"


def _state(steps: int = 0):
    """A dealt two-seat Mtaani state with its action counter at ``steps``."""
    state = engine.new_game("mtaani", ["acc_a", "acc_b"], 7, {})
    state.steps = steps
    return state


def _same(a, b) -> bool:
    return engine.dump_state(a) == engine.dump_state(b)


def _waiting(since: int, seconds: int = 60) -> Waiting:
    return Waiting(1, 0, "turn", engine.Deadline("idle_turn", "idle_timeout_seconds", seconds),
                   since)


def test_a_created_game_loads_as_created(store):
    game_id, state = _id(), _state()
    created = store.create(game_id, "mtaani", ["acc_a", "acc_b"], state,
                           [{"type": "GameCreated", "n": 1}], owner="acc_a",
                           table={"stand_in_after": 3, "bot_delay": 2, "name": "Kona"})
    loaded = store.load(game_id)
    for game in (created, loaded):
        assert isinstance(game.record, GameMeta) and not game.archived
        assert (game.game_id, game.version, game.record.status) == (game_id, 1, "active")
        assert (game.record.ruleset, game.record.seats, game.record.owner) == (
            "mtaani", ["acc_a", "acc_b"], "acc_a")
        assert (game.record.stand_in_after, game.record.bot_delay, game.record.name) == (3, 2, "Kona")
        assert game.record.event_count == 1 and _same(game.state, state)
    [event] = store.events(game_id, 0, 10)
    assert event == {"seq": 1, "step": 0, "at": event["at"], "type": "GameCreated", "n": 1}
    with pytest.raises(VersionConflict):
        store.create(game_id, "mtaani", ["acc_a", "acc_b"], state, [])
    with pytest.raises(NotFound):
        store.load(_id())


def test_a_save_writes_state_record_and_events_once_and_a_stale_one_conflicts(store):
    game_id = _id()
    store.create(game_id, "mtaani", ["acc_a", "acc_b"], _state(), [{"type": "GameCreated"}])
    first, second = store.load(game_id), store.load(game_id)
    first.record.stand_ins = {"1": "base"}
    first.record.idle_streaks = {"1": 2}
    first.record.unattended = 5
    saved = store.save(first, _state(1), [{"type": "A"}], at=1_000)
    assert saved.version == 2 and _same(saved.state, _state(1))
    with pytest.raises(VersionConflict):
        store.save(second, _state(9), [{"type": "B"}])
    reloaded = store.load(game_id)
    assert reloaded.version == 2 and _same(reloaded.state, _state(1))
    assert (reloaded.record.stand_ins, reloaded.record.idle_streaks, reloaded.record.unattended) == (
        {"1": "base"}, {"1": 2}, 5)
    assert [(e["type"], e["seq"], e["step"]) for e in store.events(game_id, 0, 10)] == [
        ("GameCreated", 1, 0), ("A", 2, 1)]
    assert store.events(game_id, 1, 10)[0]["at"] == 1_000   # the move's own time
    finished = store.save(reloaded, _state(2), [{"type": "Won"}], status="finished")
    assert finished.record.status == store.load(game_id).record.status == "finished"
    assert finished.record.event_count == 3


def test_what_a_caller_changes_is_not_stored_until_saved(store):
    game_id = _id()
    store.create(game_id, "mtaani", ["acc_a", "acc_b"], _state(), [])
    game = store.load(game_id)
    game.record.seats.append("acc_c")
    game.record.stand_ins["0"] = "base"
    game.state.steps = 40
    again = store.load(game_id)
    assert again.record.seats == ["acc_a", "acc_b"] and again.record.stand_ins == {}
    assert again.state.steps == 0 and again.version == 1


def test_update_fields_writes_only_those_fields_and_moves_the_version(store):
    game_id = _id()
    store.create(game_id, "mtaani", ["acc_a", "acc_b"], _state(), [{"type": "GameCreated"}])
    game = store.load(game_id)
    stale = store.load(game_id)
    game.record.orders = '{"0": {"k": 1}}'
    game.record.unattended = 9                        # not named: not written
    updated = store.update_fields(game, ("orders",))
    assert updated.version == 2
    stored = store.load(game_id)
    assert (stored.version, stored.record.orders, stored.record.unattended) == (
        2, '{"0": {"k": 1}}', 0)
    assert stored.record.event_count == 1 and _same(stored.state, _state())
    with pytest.raises(VersionConflict):              # a move made on the older version
        store.save(stale, _state(1), [{"type": "A"}])
    with pytest.raises(VersionConflict):
        store.update_fields(stale, ("orders",))
    store.save(updated, _state(1), [{"type": "A"}])  # the game as updated saves


def test_a_claimed_right_of_way_holds_writes_that_give_way(store, monkeypatch):
    """A claim refuses writes that give way (bots') and leaves the version alone; a write that
    does not give way (the claimant's) succeeds and ends it; a claim whose time is up holds
    nobody."""
    from service import memory_store, storage

    game_id = _id()
    store.create(game_id, "mtaani", ["acc_a", "acc_b"], _state(), [{"type": "GameCreated"}])
    bot = store.load(game_id)
    store.claim_right_of_way(game_id)
    claimed = store.load(game_id)
    assert claimed.version == bot.version == 1 and claimed.record.right_of_way > 0
    with pytest.raises(VersionConflict):
        store.save(bot, _state(1), [{"type": "Bot"}], give_way=True)
    after = store.save(claimed, _state(1), [{"type": "Person"}])
    assert store.load(game_id).record.right_of_way is None
    after = store.save(after, _state(2), [{"type": "Bot"}], give_way=True)
    monkeypatch.setattr(storage, "RIGHT_OF_WAY_SECONDS", -1)
    monkeypatch.setattr(memory_store, "RIGHT_OF_WAY_SECONDS", -1)
    store.claim_right_of_way(game_id)                 # a claim whose time is up
    store.save(store.load(game_id), _state(3), [{"type": "Bot"}], give_way=True)
    assert [e["type"] for e in store.events(game_id, 0, 10)] == [
        "GameCreated", "Person", "Bot", "Bot"]
    store.claim_right_of_way(_id())                   # best effort: nothing made, nothing raised
    with pytest.raises(NotFound):
        store.load(game_id + "-none")


def test_the_log_is_whole_and_ordered_from_any_point(store):
    game_id = _id()
    store.create(game_id, "mtaani", ["acc_a", "acc_b"], _state(), [{"type": "GameCreated"}])
    game = store.load(game_id)
    for n in range(1, 40):
        game = store.save(game, _state(n), [{"type": "ActionApplied", "n": n},
                                            *({"type": "Moved", "n": n, "k": k}
                                              for k in range(n % 4))])
    log = store.events(game_id, 0, 10_000)
    assert [e["seq"] for e in log] == list(range(1, store.load(game_id).record.event_count + 1))
    assert [e["n"] for e in log if e["type"] == "ActionApplied"] == list(range(1, 40))
    assert all(e["step"] == e.get("n", 0) for e in log)
    for after in (0, 1, 17, 40, log[-3]["seq"]):
        assert store.events(game_id, after, 7) == [e for e in log if e["seq"] > after][:7]
        assert store.events(game_id, after, 7, loaded=game) == [
            e for e in log if e["seq"] > after][:7]


def test_overdue_finds_a_game_once_its_indexed_deadline_has_passed(store):
    game_id, now = _id(), 1_900_000_000
    created = store.create(game_id, "mtaani", ["acc_a", "acc_b"], _state(), [],
                           waiting=[_waiting(now)])
    bucket = -(-(now + 60) // DEADLINE_BUCKET_SECONDS) * DEADLINE_BUCKET_SECONDS
    assert created.record.waiting() == [_waiting(now)]
    assert game_id not in store.overdue(bucket, limit=10_000)
    assert game_id in store.overdue(bucket + 1, limit=10_000)
    assert game_id not in store.overdue(bucket + 1, limit=10_000, kind=ARCHIVE_DEADLINE)
    game = store.load(game_id)
    game.record.set_waiting([])                       # answered: nothing is due any more
    store.save(game, _state(1), [])
    assert game_id not in store.overdue(bucket + 1, limit=10_000)


def test_a_finished_game_is_archived_when_due_and_still_loads(store):
    game_id = _id()
    store.create(game_id, "mtaani", ["acc_a", "acc_b"], _state(), [{"type": "GameCreated"}])
    assert store.archive(game_id) is False            # an active game stays
    finished = store.save(store.load(game_id), _state(5), [{"type": "Won"}], status="finished")
    due = finished.record.deadline_at
    assert finished.record.timer_shard.startswith(ARCHIVE_DEADLINE) and due is not None
    assert game_id not in store.overdue(due, limit=10_000, kind=ARCHIVE_DEADLINE)
    assert game_id in store.overdue(due + 1, limit=10_000, kind=ARCHIVE_DEADLINE)
    events = store.events(game_id, 0, 100)
    assert store.archive(game_id) is True
    loaded = store.load(game_id)
    assert loaded.archived and loaded.version == finished.version
    assert loaded.record.status == "finished" and _same(loaded.state, _state(5))
    assert store.events(game_id, 0, 100) == events
    assert game_id not in store.overdue(due + 1, limit=10_000, kind=ARCHIVE_DEADLINE)
    with pytest.raises(VersionConflict):              # an archived game is not written
        store.save(loaded, _state(6), [{"type": "Late"}])
