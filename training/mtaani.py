"""Training the Smart bot's model from completed-game history records (dev tool: needs numpy).

Each record (:mod:`engine.mtaani.bots.selfplay`) is replayed from its seed; at the start of every
``every``-th turn each active seat's position becomes one sample: its :func:`features
<engine.mtaani.bots.model.features>` and whether that seat went on to win. A one-hidden-layer network
is fitted by full-batch Adam on log loss with L2 weight decay, the games split into training
and held-out sets (by game, never by sample). The result is the JSON the run-time
:class:`~engine.mtaani.bots.model.Model` reads.

Not in the engine layer (numpy is a dev dependency; nothing shipped imports this)::

    python -m training.mtaani runs/*.jsonl.gz --out layers/engine/engine/mtaani/bots/smart_model.json

replays the history records (``python -m engine.bots simulate --histories``, ``make train``),
fits the model and prints its held-out figures.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections.abc import Iterable, Iterator
from typing import Any

from engine.mtaani.bots import model as mdl
from engine.mtaani.bots.__main__ import Progress
from engine.mtaani.bots.selfplay import replay
from engine.mtaani.flow import Ctx


def read_records(paths: Iterable[str]) -> Iterator[dict[str, Any]]:
    """History records from JSON-lines files (``.gz`` read compressed)."""
    for path in paths:
        opener = gzip.open if str(path).endswith(".gz") else open
        with opener(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    yield json.loads(line)


Samples = dict[str, tuple[list[list[float]], list[float], list[float]]]
"""``"value"``: (rows, labels, []); ``"buy"`` / ``"build"``: (rows, labels, took) where
``took`` is 1.0 when the explorer seat took the action."""


def samples(record: dict[str, Any], every: int = 3) -> Samples:
    """Training samples from one record: value samples at the start of every ``every``-th
    turn (every active seat), and decision samples at each random buy or build choice of the
    record's explorer seats (``record["explore"]``)."""
    import engine
    from engine.mtaani.bots.advanced import OPPORTUNITY_FLOOR, best_build
    from engine.mtaani.bots.table import Table
    from engine.mtaani.choices import unit_gain

    rs = engine.get_ruleset(record["ruleset"])
    book = rs.book
    winner = record["winner"]
    explore = set(record.get("explore", ()))
    out: Samples = {name: ([], [], []) for name in ("value", "buy", "build")}

    def add(name: str, row: list[float], seat: int, took: bool | None = None) -> None:
        rows, labels, flags = out[name]
        rows.append(row)
        labels.append(1.0 if seat == winner else 0.0)
        if took is not None:
            flags.append(1.0 if took else 0.0)

    last_turn = 0
    for state, action in replay(record):
        if action is None or state.decision is None:
            continue
        d = state.decision
        ctx = Ctx(book, state)
        if d.kind == "turn" and state.turn != last_turn and state.turn % every == 0:
            last_turn = state.turn
            for seat, player in enumerate(state.players):
                if not player.bankrupt:
                    add("value", mdl.features(book, ctx, seat), seat)
        if d.player not in explore:
            continue
        if d.kind == "buy" and action.type in ("buy", "decline"):
            from engine.mtaani.properties import purchase_price

            if purchase_price(ctx, d.tile) <= state.players[d.player].cash:
                add("buy", mdl.buy_features(book, ctx, d.player, d.tile), d.player, action.type == "buy")
        elif (d.kind in ("turn", "end") and not state.players[d.player].jail_turns
              and action.type in ("build", "roll", "end_turn")):
            t = Table(book, state, d.player)
            option = best_build(t, rs.legal_actions(state, d.player), t.cash - OPPORTUNITY_FLOOR)
            if option is not None and action.type in ("build", "roll", "end_turn"):
                row = mdl.build_features(book, ctx, d.player, option.tile, unit_gain(t.ctx, option.tile), t.danger)
                add("build", row, d.player, action.type == "build")
    return out


def _samples_job(args: tuple[dict[str, Any], int]) -> Samples:
    return samples(*args)


