"""Training the Smart bot's value model by self-play (a dev tool: needs numpy, a dev
dependency; the bots themselves need nothing but the standard library).

Positions: the start of every turn (after the draw) of self-play games between Advanced bots
(2 to 5 seats, every decision asked on a state redeterminized for its seat), seen by the seat
whose turn it is: :func:`engine.mulodi.bots.features.features`. Label: whether that seat won
the game. Model: logistic regression on the standardised features (L2-regularised, fitted by
Newton's method), held-out figures printed; written as JSON (``smart_model.json``)::

    {"format": "mulodi-value/1", "names": [...], "mean": [...], "scale": [...],
     "weights": [...], "bias": b, "training": {games, positions, seeds, log_loss, ...}}

Not in the engine layer (nothing shipped imports it)::

    python -m training.mulodi --games 2000 --seed 300000 \
        --out layers/engine/engine/mulodi/bots/smart_model.json

plays ``--games`` games between Advanced bots (2 to 5 seats, in turn), takes the position at
the start of every turn with whether that seat won, fits the value model and writes it.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Iterator, Sequence

import engine
from engine.mulodi import bots
from engine.mulodi.bots.features import NAMES, features
from engine.mulodi.bots.selfplay import MAX_TURNS, bot_seed

FORMAT = "mulodi-value/1"


def positions(kinds: Sequence[str], seed: int) -> Iterator[tuple[list[float], int]]:
    """``(features, won)`` at each turn start of one self-play game of ``kinds`` from ``seed``."""
    rs = engine.get_ruleset("mulodi")
    kinds = list(kinds)
    state = rs.new_game([bots.seat_id(k, i) for i, k in enumerate(kinds)], seed,
                        {"max_turns": MAX_TURNS})
    seat_bots = [bots.make(k, bot_seed(seed, i)) for i, k in enumerate(kinds)]
    rng = random.Random(seed)
    seen: list[tuple[list[float], int]] = []
    last_turn = 0
    while state.termination is None:
        if state.action is None and state.turn != last_turn:
            last_turn = state.turn
            seen.append((features(state, state.current), state.current))
        seat = rs.waiting_seats(state)[0]
        action = bots.decide(seat_bots[seat], rs.redeterminize(state, seat, rng), seat, strict=True)
        rs.apply_in_place(state, action)
    for row, seat in seen:
        yield row, int(state.winner == seat)


def collect(games: int, seed: int, tables: Sequence[int] = (2, 3, 4, 5), kind: str = "advanced",
            jobs: int = 1) -> tuple[list[list[float]], list[int]]:
    """Positions of ``games`` games (seeds ``seed``..), table sizes cycling through ``tables``."""
    jobs_list = [([kind] * tables[g % len(tables)], seed + g) for g in range(games)]
    rows: list[list[float]] = []
    labels: list[int] = []
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for part in pool.imap_unordered(_game, jobs_list, chunksize=8):
                for r, y in part:
                    rows.append(r)
                    labels.append(y)
    else:
        for job in jobs_list:
            for r, y in _game(job):
                rows.append(r)
                labels.append(y)
    return rows, labels


def _game(job):
    kinds, seed = job
    return list(positions(kinds, seed))


def fit(rows: list[list[float]], labels: list[int], *, l2: float = 1.0, holdout: float = 0.15,
        seed: int = 0) -> dict:
    """Fit the logistic model (module docstring) and return it as the JSON-ready dict."""
    import numpy as np

    x = np.asarray(rows, dtype=float)
    y = np.asarray(labels, dtype=float)
    order = np.random.default_rng(seed).permutation(len(y))
    cut = int(len(y) * (1 - holdout))
    train, test = order[:cut], order[cut:]
    mean = x[train].mean(axis=0)
    scale = x[train].std(axis=0)
    scale[scale == 0] = 1.0
    z = (x - mean) / scale
    a = np.hstack([z, np.ones((len(y), 1))])
    w = np.zeros(a.shape[1])
    reg = np.eye(a.shape[1]) * l2
    reg[-1, -1] = 0.0
    for _ in range(25):
        p = 1 / (1 + np.exp(-(a[train] @ w)))
        grad = a[train].T @ (p - y[train]) + reg @ w
        hess = (a[train] * (p * (1 - p))[:, None]).T @ a[train] + reg
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break

    def loss(idx) -> tuple[float, float]:
        p = np.clip(1 / (1 + np.exp(-(a[idx] @ w))), 1e-9, 1 - 1e-9)
        ll = float(-np.mean(y[idx] * np.log(p) + (1 - y[idx]) * np.log(1 - p)))
        acc = float(np.mean((p > 0.5) == (y[idx] > 0.5)))
        return ll, acc

    base = float(y[train].mean())
    base_ll = -(base * math.log(base) + (1 - base) * math.log(1 - base))
    test_ll, test_acc = loss(test)
    return {
        "format": FORMAT,
        "names": list(NAMES),
        "mean": [round(float(v), 6) for v in mean],
        "scale": [round(float(v), 6) for v in scale],
        "weights": [round(float(v), 6) for v in w[:-1]],
        "bias": round(float(w[-1]), 6),
        "training": {"positions": len(y), "held_out": len(test), "log_loss": round(test_ll, 4),
                     "constant_log_loss": round(base_ll, 4), "accuracy": round(test_acc, 4),
                     "l2": l2},
    }


def write(model: dict, path: str) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(model, fh, separators=(",", ":"))
        fh.write("\n")


def train(args: argparse.Namespace) -> None:
    """The command (see the module docstring)."""
    start = time.perf_counter()
    rows, labels = collect(args.games, args.seed, jobs=args.jobs)
    model = fit(rows, labels, l2=args.l2)
    model["training"].update(games=args.games, seeds=f"{args.seed}..{args.seed + args.games - 1}",
                             tables="2 to 5 Advanced bots",
                             seconds=round(time.perf_counter() - start))
    write(model, args.out)
    print(json.dumps(model["training"], indent=2))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m training.mulodi",
                                     description="fit the Smart bot's value model on self-play positions")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=300_000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--l2", type=float, default=1.0)
    parser.add_argument("--out", required=True)
    train(parser.parse_args(argv))


if __name__ == "__main__":
    main()
