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
  ``engine.legal_actions(state, seat)`` accepts. Each ruleset's bots live in its own package
  (``engine.<game>.bots``) and are reached through ``Ruleset.bot_action``.

Raises :class:`ValueError` for an unknown ``kind`` and :class:`engine.UnknownRuleset` for a
state of no known ruleset.
"""

from __future__ import annotations

import random
from typing import Any

KINDS = ("base", "advanced", "smart")
"""Bot kinds, weakest first."""
SEAT_PREFIX = "bot:"


def kind_of(seat_id: str) -> str | None:
    """The bot kind of a seat id (``"bot:<kind>:<n>"``), or ``None`` for a human's seat.

    Raises :class:`ValueError` for a ``bot:`` id of an unknown kind.
    """
    if not seat_id.startswith(SEAT_PREFIX):
        return None
    kind = seat_id.split(":")[1] if seat_id.count(":") >= 1 else ""
    if kind not in KINDS:
        raise ValueError(f"unknown bot kind in seat id {seat_id!r}; known: {', '.join(KINDS)}")
    return kind


def seat_id(kind: str, n: int) -> str:
    """The seat id of bot number ``n`` of ``kind`` (``"bot:base:1"``)."""
    if kind not in KINDS:
        raise ValueError(f"unknown bot kind {kind!r}; known: {', '.join(KINDS)}")
    return f"{SEAT_PREFIX}{kind}:{n}"


def choose(state: Any, seat: int, kind: str, seed: int) -> Any:
    """The action bot ``kind`` takes for ``seat`` in ``state``, or ``None`` (see module doc).

    ``state`` is not changed.
    """
    import engine

    if kind not in KINDS:
        raise ValueError(f"unknown bot kind {kind!r}; known: {', '.join(KINDS)}")
    ruleset = engine.ruleset_of(state)
    if ruleset.outcome(state) is not None:
        return None
    seen = ruleset.redeterminize(state, seat, random.Random(seed))
    return ruleset.bot_action(seen, seat, kind, seed)


def waiting_seats(state: Any) -> list[int]:
    """Seats the game waits on now, in the order to ask them (``Ruleset.waiting_seats``)."""
    import engine

    return engine.ruleset_of(state).waiting_seats(state)
