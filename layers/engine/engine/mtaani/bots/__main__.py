"""Command line: self-play tables and training the Smart bot's model.

    python -m engine.mtaani.bots simulate --bots smart,advanced --games 1000 --seed 1 --jobs 2
    python -m engine.mtaani.bots simulate --bots base,advanced,advanced,base --games 200 \\
        --histories runs/base-adv.jsonl.gz --explore
    python -m engine.mtaani.bots train runs/*.jsonl.gz --out layers/engine/engine/mtaani/bots/smart_model.json

``simulate`` plays ``--games`` games (seeds ``--seed`` .. ``--seed + games - 1``) with the seat
kinds of ``--bots`` rotated one seat per game (seat order matters), in ``--jobs`` processes
with a progress bar, then prints each kind's win rate with a 95% Wilson interval, game length
in turns and revolutions, and how games ended. ``--histories`` writes every game's history
record (JSON lines, gzip when the name ends in ``.gz``); ``--explore`` makes each Advanced seat buy
and build at random where a real choice exists (training data that shows what each choice is
worth).

``train`` replays history records and fits the Smart bot's model (needs numpy, a dev
dependency), then prints its held-out figures.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import statistics
import sys
from collections import Counter

from engine.mtaani import bots
from engine.mtaani.bots import selfplay


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (``wins`` of ``n``)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _play(job: tuple[list[str], int, int | None, bool, bool, str | None]) -> selfplay.GameResult:
    kinds, seed, max_turns, record, explore, model = job
    seat_bots = []
    for seat, kind in enumerate(kinds):
        options = {}
        if explore and kind == "advanced":
            options["explore"] = True
        if model and kind == "smart":
            options["model_path"] = model
        seat_bots.append(bots.make(kind, selfplay.bot_seed(seed, seat), **options))
    return selfplay.play(kinds, seed, max_turns=max_turns, record=record, seat_bots=seat_bots)


def seats_for(kinds: list[str], game: int, rotate: bool = True) -> list[str]:
    """Seat kinds of game number ``game``: ``kinds`` rotated by ``game`` seats."""
    if not rotate:
        return list(kinds)
    k = game % len(kinds)
    return kinds[k:] + kinds[:k]


def _progress(total: int):
    try:
        from tqdm import tqdm
    except ImportError:  # the CLI still runs without the dev extra; it just prints less
        return None
    return tqdm(total=total, unit="game", file=sys.stderr, smoothing=0.05)


def simulate(args: argparse.Namespace) -> list[selfplay.GameResult]:
    kinds = [k.strip() for k in args.bots.split(",") if k.strip()]
    for kind in kinds:
        if kind not in bots.KINDS:
            raise SystemExit(f"unknown bot kind {kind!r}; known: {', '.join(bots.KINDS)}")
    if not 2 <= len(kinds) <= 4:
        raise SystemExit("--bots names 2 to 4 seats")
    record = bool(args.histories)
    jobs = [(seats_for(kinds, g, not args.no_rotate), args.seed + g, args.max_turns, record,
             args.explore, args.model) for g in range(args.games)]
    out = None
    if args.histories:
        out = (gzip.open if args.histories.endswith(".gz") else open)(args.histories, "wt", encoding="utf-8")
    results: list[selfplay.GameResult] = []
    bar = _progress(len(jobs))
    try:
        if args.jobs > 1:
            import multiprocessing

            with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
                for result in pool.imap_unordered(_play, jobs, chunksize=2):
                    results.append(result)
                    _collect(result, out, bar)
        else:
            for job in jobs:
                result = _play(job)
                results.append(result)
                _collect(result, out, bar)
    finally:
        if bar is not None:
            bar.close()
        if out is not None:
            out.close()
    print(report(kinds, results))
    return results


def _collect(result: selfplay.GameResult, out, bar) -> None:
    if out is not None:
        out.write(json.dumps(result.history, separators=(",", ":")) + "\n")
    if bar is not None:
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


def train(args: argparse.Namespace) -> dict:
    from engine.mtaani.bots import train as tr

    records = list(tr.read_records(args.histories))
    if not records:
        raise SystemExit("no history records found")
    print(f"replaying {len(records)} games ...", file=sys.stderr)
    jobs = [(r, args.every) for r in records]
    bar = _progress(len(jobs))
    games = []
    if args.jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            for item in pool.imap(tr._samples_job, jobs, chunksize=4):
                games.append(item)
                if bar is not None:
                    bar.update(1)
    else:
        for job in jobs:
            games.append(tr._samples_job(job))
            if bar is not None:
                bar.update(1)
    if bar is not None:
        bar.close()
    data = tr.fit([(g["value"][0], g["value"][1]) for g in games], hidden=args.hidden,
                  epochs=args.epochs, seed=args.seed)
    from engine.mtaani.bots import model as mdl

    names = {"buy": [*mdl.FEATURES, *mdl.BUY_FEATURES], "build": [*mdl.FEATURES, *mdl.BUILD_FEATURES]}
    data["decisions"] = {}
    for name, feature_names in names.items():
        rows = [r for g in games for r in g[name][0]]
        if not rows:
            print(f"no explorer {name} choices in these games: no {name} model", file=sys.stderr)
            continue
        labels = [v for g in games for v in g[name][1]]
        took = [v for g in games for v in g[name][2]]
        data["decisions"][name] = tr.fit_uplift(rows, labels, took, feature_names, seed=args.seed)
    data["training"]["sources"] = [str(p).rsplit("/", 1)[-1] for p in args.histories]
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(data, fh, separators=(",", ":"))
        fh.write("\n")
    summary = {"value": data["training"]}
    for name, item in data["decisions"].items():
        summary[name] = {k: item[k] for k in ("samples", "took_share", "win_rate_took",
                                                "win_rate_skipped", "positive_share", "c")}
    print(json.dumps(summary, indent=2))
    return data


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
    tr = sub.add_parser("train", help="fit the Smart bot's model on history records")
    tr.add_argument("histories", nargs="+", help="history record files (.jsonl[.gz])")
    tr.add_argument("--out", default=str(__import__("engine.mtaani.bots.model", fromlist=["x"]).MODEL_PATH))
    tr.add_argument("--hidden", type=int, default=16)
    tr.add_argument("--epochs", type=int, default=400)
    tr.add_argument("--every", type=int, default=3, help="sample every N-th turn")
    tr.add_argument("--jobs", type=int, default=2)
    tr.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.command == "simulate":
        simulate(args)
    else:
        train(args)


if __name__ == "__main__":
    main()
