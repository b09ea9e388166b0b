"""The Smart bot's model: position features, a small value network and decision models, all
evaluated in pure Python.

- :func:`features` describes a position from one seat's point of view (SFR figures
  log-scaled, opponents summarised by their strongest and their total, so one model serves 2
  to 4 seats).
- The **value network** (one hidden tanh layer, logistic output) estimates the chance that
  seat wins the game.
- Each **decision model** (``buy``, ``build``) is a logistic model with a treatment term,
  fitted on self-play games in which explorer seats made that choice at random:
  ``logit P(win) = b + w.z + t (c + u.z)`` with ``t = 1`` when the seat took the action, so
  ``c + u.z`` (the *uplift*) says whether taking it raised the chance of winning in positions
  like ``z``. Random choices make that a causal estimate, not a correlation.

Trained by :mod:`training.mtaani` (a dev tool in the repository) on completed games and shipped as ``smart_model.json``
next to this module (a few KB of plain numbers): no GPU, no numpy, nothing heavier than
``math`` at run time.
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path
from typing import Any

from engine.mtaani import properties as prop
from engine.mtaani.data import Rulebook
from engine.mtaani.flow import Ctx

MODEL_PATH = Path(__file__).with_name("smart_model.json")
MODEL_FORMAT = "mtaa-smart-model/1"

SEAT_FIGURES = ("cash", "worth", "rent", "liquid", "sets", "units", "near_sets")
FEATURES = (
    *(f"me_{f}" for f in SEAT_FIGURES),
    *(f"opp_max_{f}" for f in SEAT_FIGURES),
    *(f"opp_sum_{f}" for f in SEAT_FIGURES),
    "share_worth",
    "share_rent",
    "share_liquid",
    "opponents",
    "revolution",
    "pool",
)
"""Feature names, in the order :func:`features` returns them."""

MONEY = {"cash", "worth", "rent", "liquid"}


def _money(x: float) -> float:
    """Signed log scale for SFR amounts (1 = about 170,000 SFR)."""
    return math.copysign(math.log1p(abs(x) / 100_000), x)


def seat_figures(book: Rulebook, ctx: Ctx) -> dict[int, dict[str, float]]:
    """Raw figures of every active seat: cash, net worth, sum of its fees now, cash it could
    raise (``liquid``), complete sets, units, and sets it lacks exactly one uncontested
    property of (``near_sets``)."""
    s = ctx.s
    out: dict[int, dict[str, float]] = {i: {"cash": p.cash, "worth": 0, "rent": 0, "liquid": p.cash, "sets": 0, "units": 0,
               "near_sets": 0}
           for i, p in enumerate(s.players) if not p.bankrupt}
    for tiles in book.set_tiles.values():
        owners = [s.props[t].owner for t in tiles]
        holders = {o for o in owners if o is not None}
        if len(holders) == 1:
            owner = holders.pop()
            if owner in out:
                missing = owners.count(None)
                if missing == 0:
                    out[owner]["sets"] += 1
                elif missing == 1:
                    out[owner]["near_sets"] += 1
        for t in tiles:
            p = s.props[t]
            if p.owner is None or p.owner not in out:
                continue
            fig = out[p.owner]
            fig["rent"] += prop.fee(ctx, t)
            fig["units"] += p.units
            fig["liquid"] += p.units * prop.unit_refund(ctx, t)
            if not p.mortgaged:
                fig["liquid"] += book.mortgage[t]
    for i, fig in out.items():
        fig["worth"] = prop.net_worth(ctx, i)
    return out


def features(book: Rulebook, ctx: Ctx, seat: int) -> list[float]:
    """The feature vector (:data:`FEATURES`) of ``ctx.s`` seen by ``seat`` (an active seat)."""
    figs = seat_figures(book, ctx)
    mine = figs[seat]
    others = [f for i, f in figs.items() if i != seat]

    def scaled(name: str, value: float) -> float:
        return _money(value) if name in MONEY else float(value)

    row = [scaled(n, mine[n]) for n in SEAT_FIGURES]
    row += [scaled(n, max((o[n] for o in others), default=0)) for n in SEAT_FIGURES]
    row += [scaled(n, sum(o[n] for o in others)) for n in SEAT_FIGURES]
    for name in ("worth", "rent", "liquid"):
        total = sum(max(0, f[name]) for f in figs.values())
        row.append(max(0, mine[name]) / total if total > 0 else 1 / len(figs))
    row.append(float(len(others)))
    row.append(ctx.s.revolutions / 10)
    row.append(ctx.s.pool / 1_000_000)
    return row


BUY_FEATURES = ("price_share", "price", "completes_set", "blocks", "set_share", "contested",
                "fee_rate", "unowned_share")
BUILD_FEATURES = ("cost_share", "cost", "gain_rate", "units", "cover", "danger")


def buy_features(book: Rulebook, ctx: Ctx, seat: int, tile: int) -> list[float]:
    """Position features plus :data:`BUY_FEATURES` for buying ``tile`` now."""
    s = ctx.s
    price = prop.purchase_price(ctx, tile)
    cash = s.players[seat].cash
    tiles = book.set_tiles[book.set_of[tile]]
    owners = [s.props[i].owner for i in tiles if i != tile]
    opponents = [i for i, p in enumerate(s.players) if not p.bankrupt and i != seat]
    unowned = sum(1 for i in book.properties if s.props[i].owner is None)
    extra = [
        price / max(cash, 1),
        _money(price),
        float(all(o == seat for o in owners)),
        float(any(all(o == opp for o in owners) for opp in opponents)),
        (1 + owners.count(seat)) / len(tiles),
        float(any(o is not None and o != seat for o in owners)),
        100 * book.base_fee[tile] / price,
        unowned / len(book.properties),
    ]
    return features(book, ctx, seat) + extra


def build_features(book: Rulebook, ctx: Ctx, seat: int, tile: int, gain: int, danger: int) -> list[float]:
    """Position features plus :data:`BUILD_FEATURES` for one more unit on ``tile`` that
    raises its fee by ``gain``, with ``danger`` the largest fee an opponent's tile charges."""
    cost = book.unit_cost[tile]
    cash = ctx.s.players[seat].cash
    extra = [
        cost / max(cash, 1),
        _money(cost),
        10 * gain / cost,
        float(ctx.s.props[tile].units),
        min(10.0, (cash - cost) / max(danger, 1)),
        _money(danger),
    ]
    return features(book, ctx, seat) + extra


