"""Notifications per turn, not per card (issue 32, item 5): over a whole scripted Mulodi game
between two people, each hears once when a turn of theirs starts waiting for them and once
for each answer asked of them, never again after a card of their own turn was answered.

The game (two seats, ``max_turns`` 6; Wedding Meeting: 20M from each other player, Banja: 50M
from one, ``mulodi.toml``):

- turn 1, A banks two 20M; turn 2, B banks three 20M;
- turn 3, A plays three Wedding Meetings on B: B lets each stand and pays 20M (the last
  with the 20M left: all at once); after each, A's turn goes on with a new decision;
- turn 4, B's Banja asks A for 50M: A lets it stand and pays three 20M;
- turns 5 and 6 are ended; the turn cap ends the game.

A is told of turns 1, 3 and 5 and of the Banja: 4. B of turns 2, 4 and 6 and of the three
Wedding Meetings: 6. (Before the fix A heard 3 more, once after each Wedding Meeting was
answered, and B once more after the Banja.)
"""

from __future__ import annotations

from service.notifications import NotificationRecord
from tests.service.buspump import pump
from tests.service.test_mulodi_table import Table
from tests.service.test_mulodi_table import clock as clock  # a fixture

HANDS = (["money-20", "money-20", "wedding_meeting", "wedding_meeting", "wedding_meeting"],
         ["money-20", "money-20", "money-20", "banja", "yongeza"])
DRAWS = ["money-10", "money-10",    # A's turn 1
         "money-10", "money-10",    # B's turn 2
         "money-30", "money-30",    # A's turn 3
         "money-30", "money-40",    # B's turn 4
         "money-40", "money-40",    # A's turn 5
         "money-50", "money-50"]    # B's turn 6


def _turn_notices(table: Table, seat: int) -> list[str]:
    pump({"NotifyFunction"})
    prefix = f"{table.id}#decision#"
    return [n.title for n in sorted(NotificationRecord.query(table.account(seat)),
                                    key=lambda n: n.created_at)
            if n.key.startswith(prefix)]


def test_a_whole_mulodi_game_tells_each_person_once_per_turn_and_once_per_answer(api, clock):
    table = Table(api, 2, HANDS, DRAWS, max_turns=6)
    table.play(0, "bank", "money-20")
    table.play(0, "bank", "money-20")
    table.end_turn(0)
    for _ in range(3):
        table.play(1, "bank", "money-20")
    table.end_turn(1)
    for _ in range(3):
        table.play(0, "wedding-meeting", "wedding_meeting")
        table.answer(1, "accept")
        if any(p["kind"] == "pay" for p in table.view(1)["pending"]):
            table.answer(1, "pay", cards=[table.table_card(1, "money-20", viewer=1)])
        assert table.decision(0)["kind"] == "play"
    table.end_turn(0)
    table.play(1, "banja", "banja", target=0)
    table.answer(0, "accept")
    bank = [c["id"] for c in table.seat_state(0, viewer=0)["bank"] if c["face"] == "money-20"]
    table.answer(0, "pay", cards=bank[:3])
    assert table.decision(1)["kind"] == "play"
    table.end_turn(1)
    table.end_turn(0)
    table.end_turn(1)
    assert table.view(0)["status"] == "finished"

    told_a, told_b = _turn_notices(table, 0), _turn_notices(table, 1)
    assert len(told_a) == 4, told_a
    assert len(told_b) == 6, told_b