def fit_uplift(rows: list[list[float]], labels: list[float], took: list[float], names: list[str], *,
               epochs: int = 300, learning_rate: float = 0.02, weight_decay: float = 1e-3,
               seed: int = 0) -> dict[str, Any]:
    """Fit ``logit P(win) = b + w.z + t (c + u.z)`` on randomised choices (module
    :mod:`engine.mtaani.bots.model`); returns the decision model's JSON form."""
    import numpy as np

    x = np.array(rows, dtype=float)
    y = np.array(labels, dtype=float)
    t = np.array(took, dtype=float)
    mean = x.mean(axis=0)
    scale = x.std(axis=0) + 1e-6
    z = (x - mean) / scale
    n = z.shape[1]
    rng = np.random.default_rng(seed)
    params = {"w": rng.normal(0, 0.01, n), "b": np.zeros(1), "u": np.zeros(n), "c": np.zeros(1)}
    moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in params.items()}
    b1, b2, eps = 0.9, 0.999, 1e-8
    for step in range(1, epochs + 1):
        uplift = z @ params["u"] + params["c"][0]
        logit = z @ params["w"] + params["b"][0] + t * uplift
        p = 1 / (1 + np.exp(-np.clip(logit, -30, 30)))
        d = (p - y) / len(y)
        grads = {
            "w": z.T @ d + weight_decay * params["w"],
            "b": np.array([d.sum()]),
            "u": z.T @ (d * t) + weight_decay * params["u"],
            "c": np.array([(d * t).sum()]),
        }
        for k, g in grads.items():
            m, v = moments[k]
            m[...] = b1 * m + (1 - b1) * g
            v[...] = b2 * v + (1 - b2) * g**2
            params[k] -= learning_rate * (m / (1 - b1**step)) / (np.sqrt(v / (1 - b2**step)) + eps)
    uplift = z @ params["u"] + params["c"][0]

    def rounded(a):
        return [float(f"{v:.5g}") for v in np.asarray(a).ravel()]

    return {
        "features": names,
        "mean": rounded(mean),
        "scale": rounded(scale),
        "u": rounded(params["u"]),
        "c": float(f"{params['c'][0]:.5g}"),
        "samples": len(y),
        "took_share": round(float(t.mean()), 3),
        "win_rate_took": round(float(y[t > 0.5].mean()), 4) if t.any() else None,
        "win_rate_skipped": round(float(y[t < 0.5].mean()), 4) if (t < 0.5).any() else None,
        "positive_share": round(float((uplift > 0).mean()), 3),
    }


