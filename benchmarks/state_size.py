"""The stored Mtaani state's size in bytes (raw JSON and zlib as written) at revolutions 1,
20 and 60 of a random 4-player game."""

import random
import zlib

import engine
from benchmarks.randomplay import PROGRESS


def main() -> None:
    rs = engine.get_ruleset("mtaani")
    targets = [1, 20, 60]
    for seed in range(50):
        rng = random.Random(seed)
        state = engine.new_game("mtaani", [f"p{i}" for i in range(4)], seed)
        sizes = {}
        while rs.outcome(state) is None and len(sizes) < len(targets):
            decision = rs.decision(state)
            legal = [a for a in rs.legal_actions(state, decision.player)
                     if a.type in PROGRESS and a.type != "declare_bankruptcy"]
            legal = legal or list(rs.legal_actions(state, decision.player))
            state, _ = rs.apply_in_place(state, rng.choice(legal))
            for target in targets:
                if target not in sizes and state.revolutions >= target:
                    raw = engine.dump_state(state).encode()
                    sizes[target] = (len(raw), len(zlib.compress(raw, 6)))
        if len(sizes) == len(targets):
            for target in targets:
                raw, packed = sizes[target]
                print(f"revolution {target:>3}: raw {raw:>7,} B   stored (zlib) {packed:>6,} B")
            return
    print("no random game reached revolution 60 within 50 seeds")
