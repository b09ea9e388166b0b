"""Slow-play tempo: how many days a table of people needs to finish, in virtual time (issue 31).

Each seat is a person who plays like the Advanced bot and looks at the game at random moments,
``CHECKS`` times a waking day (07:00-23:00, uniform, each seat its own times); at a look they
make every decision waiting for them in one sitting (until the game no longer waits for them).
The table's own deadlines run as the service runs them (``Deadline.due`` from the moment a
decision appeared, the ruleset's ``deadline_action`` when one passes): a turn left idle for a
day is ended by the table, a Mulodi response window and a Jiji deal stand for a day, a Jiji
auction for 12 hours (the slow-table defaults of ``PACE``). No timer, no I/O: a game of a
hundred virtual days runs in seconds.

Printed per game and table size: the median (and 10th/90th percentile) of days to the end,
the games left unfinished at ``MAX_DAYS``, and how often the table waited on a person (the
actions people made, with the commonest kinds). ``python -m benchmarks.slow_play --games N
[--seats 2 4] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import Counter
from typing import Any

import engine
from engine import bots

DAY = 86_400
HOUR = 3_600
CHECKS = 3
WAKING = (7 * HOUR, 23 * HOUR)
MAX_DAYS = 365
START = 1_800_000_000 - 1_800_000_000 % DAY   # a midnight (UTC), so days and hours line up
PACE: dict[str, dict[str, Any]] = {
    "mtaani": {"idle_timeout_seconds": DAY},
    "mulodi": {"idle_timeout_seconds": DAY, "response_window_seconds": DAY},
    "jiji": {"idle_timeout_seconds": DAY, "auction_seconds": 12 * HOUR, "deal_seconds": DAY},
}
"""Each game's table options for a slow table (the rulesets' slow defaults, written out)."""
MAX_SITTING = 500
"""Actions one person may make in one sitting (a guard: a sitting ends long before)."""


class Person:
    """When one seat looks at the game: ``CHECKS`` random moments of each waking day."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.days: dict[int, list[int]] = {}

    def next_look(self, after: int) -> int:
        """The first look strictly after ``after`` (Unix seconds)."""
        day = (after - START) // DAY
        while True:
            if day not in self.days:
                base = START + day * DAY
                self.days[day] = sorted(base + self.rng.randrange(*WAKING) for _ in range(CHECKS))
            for t in self.days[day]:
                if t > after:
                    return t
            day += 1


def play(ruleset: str, seats: int, seed: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """One slow table of ``seats`` people to its end (or ``MAX_DAYS``).

    Returns ``{"days": float, "finished": bool, "termination": str | None, "actions":
    Counter of action types people made, "table": actions the table made at deadlines}``.
    """
    rs = engine.get_ruleset(ruleset)
    opts = {**PACE[engine.game_of(ruleset)], **(options or {})}
    state = rs.new_game([f"p{i}" for i in range(seats)], seed, opts)
    rng = random.Random(seed)
    people = [Person(random.Random(rng.random())) for _ in range(seats)]
    since: dict[int, int] = {}
    now = START
    made: Counter[str] = Counter()
    by_table = 0
    step = 0

    def note(pending) -> None:
        for d in pending:
            since.setdefault(d.id, now)

    note(rs.pending(state))
    end = START + MAX_DAYS * DAY
    while rs.outcome(state) is None and now < end:
        pending = rs.pending(state)
        deadline = min(((d.deadline.due(since.setdefault(d.id, now)), d.id, d) for d in pending
                        if d.deadline is not None), default=None, key=lambda x: x[:2])
        looks = sorted((people[s].next_look(now), s) for s in rs.waiting_seats(state))
        if deadline is not None and (not looks or deadline[0] <= looks[0][0]):
            now = max(now, deadline[0])
            action = rs.deadline_action(state, deadline[2], now)
            if action is None:
                since[deadline[2].id] = now          # the clock starts again (as the service)
                continue
            result = rs.apply(state, engine.stamp(action, now))
            by_table += 1
        elif looks:
            now, seat = looks[0]
            result = None
            for _ in range(MAX_SITTING):
                step += 1
                action = bots.choose(state, seat, "advanced", seed * 1_000_003 + step)
                if action is None:
                    break
                result = rs.apply(state, engine.stamp(action, now))
                made[action.type] += 1
                state = result.state
                note(result.pending)
                if rs.outcome(state) is not None:
                    break
            continue
        else:
            break                                     # nothing waits and nothing is due
        state = result.state
        note(result.pending)
    outcome = rs.outcome(state)
    return {"days": (now - START) / DAY, "finished": outcome is not None,
            "termination": outcome.termination if outcome else None, "actions": made,
            "table": by_table}


def row(ruleset: str, seats: int, games: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """``games`` slow tables (seeds 0..games-1) summarised."""
    runs = [play(ruleset, seats, seed, options) for seed in range(games)]
    days = sorted(r["days"] for r in runs)
    actions: Counter[str] = Counter()
    for r in runs:
        actions.update(r["actions"])
    q = statistics.quantiles(days, n=10, method="inclusive") if len(days) > 1 else [days[0]] * 9
    return {"ruleset": ruleset, "seats": seats, "games": games, "options": options or {},
            "median_days": statistics.median(days), "p10_days": q[0], "p90_days": q[-1],
            "unfinished": sum(not r["finished"] for r in runs),
            "waits_per_game": sum(actions.values()) / games,
            "table_moves_per_game": sum(r["table"] for r in runs) / games,
            "top_actions": {k: v / games for k, v in actions.most_common(4)}}


SMOKE = {"games": 1, "seat_counts": (2,)}
"""The smoke size ``make test`` runs (tests/test_benchmarks_smoke.py)."""

TABLES: list[tuple[str, dict[str, Any] | None]] = [
    ("mtaani", None), ("jiji", None), ("jiji", {"end": "clock", "clock_seconds": 7 * DAY}), ("mulodi", None)]


def main(games: int = 30, seat_counts: tuple[int, ...] = (4, 2), as_json: bool = False) -> list[dict]:
    """Print (or give as JSON) one row per table kind and size."""
    cpu0 = time.process_time()
    rows = []
    for seats in seat_counts:
        for ruleset, options in TABLES:
            r = row(ruleset, seats, games, options)
            rows.append(r)
            if not as_json:
                label = ruleset + (" (7-day clock)" if options else "")
                top = ", ".join(f"{k} {v:.0f}" for k, v in r["top_actions"].items())
                print(f"{seats} seats {label:<22} median {r['median_days']:6.1f} days "
                      f"(p10 {r['p10_days']:.1f}, p90 {r['p90_days']:.1f}; unfinished {r['unfinished']}/{games}); "
                      f"waits on a person {r['waits_per_game']:,.0f} a game ({top}); "
                      f"table moves {r['table_moves_per_game']:.1f}")
    if as_json:
        print(json.dumps(rows, indent=1))
    else:
        print(f"{CHECKS} looks a waking day; idle turns end after a day; CPU {time.process_time() - cpu0:.1f} s")
    return rows


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seats", type=int, nargs="+", default=[4, 2])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    main(args.games, tuple(args.seats), args.json)
