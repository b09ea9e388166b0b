"""Bots of every ruleset behind one function. Pure: state in, action out, seeded.

The service plays a bot seat through :func:`choose`::

    from engine import bots
    action = bots.choose(state, seat, "advanced", seed)   # an action model, or None
    if action is not None:
        result = engine.apply(state, action)

- ``kind``: ``"base"``, ``"advanced"`` or ``"smart"`` (:data:`KINDS`; a ruleset lists the
  levels it has in ``Ruleset.bot_levels``); a seat id such as ``"bot:smart:2"`` gives it
  through :func:`kind_of`.
- ``seed``: any int; the same state, seat, kind and seed always give the same action (use the
  game's seed, so replays agree).
- The bot sees only what its seat may see: it decides on
  ``engine.redeterminize(state, seat, Random(seed))``, a state that looks the same to the
  seat with everything hidden from it resampled, so it cannot read another hand, the deck
  order or the seed. ``engine.legal_actions`` of the seat is the same in both states (the
  ruleset kit checks it), so the action is legal in the real state too.
- Returns ``None`` when ``seat`` has nothing to do now; otherwise an action that
  ``engine.legal_actions(state, seat)`` accepts. Each ruleset's bots live in its own package,
  named by ``Ruleset.bots_module`` (``engine.<game>.bots``), which has ``make(kind, seed)``
  and ``decide(bot, state, seat)``; :func:`as_is` and :func:`choose` are the one way in. The
  bots import the rules; the rules never import the bots.

Raises :class:`ValueError` for an unknown ``kind`` and :class:`engine.UnknownRuleset` for a
state of no known ruleset.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from typing import Any

from engine import core

KINDS = ("base", "advanced", "smart")
"""Bot kinds, weakest first."""
SEAT_PREFIX = "bot:"


def kind_of(seat_id: str) -> str | None:
    """The bot kind of a seat id (``"bot:<kind>:<n>"``), or ``None`` for a human's seat.

    Raises :class:`ValueError` for a ``bot:`` id of an unknown kind or another shape.
    """
    if not seat_id.startswith(SEAT_PREFIX):
        return None
    parts = seat_id.split(":")
    kind = parts[1] if len(parts) == 3 else ""
    if kind not in KINDS:
        raise ValueError(f"unknown bot kind in seat id {seat_id!r} (bot:<kind>:<n>); known: "
                         f"{', '.join(KINDS)}")
    return kind


def level_of(seat_id: str) -> str | None:
    """:func:`kind_of` that answers ``None`` for anything but a well-formed bot seat id (the
    service reads seat ids it stored; an account id never starts with ``bot:``)."""
    try:
        return kind_of(seat_id)
    except ValueError:
        return None


def seat_id(kind: str, n: int) -> str:
    """The seat id of bot number ``n`` of ``kind`` (``"bot:base:1"``)."""
    if kind not in KINDS:
        raise ValueError(f"unknown bot kind {kind!r}; known: {', '.join(KINDS)}")
    return f"{SEAT_PREFIX}{kind}:{n}"


def maker(classes: Mapping[str, str]) -> Callable[..., Any]:
    """The ``make(kind, seed, **options)`` of a game's bots module: a bot object of ``kind``
    (self-play loops keep one per seat), of the class ``classes`` names for it (kind ->
    ``"module:Class"``, imported on first use: a cold start imports only the bots it plays),
    made as ``Class(seed, **options)`` (options: a class's own, such as the Advanced bot's
    ``explore`` or the Smart bot's ``model_path``). ``make`` raises :class:`ValueError` for
    an unknown ``kind``."""

    found: dict[str, Any] = {}

    def make(kind: str, seed: int, **options: Any) -> Any:
        cls = found.get(kind)
        if cls is None:
            target = classes.get(kind)
            if target is None:
                raise ValueError(f"unknown bot kind {kind!r}; known: {', '.join(KINDS)}")
            module, _, name = target.partition(":")
            cls = found[kind] = getattr(importlib.import_module(module), name)
        return cls(seed, **options)

    make.__doc__ = f"A bot object of ``kind``: {', '.join(f'{k} {v}' for k, v in classes.items())}."
    return make


def module_of(ruleset: core.Ruleset) -> Any:
    """The bots module of ``ruleset`` (its :attr:`~engine.core.Ruleset.bots_module`)."""
    return importlib.import_module(ruleset.bots_module)


def as_is(state: Any, seat: int, kind: str, seed: int) -> Any:
    """The action bot ``kind`` takes for ``seat`` in ``state`` read as it is (no
    redeterminizing: a state already seen from the seat, a test's, self-play's), or ``None``.
    ``state`` is not changed. Raises :class:`ValueError` for an unknown ``kind``."""
    bots = module_of(core.ruleset_of(state))
    return bots.decide(bots.make(kind, seed), state, seat)


def choose(state: Any, seat: int, kind: str, seed: int) -> Any:
    """The action bot ``kind`` takes for ``seat`` in ``state``, or ``None`` (see module doc).

    ``state`` is not changed.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown bot kind {kind!r}; known: {', '.join(KINDS)}")
    ruleset = core.ruleset_of(state)
    if ruleset.outcome(state) is not None:
        return None
    seen = ruleset.redeterminize(state, seat, random.Random(seed))
    bots = module_of(ruleset)
    return bots.decide(bots.make(kind, seed), seen, seat)


def waiting_seats(state: Any) -> list[int]:
    """Seats the game waits on now, in the order to ask them (``Ruleset.waiting_seats``)."""
    return core.ruleset_of(state).waiting_seats(state)
