"""The Smart bot: the Advanced bot's play with knobs fitted by self-play (``smart_params.json``,
from ``python -m engine.jiji.bots tune``)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from engine.jiji.bots.policy import Bot, Params


@cache
def tuned() -> Params:
    """The shipped parameters (``smart_params.json`` in this package)."""
    text = resources.files("engine.jiji.bots").joinpath("smart_params.json").read_text()
    return Params.from_dict(json.loads(text)["params"])


class SmartBot(Bot):
    """The Smart bot (module doc): the heuristic with the fitted knobs."""
    kind = "smart"

    def __init__(self, seed: int, params: Params | None = None, **options):
        super().__init__(seed, params=params or tuned())
