"""The local stack plays bots by itself: a demo table of four bots plays a whole game to a
winner with no move sent by anyone (bus delivery to the bot-turn function, its hand-offs).
The stack's demo games end after 150 turns (``DemoMaxTurns``), the richest bot winning, unless
bankruptcies end them first: a game played to the last bankruptcy takes 3,000 to 7,000 moves,
too long for the test suite (see docs/architecture.md for figures)."""

from __future__ import annotations

import secrets
import time

import pytest

pytestmark = pytest.mark.stack


def test_a_table_of_four_bots_plays_a_whole_game_to_a_winner_without_human_moves(stack):
    http, _ = stack
    _, watcher = http("POST", "/sessions", {"handle": f"watch{secrets.token_hex(3)}"})
    started = time.monotonic()
    status, game = http("POST", "/demo", None, watcher["token"])
    assert status == 201, game
    assert game["seat"] is None and [s["kind"] for s in game["seats"]] == ["bot"] * 4
    game_id = game["game_id"]
    view = game
    while time.monotonic() - started < 240 and view["status"] != "finished":
        time.sleep(2)
        status, view = http("GET", f"/games/{game_id}", None, watcher["token"])
        assert status == 200, view
    elapsed = time.monotonic() - started
    assert view["status"] == "finished", f"not over after {elapsed:.0f} s: {view['decision']}"
    outcome = view["outcome"]
    assert outcome["termination"] in ("bankruptcy", "turn_cap") and outcome["winner"] in range(4)
    players = view["state"]["players"]
    assert not players[outcome["winner"]]["bankrupt"]
    if outcome["termination"] == "bankruptcy":
        assert [p["bankrupt"] for p in players].count(False) == 1
    else:
        assert view["state"]["turn"] >= 150
    print(f"four bots played {view['version']} versions in {elapsed:.0f} s")
