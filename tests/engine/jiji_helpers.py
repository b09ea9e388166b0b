"""Helpers for the Jiji tests: deals with scripted dice and Construction answers, short-hand
actions, and set-ups written straight into a state (who owns what, where everyone stands).

Set-ups that change cash move it from or to the bank, so money stays conserved in every test.
"""

from __future__ import annotations

from typing import Any

import engine
from engine.jiji.data import book
from engine.jiji.state import JijiState

B = book()
START = 1_800_000_000
SPACE = {name: i for i, name in enumerate(B.name) if B.kind[i] == "district"}
"""District spaces by name (``SPACE["Industrial Area"] == 14``)."""


def game(players: int = 2, *, first: int = 0, dice: list | None = None,
         construction: list | None = None, **options: Any) -> JijiState:
    """A fresh game with seat ``first`` to play (the opening roll is overridden), the given
    scripted ``dice`` (``[[3, 4], ...]``) and Construction answers, and table ``options``."""
    scripted: dict[str, list] = {}
    if dice:
        scripted["dice"] = dice
    if construction:
        scripted["construction"] = construction
    if scripted:
        options["scripted"] = scripted
    state = engine.new_game("jiji", [f"p{i}" for i in range(players)], 7, options)
    state.cur = first
    return state


def act(state: JijiState, type_: str, player: int | None = None, now: int | None = None,
        **fields: Any):
    """Apply action ``type_`` for ``player`` (default: the turn holder), stamped ``now``
    when given; returns ``(state, events)``."""
    if player is None:
        player = state.cur
    data: dict[str, Any] = {"type": type_, **fields}
    if type_ not in SYSTEM:
        data["player"] = player
    action = engine.parse_action("jiji", data)
    if now is not None:
        action = engine.stamp(action, now)
    result = engine.apply(state, action)
    return result.state, result.events


SYSTEM = {"close_auction", "end_game", "expire_deal", "idle_end", "pause", "resume"}


def system(state: JijiState, type_: str, **fields: Any):
    """Apply the table's action ``type_``; returns ``(state, events)``."""
    result = engine.apply(state, {"type": type_, **fields})
    return result.state, result.events


def events_of(events: list[dict], type_: str) -> list[dict]:
    return [e for e in events if e["type"] == type_]


def total_money(state: JijiState) -> int:
    return state.bank + sum(p.cash for p in state.players)


def set_cash(state: JijiState, seat: int, cash: int) -> None:
    """Give seat ``seat`` exactly ``cash`` (the difference comes from or goes to the bank)."""
    p = state.players[seat]
    state.bank -= cash - p.cash
    p.cash = cash


def own(state: JijiState, seat: int | None, *names: str, res: int = 0, ind: int = 0) -> None:
    """Make ``seat`` the owner of the districts ``names`` (with ``res``/``ind`` blocks)."""
    for name in names:
        d = state.districts[SPACE[name]]
        d.owner = seat
        d.res = res
        d.ind = ind


def at(state: JijiState, seat: int, space: int | str) -> None:
    """Put seat ``seat`` on ``space`` (a space or a district's name)."""
    state.players[seat].pos = SPACE[space] if isinstance(space, str) else space


def script(state: JijiState, dice: list | None = None, construction: list | None = None) -> None:
    """Queue scripted dice and Construction answers on a state."""
    if dice:
        state.scripted.setdefault("dice", []).extend(dice)
    if construction:
        state.scripted.setdefault("construction", []).extend(construction)


def turn_phase(state: JijiState, seat: int, phase: str = "turn") -> None:
    """Make it ``seat``'s turn at ``phase`` (``"turn"``: after a roll, no double pending)."""
    state.cur = seat
    state.phase = phase
    state.again = False
    state.pressed = False
    state.did = state.next_id()


def decisions(state: JijiState):
    return engine.pending(state)


def legal_types(state: JijiState, seat: int) -> set[str]:
    return {a.type for a in engine.legal_actions(state, seat)}
