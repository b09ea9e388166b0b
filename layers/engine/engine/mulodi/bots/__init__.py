"""Mulodi's bots: Base, Advanced and Smart. Pure: state in, action out, seeded.

The service reaches them through :func:`engine.bots.choose` (which hands them a state
redeterminized for their seat, so they cannot read another hand or the draw order; it
finds them by ``Ruleset.bots_module``); self-play keeps one bot object per seat (:func:`make`) and asks
it through :func:`decide`.

- Returns ``None`` when ``seat`` holds no pending decision (or the game is over); otherwise an
  action that ``engine.legal_actions(state, seat)`` accepts, always: the bot's choice is
  checked with the engine's own check, and a choice that fails it (a bot bug) is replaced by a
  safe legal one (accept, the engine's payment, end the turn), unless ``strict`` (self-play and
  tests), where the error propagates.
- No I/O, no clock, no global random: a bot's randomness comes from its ``seed``.

Raises :class:`ValueError` for an unknown ``kind``.
"""

from __future__ import annotations

from engine.bots import KINDS, as_is, kind_of, maker, seat_id
from engine.mulodi import legal
from engine.mulodi.flow import check_action

choose = as_is
"""The action bot ``kind`` takes for ``seat`` in ``state`` read as it is (:func:`engine.bots.as_is`;
the service's :func:`engine.bots.choose` redeterminizes it first)."""

__all__ = ["KINDS", "choose", "decide", "kind_of", "make", "seat_id"]


make = maker({"base": "engine.mulodi.bots.base:BaseBot",
              "advanced": "engine.mulodi.bots.advanced:AdvancedBot",
              "smart": "engine.mulodi.bots.smart:SmartBot"})
"""A bot object of ``kind`` (self-play loops keep one per seat): :func:`engine.bots.maker`."""


def decide(bot, state, seat: int, *, strict: bool = False):
    """Ask ``bot`` for ``seat``'s action in ``state`` (``None``: nothing to decide)."""
    if state.termination is not None or not holds_decision(state, seat):
        return None
    try:
        action = bot.choose(state, seat)
        check_action(state, action)
        if action.player != seat or action.type == "timeout":
            raise ValueError(f"bot answered for the wrong seat or as the table: {action!r}")
        return action
    except Exception:
        if strict:
            raise
        return fallback(legal.legal_list(state, seat))


def holds_decision(state, seat: int) -> bool:
    """Whether ``seat`` holds one of the pending decisions."""
    if state.action is not None:
        return any(c.holder == seat and c.stage != "done" for c in state.action.chains)
    return state.current == seat and bool(state.turn_decision)


def fallback(legal_list: list):
    """A safe legal action: accept, the first (the engine's) payment, end the turn."""
    for wanted in ("accept", "pay", "end_turn"):
        for action in legal_list:
            if action.type == wanted:
                return action
    return legal_list[0] if legal_list else None
