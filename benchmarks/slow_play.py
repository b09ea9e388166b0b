"""Slow-play tempo: how many days a table of people needs to finish, in virtual time (issue 31).

Each seat is a person who plays like the Advanced bot and looks at the game at random moments,
``CHECKS`` times a waking day (07:00-23:00, uniform, each seat its own times); at a look they
make every decision waiting for them in one sitting (until the game no longer waits for them).
At the ``live`` pace ("everyone at the table at once") the people are at the table: each looks
every ``LIVE_LOOK_SECONDS`` on average, around the clock, until the game ends (:data:`LOOKS`;
people who look 3 times a day at a table whose turns wait 5 minutes leave every decision to the
table, and a Mulodi table then ends within the hour as abandoned, with no move by a person).
The table's own deadlines run as the service runs them (``Deadline.due`` from the moment a
decision appeared, the ruleset's ``deadline_action`` when one passes): a turn left idle for a
day is ended by the table, a Mulodi response window and a Jiji deal stand for a day, a Jiji
auction for 12 hours (the lobby's ``daily`` pace, ``service.table_options.PACES``; each row
names its pace: ``live``, ``daily`` or ``weekly``). No timer, no I/O: a game of a hundred
virtual days runs in seconds.

Printed per game, table size and pace: the median (and 10th/90th percentile) of days to the
end, the games left unfinished at ``MAX_DAYS`` (a live table: ``LIVE_MAX_DAYS``), wake-ups
(looks with something to do) per person per day, and the moves people and the table made (with the people's commonest kinds).
A row whose games did not play as a table of people (a game over with no move by a person, or
the table's timeouts making most of the moves) raises :class:`BrokenTable` instead of printing
(:func:`check_table`; the smoke size ``make test`` runs includes the ``live`` pace).
``python -m benchmarks slow_play [--games N] [--seats 2 4] [--paces live daily weekly]
[--orders without with] [--strength GAMES] [--json]``; ``--json`` prints one JSON object a
line, one per row (keys ``ruleset``, ``seats``, ``looks_per_day`` (5,760 at ``live``),
``preset``, ``orders``
(whether every seat is on the recommended standing orders, :mod:`engine.orders`), ``games``,
``median_days``, ``p90_days``, ``wakeups_per_person_day`` and more), then one per game with
orders for the strength check (``"check": "strength"``, ``win_share``: :func:`strength`).
"""

from __future__ import annotations

import argparse
import bisect
import json
import random
import statistics
import time
from collections import Counter
from typing import Any

import engine
from engine import bots
from engine import orders as engine_orders

DAY = 86_400
HOUR = 3_600
CHECKS = 3
WAKING = (7 * HOUR, 23 * HOUR)
MAX_DAYS = 365
LIVE_MAX_DAYS = 1
"""A live table not over after a day is unfinished (its people would have left long before; a
Jiji game to the last player standing can go on for ever, at a live table's rate of moves a
year of it would be millions)."""
START = 1_800_000_000 - 1_800_000_000 % DAY   # a midnight (UTC), so days and hours line up
PRESETS = ("live", "daily", "weekly")
"""The lobby's paces (``service.table_options.PACES``) the rows are played at."""


def pace_options(ruleset: str, preset: str) -> dict[str, Any]:
    """The table options a lobby's ``preset`` sets on a table of ``ruleset``."""
    from service.table_options import pace

    return pace(ruleset, preset)


