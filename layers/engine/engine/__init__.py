"""The pure rules engine: state + action + seeded randomness in, new state + events out.

Public interface (every game is a ruleset behind it):

- :func:`new_game` ``(ruleset, players, seed, options) -> state``
- :func:`legal_actions` ``(state, player) -> LegalActions``
- :func:`apply` ``(state, action) -> (state, events)``
- :func:`view` ``(state, viewer) -> dict`` (per-viewer redaction)
- :func:`parse_action` ``(state_or_ruleset, data) -> action``
- :func:`get_ruleset` / :func:`rulesets` (the registry)

The engine does no I/O, reads no clock and no global random source. Errors are
:class:`EngineError` subclasses (all ``ValueError``), split by cause.
"""

from engine.core import (
    EngineError,
    GameOver,
    IllegalAction,
    InvalidAction,
    LegalActions,
    NotYourDecision,
    Ruleset,
    UnknownRuleset,
    apply,
    dump_state,
    get_ruleset,
    idle_action,
    legal_actions,
    load_state,
    new_game,
    parse_action,
    rulesets,
    view,
)

__all__ = [
    "EngineError",
    "GameOver",
    "IllegalAction",
    "InvalidAction",
    "LegalActions",
    "NotYourDecision",
    "Ruleset",
    "UnknownRuleset",
    "apply",
    "dump_state",
    "get_ruleset",
    "idle_action",
    "legal_actions",
    "load_state",
    "new_game",
    "parse_action",
    "rulesets",
    "view",
]
