"""Command line: self-play tables (training the Smart bot's model: ``python -m training.mtaani``).

    python -m engine.mtaani.bots simulate --bots smart,advanced --games 1000 --seed 1 --jobs 2
    python -m engine.mtaani.bots simulate --bots base,advanced,advanced,base --games 200 \\
        --histories runs/base-adv.jsonl.gz --explore

``simulate`` plays ``--games`` games (seeds ``--seed`` .. ``--seed + games - 1``) with the seat
kinds of ``--bots`` rotated one seat per game (seat order matters), in ``--jobs`` processes
with a progress line, then prints each kind's win rate with a 95% Wilson interval, game length
in turns and revolutions, and how games ended. ``--histories`` writes every game's history
record (JSON lines, gzip when the name ends in ``.gz``); ``--explore`` makes each Advanced seat buy
and build at random where a real choice exists (training data that shows what each choice is
worth).

Training is not here: it needs numpy, a dev dependency, and the engine layer ships without
one (``training/mtaani.py`` in the repository: ``make train``).
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
from collections import Counter
from typing import Any

from engine.bots.tables import run, seat_kinds, seats_for, wilson
from engine.mtaani import bots
from engine.mtaani.bots import selfplay


def _play(job: tuple[list[str], int, int | None, bool, bool, str | None]) -> selfplay.GameResult:
    kinds, seed, max_turns, record, explore, model = job
    seat_bots = []
    for seat, kind in enumerate(kinds):
        options: dict[str, Any] = {}
        if explore and kind == "advanced":
            options["explore"] = True
        if model and kind == "smart":
            options["model_path"] = model
        seat_bots.append(bots.make(kind, selfplay.bot_seed(seed, seat), **options))
    return selfplay.play(kinds, seed, max_turns=max_turns, record=record, seat_bots=seat_bots)


class Progress:
    """A line on stderr every 5% of ``total`` games (and at the end)."""

    def __init__(self, total: int, unit: str = "games") -> None:
        self.total, self.done, self.unit = total, 0, unit
        self.every = max(1, total // 20)

    def update(self, n: int = 1) -> None:
        self.done += n
        if self.done % self.every == 0 or self.done == self.total:
            print(f"  {self.done:,}/{self.total:,} {self.unit}", file=sys.stderr, flush=True)

    def close(self) -> None:
        pass


def simulate(args: argparse.Namespace) -> list[selfplay.GameResult]:
    kinds = seat_kinds(args.bots, 2, 4)
    record = bool(args.histories)
    jobs = [(seats_for(kinds, g, not args.no_rotate), args.seed + g, args.max_turns, record,
             args.explore, args.model) for g in range(args.games)]
    out = None
    if args.histories:
        out = (gzip.open if args.histories.endswith(".gz") else open)(args.histories, "wt", encoding="utf-8")
    bar = Progress(len(jobs))
    try:
        results = run(_play, jobs, args.jobs, chunksize=2,
                      each=lambda result: _collect(result, out, bar))
    finally:
        bar.close()
        if out is not None:
            out.close()
    print(report(kinds, results))
    return results


def _collect(result: selfplay.GameResult, out, bar) -> None:
    if out is not None:
        out.write(json.dumps(result.history, separators=(",", ":")) + "\n")
    bar.update(1)


def report(kinds: list[str], results: list[selfplay.GameResult]) -> str:
    """The printed summary of a self-play run (see module docstring)."""
    n = len(results)
    lines = [f"{n} games, seats {','.join(kinds)} (rotated), {len(kinds)} players"]
    wins = Counter(r.winner_kind for r in results)
    for kind in sorted(set(kinds), key=bots.KINDS.index):
        seats = kinds.count(kind)
        low, high = wilson(wins[kind], n)
        lines.append(f"  {kind:<9} {seats} seat(s)  wins {wins[kind]:>5}  rate {wins[kind] / n:6.1%}  "
                     f"95% CI [{low:.1%}, {high:.1%}]  (even share {seats / len(kinds):.0%})")
    seat_wins = Counter(r.winner for r in results)
    lines.append("  wins by seat: " + ", ".join(f"seat {s} {seat_wins[s] / n:.1%}" for s in range(len(kinds))))
    turns = [r.turns for r in results]
    revs = [r.revolutions for r in results]
    lines.append(f"  turns: mean {statistics.mean(turns):.0f}, median {statistics.median(turns):.0f}, "
                 f"min {min(turns)}, max {max(turns)}")
    lines.append(f"  revolutions: mean {statistics.mean(revs):.1f}, median {statistics.median(revs):.0f}, "
                 f"min {min(revs)}, max {max(revs)}")
    ends = Counter(r.termination for r in results)
    lines.append("  ended by: " + ", ".join(f"{k} {v} ({v / n:.0%})" for k, v in ends.most_common()))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m engine.mtaani.bots", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play bot games and print win rates")
    sim.add_argument("--bots", default="base,advanced", help="seat kinds, comma separated (2-4)")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1, help="first game seed")
    sim.add_argument("--jobs", type=int, default=2, help="processes (at most the cores you may use)")
    sim.add_argument("--max-turns", type=int, default=None, help="turn cap (default by table size)")
    sim.add_argument("--histories", default=None, help="write history records here (.jsonl[.gz])")
    sim.add_argument("--explore", action="store_true", help="Advanced seats buy and build at random (training data)")
    sim.add_argument("--no-rotate", action="store_true", help="keep seat order fixed")
    sim.add_argument("--model", default=None, help="Smart model file (default: the shipped one)")
    args = parser.parse_args(argv)
    simulate(args)


if __name__ == "__main__":
    main()
