"""Every game of the registry, for the service tests that run once per game (views, the event
log, chat, presence, save and resume, export, erasure, the archive): its first ruleset, the
table options that end one of its games within a few deadlines, a first roll fixed to 1+2, a
private offer and its refusal, and the options a state was dealt with. A game missing from
the tables below still runs them, with its ruleset's ``short_game_options`` and no fixed roll
where it has no say."""

from __future__ import annotations

from typing import Any

import engine

RULESETS = [engine.rulesets_of(game)[0] for game in engine.games()]
"""The first ruleset of every game (the parameter of the tests that run per game)."""

ENDS_SOON = {
    "mtaani": {"max_turns": 1},
    "jiji": {"end": "clock", "clock_seconds": 60},
    "mulodi": {"max_turns": 2},
}
"""Options under which a game is over after a deadline or two passes for idle players (a
Mulodi game ends by itself only when someone completes three sets: idle turns never do, and
after a few the table hands the seat to a stand-in bot, whose turns no deadline plays)."""

FIRST_MOVE = {
    "mtaani": ("roll", {"type": "roll"}),
    "jiji": ("roll", {"type": "roll"}),
    "mulodi": ("end-turn", {"type": "end_turn", "returned": []}),
}
"""Per game: a move the player the game waits on first may always make (its path under the
game's moves, and the legal action it is), which changes the table for everyone."""

ROLL_1_2 = {
    "mtaani": {"scripted": {"dice": [[1, 2]], "mugging": [False]}},
    "jiji": {"scripted": {"dice": [[1, 2]]}},
}
"""Options under which the first roll is 1+2 (and nothing else random happens on it)."""

PRIVATE_OFFERS = {
    "mtaani": {"offer": ("propose-trade", {"to": 1, "give": {"cash": 10_000}, "get": {"cash": 0}}),
               "event": "TradeOffered", "id": "trade", "decline": "decline-trade",
               "left_open": ("offer-loan", {"to": 1, "lend": True, "amount": 200_000,
                                            "interest_percent": 10, "term": 5})},
    "jiji": {"offer": ("propose-deal", {"to": 1, "give_cash": 10_000}),
             "event": "DealOffered", "id": "deal", "decline": "decline-deal",
             "left_open": ("propose-deal", {"to": 1, "give_cash": 20_000})},
}
"""Per game: a move seat 0 makes offering seat 1 something only the two of them see, the
event it logs, the field naming the offer and the move seat 1 declines it with, and another
private offer to leave open. Mulodi has none: its players make no offers to each other (hands
are hidden, but every event is public; only the cards drawn are shown to their drawer)."""

WITH_PRIVATE_OFFERS = [r for r in RULESETS if engine.game_of(r) in PRIVATE_OFFERS]
"""The first ruleset of every game whose players make each other private offers."""


def game_of(ruleset: str) -> str:
    return engine.game_of(ruleset)


def ends_soon(ruleset: str) -> dict[str, Any]:
    return dict(ENDS_SOON.get(game_of(ruleset)) or engine.get_ruleset(ruleset).short_game_options)


def first_move(ruleset: str) -> tuple[str, dict[str, Any]]:
    return FIRST_MOVE[game_of(ruleset)]


def roll_1_2(ruleset: str) -> dict[str, Any]:
    return dict(ROLL_1_2.get(game_of(ruleset), {}))


def dealt_options(state: Any) -> dict[str, Any]:
    """The options ``state`` was dealt with (Mtaani keeps them as a pydantic model, Jiji as
    its own options record, Mulodi as a dict)."""
    options = state.options
    if hasattr(options, "model_dump"):
        return options.model_dump(exclude_none=True)
    if isinstance(options, dict):
        return {k: v for k, v in options.items() if v is not None}
    return options.dump()


def player_id(state: Any, seat: int) -> str:
    """The player id a state holds for ``seat`` (Mtaani and Jiji keep player records with an
    ``id``, Mulodi the ids themselves)."""
    player = state.players[seat]
    return player if isinstance(player, str) else player.id


def starter(view: dict[str, Any]) -> int:
    """The seat the game waits on first (Jiji's opening roll decides it)."""
    return view["decision"]["player"]
