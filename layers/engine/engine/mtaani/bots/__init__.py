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

from engine.bots import KINDS, as_is, kind_of, maker, seat_id
from engine.mtaani.bots.policy import decide
from engine.mtaani.legal import has_offers, waiting_seats

choose = as_is
"""The action bot ``kind`` takes for ``seat`` in ``state`` read as it is (:func:`engine.bots.as_is`;
the service's :func:`engine.bots.choose` redeterminizes it first)."""

__all__ = ["KINDS", "choose", "decide", "has_offers", "kind_of", "make", "seat_id", "waiting_seats"]


make = maker({"base": "engine.mtaani.bots.base:BaseBot",
              "advanced": "engine.mtaani.bots.advanced:AdvancedBot",
              "smart": "engine.mtaani.bots.smart:SmartBot"})
"""A bot object of ``kind`` (self-play loops keep one per seat): :func:`engine.bots.maker`."""
