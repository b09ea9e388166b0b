"""Helpers for engine tests: games with scripted randomness and short-hand actions."""

from __future__ import annotations

from typing import Any

import engine
from engine.mtaani.state import MtaaniState


def game(players: int = 2, seed: int = 7, ruleset: str = "mtaani", **scripted: list[Any]) -> MtaaniState:
    """A fresh game with the given scripted streams (``dice=[[3, 4]]``, ``mtaani=[...]``...)."""
    options: dict[str, Any] = {"scripted": scripted} if scripted else {}
    return engine.new_game(ruleset, [f"p{i}" for i in range(players)], seed, options)


def act(state: MtaaniState, type_: str, player: int | None = None, **fields: Any):
    """Apply action ``type_`` for ``player`` (default: the decision holder); returns
    ``(state, events)`` of the :class:`engine.Result`."""
    if player is None:
        player = state.decision.player
    result = engine.apply(state, {"type": type_, "player": player, **fields})
    return result.state, result.events


def idle_action(state: MtaaniState):
    """What the table applies when the pending decision's idle deadline passes (``None``: it
    cannot decide for the holder): ``engine.deadline_action`` of the first pending decision."""
    pending = engine.pending(state)
    return engine.deadline_action(state, pending[0], 0) if pending else None


def events_of(events: list[dict[str, Any]], type_: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == type_]


def total_money(state: MtaaniState) -> int:
    return state.pool + sum(p.cash for p in state.players)


DEFAULT_POLICY = {"turn": "roll", "buy": "decline", "end": "end_turn", "deck": ("choose_deck", {"deck": "mtaani"})}


def drive(state: MtaaniState, until, policy: dict | None = None, limit: int = 500):
    """Apply the policy's action for each pending decision until ``until(state)`` holds.

    Returns ``(state, events)`` with every event emitted on the way.
    """
    policy = {**DEFAULT_POLICY, **(policy or {})}
    events: list[dict[str, Any]] = []
    for _ in range(limit):
        if until(state):
            return state, events
        choice = policy[state.decision.kind]
        name, fields = (choice, {}) if isinstance(choice, str) else choice
        state, new = act(state, name, **fields)
        events += new
    raise AssertionError(f"drive(): condition not reached in {limit} actions")


# ------------------------------------------------------------------ setting up positions
# These edit a fresh state directly to reach a position quickly. Money set-ups move the
# difference to or from the pool, so the table's total (cash + pool) stays 6,000,000 plus
# 2,000,000 per player and the conservation checks still hold.


def own(state: MtaaniState, seat: int, *tiles: int, units: int = 0, mortgaged: bool = False) -> MtaaniState:
    """Give ``seat`` the properties ``tiles`` (as if bought), with ``units`` each."""
    for tile in tiles:
        prop = state.props[tile]
        prop.owner, prop.units, prop.mortgaged = seat, units, mortgaged
    return state


def at(state: MtaaniState, seat: int, tile: int) -> MtaaniState:
    """Put ``seat``'s token on ``tile`` (no salary, no landing)."""
    state.players[seat].position = tile
    return state


def set_cash(state: MtaaniState, seat: int, cash: int) -> MtaaniState:
    """Make ``seat`` hold exactly ``cash`` SFR; the difference comes from or goes to the pool."""
    state.pool -= cash - state.players[seat].cash
    state.players[seat].cash = cash
    return state


def set_pool(state: MtaaniState, pool: int, seat: int = 1) -> MtaaniState:
    """Make the pool hold exactly ``pool`` SFR; the difference goes to or comes from ``seat``."""
    state.players[seat].cash += state.pool - pool
    state.pool = pool
    return state


def script(state: MtaaniState, **streams: list[Any]) -> MtaaniState:
    """Queue scripted outcomes (``dice=[[1, 2]]``, ``mugging=[False]``, ...) on ``state``."""
    for name, values in streams.items():
        state.scripted.setdefault(name, []).extend(values)
    return state


PART1_ACTIONS = frozenset({
    "roll", "buy", "decline", "choose_deck", "end_turn", "pay_bail", "bribe", "build",
    "build_batch", "sell_unit", "sell_batch", "mortgage", "unmortgage", "mortgage_batch",
    "unmortgage_batch", "declare_bankruptcy",
})
"""The part-1 action types (board, economy, jail, cards, bankruptcy). Part 2 adds loans,
insurance, trades and cards beside them; tests of part-1 rules compare these only."""


def legal_types(state: MtaaniState, seat: int) -> list[str]:
    """The distinct part-1 action types ``seat`` may apply now (see :data:`PART1_ACTIONS`)."""
    return [t for t in engine.legal_actions(state, seat).types() if t in PART1_ACTIONS]


def fee_of(state: MtaaniState, tile: int) -> int:
    """The fee a visitor to ``tile`` pays now, as the view reports it."""
    return engine.view(state, None)["derived"]["fees"][str(tile)]


def payments(events: list[dict[str, Any]]) -> list[tuple[Any, Any, int, str]]:
    """Every money movement in ``events`` as ``(payer, payee, amount, reason)``."""
    return [(e["payer"], e["payee"], e["amount"], e["reason"]) for e in events if e["type"] == "Payment"]
