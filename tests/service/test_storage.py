"""Storage on DynamoDB: the PynamoDB models match template.yaml's tables, the state is stored
compressed, a move is one write and the log survives a save that dies half-way. What every
store must do (the conditional write, the right of way, the log, the deadline index, the
archive) is ``test_store_contract.py``, run over this store and the in-memory one."""

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


def _state(steps: int = 0):
    """A dealt two-seat Mtaani state with its action counter at ``steps``."""
    import engine

    state = engine.new_game("mtaani", ["a", "b"], 7, {})
    state.steps = steps
    return state


def test_the_port_hands_out_every_item_attribute_but_the_stores_own():
    """``GameMeta`` is the item less the state (decoded on ``StoredGame``), the log's tail and
    the write id: an attribute added to ``GameRecord`` must be added to ``GameMeta`` too, or a
    save would drop it."""
    from service.storage import META_FIELDS

    assert set(META_FIELDS) == set(GameRecord.get_attributes()) - {"state", "tail", "write_id"}


def test_state_is_stored_compressed(aws):
    import engine

    store = DynamoGameStore()
    state = _state()
    text = engine.dump_state(state)
    store.create("g-zip", "mtaani", ["a", "b"], state, [])
    raw = boto3.client("dynamodb").get_item(TableName=GameRecord.Meta.table_name,
                                            Key={"game_id": {"S": "g-zip"}})["Item"]["state"]["B"]
    assert len(raw) < len(text) / 2
    assert store.load("g-zip").state_text == text


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
    store.create("g-log", "mtaani", ["a", "b"], _state(), [{"type": "GameCreated"}])
    for n in range(1, 60):
        game = store.load("g-log")
        store.save(game, _state(n),
                   [{"type": "ActionApplied", "n": n}, *({"type": "Moved", "n": n, "k": k}
                                                        for k in range(n % 4))])
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
    store.create("g-crash", "mtaani", ["a", "b"], _state(), [{"type": "GameCreated"}])
    store.save(store.load("g-crash"), _state(1), [{"type": "A", "pad": "p" * 80}])
    stale = store.load("g-crash")
    store.save(store.load("g-crash"), _state(2), [{"type": "B"}])   # flushed 1-2
    with pytest.raises(VersionConflict):
        store.save(stale, _state(9), [{"type": "LOST"}])          # flush, then fails
    assert [e["type"] for e in store.events("g-crash", 0, 100)] == ["GameCreated", "A", "B"]
    store.save(store.load("g-crash"), _state(3), [{"type": "C"}])
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
