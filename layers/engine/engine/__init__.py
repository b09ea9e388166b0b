"""The pure rules engine: state + action (+ ``now`` where a rule needs time) + seeded randomness
in, new state + events + pending decisions out.

Public interface (every game is a ruleset behind it, :class:`Ruleset`):

- :func:`new_game` ``(ruleset, players, seed, options) -> state``
- :func:`legal_actions` ``(state, player) -> LegalActions``
- :func:`apply` ``(state, action) -> Result(state, events, pending, outcome)``
- :func:`pending` ``(state) -> (Decision, ...)`` and :func:`outcome` ``(state) -> Outcome | None``
- :func:`deadline_action` ``(state, decision, now) -> action | None`` (what the table does)
- :func:`view` ``(state, viewer) -> dict`` and :func:`redeterminize` ``(state, seat, rng)``
- :func:`parse_action`, :func:`load_state`, :func:`dump_state`
- :func:`get_ruleset` / :func:`rulesets` / :func:`games` / :func:`game_of` (the registry)

The engine does no I/O, reads no clock and no global random source. Errors are
:class:`EngineError` subclasses (all ``ValueError``), split by cause.
"""

from engine.core import (
    DEADLINE_KINDS,
    DEFAULT_RULESET,
    TIME_FIELDS,
    Deadline,
    Decision,
    EngineError,
    EventShape,
    GameOver,
    GameState,
    IllegalAction,
    InvalidAction,
    LegalActions,
    Notice,
    NotYourDecision,
    Outcome,
    Result,
    Rule,
    Ruleset,
    UnknownRuleset,
    apply,
    deadline_action,
    dump_state,
    game_of,
    games,
    get_ruleset,
    legal_actions,
    load_state,
    new_game,
    outcome,
    parse_action,
    pending,
    places,
    read_action,
    redeterminize,
    ruleset_of,
    rulesets,
    rulesets_of,
    stamp,
    view,
)

__all__ = [
    "DEADLINE_KINDS",
    "DEFAULT_RULESET",
    "TIME_FIELDS",
    "Deadline",
    "Decision",
    "EngineError",
    "EventShape",
    "GameOver",
    "GameState",
    "IllegalAction",
    "InvalidAction",
    "LegalActions",
    "NotYourDecision",
    "Notice",
    "Outcome",
    "Result",
    "Rule",
    "Ruleset",
    "UnknownRuleset",
    "apply",
    "deadline_action",
    "dump_state",
    "game_of",
    "games",
    "get_ruleset",
    "legal_actions",
    "load_state",
    "new_game",
    "outcome",
    "parse_action",
    "pending",
    "places",
    "read_action",
    "redeterminize",
    "ruleset_of",
    "rulesets",
    "rulesets_of",
    "stamp",
    "view",
]
