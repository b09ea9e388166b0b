"""Command line: Mulodi self-play tables (training the Smart bot's value model: ``python -m
training.mulodi``, in the repository, not the engine layer: it needs numpy, a dev dependency).

    python -m engine.mulodi.bots simulate --bots advanced,base --games 1000 --seed 2000000 --jobs 1

``simulate`` plays ``--games`` games (seeds ``--seed`` .. ``--seed + games - 1``) with the seat
kinds of ``--bots`` rotated one seat per game (seat order matters), in ``--jobs`` processes,
then prints each kind's win rate with a 95% Wilson interval, game length and how games ended.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter

from engine.bots.tables import run, seat_kinds, seats_for, wilson
from engine.mulodi import bots
from engine.mulodi.bots import selfplay


def _play(job: tuple[list[str], int]) -> selfplay.GameResult:
    kinds, seed = job
    return selfplay.play(kinds, seed)


def report(kinds: list[str], results: list[selfplay.GameResult], seconds: float) -> str:
    """The printed summary of a run (module docstring)."""
    n = len(results)
    lines = [f"{n} games, seats {','.join(kinds)} (rotated), {len(kinds)} players, "
             f"{seconds:.0f} s"]
    wins = Counter(r.winner_kind for r in results)
    for kind in sorted(set(kinds), key=bots.KINDS.index):
        seats = kinds.count(kind)
        low, high = wilson(wins[kind], n)
        lines.append(f"  {kind:<9} {seats} seat(s)  wins {wins[kind]:>5}  rate {wins[kind] / n:6.1%}  "
                     f"95% CI [{low:.1%}, {high:.1%}]  (even share {seats / len(kinds):.0%})")
    if wins[None]:
        lines.append(f"  no winner: {wins[None]}")
    seat_wins = Counter(r.winner for r in results)
    lines.append("  wins by seat: " + ", ".join(f"seat {s} {seat_wins[s] / n:.1%}" for s in range(len(kinds))))
    turns = [r.turns for r in results]
    lines.append(f"  turns: mean {statistics.mean(turns):.1f}, median {statistics.median(turns):.0f}, "
                 f"min {min(turns)}, max {max(turns)}")
    ends = Counter(r.termination for r in results)
    lines.append("  ended by: " + ", ".join(f"{k} {v} ({v / n:.0%})" for k, v in ends.most_common()))
    return "\n".join(lines)


def simulate(args: argparse.Namespace) -> list[selfplay.GameResult]:
    kinds = seat_kinds(args.bots, 2, 5)
    jobs = [(seats_for(kinds, g), args.seed + g) for g in range(args.games)]
    start = time.perf_counter()
    done = [0]

    def progress(_result: selfplay.GameResult) -> None:
        done[0] += 1
        if args.progress and done[0] % 100 == 0:
            print(f"  {done[0]} games", file=sys.stderr)

    results = run(_play, jobs, args.jobs, each=progress)
    print(report(kinds, results, time.perf_counter() - start))
    return results


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m engine.mulodi.bots",
                                     description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play bot games and print win rates")
    sim.add_argument("--bots", default="advanced,base", help="seat kinds, comma separated (2-5)")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1, help="first game seed")
    sim.add_argument("--jobs", type=int, default=1, help="processes (at most the cores you may use)")
    sim.add_argument("--progress", action="store_true", help="print a line every 100 games")
    args = parser.parse_args(argv)
    simulate(args)


if __name__ == "__main__":
    main()
