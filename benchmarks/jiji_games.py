"""Random-legal Jiji games to completion per CPU second (engine speed, issue 23).

Figures are CPU seconds of this (single-threaded) process, so other work on the machine does
not skew them; wall-clock seconds are printed beside them. Three measures:

- random play: each step applies a random legal action of the seat the game waits on, in
  place (``apply_in_place``, a self-play loop); an open auction gets a random bid half the time
  and otherwise closes at its time; 4 seats at a last-player-standing table, to the end or a
  2,000-turn cap (random players rarely build enough to bankrupt each other);
- ``engine.apply`` alone: the same games' actions replayed through the public ``apply``, which
  copies the state first (what the service does once per request);
- ``legal_actions`` alone: listing the waiting seat's actions once per replayed step.
"""

from __future__ import annotations

import random
import time
from collections import Counter

import engine
from engine.jiji.actions import CloseAuction

PLAYERS = 4
MAX_TURNS = 2_000
START = 1_800_000_000
PROGRESS = {"roll", "buy", "auction", "end_turn", "place_blocks", "place_station",
            "place_permit", "place_free_block", "pay_rent", "use_exemption", "construction",
            "build_stadium", "build_skyscraper", "build_tower"}
"""Actions a random player prefers (nine times in ten), so random games move on; in debt it
mortgages or gives up at random."""


def random_game(seed: int, players: int = PLAYERS, record: list | None = None):
    """One random-legal game in place; returns ``(state, actions_applied)``."""
    rs = engine.get_ruleset("jiji")
    rng = random.Random(seed)
    state = rs.new_game([f"p{i}" for i in range(players)], seed, {"auction_seconds": 50})
    now = START
    count = 0
    while state.over is None and state.turn <= MAX_TURNS:
        now += 5
        if state.auction is not None:
            seats = [d.player for d in rs.pending(state) if d.kind == "bid"]
            if seats and rng.random() < 0.5 and now < state.auction.close:
                legal = list(rs.legal_actions(state, rng.choice(seats)))
                action = engine.stamp(rng.choice(legal), now)
            else:
                now = max(now, state.auction.close)
                action = CloseAuction(now=now)
        else:
            seat = next(d.player for d in rs.pending(state) if d.player is not None)
            legal = list(rs.legal_actions(state, seat))
            progress = [a for a in legal if a.type in PROGRESS]
            if state.debts:
                action = rng.choice(legal)
            elif progress and rng.random() < 0.9:
                action = rng.choice(progress)
            else:
                action = rng.choice(legal)
            action = engine.stamp(action, now)
        rs.apply_in_place(state, action)
        if record is not None:
            record.append(action)
        count += 1
    return state, count


SMOKE = {"games": 2, "replayed": 1}
"""``make test``'s size (tests/test_benchmarks_smoke.py)."""


def main(games: int = 40, replayed: int = 10) -> None:
    cpu0, wall0 = time.process_time(), time.perf_counter()
    endings: Counter[str] = Counter()
    logs = []
    total = turns = 0
    for seed in range(games):
        actions: list = []
        state, count = random_game(seed, record=actions)
        endings[state.over["termination"] if state.over else "turn cap"] += 1
        total += count
        turns += state.turn
        logs.append((seed, actions))
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    print(f"random play: {games} games of {PLAYERS} ({dict(endings)}), {turns:,} turns, "
          f"{total:,} actions, {cpu:.2f} CPU s ({wall:.2f} wall s)")
    print(f"  games per CPU second: {games / cpu:.1f}   actions/s: {total / cpu:,.0f}   "
          f"actions/game: {total / games:,.0f}")
    rs = engine.get_ruleset("jiji")
    apply_cpu = legal_cpu = 0.0
    steps = 0
    for seed, actions in logs[:replayed]:
        state = rs.new_game([f"p{i}" for i in range(PLAYERS)], seed, {"auction_seconds": 50})
        for action in actions:
            waiting = rs.waiting_seats(state)
            t0 = time.process_time()
            if waiting:
                rs.legal_actions(state, waiting[0])
            t1 = time.process_time()
            state = rs.apply(state, action).state
            apply_cpu += time.process_time() - t1
            legal_cpu += t1 - t0
            steps += 1
    print(f"engine apply (copying the state): {steps / apply_cpu:,.0f} actions/s "
          f"({apply_cpu / steps * 1e6:,.0f} µs each, {steps:,} actions of {replayed} games)")
    print(f"legal_actions (the waiting seat): {steps / legal_cpu:,.0f} listings/s "
          f"({legal_cpu / steps * 1e6:,.0f} µs each)")
