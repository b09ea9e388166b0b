"""Retention: a finished game (of every game) is indexed for the archive, moves out of the hot
tables when due, and still loads (game and event log) for replay and statistics."""

from __future__ import annotations

import boto3
import pytest

from service.config import settings
from service.storage import ARCHIVE_DEADLINE, DynamoGameStore, GameEventRecord, GameRecord
from tests.service.erasure_kit import play_to_the_end
from tests.service.games import RULESETS, ends_soon


def _finished_game(api, ruleset):
    """A 2-player game that ends soon (tests/service/games.py), played to its end by the
    table's timers."""
    game_id, seats = api.new_game(2, ruleset=ruleset, options=ends_soon(ruleset))
    play_to_the_end(game_id)
    return game_id, seats


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_finished_game_moves_to_the_archive_when_due_and_still_loads(api, monkeypatch, ruleset):
    from timers import archive_games

    game_id, seats = _finished_game(api, ruleset)
    store = DynamoGameStore()
    hot = store.load(game_id)
    assert hot.record.status == "finished"
    assert hot.record.timer_shard.startswith(ARCHIVE_DEADLINE)
    assert hot.record.deadline_at == hot.record.updated_at + settings().archive_after_seconds
    events = store.events(game_id, 0, 1000)
    view = api.ok("GET", f"/games/{game_id}", None, seats[1][1])
    listed = api.ok("GET", f"/games/{game_id}/events?after=0&limit=500", None, seats[0][1])

    # Only this game (the test process shares its tables with other tests' games: all of
    # them are asked for, as in test_faults.only).
    original = DynamoGameStore.overdue
    monkeypatch.setattr(DynamoGameStore, "overdue", lambda self, before, limit=100, kind="": [
        g for g in original(self, before, 10**6, kind) if g == game_id])
    assert archive_games.archive_due(now=hot.record.deadline_at - 1) == {"due": 0, "archived": 0}
    assert archive_games.archive_due(now=hot.record.deadline_at + 1) == {"due": 1, "archived": 1}

    with pytest.raises(GameRecord.DoesNotExist):
        GameRecord.get(game_id, consistent_read=True)
    assert list(GameEventRecord.query(game_id)) == []
    loaded = store.load(game_id)
    assert (loaded.version, loaded.state_text, list(loaded.record.seats)) == (
        hot.version, hot.state_text, list(hot.record.seats))
    assert store.events(game_id, 0, 1000) == events
    assert store.events(game_id, 2, 2) == events[2:4]
    assert api.ok("GET", f"/games/{game_id}", None, seats[1][1]) == view
    assert api.ok("GET", f"/games/{game_id}/events?after=0&limit=500", None, seats[0][1]) == listed
    archived = boto3.client("dynamodb").query(
        TableName=settings().archive_table, KeyConditionExpression="game_id = :g",
        ExpressionAttributeValues={":g": {"S": game_id}})["Items"]
    assert [int(i["part"]["N"]) for i in archived] == [0, 1]


def test_an_active_game_is_never_archived(api):
    game_id, _ = api.new_game(2)
    assert DynamoGameStore().archive(game_id) is False
    assert DynamoGameStore().load(game_id).record.status == "active"


def test_event_chunks_stay_under_the_item_limit():
    import secrets

    from service.archive import CHUNK_BYTES, _pack, chunks

    events = [{"seq": i, "type": "X", "noise": secrets.token_hex(40)} for i in range(1, 20_001)]
    parts = chunks(events)
    assert len(parts) > 1 and [e for p in parts for e in p] == events
    assert all(len(_pack(p)) <= CHUNK_BYTES for p in parts)
