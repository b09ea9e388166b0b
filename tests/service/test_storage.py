"""Storage: the PynamoDB models match template.yaml's tables, and the conditional write."""

from __future__ import annotations

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


def test_state_is_stored_compressed(aws):
    store = DynamoGameStore()
    text = '{"a": "' + "x" * 10_000 + '"}'
    store.create("g-zip", "mtaani", ["a", "b"], text, [])
    import boto3

    raw = boto3.client("dynamodb").get_item(TableName=GameRecord.Meta.table_name,
                                            Key={"game_id": {"S": "g-zip"}})["Item"]["state"]["B"]
    assert len(raw) < 200
    assert store.load("g-zip").record.state == text


def test_an_overflow_batch_shows_its_events_in_place_to_those_who_may_see_them():
    """An action whose events overflowed one transaction keeps the rest in one EventBatch log
    item: readers of the log see those events (under the item's seq), private ones only to
    their parties."""
    from service.views import public_events

    log = [{"seq": 7, "step": 3, "at": 100, "type": "ActionApplied", "action": {"type": "roll"}},
           {"seq": 8, "step": 3, "at": 100, "type": "EventBatch", "events": [
               {"type": "Moved", "player": 0, "start": 0, "end": 5, "steps": 5, "via": None},
               {"type": "TradeOffered", "trade": 1, "proposer": 0, "to": 1, "private": [0, 1]}]}]
    assert [e["type"] for e in public_events(log, "mtaani", 1)] == ["Moved", "TradeOffered"]
    shown = public_events(log, "mtaani", 2)
    assert shown == [{"seq": 8, "step": 3, "at": 100, "type": "Moved", "player": 0, "start": 0,
                      "end": 5, "steps": 5, "via": None}]
