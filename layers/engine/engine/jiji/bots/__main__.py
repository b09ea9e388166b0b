"""Command line: Jiji self-play tables, balance figures and the Smart bot's tuning.

    python -m engine.jiji.bots simulate --bots smart,advanced --games 1000 --seed 1 --jobs 2
    python -m engine.jiji.bots balance --players 2,3,4,6 --games 300 --jobs 2
    python -m engine.jiji.bots tune --games 300 --rounds 2 --out layers/engine/engine/jiji/bots/smart_params.json

(also ``python -m engine.bots --ruleset jiji simulate ...`` where that entry exists).

``simulate`` plays ``--games`` games (seeds ``--seed`` ..) with the seat kinds of ``--bots``
rotated one seat per game, then prints each kind's win rate with a 95% Wilson interval, the
length of games (turns, hours of live play) and how they ended. ``--end clock`` plays clock
tables (``--clock`` seconds of the virtual live clock, default the rulebook's hour). It also
prints the auctions: how many, bids per auction and how long each stayed open (``--bid-seconds``
spaces bids as the service's bot delay does).

``balance`` plays ``--kinds`` bots (default Advanced) at each seat count of ``--players``, at a last-player-standing table and at a one-hour clock table, and prints game
length, how games end and money over time (mean cash and districts' rent value per active
player every 20 turns): the figures of ``docs/rules.md`` (Jiji, "Balance").

``tune`` fits the Smart bot's knobs by coordinate search: each round tries each knob up and
down and keeps a change that wins more two-seat games against the Advanced bot (over the same
seeds), then writes the parameters and their record to ``--out``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from dataclasses import asdict, replace
from typing import Any

from engine.bots.tables import run, seat_kinds, seats_for, wilson
from engine.jiji.bots import selfplay


def _play(job: tuple) -> selfplay.GameResult:
    kinds, seed, end, clock, max_turns, params, snapshot, *rest = job
    bid_seconds = rest[0] if rest else selfplay.BID_SECONDS
    seat_bots = None
    if params is not None:
        # Cold start: the Smart bot's policy and module load only for the tune command.
        from engine.jiji import bots
        from engine.jiji.bots.policy import Params

        seat_bots = []
        for seat, kind in enumerate(kinds):
            if kind == "candidate":
                from engine.jiji.bots.smart import SmartBot

                seat_bots.append(SmartBot(selfplay.bot_seed(seed, seat), Params.from_dict(params)))
            else:
                seat_bots.append(bots.make(kind, selfplay.bot_seed(seed, seat)))
    return selfplay.play(kinds, seed, end=end, clock_seconds=clock, max_turns=max_turns,
                         seat_bots=seat_bots, snapshot_every=snapshot, bid_seconds=bid_seconds)


def play_all(jobs: list[tuple], workers: int) -> list[selfplay.GameResult]:
    """Play ``jobs`` (in ``workers`` processes when more than one); results in order."""
    return run(_play, jobs, workers, chunksize=8)


def simulate(args) -> None:
    """The ``simulate`` command (module doc)."""
    kinds = seat_kinds(args.bots, 2, 6)
    jobs = [(seats_for(kinds, g), args.seed + g, args.end, args.clock, args.max_turns, None, 0,
             args.bid_seconds) for g in range(args.games)]
    start = time.perf_counter()
    cpu = time.process_time()
    results = play_all(jobs, args.jobs)
    wall = time.perf_counter() - start
    report(kinds, results, wall, time.process_time() - cpu)


def report(kinds: list[str], results: list[selfplay.GameResult], wall: float, cpu: float) -> None:
    """Print win rates with 95% Wilson intervals, game length and how games ended."""
    n = len(results)
    wins: Counter[str] = Counter()
    seat0 = 0
    for r in results:
        if r.winner is not None:
            wins[r.kinds[r.winner]] += 1
            seat0 += r.winner == 0
    per_kind = Counter(kinds)
    print(f"{n} games of {len(kinds)} seats ({','.join(kinds)}), seats rotated; "
          f"{wall:.0f} s wall, {n / wall:.1f} games/s")
    for kind in per_kind:
        low, high = wilson(wins[kind], n)
        print(f"  {kind:<9} won {wins[kind]:>5} = {wins[kind] / n:6.1%}  95% CI "
              f"[{low:.1%}, {high:.1%}]  ({per_kind[kind]} seat{'s' if per_kind[kind] > 1 else ''})")
    turns = [r.turns for r in results]
    hours = [r.seconds / 3600 for r in results]
    ends = Counter(r.termination for r in results)
    print(f"  turns: mean {statistics.mean(turns):.0f}, median {statistics.median(turns):.0f}; "
          f"live hours: median {statistics.median(hours):.2f}")
    print("  ended by: " + ", ".join(f"{k} {v / n:.0%}" for k, v in ends.most_common()))
    print(f"  seat 0 won {seat0 / n:.1%}")
    auctions = [a for r in results for a in r.auctions]
    if auctions:
        bids = sorted(b for b, _ in auctions)
        seconds = sorted(s for _, s in auctions)
        q = lambda xs, f: xs[min(len(xs) - 1, int(f * len(xs)))]  # noqa: E731
        print(f"  auctions: {len(auctions)} ({len(auctions) / n:.1f} a game); bids per auction: "
              f"mean {statistics.mean(bids):.1f}, median {q(bids, .5)}, p90 {q(bids, .9)}, "
              f"max {bids[-1]}; seconds open: median {q(seconds, .5)}, p90 {q(seconds, .9)}, "
              f"max {seconds[-1]}")


def balance(args) -> None:
    """The ``balance`` command (module doc)."""
    kind = args.kinds
    for players in [int(x) for x in args.players.split(",")]:
        for end, clock in (("last_standing", None), ("clock", args.clock)):
            jobs = [([kind] * players, args.seed + g, end, clock, args.max_turns, None, 20)
                    for g in range(args.games)]
            results = play_all(jobs, args.jobs)
            n = len(results)
            ends = Counter(r.termination for r in results)
            turns = sorted(r.turns for r in results)
            hours = sorted(r.seconds / 3600 for r in results)
            q = lambda xs, f: xs[min(len(xs) - 1, int(f * len(xs)))]  # noqa: E731
            print(f"{players} players, {end}{'' if clock is None else f' {clock} s'}: {n} games; "
                  f"turns p25/median/p75 {q(turns, .25)}/{q(turns, .5)}/{q(turns, .75)}; "
                  f"hours p25/median/p75 {q(hours, .25):.2f}/{q(hours, .5):.2f}/{q(hours, .75):.2f}; "
                  + ", ".join(f"{k} {v / n:.0%}" for k, v in ends.most_common()))
            if end == "last_standing":
                by_turn: dict[int, list[tuple[float, float, int]]] = {}
                for r in results:
                    for snap in r.snapshots[:-1]:  # the last is the game's end
                        if snap["players"] and snap["turn"] % 20 == 0:
                            by_turn.setdefault(snap["turn"], []).append(
                                (snap["cash"] / snap["players"], snap["districts"] / snap["players"],
                                 snap["players"]))
                rows = []
                for turn in sorted(by_turn)[:15]:
                    rows_ = by_turn[turn]
                    if len(rows_) < n // 5:
                        break
                    rows.append(f"t{turn}: cash {statistics.mean(x for x, _, _ in rows_) / 1e6:.1f}M "
                                f"rent {statistics.mean(y for _, y, _ in rows_) / 1e6:.1f}M "
                                f"({statistics.mean(z for _, _, z in rows_):.1f} left, "
                                f"{len(rows_)} games)")
                print("   money per active player: " + "; ".join(rows))
        sys.stdout.flush()


def _score(params: dict[str, Any], games: int, seed: int, workers: int) -> float:
    jobs = [(seats_for(["candidate", "advanced"], g), seed + g, "last_standing", None, 600,
             params, 0) for g in range(games)]
    results = play_all(jobs, workers)
    return sum(r.winner is not None and r.kinds[r.winner] == "candidate" for r in results) / games


STEPS: dict[str, tuple[float, ...]] = {
    "reserve_min": (-500_000, 500_000),
    "reserve_rent_share": (-0.2, 0.2),
    "bid_factor": (-0.15, 0.15),
    "group_bonus": (-0.3, 0.3),
    "pair_bonus": (-0.15, 0.15),
    "deny_bonus": (-0.2, 0.2),
    "nuisance_risk": (-0.15, 0.15),
    "leader_weight": (-0.5, 0.5),
    "exemption_min": (-300_000, 300_000),
    "open_share": (-0.25, 0.25),
    "fine_unowned": (-3, 3),
    "offer_margin": (-0.15, 0.15),
    "offer_chance": (-0.2, 0.3),
    "industrial_share": (0.0, 0.3),
}


def tune(args) -> None:
    """The ``tune`` command (module doc)."""
    # Cold start: the Smart bot's policy and module load only for this command.
    from engine.jiji.bots.policy import Params
    from engine.jiji.bots.smart import tuned

    current = asdict(replace(tuned()))
    current["propose_deals"] = True
    best = _score(current, args.games, args.seed, args.jobs)
    history = [{"params": dict(current), "score": best}]
    print(f"start: {best:.3f}", flush=True)
    for rnd in range(args.rounds):
        for name, steps in STEPS.items():
            for step in steps:
                if not step:
                    continue
                trial = dict(current)
                value = trial[name] + step
                if isinstance(Params.__dataclass_fields__[name].default, int) and \
                        not isinstance(Params.__dataclass_fields__[name].default, bool):
                    value = int(value)
                if value < 0:
                    continue
                trial[name] = value
                score = _score(trial, args.games, args.seed, args.jobs)
                print(f"round {rnd + 1} {name} {current[name]} -> {value}: {score:.3f} "
                      f"(best {best:.3f})", flush=True)
                if score > best + args.margin:
                    current, best = trial, score
                    history.append({"params": dict(current), "score": best, "changed": name})
                    break
    record = {"params": current, "fitted": {"games_per_trial": args.games, "seed": args.seed,
                                            "opponent": "advanced", "seats": 2,
                                            "score": best, "rounds": args.rounds,
                                            "changes": [h.get("changed") for h in history[1:]]}}
    with open(args.out, "w") as fh:
        json.dump(record, fh, indent=1)
        fh.write("\n")
    print(f"wrote {args.out}: score {best:.3f}")


def main(argv: list[str]) -> None:
    """Parse ``argv`` and run the command."""
    parser = argparse.ArgumentParser(prog="python -m engine.jiji.bots")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate")
    sim.add_argument("--bots", default="smart,advanced")
    sim.add_argument("--games", type=int, default=200)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--jobs", type=int, default=1)
    sim.add_argument("--end", default="last_standing", choices=["last_standing", "clock"])
    sim.add_argument("--clock", type=int, default=None)
    sim.add_argument("--max-turns", type=int, default=600)
    sim.add_argument("--bid-seconds", type=int, default=selfplay.BID_SECONDS,
                     help="virtual seconds between two bids (the service's bot delay)")
    bal = sub.add_parser("balance")
    bal.add_argument("--players", default="2,3,4,6")
    bal.add_argument("--kinds", default="advanced")
    bal.add_argument("--games", type=int, default=300)
    bal.add_argument("--seed", type=int, default=500_000)
    bal.add_argument("--jobs", type=int, default=1)
    bal.add_argument("--clock", type=int, default=3600)
    bal.add_argument("--max-turns", type=int, default=600)
    tun = sub.add_parser("tune")
    tun.add_argument("--games", type=int, default=300)
    tun.add_argument("--seed", type=int, default=7_000_000)
    tun.add_argument("--rounds", type=int, default=2)
    tun.add_argument("--jobs", type=int, default=1)
    tun.add_argument("--margin", type=float, default=0.01)
    tun.add_argument("--out", default="smart_params.json")
    args = parser.parse_args(argv)
    {"simulate": simulate, "balance": balance, "tune": tune}[args.command](args)


if __name__ == "__main__":
    main(sys.argv[1:])
