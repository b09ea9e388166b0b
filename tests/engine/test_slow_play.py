"""The slow-play tempo benchmark's model (benchmarks/slow_play.py, issue 31) at a smoke size:
people look 3 times a waking day and a table finishes in virtual time (its figures print at a
smoke size in tests/test_benchmarks_smoke.py)."""

from __future__ import annotations

import random

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
