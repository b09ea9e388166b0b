"""Jiji's bots: Base, Advanced and Smart. Pure: state in, action out, seeded.

The service reaches them through :func:`engine.bots.choose` (which hands them a state
redeterminized for their seat, finding them by ``Ruleset.bots_module``); self-play keeps one bot object
per seat (:func:`make`) and asks it through :func:`decide`.

- Returns ``None`` when ``seat`` has nothing to decide now, and also when it holds an auction
  bid decision and does not want to bid now; otherwise an action that
  ``engine.legal_actions(state, seat)`` accepts, always. Deals offered to a bot are answered
  first. An error inside a bot falls back to a safe legal action (:func:`fallback`), so a bot
  bug never stalls a table.
- No I/O beyond reading the Smart bot's parameter file from this package on first use, no
  clock, no global random. A decision takes well under a millisecond (``make bench`` and
  ``docs/bots.md`` give figures).

Raises :class:`ValueError` for an unknown ``kind``.
"""

from __future__ import annotations

from typing import Any

from engine.bots import KINDS, as_is, maker
from engine.jiji.ruleset import JIJI

choose = as_is
"""The action bot ``kind`` takes for ``seat`` in ``state`` read as it is (:func:`engine.bots.as_is`;
the service's :func:`engine.bots.choose` redeterminizes it first)."""

__all__ = ["KINDS", "choose", "decide", "fallback", "make"]


make = maker({"base": "engine.jiji.bots.base:BaseBot",
              "advanced": "engine.jiji.bots.advanced:AdvancedBot",
              "smart": "engine.jiji.bots.smart:SmartBot"})
"""A bot object of ``kind`` (self-play loops keep one per seat): :func:`engine.bots.maker`."""


def decide(bot, state, seat: int, *, strict: bool = False):
    """Ask ``bot`` for ``seat``'s action in ``state`` (``None``: nothing to do now). With
    ``strict`` (self-play and tests) an error inside the bot propagates."""
    if state.over is not None or state.paused_at is not None:
        return None
    mine = [d for d in JIJI.pending(state) if d.player == seat]
    if not mine:
        return None
    legal = JIJI.legal_actions(state, seat)
    if not len(legal):
        return None
    try:
        action = bot.act(state, seat, mine, legal)
    except Exception:
        if strict:
            raise
        return fallback(legal, mine)
    if action is not None and strict and action not in legal:
        raise AssertionError(f"{bot.kind} bot chose an illegal action {action!r}")
    return action


SAFE = ("end_turn", "roll", "decline_build", "pay_rent", "decline_deal")


def fallback(legal, decisions) -> Any:
    """A safe legal action: end or roll, decline what can be declined; ``None`` for bids."""
    kinds = {d.kind for d in decisions}
    by_type: dict[str, Any] = {}
    for action in legal:
        by_type.setdefault(action.type, action)
    for name in SAFE:
        if name in by_type:
            return by_type[name]
    if kinds <= {"bid"}:
        return None
    return legal[0]
