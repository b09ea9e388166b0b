"""Self-play for every ruleset, through one entry: ``play(kinds, seed, ruleset=...)``.

Each game keeps its own self-play loop in ``engine.<game>.bots.selfplay`` (Mtaani's records
history for training); this module finds it from the ruleset's game, so a tool or benchmark
that plays bots against bots names the ruleset and nothing else::

    from engine.bots import selfplay
    result = selfplay.play(["base"] * 4, seed=7, ruleset="mtaani")
    result.winner, result.termination, result.turns, result.actions

Every game's ``play`` takes ``(kinds, seed, *, ruleset, max_turns=None, **options)`` and
returns a result with at least ``seed``, ``kinds``, ``winner`` (a seat or ``None``),
``termination``, ``turns`` (turns started) and ``actions`` (actions applied).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

import engine


def module_of(ruleset: str) -> Any:
    """The self-play module of ``ruleset``'s game (``engine.<game>.bots.selfplay``)."""
    return importlib.import_module(f"engine.{engine.game_of(ruleset)}.bots.selfplay")


def play(kinds: Sequence[str], seed: int, *, ruleset: str = "mtaani", **options: Any) -> Any:
    """One whole game between bots of ``kinds`` (seat order), dealt from ``seed``; see the
    module docstring for the result. Raises what the game's self-play raises."""
    return module_of(ruleset).play(list(kinds), seed, ruleset=ruleset, **options)
