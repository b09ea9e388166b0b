"""Storage: the PynamoDB models match template.yaml's tables, and the conditional write."""

from __future__ import annotations

import boto3
import pytest

from local.template import LocalTemplate
from service.accounts import AccountRecord, HandleRecord, SessionRecord
from service.chat import ChatRecord
from service.errors import VersionConflict
from service.lobbies import LobbyRecord, MembershipRecord
from service.presence import PresenceRecord
from service.storage import DynamoGameStore, GameEventRecord, GameRecord
from service.throttle import ThrottleRecord

MODELS = [GameRecord, GameEventRecord, AccountRecord, HandleRecord, SessionRecord, LobbyRecord,
          MembershipRecord, ChatRecord, PresenceRecord, ThrottleRecord]


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_models_match_the_template_tables(model):
    tables = LocalTemplate().tables()
    props = tables[model.Meta.table_name]
    schema = model._get_schema()
    assert sorted((k["AttributeName"], k["KeyType"]) for k in props["KeySchema"]) == sorted(
        (k["AttributeName"], k["KeyType"]) for k in schema["key_schema"]
    )
    declared = {a["AttributeName"]: a["AttributeType"] for a in props["AttributeDefinitions"]}
    for attribute in schema["attribute_definitions"]:
        assert declared[attribute["AttributeName"]] == attribute["AttributeType"]


def test_a_save_against_an_old_version_conflicts_and_writes_nothing(aws):
    store = DynamoGameStore()
    game = store.create("g-conflict", "mtaani", ["a", "b"], '{"x": 1}', [{"type": "GameCreated"}])
    first = store.load("g-conflict")
    second = store.load("g-conflict")
    store.save(first, '{"x": 2}', "active", [{"type": "A"}], 1)
    with pytest.raises(VersionConflict):
        store.save(second, '{"x": 3}', "active", [{"type": "B"}], 1)
    reloaded = store.load("g-conflict")
    assert reloaded.version == game.version + 1 == 2
    assert reloaded.record.state == '{"x": 2}'
    assert [e["type"] for e in store.events("g-conflict", 0, 10)] == ["GameCreated", "A"]


def test_a_claimed_right_of_way_holds_bots_back_until_another_write(aws, monkeypatch):
    """A claim refuses writes that give way (bots') and leaves the version alone; a write that
    does not give way (the claimant's) succeeds and ends it; a stale claim holds nobody."""
    from service import storage

    store = DynamoGameStore()
    store.create("g-way", "mtaani", ["a", "b"], '{"x": 0}', [{"type": "GameCreated"}])
    bot = store.load("g-way")
    store.claim_right_of_way("g-way")
    claimed = store.load("g-way")
    assert claimed.version == bot.version == 1
    assert claimed.record.right_of_way > 0
    with pytest.raises(VersionConflict):
        store.save(bot, '{"x": 1}', "active", [{"type": "Bot"}], 1, give_way=True)
    store.save(claimed, '{"x": 2}', "active", [{"type": "Person"}], 1)
    after = store.load("g-way")
    assert (after.version, after.record.state, after.record.right_of_way) == (2, '{"x": 2}', None)
    store.save(after, '{"x": 3}', "active", [{"type": "Bot"}], 2, give_way=True)
    store.claim_right_of_way("g-way")
    monkeypatch.setattr(storage, "RIGHT_OF_WAY_SECONDS", -1)
    store.claim_right_of_way("g-way")  # a claim whose time is up
    store.save(store.load("g-way"), '{"x": 4}', "active", [{"type": "Bot"}], 3, give_way=True)
    assert [e["type"] for e in store.events("g-way", 0, 10)] == ["GameCreated", "Person", "Bot",
                                                                 "Bot"]
    store.claim_right_of_way("no-such-game")  # best effort: nothing made, nothing raised
    with pytest.raises(GameRecord.DoesNotExist):
        GameRecord.get("no-such-game")


def test_state_is_stored_compressed(aws):
    store = DynamoGameStore()
    text = '{"a": "' + "x" * 10_000 + '"}'
    store.create("g-zip", "mtaani", ["a", "b"], text, [])
    raw = boto3.client("dynamodb").get_item(TableName=GameRecord.Meta.table_name,
                                            Key={"game_id": {"S": "g-zip"}})["Item"]["state"]["B"]
    assert len(raw) < 200
    assert store.load("g-zip").record.state == text


