"""What every game's bots' command line shares (``python -m engine.bots [--ruleset NAME]
simulate ...``, each game's ``bots/__main__.py``): the seats' kinds from ``--bots``, the seat
rotation, playing a run of games in worker processes, and the win rate's 95% interval.

Each game's command line keeps only what is its own: its table options, its summary's
figures (turns and revolutions, live hours and auctions, ...) and its other commands.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engine.bots import KINDS


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (``wins`` of ``n``)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def seats_for(kinds: list[str], game: int, rotate: bool = True) -> list[str]:
    """Seat kinds of game number ``game``: ``kinds`` rotated by ``game`` seats (as given
    when not ``rotate``), so every kind plays every seat over a run."""
    if not rotate:
        return list(kinds)
    k = game % len(kinds)
    return kinds[k:] + kinds[:k]


def seat_kinds(text: str, low: int, high: int) -> list[str]:
    """The seats' bot kinds of ``--bots`` (``"smart,advanced"``): ``low`` to ``high`` known
    kinds; ``SystemExit`` with the reason otherwise."""
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    for kind in kinds:
        if kind not in KINDS:
            raise SystemExit(f"unknown bot kind {kind!r}; known: {', '.join(KINDS)}")
    if not low <= len(kinds) <= high:
        raise SystemExit(f"--bots names {low} to {high} seats")
    return kinds


def run(play: Callable[[Any], Any], jobs: Sequence[Any], workers: int, *, chunksize: int = 4,
        each: Callable[[Any], None] | None = None) -> list[Any]:
    """``play(job)`` for every job, in ``workers`` forked processes when more than one (at
    most the cores you may use); the results in the jobs' order, each also handed to
    ``each`` as it comes (a progress line, a history written)."""
    results: list[Any] = []
    if workers > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(workers) as pool:
            found: Iterable[Any] = pool.imap(play, jobs, chunksize=chunksize)
            for result in found:
                results.append(result)
                if each is not None:
                    each(result)
        return results
    for job in jobs:
        result = play(job)
        results.append(result)
        if each is not None:
            each(result)
    return results
