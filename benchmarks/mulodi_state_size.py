"""The stored Mulodi state's size in bytes (raw JSON and zlib as written) at the largest point
of 5-player games: random legal games and Advanced-bot games.

"As written" is what the service stores: ``engine.dump_state`` JSON compressed with zlib level
6 (DynamoDB's item limit is 400 KB). A Mulodi state holds 106 card numbers wherever they are,
so it barely grows; the card in play with its chains and the decision counter are what vary.
"""

import random
import zlib

import engine
from benchmarks.mulodi_games import random_mulodi_game
from engine.mulodi import bots


def _sizes(state) -> tuple[int, int]:
    raw = engine.dump_state(state).encode()
    return len(raw), len(zlib.compress(raw, 6))


SMOKE = {"games": 1}
"""``make test``'s size (tests/test_benchmarks_smoke.py)."""


def main(games: int = 30) -> None:
    rs = engine.get_ruleset("mulodi")
    largest = (0, 0)
    for seed in range(games):
        actions: list = []
        random_mulodi_game(seed, 5, actions)
        state = rs.new_game([f"p{i}" for i in range(5)], seed, {"max_turns": 1_000})
        for action in actions:
            rs.apply_in_place(state, action)
            largest = max(largest, _sizes(state))
    print(f"random 5-player games ({games}): largest raw {largest[0]:,} B, stored (zlib) {largest[1]:,} B")
    largest = (0, 0)
    for seed in range(games):
        state = rs.new_game([f"p{i}" for i in range(5)], seed, {})
        seat_bots = [bots.make("advanced", seed * 8 + i) for i in range(5)]
        rng = random.Random(seed)
        while state.termination is None:
            seat = rs.waiting_seats(state)[0]
            action = bots.decide(seat_bots[seat], rs.redeterminize(state, seat, rng), seat)
            rs.apply_in_place(state, action)
            largest = max(largest, _sizes(state))
    print(f"Advanced 5-player games ({games}): largest raw {largest[0]:,} B, stored (zlib) {largest[1]:,} B")
