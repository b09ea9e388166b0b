"""Jiji bots: whole bot games per CPU second, decisions per second and decision latency
(p50 / p99 / max, ms) per bot kind over the decision states of real self-play games; a Lambda
needs well under 50 ms at p99."""

from __future__ import annotations

import statistics
import time

import engine
from engine import bots
from engine.jiji.bots import selfplay


def states(games: int = 4) -> list:
    """Decision states of a few 4-seat games (Smart, Advanced, Base, Advanced), with the seat
    to decide, replayed through the public interface."""
    rs = engine.get_ruleset("jiji")
    found = []
    for seed in range(games):
        state = rs.new_game([f"p{i}" for i in range(4)], 900 + seed, {"auction_seconds": 50})
        kinds = ["smart", "advanced", "base", "advanced"]
        now = selfplay.START
        for _ in range(3000):
            if state.over is not None:
                break
            waiting = rs.waiting_seats(state)
            if not waiting:
                action = rs.deadline_action(state, rs.pending(state)[0], state.auction.close)
                state = rs.apply(state, action).state
                continue
            seat = waiting[0]
            found.append((state, seat))
            action = bots.choose(state, seat, kinds[seat], seed)
            now += 5
            if state.auction is not None and (action is None or now >= state.auction.close):
                now = max(now, state.auction.close)
                action = rs.deadline_action(state, rs.pending(state)[0], now)
            state = rs.apply(state, engine.stamp(action, now)).state
    return found


SMOKE = {"games": 1, "decision_games": 1}
"""``make test``'s size (tests/test_benchmarks_smoke.py)."""


def main(games: int = 20, decision_games: int = 4) -> None:
    """``games`` self-play games timed; the decision states of ``decision_games`` others."""
    cpu0 = time.process_time()
    turns = actions = 0
    for seed in range(games):
        result = selfplay.play(["advanced"] * 4, 5_000 + seed)
        turns += result.turns
        actions += result.actions
    cpu = time.process_time() - cpu0
    print(f"4-seat Advanced self-play: {games} games, {turns:,} turns, {actions:,} actions: "
          f"{games / cpu:.1f} games per CPU second ({actions / cpu:,.0f} actions/s)")
    samples = states(decision_games)
    print("decision latency in CPU ms (this process's time, so other work on the shared machine "
          "does not count) and wall ms:")
    for kind in bots.KINDS:
        cpu_times, wall_times = [], []
        start = time.process_time()
        for state, seat in samples:
            c0, w0 = time.process_time(), time.perf_counter()
            bots.choose(state, seat, kind, 1)
            cpu_times.append((time.process_time() - c0) * 1000)
            wall_times.append((time.perf_counter() - w0) * 1000)
        elapsed = time.process_time() - start
        cpu_times.sort()
        wall_times.sort()
        n = len(cpu_times)
        print(f"{kind:<9} decisions: {n:,}  per CPU second: {n / elapsed:,.0f}  "
              f"CPU ms p50 {statistics.median(cpu_times):.2f}  p99 {cpu_times[int(n * 0.99)]:.2f}  "
              f"max {cpu_times[-1]:.2f}  |  wall ms p50 {statistics.median(wall_times):.2f}  "
              f"p99 {wall_times[int(n * 0.99)]:.2f}")
