"""The stored Mtaani state's size in bytes (raw JSON and zlib as written) at revolutions 1,
20 and 60 of a random 4-player game.

"As written" is what ``service.storage`` stores: ``engine.dump_state`` JSON compressed with
zlib level 6. The random policy never declares bankruptcy while anything else is legal, so
the game lives long enough; the largest state seen on the way is printed too (DynamoDB's item
limit is 400 KB).
"""

import random
import zlib

import engine
from benchmarks.randomplay import PROGRESS

TARGETS = (1, 20, 60)


def _sizes(state) -> tuple[int, int]:
    raw = engine.dump_state(state).encode()
    return len(raw), len(zlib.compress(raw, 6))


SMOKE = {"targets": (1, 3)}
"""``make test``'s size (tests/test_benchmarks_smoke.py)."""


def main(targets: tuple[int, ...] = TARGETS) -> None:
    rs = engine.get_ruleset("mtaani")
    for seed in range(50):
        rng = random.Random(seed)
        state = engine.new_game("mtaani", [f"p{i}" for i in range(4)], seed)
        sizes: dict[int, tuple[int, int]] = {}
        largest = (0, 0)
        while rs.outcome(state) is None and len(sizes) < len(targets):
            decision = rs.pending(state)[0]
            legal = [a for a in rs.legal_actions(state, decision.player)
                     if a.type in PROGRESS and a.type != "declare_bankruptcy"]
            legal = legal or list(rs.legal_actions(state, decision.player))
            state = rs.apply_in_place(state, rng.choice(legal)).state
            now = _sizes(state)
            largest = max(largest, now)
            for target in targets:
                if target not in sizes and state.revolutions >= target:
                    sizes[target] = now
        if len(sizes) == len(targets):
            print(f"seed {seed}, {state.steps:,} actions, "
                  f"{sum(not p.bankrupt for p in state.players)} players left at revolution {targets[-1]}")
            for target in targets:
                raw, packed = sizes[target]
                print(f"revolution {target:>3}: raw {raw:>7,} B   stored (zlib) {packed:>6,} B")
            print(f"largest on the way: raw {largest[0]:>7,} B   stored (zlib) {largest[1]:>6,} B")
            return
    print(f"no random game reached revolution {targets[-1]} within 50 seeds")
