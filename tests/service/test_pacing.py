"""Table pacing (issue 31.2): a lobby's pace sets every deadline of its game together; a
Mtaani table ends by its date."""

from __future__ import annotations

import os
from datetime import UTC, datetime

import pytest

import engine
from service import pipeline, table_options
from service.storage import GameRecord
from tests.service.buspump import discard_all, travel
from tests.service.games import RULESETS
from timers import deadline

T0 = datetime(2026, 6, 1, 9, 0, 0, tzinfo=UTC)
START = int(T0.timestamp())
DAY = 86_400
DEADLINES = {
    "mtaani": {"idle_timeout_seconds"},
    "mulodi": {"idle_timeout_seconds", "response_window_seconds"},
    "jiji": {"idle_timeout_seconds", "auction_seconds", "deal_seconds", "clock_seconds"},
}
"""Every deadline each game's table has (its ruleset's options counted in seconds)."""


@pytest.fixture
def clock(aws):
    discard_all()
    with travel(T0) as traveller:
        yield traveller


def test_each_pace_names_every_deadline_of_each_game_and_the_live_one_the_rulebooks_times():
    for name in ("live", "daily", "weekly"):
        for game, names in DEADLINES.items():
            assert set(table_options.PACES[name][game]) == names, (name, game)
    live = table_options.PACES["live"]
    assert live["mtaani"]["idle_timeout_seconds"] == 5 * 60            # guide: "after 5 minutes"
    assert live["jiji"]["auction_seconds"] == 50                       # rulebook: 50 seconds
    assert live["mulodi"]["response_window_seconds"] == 60             # decisions: 1 minute live
    assert table_options.PACES["daily"]["jiji"]["auction_seconds"] == 12 * 3600


@pytest.mark.parametrize("pace", ["live", "daily", "weekly"])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_pace_sets_every_deadline_of_the_game_it_deals(api, ruleset, pace):
    _, owner = api.sign_in()
    lobby = api.ok("POST", "/lobbies", {"table_size": 2, "ruleset": ruleset,
                                        "options": {"pace": pace}}, owner, 201)
    wanted = table_options.PACES[pace][engine.game_of(ruleset)]
    assert lobby["idle_timeout_seconds"] == wanted["idle_timeout_seconds"]
    api.ok("POST", f"/lobbies/{lobby['lobby_id']}/bots", {"level": "base"}, owner)
    api.ok("POST", f"/lobbies/{lobby['lobby_id']}/start", None, owner, 201)
    state = engine.load_state(GameRecord.get(lobby["lobby_id"]).state)
    dealt = state.options                       # Mulodi's a dict, the others' a record
    assert {k: dealt[k] if isinstance(dealt, dict) else getattr(dealt, k) for k in wanted} == wanted


def test_a_deadline_given_beside_a_pace_is_kept_and_an_unknown_pace_refused(api):
    _, owner = api.sign_in()
    lobby = api.ok("POST", "/lobbies", {"table_size": 2, "ruleset": "jiji", "options": {
        "pace": "daily", "auction_seconds": 3600}}, owner, 201)
    patched = api.ok("PATCH", f"/lobbies/{lobby['lobby_id']}",
                     {"options": {"pace": "weekly", "deal_seconds": 600}}, owner)
    assert patched["idle_timeout_seconds"] == 7 * DAY
    assert patched["options"]["deal_seconds"] == 600
    assert patched["options"]["auction_seconds"] == 3 * DAY
    refused = api.call("POST", "/lobbies", {"table_size": 2, "ruleset": "jiji",
                                            "options": {"pace": "hourly"}}, token=owner)
    assert refused.status == 422


def test_a_mtaani_table_ends_at_the_first_end_of_a_turn_after_its_date(clock):
    players = ["acc_pace_a0000000000", "acc_pace_b0000000000"]
    created = pipeline.create_game("mtaani", players,
                                   {"idle_timeout_seconds": 300, "end_by": START + 400},
                                   game_id=f"pace-{os.urandom(6).hex()}", owner=players[0])
    game_id = created.game.game_id
    clock.shift(300)                                   # seat 0's idle turn, before the date
    assert deadline.fire(game_id)["reason"] == "timed_out"
    state = engine.load_state(GameRecord.get(game_id).state)
    assert engine.outcome(state) is None and state.decision.player == 1
    clock.shift(300)                                   # seat 1's, after it: the game ends
    assert deadline.fire(game_id)["reason"] == "timed_out"
    record = GameRecord.get(game_id)
    state = engine.load_state(record.state)
    worth = engine.view(state, None)["derived"]["net_worth"]
    richest = max((0, 1), key=lambda seat: (worth[str(seat)], -seat))
    assert record.status == "finished"
    assert engine.outcome(state) == engine.Outcome("end_date", richest)
