"""Random-legal-action Mulodi games to completion per CPU second, on one core.

Figures are CPU seconds of this (single-threaded) process, so other work on the machine does
not skew them; wall-clock seconds are printed beside them. Each step takes the first pending
decision's holder, lists its legal actions and applies a random one in place (type first, so
rare types get played; ending the turn is picked a third as often as the others); games end by
3 full sets, or by the house stalemate rule, or at a 1,000-turn cap. Also: ``engine.apply``
alone (the same actions replayed through the public ``apply``, which copies the state first,
as the service does once per request) and ``legal_actions`` alone.
"""

import random
import time
from collections import Counter

import engine

MAX_TURNS = 1_000


def random_mulodi_game(seed: int, players: int, record: list | None = None):
    """One random legal game; returns ``(state, actions applied)``."""
    rs = engine.get_ruleset("mulodi")
    rng = random.Random(seed)
    state = rs.new_game([f"p{i}" for i in range(players)], seed, {"max_turns": MAX_TURNS})
    count = 0
    while state.termination is None:
        seat = rs.pending(state)[0].player
        by_type: dict[str, list] = {}
        for action in rs.legal_actions(state, seat):
            by_type.setdefault(action.type, []).append(action)
        kinds = sorted(by_type)
        if "end_turn" in by_type and len(kinds) > 1 and rng.random() < 0.67:
            kinds.remove("end_turn")
        action = rng.choice(by_type[rng.choice(kinds)])
        rs.apply_in_place(state, action)
        if record is not None:
            record.append(action)
        count += 1
    return state, count


SMOKE = {"games": 4, "replayed": 1}
"""``make test``'s size (tests/test_benchmarks_smoke.py)."""


def main(games: int = 200, replayed: int = 40) -> None:
    rs = engine.get_ruleset("mulodi")
    start_cpu, start_wall = time.process_time(), time.perf_counter()
    endings: Counter[str] = Counter()
    logs = []
    total = turns = 0
    for seed in range(games):
        players = 2 + seed % 4
        actions: list = []
        state, count = random_mulodi_game(seed, players, actions)
        endings[state.termination] += 1
        total += count
        turns += state.turn
        logs.append((seed, players, actions))
    cpu = time.process_time() - start_cpu
    wall = time.perf_counter() - start_wall
    print(f"random play: {games} games of 2 to 5 players ({dict(endings)}), {total:,} actions, "
          f"{cpu:.2f} CPU s ({wall:.2f} wall s)")
    print(f"  games per CPU second: {games / cpu:.1f}   actions/s: {total / cpu:,.0f}   "
          f"actions/game: {total / games:,.0f}   turns/game: {turns / games:.0f}")
    apply_cpu = legal_cpu = 0.0
    steps = 0
    for seed, players, actions in logs[:replayed]:
        state = rs.new_game([f"p{i}" for i in range(players)], seed, {"max_turns": MAX_TURNS})
        for action in actions:
            t0 = time.process_time()
            rs.legal_actions(state, rs.pending(state)[0].player)
            t1 = time.process_time()
            state = engine.apply(state, action).state
            apply_cpu += time.process_time() - t1
            legal_cpu += t1 - t0
            steps += 1
    print(f"engine.apply (copying the state): {steps / apply_cpu:,.0f} actions/s "
          f"({apply_cpu / steps * 1e6:,.0f} µs each, {steps:,} actions of {replayed} games)")
    print(f"legal_actions (first pending holder): {steps / legal_cpu:,.0f} listings/s "
          f"({legal_cpu / steps * 1e6:,.0f} µs each)")
