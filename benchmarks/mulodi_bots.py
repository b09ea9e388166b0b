"""Mulodi bot decision latency (p50 / p99 / max, ms) and decisions per second, per bot kind,
as the service asks them: ``engine.bots.choose`` (the state redeterminized for the seat, then
the bot), over the decision states of self-play games of 2 to 5 Advanced bots. A Lambda needs
well under 50 ms at p99."""

import random
import statistics
import time

from engine import bots as engine_bots
from engine.mulodi import bots
from engine.mulodi.ruleset import MULODI


def states(games: int = 16) -> list:
    """Every decision state of a few Advanced games of 2 to 5 seats (copies), with the seat."""
    found = []
    for seed in range(games):
        players = 2 + seed % 4
        state = MULODI.new_game([f"p{i}" for i in range(players)], 700 + seed, {})
        seat_bots = [bots.make("advanced", seed * 8 + i) for i in range(players)]
        rng = random.Random(seed)
        while state.termination is None:
            seat = MULODI.waiting_seats(state)[0]
            found.append((state.copy(), seat))
            action = bots.decide(seat_bots[seat], MULODI.redeterminize(state, seat, rng), seat)
            MULODI.apply_in_place(state, action)
    return found


SMOKE = {"games": 2}
"""``make test``'s size (tests/test_benchmarks_smoke.py)."""


def main(games: int = 16) -> None:
    samples = states(games)
    for kind in bots.KINDS:
        times = []
        start = time.perf_counter()
        for state, seat in samples:
            t0 = time.perf_counter()
            engine_bots.choose(state, seat, kind, 1)
            times.append((time.perf_counter() - t0) * 1000)
        elapsed = time.perf_counter() - start
        times.sort()
        p99 = times[int(len(times) * 0.99)]
        print(f"{kind:<9} decisions: {len(times):,}  per second: {len(times) / elapsed:,.0f}  "
              f"ms p50 {statistics.median(times):.2f}  p99 {p99:.2f}  max {times[-1]:.2f}")
