"""Every ended game is unsealed in the write that ends it, whatever ends it (issue 32 item 2,
issue 28 item 8): a Jiji game whose clock ran out before its timer ran is saved as over by
the first read that finds it so, whichever read that is, and every answer agrees at once
(the game, its log, its replay, its check and the dashboard), with no timer run.

The game: two seats, a 600-second clock from the first roll at START (the starter rolls 1+2
onto Korogocho and buys it); at START+601 it is over by the clock.
"""

from __future__ import annotations

import pytest

from service.storage import DynamoGameStore
from tests.service.buspump import discard_all, travel
from tests.service.test_jiji_table import DICE, START, T0, Table


@pytest.fixture
def clock(aws):
    discard_all()
    with travel(T0) as traveller:
        yield traveller


READS = {
    "game": lambda api, table, token: api.ok("GET", f"/games/{table.id}", None, token)["status"]
    == "finished",
    "events": lambda api, table, token: "GameFinished" in [
        e["type"] for e in api.ok("GET", f"/games/{table.id}/events?limit=500", None, token)["events"]],
    "replay": lambda api, table, token: api.ok("GET", f"/games/{table.id}/replay", None,
                                               token)["revealed"],
    # (A table with fixed dice is never called fair, ``ok``; its record still checks out.)
    "verify": lambda api, table, token: (lambda report: report["commitment_ok"]
                                         and report["replay_ok"])(
        api.ok("GET", f"/games/{table.id}/verify", None, token)["report"]),
    "dashboard": lambda api, table, token: [g["game_id"] for g in api.ok(
        "GET", "/dashboard", None, token)["finished"]] == [table.id],
}


@pytest.mark.parametrize("read", list(READS))
def test_the_first_read_after_a_game_clock_ran_out_saves_the_end_and_unseals_it(api, clock, read):
    table = Table(api, 2, {"end": "clock", "clock_seconds": 600, "scripted": DICE})
    table.move(table.first, "roll")
    table.move(table.first, "buy")
    store = DynamoGameStore()
    clock.move_to(START + 601)
    assert store.load(table.id).record.status == "active"      # no timer has run
    assert "SeedRevealed" not in table.types()

    assert READS[read](api, table, table.token(1 - table.first))
    stored = store.load(table.id).record
    assert stored.status == "finished"
    types = table.types()
    assert types.count("GameFinished") == 1 and types.count("SeedRevealed") == 1
    assert types.index("GameFinished") < types.index("SeedRevealed")
    # Every other answer agrees, and the timer that comes late changes nothing.
    for other in READS:
        assert READS[other](api, table, table.token(table.first)), other
    assert table.fire()["applied"] is False
    assert table.types() == types


def test_saving_a_game_its_clock_has_ended_ends_it_instead(api, clock):
    """The owner presses Save after the clock ran out, before any read or timer: the game is
    over, not paused: 409 (only an active game can be saved), saved finished and unsealed."""
    table = Table(api, 2, {"end": "clock", "clock_seconds": 600, "scripted": DICE})
    table.move(table.first, "roll")
    clock.move_to(START + 601)
    refused = api.call("POST", f"/games/{table.id}/save", None, token=table.token(0))
    assert refused.status == 409 and "finished" in refused.body["error"]["message"], refused.body
    assert DynamoGameStore().load(table.id).record.status == "finished"
    types = table.types()
    assert types.count("GameFinished") == 1 and types.count("SeedRevealed") == 1
    assert "GameSaved" not in types
