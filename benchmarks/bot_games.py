"""Full 4-seat games between Base bots per second on one core, and where the time goes."""

import cProfile
import io
import pstats
import time

from engine.mtaani.bots import selfplay

SMOKE = {"games": 2, "profiled": 1}
"""``make test``'s size (tests/test_benchmarks_smoke.py)."""


def main(games: int = 20, profiled: int = 5) -> None:
    start = time.perf_counter()
    actions = turns = 0
    ends: dict[str, int] = {}
    for seed in range(games):
        result = selfplay.play(["base"] * 4, seed)
        actions += result.actions
        turns += result.turns
        ends[result.termination] = ends.get(result.termination, 0) + 1
    elapsed = time.perf_counter() - start
    print(f"games: {games} ({', '.join(f'{k} {v}' for k, v in ends.items())}), "
          f"turns: {turns:,}, actions: {actions:,}, seconds: {elapsed:.2f}")
    print(f"games/s: {games / elapsed:.2f}   turns/s: {turns / elapsed:,.0f}   "
          f"actions/s: {actions / elapsed:,.0f}")
    profile = cProfile.Profile()
    profile.enable()
    for seed in range(profiled):
        selfplay.play(["base"] * 4, 1_000 + seed)
    profile.disable()
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(12)
    lines = [line for line in out.getvalue().splitlines() if line.strip()]
    start_at = next(i for i, line in enumerate(lines) if line.lstrip().startswith("ncalls"))
    print(f"hot spots (cProfile, {profiled} games, by own time):")
    for line in lines[start_at:start_at + 13]:
        print("  " + line.strip()[:150])