def fit(games: list[tuple[list[list[float]], list[float]]], *, hidden: int = 16, epochs: int = 400,
        learning_rate: float = 0.01, weight_decay: float = 1e-4, holdout: float = 0.1,
        seed: int = 0) -> dict[str, Any]:
    """Fit the network on per-game samples; returns the model's JSON form (with held-out log
    loss and accuracy under ``training``)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    order = rng.permutation(len(games))
    cut = max(1, int(len(games) * holdout))
    test_ids, train_ids = order[:cut], order[cut:]

    def stack(ids):
        x = [row for i in ids for row in games[i][0]]
        y = [label for i in ids for label in games[i][1]]
        # Each game weighs the same, however long it ran.
        w = [1.0 / max(1, len(games[i][1])) for i in ids for _ in games[i][1]]
        return np.array(x, dtype=float), np.array(y, dtype=float), np.array(w, dtype=float)

    x, y, w = stack(train_ids)
    xt, yt, wt = stack(test_ids)
    w = w / w.mean()
    mean = x.mean(axis=0)
    scale = x.std(axis=0) + 1e-6
    z = (x - mean) / scale
    zt = (xt - mean) / scale
    n_in = z.shape[1]
    params = {
        "w1": rng.normal(0, 1 / np.sqrt(n_in), (hidden, n_in)),
        "b1": np.zeros(hidden),
        "w2": rng.normal(0, 1 / np.sqrt(hidden), hidden),
        "b2": np.zeros(1),
    }
    moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in params.items()}

    def forward(inputs):
        h = np.tanh(inputs @ params["w1"].T + params["b1"])
        logit = h @ params["w2"] + params["b2"][0]
        return h, 1 / (1 + np.exp(-np.clip(logit, -30, 30)))

    def log_loss(p, labels, weights):
        p = np.clip(p, 1e-7, 1 - 1e-7)
        return float(np.average(-(labels * np.log(p) + (1 - labels) * np.log(1 - p)), weights=weights))

    b1, b2, eps = 0.9, 0.999, 1e-8
    for step in range(1, epochs + 1):
        h, p = forward(z)
        d_logit = (p - y) * w / len(y)
        grads = {
            "w2": h.T @ d_logit + weight_decay * params["w2"],
            "b2": np.array([d_logit.sum()]),
        }
        d_h = np.outer(d_logit, params["w2"]) * (1 - h**2)
        grads["w1"] = d_h.T @ z + weight_decay * params["w1"]
        grads["b1"] = d_h.sum(axis=0)
        for k, g in grads.items():
            m, v = moments[k]
            m[...] = b1 * m + (1 - b1) * g
            v[...] = b2 * v + (1 - b2) * g**2
            params[k] -= learning_rate * (m / (1 - b1**step)) / (np.sqrt(v / (1 - b2**step)) + eps)
    _, p_train = forward(z)
    _, p_test = forward(zt)

    def rounded(a):
        return [float(f"{v:.5g}") for v in np.asarray(a).ravel()]

    return {
        "format": mdl.MODEL_FORMAT,
        "features": list(mdl.FEATURES),
        "mean": rounded(mean),
        "scale": rounded(scale),
        "w1": [rounded(row) for row in params["w1"]],
        "b1": rounded(params["b1"]),
        "w2": rounded(params["w2"]),
        "b2": float(f"{params['b2'][0]:.5g}"),
        "training": {
            "games": len(games),
            "samples": int(len(y) + len(yt)),
            "hidden": hidden,
            "epochs": epochs,
            "train_log_loss": round(log_loss(p_train, y, w), 4),
            "holdout_log_loss": round(log_loss(p_test, yt, wt), 4),
            "holdout_accuracy": round(float(np.average((p_test > 0.5) == (yt > 0.5), weights=wt)), 4),
            "holdout_base_log_loss": round(log_loss(np.full_like(yt, y.mean()), yt, wt), 4),
        },
    }


def train(args: argparse.Namespace) -> dict:
    """The ``train`` command (see the module docstring)."""
    records = list(read_records(args.histories))
    if not records:
        raise SystemExit("no history records found")
    print(f"replaying {len(records)} games ...", file=sys.stderr)
    jobs = [(r, args.every) for r in records]
    bar = Progress(len(jobs))
    games = []
    if args.jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            for item in pool.imap(_samples_job, jobs, chunksize=4):
                games.append(item)
                bar.update(1)
    else:
        for job in jobs:
            games.append(_samples_job(job))
            bar.update(1)
    bar.close()
    data = fit([(g["value"][0], g["value"][1]) for g in games], hidden=args.hidden,
                  epochs=args.epochs, seed=args.seed)
    names = {"buy": [*mdl.FEATURES, *mdl.BUY_FEATURES], "build": [*mdl.FEATURES, *mdl.BUILD_FEATURES]}
    data["decisions"] = {}
    for name, feature_names in names.items():
        rows = [r for g in games for r in g[name][0]]
        if not rows:
            print(f"no explorer {name} choices in these games: no {name} model", file=sys.stderr)
            continue
        labels = [v for g in games for v in g[name][1]]
        took = [v for g in games for v in g[name][2]]
        data["decisions"][name] = fit_uplift(rows, labels, took, feature_names, seed=args.seed)
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
    from engine.mtaani.bots.model import MODEL_PATH

    parser = argparse.ArgumentParser(prog="python -m training.mtaani",
                                     description="fit the Smart bot's model on history records")
    parser.add_argument("histories", nargs="+", help="history record files (.jsonl[.gz])")
    parser.add_argument("--out", default=str(MODEL_PATH))
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=400)
    parser.add_argument("--every", type=int, default=3, help="sample every N-th turn")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    train(parser.parse_args(argv))


if __name__ == "__main__":
    main()