def test_a_move_is_one_write_and_the_log_is_whole_and_ordered_across_chunks(aws, monkeypatch):
    """Each save is one conditional write of the game item (no transaction): its events go to
    the item's tail; a tail past TAIL_FLUSH_BYTES is written out as a chunk before the next
    save. Reading the log from any point gives every event once, in order."""
    from service import storage

    store = DynamoGameStore()
    writes: list[str] = []
    original = storage.GameRecord.save
    monkeypatch.setattr(storage.GameRecord, "save",
                        lambda self, *a, **k: (writes.append("game"), original(self, *a, **k))[1])
    flushed = storage.GameEventRecord.save
    monkeypatch.setattr(storage.GameEventRecord, "save",
                        lambda self, *a, **k: (writes.append("chunk"), flushed(self, *a, **k))[1])
    monkeypatch.setattr(storage, "transaction", lambda: pytest.fail("a move used a transaction"))
    store.create("g-log", "mtaani", ["a", "b"], '{"x": 0}', [{"type": "GameCreated"}])
    for n in range(1, 60):
        game = store.load("g-log")
        store.save(game, f'{{"x": {n}}}', "active",
                   [{"type": "ActionApplied", "n": n}, *({"type": "Moved", "n": n, "k": k}
                                                        for k in range(n % 4))], n)
    assert writes.count("game") == 60 and 0 < writes.count("chunk") < 30
    log = store.events("g-log", 0, 10_000)
    assert [e["seq"] for e in log] == list(range(1, store.load("g-log").record.event_count + 1))
    assert [e["n"] for e in log if e["type"] == "ActionApplied"] == list(range(1, 60))
    assert all(e["step"] == e.get("n", 0) for e in log)
    for after in (0, 1, 17, 40, log[-3]["seq"]):
        assert store.events("g-log", after, 7) == [e for e in log if e["seq"] > after][:7]
    raw = boto3.client("dynamodb").get_item(TableName=GameRecord.Meta.table_name,
                                            Key={"game_id": {"S": "g-log"}})["Item"]
    assert len(raw["tail"]["B"]) <= storage.TAIL_FLUSH_BYTES + 400


def test_a_save_that_dies_between_its_two_writes_loses_no_event(aws, monkeypatch):
    """The chunk is written, then the game write fails (a lost race, a crash): the chunk is a
    copy of events the game item still holds, so the log stays whole; the next save writes the
    same chunk again (the same item) and goes on."""
    from service import storage

    monkeypatch.setattr(storage, "TAIL_FLUSH_BYTES", 40)
    store = DynamoGameStore()
    store.create("g-crash", "mtaani", ["a", "b"], '{"x": 0}', [{"type": "GameCreated"}])
    store.save(store.load("g-crash"), '{"x": 1}', "active", [{"type": "A", "pad": "p" * 80}], 1)
    stale = store.load("g-crash")
    store.save(store.load("g-crash"), '{"x": 2}', "active", [{"type": "B"}], 2)   # flushed 1-2
    with pytest.raises(VersionConflict):
        store.save(stale, '{"x": 9}', "active", [{"type": "LOST"}], 9)          # flush, then fails
    assert [e["type"] for e in store.events("g-crash", 0, 100)] == ["GameCreated", "A", "B"]
    store.save(store.load("g-crash"), '{"x": 3}', "active", [{"type": "C"}], 3)
    assert [e["type"] for e in store.events("g-crash", 0, 100)] == ["GameCreated", "A", "B", "C"]


def test_a_mtaani_state_is_stored_with_its_dictionary(aws):
    import engine
    from service.storage import pack_state, unpack_state

    state = engine.new_game("mtaani", ["a", "b", "c", "d"], 5, {})
    text = engine.dump_state(state)
    packed = pack_state(text)
    assert packed[:1] == b"\x01" and unpack_state(packed) == text
    assert len(packed) < 400 < len(text)
    assert unpack_state(__import__("zlib").compress(b'{"x": 1}')) == '{"x": 1}'   # plain zlib too