LIVE_LOOK_SECONDS = 15
"""How often a person at a live table looks at the game, on average (seconds): well inside the
live pace's shortest deadline (a Jiji auction's 50 seconds), so the table seldom answers for
someone who is there."""
LOOKS: dict[str, tuple[int, tuple[int, int]]] = {
    "live": (DAY // LIVE_LOOK_SECONDS, (0, DAY)),
    "daily": (CHECKS, WAKING),
    "weekly": (CHECKS, WAKING),
}
"""How the people of a pace's table look: (looks a day, (from, to) seconds after midnight)."""
MAX_SITTING = 500
"""Actions one person may make in one sitting (a guard: a sitting ends long before)."""


class BrokenTable(AssertionError):
    """A row's table did not play as people play: a game ended with no move by a person (or
    their orders), or at the moment it began. Its figures would be wrong, so none are printed."""


class Person:
    """When one seat looks at the game: ``looks`` random moments of each day, uniform in
    ``waking`` (seconds after midnight; by default ``CHECKS`` looks, 07:00-23:00)."""

    def __init__(self, rng: random.Random, looks: int = CHECKS,
                 waking: tuple[int, int] = WAKING):
        self.rng = rng
        self.looks = looks
        self.waking = waking
        self.days: dict[int, list[int]] = {}

    def next_look(self, after: int) -> int:
        """The first look strictly after ``after`` (Unix seconds)."""
        day = (after - START) // DAY
        while True:
            if day not in self.days:
                base = START + day * DAY
                self.days[day] = sorted(base + self.rng.randrange(*self.waking)
                                        for _ in range(self.looks))
            times = self.days[day]
            i = bisect.bisect_right(times, after)
            if i < len(times):
                return times[i]
            day += 1


def max_days(preset: str) -> int:
    """The days after which a table at pace ``preset`` counts as unfinished."""
    return LIVE_MAX_DAYS if preset == "live" else MAX_DAYS


def play(ruleset: str, seats: int, seed: int, options: dict[str, Any] | None = None,
         preset: str = "daily", orders: bool | tuple[int, ...] = False,
         looks: tuple[int, tuple[int, int]] | None = None) -> dict[str, Any]:
    """One slow table of ``seats`` people to its end (or ``max_days(preset)``), its deadlines those of
    ``preset`` (under ``options``), its people looking as ``looks`` says (looks a day, waking
    window; by default the pace's, :data:`LOOKS`). ``orders``: every seat (``True``) or the seats listed on
    the recommended standing orders
    (``engine.orders``; none for a game without orders), made the moment the game needs them
    (after every move, as the service makes them in the move's write); at a look a person
    answers what their orders left (the stops).

    Returns ``{"days": float, "finished": bool, "termination": str | None, "actions":
    Counter of action types people made, "table": actions the table made at deadlines,
    "by_order": actions the orders made, "stops": {seat: moves that seat's person made},
    "winner": the winning seat or ``None``, "wakeups": looks at which a person made at least
    one move}``.
    """
    rs = engine.get_ruleset(ruleset)
    opts = {**pace_options(ruleset, preset), **(options or {})}
    state = rs.new_game([f"p{i}" for i in range(seats)], seed, opts)
    on_orders = range(seats) if orders is True else orders or ()
    standing = ({seat: rs.standing_orders() for seat in on_orders}
                if rs.standing_orders is not None else {})
    rng = random.Random(seed)
    count, waking = looks or LOOKS[preset]
    people = [Person(random.Random(rng.random()), count, waking) for _ in range(seats)]
    since: dict[int, int] = {}
    now = START
    made: Counter[str] = Counter()
    stops: Counter[int] = Counter()
    by_table = 0
    by_order = 0
    wakeups = 0
    step = 0

    def note(pending) -> None:
        for d in pending:
            since.setdefault(d.id, now)

    def follow() -> None:
        nonlocal state, by_order
        while standing and rs.outcome(state) is None:
            followed = engine_orders.follow(state, standing, now)
            if followed.refused:
                raise AssertionError(f"{ruleset}: an order's move was refused: {followed.refused}")
            for move in followed.moves:
                note(move.result.pending)
            by_order += len(followed.moves)
            state = followed.state
            if len(followed.moves) < engine_orders.MAX_ORDER_MOVES:
                break

    note(rs.pending(state))
    follow()
    end = START + max_days(preset) * DAY
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
            moved = sum(made.values())
            for _ in range(MAX_SITTING):
                step += 1
                action = bots.choose(state, seat, "advanced", seed * 1_000_003 + step)
                if action is None:
                    break
                result = rs.apply(state, engine.stamp(action, now))
                made[action.type] += 1
                stops[seat] += 1
                state = result.state
                note(result.pending)
                follow()
                if rs.outcome(state) is not None:
                    break
            wakeups += sum(made.values()) > moved
            continue
        else:
            break                                     # nothing waits and nothing is due
        state = result.state
        note(result.pending)
        follow()
    outcome = rs.outcome(state)
    return {"days": (now - START) / DAY, "finished": outcome is not None,
            "termination": outcome.termination if outcome else None, "actions": made,
            "table": by_table, "by_order": by_order, "stops": stops,
            "winner": outcome.winner if outcome else None, "wakeups": wakeups}


def check_table(ruleset: str, seats: int, preset: str, runs: list[dict[str, Any]]) -> None:
    """Raise :class:`BrokenTable` when a game of ``runs`` (:func:`play`'s results, seeds 0..)
    ended at the moment it began or with no move by a person or their orders, or when the
    table's timeouts made more of the row's moves than the people and their orders: such a row
    measures absent people, not a table of people (the ``live`` rows once printed Mulodi at 0.0
    days and 0 moves by people, Mtaani at 71 moves by people and 1,694 by the table: people
    looking 3 times a day at a table whose turns wait 5 minutes)."""
    def by_people(r: dict[str, Any]) -> int:
        return sum(r["actions"].values()) + r["by_order"]

    for seed, r in enumerate(runs):
        if r["days"] <= 0 or by_people(r) == 0:
            raise BrokenTable(
                f"{seats} seats {ruleset}, {preset}, seed {seed}: the game ended after "
                f"{r['days'] * DAY:,.0f} s with {by_people(r)} moves by people or their orders "
                f"and {r['table']} by the table (termination: {r['termination']})")
    people, table = sum(map(by_people, runs)), sum(r["table"] for r in runs)
    if table > people:
        raise BrokenTable(f"{seats} seats {ruleset}, {preset}: the table made {table:,} of the "
                          f"moves, people and their orders {people:,}")


def span(days: float) -> str:
    """``days`` in words for a row: days, or hours, minutes or seconds under a day."""
    seconds = days * DAY
    if seconds >= DAY:
        return f"{days:.1f} days"
    if seconds >= HOUR:
        return f"{seconds / HOUR:.1f} h"
    return f"{seconds / 60:.0f} min" if seconds >= 60 else f"{seconds:.0f} s"


def row(ruleset: str, seats: int, games: int, options: dict[str, Any] | None = None,
        preset: str = "daily", orders: bool = False,
        looks: tuple[int, tuple[int, int]] | None = None) -> dict[str, Any]:
    """``games`` slow tables (seeds 0..games-1) at ``preset`` summarised (``orders``: every
    seat on the recommended standing orders; ``looks``: how people look, by default the
    pace's, :data:`LOOKS`). Raises :class:`BrokenTable` for a table that played without its
    people (:func:`check_table`)."""
    looks = looks or LOOKS[preset]
    runs = [play(ruleset, seats, seed, options, preset, orders, looks) for seed in range(games)]
    check_table(ruleset, seats, preset, runs)
    days = sorted(r["days"] for r in runs)
    actions: Counter[str] = Counter()
    for r in runs:
        actions.update(r["actions"])
    q = statistics.quantiles(days, n=10, method="inclusive") if len(days) > 1 else [days[0]] * 9
    person_days = sum(max(r["days"], 1 / 24) for r in runs) * seats
    return {"ruleset": ruleset, "seats": seats, "looks_per_day": looks[0], "preset": preset,
            "orders": orders, "games": games, "options": options or {},
            "max_days": max_days(preset),
            "median_days": statistics.median(days), "p10_days": q[0], "p90_days": q[-1],
            "unfinished": sum(not r["finished"] for r in runs),
            "wakeups_per_person_day": sum(r["wakeups"] for r in runs) / person_days,
            "people_moves_per_game": sum(actions.values()) / games,
            "table_moves_per_game": sum(r["table"] for r in runs) / games,
            "order_moves_per_game": sum(r["by_order"] for r in runs) / games,
            "waits_per_game": sum(actions.values()) / games,
            "top_actions": {k: v / games for k, v in actions.most_common(4)}}


def strength(ruleset: str, games: int, seats: int = 4, preset: str = "daily") -> dict[str, Any]:
    """The strength check (issue 31): one seat on the recommended orders, its stops answered
    by the Advanced bot at its person's looks, against ``seats - 1`` people who play like the
    Advanced bot, in ``games`` slow tables (:func:`play`, seeds 0.., the orders seat rotated).
    Returns ``{"ruleset", "games", "seats", "orders_wins", "ended", "win_share",
    "stops_per_game"}``: ``win_share`` is the orders seat's wins over the games that ended with
    a winner (a fair share is ``1 / seats``); ``stops_per_game``, the orders seat's own moves."""
    wins = ended = stops = 0
    for seed in range(games):
        mine = seed % seats
        result = play(ruleset, seats, seed, None, preset, orders=(mine,))
        stops += result["stops"][mine]
        if result["winner"] is not None:
            ended += 1
            wins += result["winner"] == mine
    return {"ruleset": ruleset, "games": games, "seats": seats, "orders_wins": wins,
            "ended": ended, "win_share": wins / ended if ended else 0.0,
            "stops_per_game": stops / games}


SMOKE = {"games": 1, "seat_counts": (2,), "presets": ("live", "daily"), "strength_games": 2}
"""The smoke size ``make test`` runs (tests/test_benchmarks_smoke.py)."""

TABLES: list[tuple[str, dict[str, Any] | None]] = [
    ("mtaani", None), ("jiji", None), ("jiji", {"end": "clock", "clock_seconds": 7 * DAY}), ("mulodi", None)]
"""The tables of each row: each game ending by its own rules, and Jiji with a 7-day clock."""


ORDERS = ("without", "with")
"""The rows' order settings: people alone, and every seat on the recommended orders."""


def main(games: int = 30, seat_counts: tuple[int, ...] = (4, 2), as_json: bool = False,
         presets: tuple[str, ...] = PRESETS, orders: tuple[str, ...] = ORDERS,
         strength_games: int = 1000, rulesets: tuple[str, ...] | None = None) -> list[dict]:
    """Print (or give as JSON lines) one row per table kind, size, pace and order setting,
    then the strength check of each game with orders over ``strength_games`` four-seat games
    (none when 0); only the tables of ``rulesets`` when given."""
    tables = [(name, options) for name, options in TABLES if rulesets is None or name in rulesets]
    cpu0 = time.process_time()
    rows = []
    for seats in seat_counts if games else ():
        for preset in presets:
            for with_orders in (mode == "with" for mode in orders):
                for ruleset, options in tables:
                    if with_orders and engine.get_ruleset(ruleset).standing_orders is None:
                        continue
                    r = row(ruleset, seats, games, options, preset, with_orders)
                    rows.append(r)
                    if as_json:
                        print(json.dumps(r), flush=True)
                        continue
                    label = (f"{ruleset}{' (7-day clock)' if options else ''}, {preset}"
                             f"{', orders' if with_orders else ''}")
                    top = ", ".join(f"{k} {v:.0f}" for k, v in r["top_actions"].items())
                    print(f"{seats} seats {label:<36} median {span(r['median_days'])} "
                          f"(p10 {span(r['p10_days'])}, p90 {span(r['p90_days'])}; unfinished at "
                          f"{r['max_days']} day{'s' * (r['max_days'] != 1)} {r['unfinished']}/{games}); wake-ups "
                          f"{r['wakeups_per_person_day']:.2f} a person a day; moves a game: "
                          f"people {r['people_moves_per_game']:,.0f} ({top}), orders "
                          f"{r['order_moves_per_game']:,.0f}, table "
                          f"{r['table_moves_per_game']:,.0f}", flush=True)
    for ruleset in dict.fromkeys(name for name, _ in tables) if strength_games else ():
        if engine.get_ruleset(ruleset).standing_orders is None:
            continue
        r = {"check": "strength", **strength(ruleset, strength_games)}
        rows.append(r)
        if as_json:
            print(json.dumps(r), flush=True)
        else:
            print(f"strength: {ruleset} orders seat (stops by the Advanced bot) vs 3 Advanced: "
                  f"won {r['orders_wins']} of {r['ended']} ended games ({r['win_share']:.1%}; "
                  f"fair 25%), {r['stops_per_game']:.0f} stops a game", flush=True)
    if not as_json:
        print(f"{CHECKS} looks a waking day (live: a look every {LIVE_LOOK_SECONDS} s on average, "
              f"around the clock); CPU {time.process_time() - cpu0:.1f} s")
    return rows


def cli(argv: list[str]) -> list[dict]:
    """``main`` from command-line arguments (``python -m benchmarks slow_play ...``)."""
    parser = argparse.ArgumentParser(prog="slow_play", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seats", type=int, nargs="+", default=[4, 2])
    parser.add_argument("--paces", nargs="+", choices=PRESETS, default=list(PRESETS))
    parser.add_argument("--orders", nargs="+", choices=ORDERS, default=list(ORDERS),
                        help="rows without orders, with every seat on the recommended orders")
    parser.add_argument("--strength", type=int, default=1000, metavar="GAMES",
                        help="four-seat games of the strength check per game (0: none)")
    parser.add_argument("--rulesets", nargs="+", choices=sorted({n for n, _ in TABLES}),
                        help="only these games' tables (default: all)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    return main(args.games, tuple(args.seats), args.json, tuple(args.paces),
                tuple(args.orders), args.strength, tuple(args.rulesets) if args.rulesets else None)


if __name__ == "__main__":
    import sys

    cli(sys.argv[1:])
