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
    """Apply action ``type_`` for ``player`` (default: the decision holder)."""
    if player is None:
        player = state.decision.player
    return engine.apply(state, {"type": type_, "player": player, **fields})


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
