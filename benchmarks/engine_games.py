"""Random-legal-action Mtaani games to completion per second, on one core."""

import time

from benchmarks.randomplay import random_game


def main(games: int = 40) -> None:
    start = time.perf_counter()
    actions = finished = 0
    for seed in range(games):
        state, count = random_game(seed, players=4, max_turns=2_000)
        actions += count
        finished += state.termination is not None
    elapsed = time.perf_counter() - start
    print(f"games: {games} (ended: {finished}), actions: {actions:,}, seconds: {elapsed:.2f}")
    print(f"games/s: {games / elapsed:.2f}   actions/s: {actions / elapsed:,.0f}")
