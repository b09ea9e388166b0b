"""The bots' ratings per game and level from self-play tables (issue 33.2), for the lobby's bot
picker and as the bots' ratings in rated games (``service.ratings``).

Each table seats one bot of every level (Base, Advanced, Smart), in every seat order in turn,
and is played to its end through the engine's public interface (the table's deadline actions
answer what no bot decides: an auction's close, a game clock); its finishing places
(``engine.places``) rate the three levels by OpenSkill's Plackett-Luce model, the model rated
games use, each level one player from a new player's rating. Writes a small JSON file::

    {"format": "bot-ratings/1", "model": "openskill PlackettLuce", "tables": {game: n},
     "ratings": {game: {level: {"mu", "sigma", "tables"}}}}

A dev tool (not in make test at this size; tests/test_benchmarks_smoke.py plays one table)::

    python -m training.rate_bots --tables 30 --out functions/service/data/bot_ratings.json
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from pathlib import Path
from typing import Any

import engine
from engine import bots

LEVELS = ("base", "advanced", "smart")
SHORT = {"mtaani": ("mtaani", {"max_turns": 60}),
         "mulodi": ("mulodi", {"max_turns": 40}),
         "jiji": ("jiji", {"end": "clock", "clock_seconds": 120 * 86400,
                           "auction_seconds": 3600, "deal_seconds": 3600})}
"""Per game: the ruleset and the table options of its self-play tables (a cap, so a table of
bots that never bankrupt each other still ends; the cap's ranking then places them)."""
MAX_ACTIONS = 20_000
START = 1_800_000_000
"""The tables' virtual start time (Unix seconds); each move advances it."""


def play_table(ruleset: str, options: dict[str, Any], levels: list[str], seed: int) -> list[int]:
    """One table of bots of ``levels`` (seat order) dealt from ``seed``; the finishing places."""
    seats = [bots.seat_id(level, i) for i, level in enumerate(levels)]
    state = engine.new_game(ruleset, seats, seed, options)
    rs = engine.ruleset_of(state)
    now, since, knocked_out = START, {}, []
    for count in range(MAX_ACTIONS):
        if rs.outcome(state) is not None:
            return rs.places(state, knocked_out)
        now += 5
        pending = rs.pending(state)
        for d in pending:
            since.setdefault(d.id, now)
        action = None
        for seat in rs.waiting_seats(state):
            action = bots.choose(state, seat, levels[seat], seed * 16 + seat + count)
            if action is not None:
                break
        if action is None:  # the table answers the decision due first (a close, a clock)
            timed = [(d.deadline.due(since[d.id]), d.id, d) for d in pending if d.deadline]
            if not timed:
                raise RuntimeError(f"{ruleset} table {seed}: nothing to do")
            due, _, decision = min(timed, key=lambda t: t[:2])
            now = max(now, due)
            action = rs.deadline_action(state, decision, now)
            if action is None:
                raise RuntimeError(f"{ruleset} table {seed}: no deadline action")
        result = rs.apply(state, engine.stamp(action, now))
        state = result.state
        knocked_out += [e["player"] for e in result.events if e["type"] == "Bankrupt"]
    raise RuntimeError(f"{ruleset} table {seed} ran past {MAX_ACTIONS} actions")


def rate_game(game: str, tables: int, seed: int) -> dict[str, Any]:
    """Play ``tables`` self-play tables of ``game`` and rate the levels."""
    from service import ratings

    ruleset, options = SHORT[game]
    current = {level: {"mu": ratings.model().rating().mu, "sigma": ratings.model().rating().sigma}
               for level in LEVELS}
    orders = list(itertools.permutations(LEVELS))
    for n in range(tables):
        levels = list(orders[n % len(orders)])
        places = play_table(ruleset, options, levels, seed + n)
        after = ratings.rate([current[level] for level in levels], places)
        for level, rating in zip(levels, after, strict=True):
            current[level] = rating
    return {level: {"mu": round(r["mu"], 3), "sigma": round(r["sigma"], 3), "tables": tables}
            for level, r in current.items()}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=30, help="tables per game")
    parser.add_argument("--seed", type=int, default=330_000)
    parser.add_argument("--games", default=",".join(SHORT), help="games to rate (comma-separated)")
    parser.add_argument("--out", type=Path, default=None, help="the JSON file to write")
    args = parser.parse_args(argv)
    started = time.process_time()
    games = [g for g in args.games.split(",") if g]
    out = {"format": "bot-ratings/1", "model": "openskill PlackettLuce (defaults)",
           "tables": {g: args.tables for g in games}, "seed": args.seed,
           "ratings": {g: rate_game(g, args.tables, args.seed) for g in games}}
    for game, levels in out["ratings"].items():
        print(game, "  ".join(f"{lv} {r['mu']:.1f}±{r['sigma']:.1f}" for lv, r in levels.items()))
    print(f"{time.process_time() - started:.1f} CPU s")
    if args.out:
        args.out.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    return out


if __name__ == "__main__":
    main()
