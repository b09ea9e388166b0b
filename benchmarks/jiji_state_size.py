"""The stored Jiji state's size in bytes (raw JSON and zlib as written) at turns 1, 60 and
150 of a 6-seat bot game, and the largest seen on the way (DynamoDB's item limit: 400 KB)."""

from __future__ import annotations

import zlib

import engine
from engine.jiji.bots import selfplay

TARGETS = (1, 60, 150)


def _sizes(state) -> tuple[int, int]:
    raw = engine.dump_state(state).encode()
    return len(raw), len(zlib.compress(raw, 6))


SMOKE = {"targets": (1, 5)}
"""``make test``'s size (tests/test_benchmarks_smoke.py)."""


def main(targets: tuple[int, ...] = TARGETS) -> None:
    from engine.jiji import bots

    rs = engine.get_ruleset("jiji")
    for seed in range(20):
        state = rs.new_game([f"p{i}" for i in range(6)], seed, {"auction_seconds": 50})
        seat_bots = [bots.make("advanced", i) for i in range(6)]
        sizes: dict[int, tuple[int, int]] = {}
        largest = (0, 0)
        now = selfplay.START
        while state.over is None and len(sizes) < len(targets):
            now += 5
            if state.auction is not None:
                seats = [d.player for d in rs.pending(state) if d.kind == "bid"]
                action = next((a for s in seats
                               if (a := bots.decide(seat_bots[s], state, s)) is not None), None)
                if action is None or now >= state.auction.close:
                    now = max(now, state.auction.close)
                    action = rs.deadline_action(state, rs.pending(state)[0], now)
            else:
                seat = rs.waiting_seats(state)[0]
                action = bots.decide(seat_bots[seat], state, seat)
            rs.apply_in_place(state, engine.stamp(action, now))
            size = _sizes(state)
            largest = max(largest, size)
            for target in targets:
                if target not in sizes and state.turn >= target:
                    sizes[target] = size
        if len(sizes) == len(targets):
            print(f"seed {seed}, 6 Advanced seats, {state.steps:,} actions to turn {state.turn}")
            for target in targets:
                raw, packed = sizes[target]
                print(f"turn {target:>4}: raw {raw:>6,} B   stored (zlib) {packed:>5,} B")
            print(f"largest on the way: raw {largest[0]:>6,} B   stored (zlib) {largest[1]:>5,} B")
            return
    print(f"no game reached turn {targets[-1]} within 20 seeds")