class Uplift:
    """A decision model (see module docstring): :meth:`uplift` > 0 means "take the action"."""

    def __init__(self, data: dict[str, Any]):
        self.mean = [float(v) for v in data["mean"]]
        self.scale = [float(v) for v in data["scale"]]
        self.u = [float(v) for v in data["u"]]
        self.c = float(data["c"])

    def uplift(self, x: list[float]) -> float:
        """The change in win log-odds the action brings in position ``x``."""
        return self.c + sum(u * (v - m) / s for u, v, m, s in zip(self.u, x, self.mean, self.scale, strict=True))


class Model:
    """A trained position evaluator: ``value(x)`` is the estimated chance (0..1) that the seat
    whose :func:`features` are ``x`` wins.

    ``data`` is the JSON form: ``format``, ``features`` (names, checked against
    :data:`FEATURES`), ``mean`` / ``scale`` (input standardisation), ``w1`` (hidden x inputs),
    ``b1``, ``w2`` (hidden), ``b2``, ``decisions`` (``buy`` / ``build`` :class:`Uplift`
    data with their own feature lists) and ``training`` (how it was made). Raises
    ``ValueError`` for a model of another format or feature list.
    """

    def __init__(self, data: dict[str, Any]):
        if data.get("format") != MODEL_FORMAT:
            raise ValueError(f"not a {MODEL_FORMAT} model")
        if tuple(data["features"]) != FEATURES:
            raise ValueError("the model was trained on other features; retrain it")
        self.mean = [float(v) for v in data["mean"]]
        self.scale = [float(v) for v in data["scale"]]
        self.w1 = [[float(v) for v in row] for row in data["w1"]]
        self.b1 = [float(v) for v in data["b1"]]
        self.w2 = [float(v) for v in data["w2"]]
        self.b2 = float(data["b2"])
        self.training = data.get("training", {})
        expected = {"buy": (*FEATURES, *BUY_FEATURES), "build": (*FEATURES, *BUILD_FEATURES)}
        self.decisions: dict[str, Uplift] = {}
        for name, item in data.get("decisions", {}).items():
            if tuple(item["features"]) != expected.get(name):
                raise ValueError(f"the {name!r} decision model was trained on other features")
            self.decisions[name] = Uplift(item)

    def value(self, x: list[float]) -> float:
        z = [(v - m) / s for v, m, s in zip(x, self.mean, self.scale, strict=True)]
        out = self.b2
        for w_row, b, w_out in zip(self.w1, self.b1, self.w2, strict=True):
            out += w_out * math.tanh(b + sum(w * v for w, v in zip(w_row, z, strict=True)))
        if out < -30:
            return 0.0
        return 1 / (1 + math.exp(-out))


@cache
def load(path: str | None = None) -> Model:
    """The model at ``path`` (default: the shipped :data:`MODEL_PATH`), read once."""
    with open(path or MODEL_PATH, encoding="utf-8") as fh:
        return Model(json.load(fh))
