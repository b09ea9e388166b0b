"""The Smart bot's decision time in 4-player tables (p50 / p90 / p99 / max, ms, one process):
every decision of the Smart seat in a few Smart vs 3 Advanced games, asked the way the service
asks (``engine.bots.choose``: redeterminized for the seat, a fresh bot object).

    python -m benchmarks.smart_latency --games 4 --seed 8000000   (make smart-latency)
"""

import argparse
import statistics
import time

from engine import bots
from engine.mtaani.bots import selfplay


def states(games: int, seed: int, max_turns: int | None = None) -> list:
    """Every decision state of the Smart seat in ``games`` Smart vs 3 Advanced games (seats
    rotated), with the deciding seat and its decision kind."""
    found = []
    for g in range(games):
        kinds = ["smart", "advanced", "advanced", "advanced"]
        kinds = kinds[g % 4:] + kinds[:g % 4]
        result = selfplay.play(kinds, seed + g, record=True, max_turns=max_turns)
        smart = kinds.index("smart")
        for state, action in selfplay.replay(result.history):
            if action is not None and action.player == smart:
                kind = state.decision.kind if state.decision and state.decision.player == smart else "offer"
                found.append((state.copy(), smart, kind))
    return found


SMOKE = {"games": 1, "max_turns": 40}
"""``make test``'s size (tests/test_benchmarks_smoke.py)."""


def main(games: int = 4, seed: int = 8_000_000, max_turns: int | None = None) -> None:
    """``max_turns``: cut the games short (the smoke size); by default they run to their end."""
    samples = states(games, seed, max_turns)
    bots.choose(samples[0][0], samples[0][1], "smart", 1)  # model loaded once per process
    times, by_kind = [], {}
    for state, seat, kind in samples:
        t0 = time.process_time()
        bots.choose(state, seat, "smart", 1)
        ms = (time.process_time() - t0) * 1000
        times.append(ms)
        by_kind.setdefault(kind, []).append(ms)

    def line(name, xs):
        xs = sorted(xs)
        pick = lambda q: xs[min(len(xs) - 1, int(len(xs) * q))]  # noqa: E731
        return (f"{name:<10} decisions {len(xs):>6,}  ms p50 {statistics.median(xs):7.2f}  p90 {pick(0.9):7.2f}  "
                f"p99 {pick(0.99):7.2f}  max {xs[-1]:7.2f}")

    print(f"Smart decisions in {games} Smart vs 3 Advanced games (seeds {seed}+), CPU time")
    print(line("all", times))
    for kind, xs in sorted(by_kind.items(), key=lambda kv: -len(kv[1])):
        print(line(kind, xs))


if __name__ == "__main__":
    import sys

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=8_000_000)
    args = parser.parse_args(sys.argv[1:])
    main(args.games, args.seed)
