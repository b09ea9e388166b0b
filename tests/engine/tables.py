"""Set-ups for the part-2 engine tests (credit, cards, table-wide effects): reaching a revolution
boundary and reading a state the way a player sees it. Builds on :mod:`tests.engine.helpers`."""

from __future__ import annotations

from typing import Any

import engine
from engine.mtaani.state import MtaaniState
from tests.engine.helpers import act, script

PAYDAY_EXACT = [1, 3]
"""From tile 44 a roll of 1 + 3 lands exactly on Payday (48 = tile 0): 800,000 salary and no
landing effect, so a revolution completes with nothing else happening."""


def complete_revolution(state: MtaaniState, number: int, mover: int | None = None):
    """Apply the roll that completes revolution ``number``: ``number - 1`` revolutions are
    marked completed, every other active player has passed Payday, and ``mover`` (default: the
    decision holder, who must be about to roll) rolls 1 + 3 from tile 44 onto Payday.

    Returns ``(state, events)`` of that roll."""
    mover = state.decision.player if mover is None else mover
    state.revolutions = number - 1
    for seat, p in enumerate(state.players):
        p.passed_payday = seat != mover and not p.bankrupt
    state.players[mover].position = 44
    script(state, dice=[PAYDAY_EXACT])
    return act(state, "roll", player=mover)


def end_turn(state: MtaaniState):
    """End the current turn (the holder must be at its 'end' decision)."""
    return act(state, "end_turn")


def visible(state: MtaaniState, events: list[dict[str, Any]], viewer: int | None) -> list[dict[str, Any]]:
    """``events`` as seat ``viewer`` may see them (private offers of others left out)."""
    rs = engine.get_ruleset(state.ruleset)
    return [e for e in (rs.event_view(ev, viewer) for ev in events) if e is not None]


def quiet_turn(state: MtaaniState, dice: list[int]):
    """The holder rolls ``dice`` (no mugging, no arrest), declines any purchase and ends the
    turn. Returns ``(state, events)`` with everything that happened, the next turn's start
    included."""
    script(state, dice=[dice], mugging=[False], arrest=[False])
    state, events = act(state, "roll")
    if state.decision.kind == "buy":
        state, more = act(state, "decline")
        events += more
    state, more = act(state, "end_turn")
    return state, events + more
