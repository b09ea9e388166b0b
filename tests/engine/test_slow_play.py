"""The slow-play tempo benchmark's model (benchmarks/slow_play.py, issue 31) at a smoke size:
people look 3 times a waking day and a table finishes in virtual time (its figures print at a
smoke size in tests/test_benchmarks_smoke.py)."""

from __future__ import annotations

import itertools
import random

import pytest

from benchmarks import slow_play
from benchmarks.slow_play import DAY, HOUR, START, Person


def test_a_person_looks_three_times_each_waking_day_in_order():
    person = Person(random.Random(7))
    looks, t = [], START
    for _ in range(30):
        t = person.next_look(t)
        looks.append(t)
    assert looks == sorted(set(looks))                      # strictly later each time
    by_day: dict[int, int] = {}
    for look in looks:
        day, second = divmod(look - START, DAY)
        assert 7 * HOUR <= second < 23 * HOUR               # 07:00 to 23:00
        by_day[day] = by_day.get(day, 0) + 1
    assert list(by_day.values()) == [3] * 10                # 30 looks: 3 a day for 10 days


def test_a_slow_mulodi_table_finishes_in_days_and_counts_what_people_did():
    result = slow_play.play("mulodi", 2, seed=1)
    assert result["finished"] and 0 < result["days"] < slow_play.MAX_DAYS
    # Every action people made is counted; a 2-seat game needs at least a few turns of plays.
    assert sum(result["actions"].values()) >= 10 and result["actions"]["end_turn"] >= 2


def test_json_prints_one_object_a_line_per_row_with_the_keys_a_script_checks(capsys):
    """``--json``: one JSON object a line, one per row (the tables of one pace and size,
    without orders and then, for each game with standing orders, with them)."""
    import json

    import engine

    slow_play.cli(["--json", "--games", "1", "--seats", "2", "--paces", "weekly", "--strength", "0"])
    lines = capsys.readouterr().out.splitlines()
    rows = [json.loads(line) for line in lines]
    with_orders = [name for name, _ in slow_play.TABLES
                   if engine.get_ruleset(name).standing_orders is not None]
    assert len(rows) == len(slow_play.TABLES) + len(with_orders)
    for r in rows:
        assert {"ruleset", "seats", "looks_per_day", "preset", "orders", "games", "median_days",
                "p90_days", "wakeups_per_person_day", "people_moves_per_game",
                "table_moves_per_game", "order_moves_per_game"} <= set(r)
        assert (r["seats"], r["preset"], r["games"], r["looks_per_day"]) == (2, "weekly", 1, 3)
    assert [r["ruleset"] for r in rows] == ["mtaani", "jiji", "jiji", "mulodi", *with_orders]
    assert [r["orders"] for r in rows] == [False] * 4 + [True] * len(with_orders)
    for r in rows[4:]:
        assert r["order_moves_per_game"] > 0, f"{r['ruleset']}: the orders made no move"


def test_a_live_tables_people_are_at_the_table():
    """The live pace says "everyone at the table at once": its people look every
    ``LIVE_LOOK_SECONDS`` on average, at any hour, not 3 times a waking day."""
    count, waking = slow_play.LOOKS["live"]
    assert count == DAY // slow_play.LIVE_LOOK_SECONDS == 5_760 and waking == (0, DAY)
    person = Person(random.Random(7), count, waking)
    looks, t = [], START
    while (t := person.next_look(t)) < START + DAY:
        looks.append(t)
    # 5,760 moments drawn in the day's 86,400 seconds; those in the same second are one look.
    assert looks == sorted(set(looks)) and 5_000 < len(looks) <= count
    assert looks[0] < START + 7 * HOUR                                 # before 07:00 too
    gaps = [b - a for a, b in itertools.pairwise(looks)]
    assert max(gaps) < 300            # never leaves a 5-minute turn to the table in a day


def test_a_live_mulodi_table_is_played_by_its_people_within_the_hour():
    """A 2-seat Mulodi table at the live pace (its turns wait 5 minutes, an answer a minute):
    the people play it to its end within an hour; the table answers for nobody, or almost."""
    result = slow_play.play("mulodi", 2, seed=1, preset="live")
    people = sum(result["actions"].values())
    assert result["finished"] and result["termination"] != "stalemate"
    assert 0 < result["days"] * DAY < HOUR
    assert people >= 10 and result["actions"]["end_turn"] >= 2 and result["table"] < people


def test_a_table_played_without_its_people_fails_instead_of_printing():
    """The row that once printed 0.0 days and 0 moves by people: people looking 3 times a day
    at a live Mulodi table leave every turn to the table, which ends it within the hour as
    abandoned (3 rounds without a person's move). The row raises instead of printing."""
    with pytest.raises(slow_play.BrokenTable, match="with 0 moves by people"):
        slow_play.row("mulodi", 2, 1, preset="live", looks=(3, slow_play.WAKING))
    runs = [slow_play.play("mtaani", 2, 0, preset="live", looks=(3, slow_play.WAKING))]
    assert sum(runs[0]["actions"].values()) > 0          # people moved, but the table played it
    with pytest.raises(slow_play.BrokenTable, match="the table made"):
        slow_play.check_table("mtaani", 2, "live", runs)
