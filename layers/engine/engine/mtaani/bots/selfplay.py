"""Self-play: whole games between bots, their outcome, and completed-game history records.

A **history record** is the same information the service keeps for a finished game (its event
log's ``ActionApplied`` items hold every action; the stored state holds the seed, players and
options), in one JSON object::

    {"format": "mtaa-history/1", "ruleset": "mtaani", "seed": 7, "players": ["bot:base:0", ...],
     "options": {"max_turns": 600}, "actions": [{"type": "roll", "player": 0}, ...],
     "winner": 1, "termination": "bankruptcy", "turns": 212, "revolutions": 19}

Self-play records may add ``"explore": [seats]``: seats that bought and built at random where a
real choice existed (their choices teach the Smart bot's decision models what each is worth).

:func:`record_from_log` builds one from a stored game, :func:`replay` plays one back from
``new_game(seed)`` + its actions; training (:mod:`training.mtaani`, a dev tool) reads nothing else, so
real games can join self-play games in the training data.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

import engine
from engine.mtaani import bots
from engine.mtaani.properties import count_mortgages as _count_mortgages

if TYPE_CHECKING:
    from engine.mtaani.ruleset import MtaaniRuleset
    from engine.mtaani.state import MtaaniState

count_mortgages: Callable[[MtaaniState], None] | None = _count_mortgages
"""How self-play keeps its states' mortgage count (``None``: it keeps none; tests compare)."""

FORMAT = "mtaa-history/1"
DEFAULT_MAX_TURNS = {2: 400, 3: 500, 4: 600}
"""Self-play turn caps by table size: a capped game goes to the richest seat (engine rule);
the caps sit far above typical bankruptcy finishes (see docs/bots.md)."""
MAX_ACTIONS = 200_000
"""Safety stop for one self-play game (a game that long means a bot or engine bug)."""


