"""Mtaani's bots: Base, Advanced and Smart. Pure: state in, action out, seeded.

The service reaches them through :func:`engine.bots.choose` (which hands them a state
redeterminized for their seat, finding them by ``Ruleset.bots_module``); self-play keeps one bot object
per seat (:func:`make`) and asks it through :func:`decide`.

- Returns ``None`` when ``seat`` has nothing to decide now (the pending decision is another
  seat's and no trade or loan offer waits for its answer, or the game is over); otherwise an
  action that ``engine.legal_actions(state, seat)`` accepts, always. Offers made to a bot are
  answered first, whoever holds the pending decision (:func:`waiting_seats` lists the seats
  to ask). Decision kinds and action types a bot does not know get a safe legal
  choice (:func:`engine.mtaani.bots.policy.fallback`), never an error.
- No I/O beyond reading the Smart bot's model file from this package on first use, no clock,
  no global random. A decision takes well under a millisecond (about 0.02 ms for Base, 0.1 ms
  for Smart at the median; ``make bench`` prints figures).

Raises :class:`ValueError` for an unknown ``kind``.
"""

from __future__ import annotations

from typing import Any

from engine.bots import KINDS, as_is, kind_of, seat_id
from engine.mtaani.bots.policy import decide
from engine.mtaani.legal import has_offers, waiting_seats

choose = as_is
"""The action bot ``kind`` takes for ``seat`` in ``state`` read as it is (:func:`engine.bots.as_is`;
the service's :func:`engine.bots.choose` redeterminizes it first)."""

__all__ = ["KINDS", "choose", "decide", "has_offers", "kind_of", "make", "seat_id", "waiting_seats"]


def make(kind: str, seed: int, **options: Any):
    """A bot object of ``kind`` (for self-play loops that keep one per seat)."""
    # Cold start: a level's module loads only when a bot of that level is made.
    if kind == "base":
        from engine.mtaani.bots.base import BaseBot

        return BaseBot(seed)
    if kind == "advanced":
        from engine.mtaani.bots.advanced import AdvancedBot

        return AdvancedBot(seed, **options)
    if kind == "smart":
        from engine.mtaani.bots.smart import SmartBot

        return SmartBot(seed, **options)
    raise ValueError(f"unknown bot kind {kind!r}; known: {', '.join(KINDS)}")
