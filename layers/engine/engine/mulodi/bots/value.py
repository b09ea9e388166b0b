"""The Smart bot's value model: the chance that a seat wins from a position at the start of
its turn, from :mod:`engine.mulodi.bots.features` (logistic regression fitted by self-play,
:mod:`training.mulodi`, a dev tool in the repository; weights in ``smart_model.json``, read once per process)."""

from __future__ import annotations

import json
import math
from functools import cache
from importlib import resources

from engine.mulodi.bots.features import NAMES, features
from engine.mulodi.state import MulodiState

MODEL_FILE = "bots/smart_model.json"


@cache
def model(path: str | None = None) -> tuple[list[float], list[float], list[float], float]:
    """``(mean, scale, weights, bias)`` of the model file (the shipped one by default)."""
    if path is None:
        text = resources.files("engine.mulodi").joinpath(MODEL_FILE).read_text()
    else:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    data = json.loads(text)
    if data.get("format") != "mulodi-value/1" or data["names"] != list(NAMES):
        raise ValueError("the model file does not match this engine's features")
    return data["mean"], data["scale"], data["weights"], data["bias"]


def win_chance(s: MulodiState, seat: int, path: str | None = None) -> float:
    """The model's chance (0..1) that ``seat`` wins from ``s``."""
    mean, scale, weights, bias = model(path)
    z = bias
    for x, m, sc, w in zip(features(s, seat), mean, scale, weights, strict=True):
        z += w * (x - m) / sc
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