@dataclass
class GameResult:
    """One finished self-play game. ``kinds`` by seat; ``winner`` a seat; ``turns`` started,
    ``revolutions`` completed; ``history`` the record when asked for."""

    seed: int
    kinds: list[str]
    winner: int | None
    termination: str
    turns: int
    revolutions: int
    actions: int
    history: dict[str, Any] | None = field(default=None, repr=False)

    @property
    def winner_kind(self) -> str | None:
        return None if self.winner is None else self.kinds[self.winner]


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of self-play game ``game_seed``."""
    return game_seed * 16 + seat


def play(kinds: Sequence[str], seed: int, *, ruleset: str = "mtaani", max_turns: int | None = None,
         record: bool = False, seat_bots: Sequence[Any] | None = None) -> GameResult:
    """Play one game, seat ``i`` taken by a bot of ``kinds[i]``, dealt from ``seed``.

    ``max_turns`` defaults to :data:`DEFAULT_MAX_TURNS`; ``seat_bots`` replaces the bot
    objects (self-play with varied styles). Raises ``RuntimeError`` if a game runs past
    :data:`MAX_ACTIONS` actions, and whatever a bot raises (strict mode).
    """
    kinds = list(kinds)
    cap = max_turns or DEFAULT_MAX_TURNS.get(len(kinds), 600)
    players = [bots.seat_id(kind, i) for i, kind in enumerate(kinds)]
    options = {"max_turns": cap}
    rs = cast("MtaaniRuleset", engine.get_ruleset(ruleset))  # self-play plays Mtaani rulesets
    state = engine.new_game(ruleset, players, seed, options)
    if count_mortgages is not None:
        count_mortgages(state)  # only the engine changes this state: let it keep count
    seat_bots = list(seat_bots) if seat_bots else [bots.make(k, bot_seed(seed, i)) for i, k in enumerate(kinds)]
    actions: list[dict[str, Any]] = []
    count = 0
    decide, waiting_seats = bots.decide, bots.waiting_seats
    # rs.play(state, action, checked=True, quiet=True): apply_in_place without the Result
    # nobody reads here, the second check of a bot's legal choice, or events.
    apply = rs.quiet_player(state)
    book = rs.book
    # Each seat's answers that need no listing (what bots.decide asks first; None: none).
    quicks = [getattr(type(bot), "quick", None) for bot in seat_bots]
    while state.termination is None:  # rs.outcome(state) is None
        if count >= MAX_ACTIONS:
            raise RuntimeError(f"game {seed} ran past {MAX_ACTIONS} actions")
        decision = state.decision
        if decision is not None and not state.trades and not state.loan_offers:
            seat = decision.player  # no offer waits for an answer: waiting_seats(state)[0]
            quick = quicks[seat]
            action = quick(seat_bots[seat], book, state, seat, decision.kind) if quick else None
            if action is None:
                action = decide(seat_bots[seat], state, seat, strict=True, quick=False)
        else:
            seat = waiting_seats(state)[0]
            action = decide(seat_bots[seat], state, seat, strict=True)
        if action is None:
            raise RuntimeError(f"game {seed}: the bot in seat {seat} had no action")
        if record:
            actions.append(action.model_dump(mode="json"))
        # A bot's choice is legal here (bots.decide); the events are not read.
        apply(action)
        count += 1
    outcome = rs.outcome(state)
    if outcome is None:  # the loop ends when the game is over
        raise RuntimeError(f"game {seed} stopped before it was over")
    result = GameResult(seed=seed, kinds=kinds, winner=outcome.winner, termination=outcome.termination,
                        turns=state.turn, revolutions=state.revolutions, actions=count)
    if record:
        result.history = {"format": FORMAT, "ruleset": ruleset, "seed": seed, "players": players,
                          "options": options, "actions": actions, "winner": outcome.winner,
                          "termination": outcome.termination, "turns": state.turn,
                          "revolutions": state.revolutions}
        explored = [i for i, b in enumerate(seat_bots) if getattr(b, "explore", False)]
        if explored:
            result.history["explore"] = explored
    return result


def record_from_log(state, log: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """A history record from a stored game: its final ``state`` (seed, players, options) and
    its event-log items (``ActionApplied`` items hold the actions, in order).

    Raises ``ValueError`` for an unfinished game or a scripted one (its fixed dice were used
    up, so it cannot be replayed from the seed).
    """
    rs = engine.get_ruleset(state.ruleset)
    outcome = rs.outcome(state)
    if outcome is None:
        raise ValueError("only completed games make history records")
    if getattr(state, "scripted", None):
        raise ValueError("a game with scripted randomness cannot be replayed from its seed")
    options = state.options.model_dump(exclude_defaults=True)
    return {
        "format": FORMAT,
        "ruleset": state.ruleset,
        "seed": state.seed,
        "players": [p.id for p in state.players],
        "options": options,
        "actions": [item["action"] for item in log if item.get("type") == "ActionApplied"],
        "winner": outcome.winner,
        "termination": outcome.termination,
        "turns": state.turn,
        "revolutions": state.revolutions,
    }


def replay(record: dict[str, Any]) -> Iterator[tuple[Any, Any]]:
    """Play ``record`` back: yields ``(state, action)`` before each action is applied (the
    state is changed in place afterwards: copy it to keep it), then ``(final_state, None)``.

    Raises ``ValueError`` for an unknown format or when the replay does not reach the
    recorded winner (the engine's rules changed since the game was played).
    """
    if record.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} record")
    rs = engine.get_ruleset(record["ruleset"])
    state = engine.new_game(record["ruleset"], record["players"], record["seed"], record["options"])
    for data in record["actions"]:
        action = rs.parse_action(data)
        yield state, action
        state = rs.apply_in_place(state, action).state
    outcome = rs.outcome(state)
    if outcome is None or outcome.winner != record["winner"]:
        raise ValueError(f"replay of game {record['seed']} did not reach its recorded outcome")
    yield state, None
