"""Random-legal-action Mtaani games to completion per second, on one core.

Figures are CPU seconds of this (single-threaded) process, so other work on the machine does
not skew them; wall-clock seconds are printed beside them. Three measures:

- random play: each step lists the decision holder's legal actions and applies one in place
  (a bot's self-play loop); games end by bankruptcy or at a 2,000-turn cap;
- ``engine.apply`` alone: the same games' actions replayed through the public ``apply``, which
  copies the state first (what the service does once per request);
- ``legal_actions`` alone: listing the decision holder's actions once per replayed step (the
  whole listing, read to the end as the service reads it).

Per-call figures are the median and the mean of CPU time per call (``time.process_time_ns``;
the median is what a typical request sees, the mean carries the long listings).
"""

import statistics
import time
from collections import Counter

import engine
from benchmarks.randomplay import random_game

PLAYERS = 4
MAX_TURNS = 2_000


def _clock() -> tuple[float, float]:
    return time.process_time(), time.perf_counter()


def _since(start: tuple[float, float]) -> tuple[float, float]:
    cpu, wall = _clock()
    return cpu - start[0], wall - start[1]


SMOKE = {"games": 2, "replayed": 1}
"""``make test``'s size (tests/test_benchmarks_smoke.py)."""


def main(games: int = 30, replayed: int = 10) -> None:
    start = _clock()
    endings: Counter[str] = Counter()
    logs = []
    total = 0
    for seed in range(games):
        actions: list = []
        state, count = random_game(seed, players=PLAYERS, max_turns=MAX_TURNS, record=actions)
        endings[state.termination or "unfinished"] += 1
        total += count
        logs.append((seed, actions))
    cpu, wall = _since(start)
    print(f"random play: {games} games of {PLAYERS} ({dict(endings)}), {total:,} actions, "
          f"{cpu:.2f} CPU s ({wall:.2f} wall s)")
    print(f"  games/s: {games / cpu:.2f}   actions/s: {total / cpu:,.0f}   "
          f"actions/game: {total / games:,.0f}")

    ruleset = engine.get_ruleset("mtaani")
    apply_ns: list[int] = []
    legal_ns: list[int] = []
    clock = time.process_time_ns
    for seed, actions in logs[:replayed]:
        state = engine.new_game("mtaani", [f"p{i}" for i in range(PLAYERS)], seed,
                                {"max_turns": MAX_TURNS})
        for action in actions:
            holder = ruleset.pending(state)[0].player
            t0 = clock()
            len(ruleset.legal_actions(state, holder))
            t1 = clock()
            state = engine.apply(state, action).state
            apply_ns.append(clock() - t1)
            legal_ns.append(t1 - t0)
    steps = len(apply_ns)
    for name, times in (("engine.apply (copying the state)", apply_ns),
                        ("legal_actions (decision holder)", legal_ns)):
        mean = sum(times) / steps / 1e3
        print(f"{name}: median {statistics.median(times) / 1e3:,.1f} µs, mean {mean:,.1f} µs "
              f"({1e6 / mean:,.0f} per CPU second; {steps:,} calls over {replayed} games)")
