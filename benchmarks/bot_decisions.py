"""Bot decision latency (p50 / p99 / max, ms) and decisions per second, per bot kind, over the
decision states of real self-play games; a Lambda needs well under 50 ms at p99."""

import statistics
import time

from engine import bots
from engine.mtaani.bots import selfplay


def states(games: int = 3, max_turns: int | None = None) -> list:
    """Every decision state of a few Smart vs Advanced games (copies), with the deciding seat."""
    found = []
    for seed in range(games):
        result = selfplay.play(["smart", "advanced"], 500 + seed, record=True, max_turns=max_turns)
        for state, action in selfplay.replay(result.history):
            if action is not None:
                found.append((state.model_copy(deep=True), action.player))
    return found


SMOKE = {"games": 1, "max_turns": 40}
"""``make test``'s size (tests/test_benchmarks_smoke.py)."""


def main(games: int = 3, max_turns: int | None = None) -> None:
    """``max_turns``: cut the games short (the smoke size); by default they run to their end."""
    samples = states(games, max_turns)
    bots.choose(samples[0][0], samples[0][1], "smart", 1)  # model loaded once per process
    for kind in bots.KINDS:
        times = []
        start = time.perf_counter()
        for state, seat in samples:
            t0 = time.perf_counter()
            bots.choose(state, seat, kind, 1)
            times.append((time.perf_counter() - t0) * 1000)
        elapsed = time.perf_counter() - start
        times.sort()
        p99 = times[int(len(times) * 0.99)]
        print(f"{kind:<9} decisions: {len(times):,}  per second: {len(times) / elapsed:,.0f}  "
              f"ms p50 {statistics.median(times):.2f}  p99 {p99:.2f}  max {times[-1]:.2f}")
