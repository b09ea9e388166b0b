"""The Siri ruleset (see :mod:`tests.siri`) against the engine's :class:`~engine.Ruleset`."""

from __future__ import annotations

import random
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine import (
    Deadline,
    Decision,
    EventShape,
    GameOver,
    IllegalAction,
    InvalidAction,
    LegalActions,
    NotYourDecision,
    Outcome,
    Ruleset,
    read_action,
)
from engine.context import Ctx, Rule, Rules

CARDS = range(1, 10)


class Options(BaseModel):
    """Table options: the idle turn's length (seconds) and the turns before a draw."""

    model_config = ConfigDict(extra="forbid")
    idle_timeout_seconds: int = Field(3600, ge=1)
    max_turns: int = Field(30, ge=2, le=200)


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    player: int = Field(ge=0, le=1)


class Guess(_Action):
    """Guess the face-down card: the table says higher, lower or right."""

    type: Literal["guess"] = "guess"
    card: int = Field(ge=1, le=9)


class Pass(_Action):
    """Pass your turn."""

    type: Literal["pass"] = "pass"


class Taunt(_Action):
    """Taunt the other player (once a game; it answers nothing)."""

    type: Literal["taunt"] = "taunt"


class Timeout(_Action):
    """The table passes turn ``decision`` for its absent holder."""

    type: Literal["timeout"] = "timeout"
    decision: int


class Orders(BaseModel):
    """A Siri seat's standing orders: guess once the hints leave few cards, else pass (or
    stop and let the player choose). Whether they move depends on the public hints alone."""

    model_config = ConfigDict(extra="forbid")
    guess_when_left: int = Field(
        1, ge=0, le=9, title="Guess when this few cards are left",
        description="guess the lowest card the hints still allow once at most this many "
                    "cards remain possible (0: never guess by order)")
    pass_turns: bool = Field(
        True, title="Pass my other turns",
        description="pass a turn on which the order does not guess (off: wait for me)")


KINDS: dict[str, type[_Action]] = {c.model_fields["type"].default: c
                                   for c in (Guess, Pass, Taunt, Timeout)}


class SiriState(BaseModel):
    """A table: whose ``turn`` (seat) of how many ``turns`` played, the face-down ``card``,
    the public ``guesses`` ([seat, card, hint]), who taunted, and the end."""

    ruleset: str = "siri"
    seed: int
    players: list[str]
    options: Options
    card: int
    turn: int = 0
    turns: int = 0
    guesses: list[tuple[int, int, str]] = Field(default_factory=list)
    taunted: list[int] = Field(default_factory=list)
    winner: int | None = None
    over: str | None = None
    scripted: dict[str, Any] = Field(default_factory=dict)
    steps: int = 0

    def copy(self) -> SiriState:  # type: ignore[override]  (the engine's state protocol)
        """A deep copy."""
        return self.model_copy(deep=True)

    def dump(self) -> dict[str, Any]:
        """The stored form as JSON-ready data."""
        return self.model_dump(mode="json")

    def dump_json(self) -> str:
        """The stored JSON form."""
        return self.model_dump_json()


# The rules, in the engine's shared toolkit (engine.context): its working context, its Rule
# (a check, then a perform) and its registry.
def _check_on(ctx: Ctx, action: Any) -> None:
    if ctx.s.over:
        raise GameOver("the game is over")


def _check_turn(ctx: Ctx, action: Any) -> None:
    _check_on(ctx, action)
    if action.player != ctx.s.turn:
        raise NotYourDecision("it is the other player's turn")


def _check_taunt(ctx: Ctx, action: Any) -> None:
    _check_on(ctx, action)
    if action.player in ctx.s.taunted:
        raise IllegalAction("you have taunted once already")


def _taunt(ctx: Ctx, action: Any) -> None:
    ctx.s.taunted.append(action.player)
    ctx.emit("Taunted", player=action.player)


def _check_guess(ctx: Ctx, action: Any) -> None:
    _check_turn(ctx, action)
    if any(g == action.card for _, g, _ in ctx.s.guesses):
        raise IllegalAction("that card was guessed already")


def _guess(ctx: Ctx, action: Any) -> None:
    s = ctx.s
    hint = _hint(s.card, action.card)
    s.guesses.append((action.player, action.card, hint))
    ctx.emit("Guessed", player=action.player, card=action.card, hint=hint)
    if hint == "right":
        s.over, s.winner = "guessed", action.player
    _next_turn(ctx)


def _check_timeout(ctx: Ctx, action: Any) -> None:
    _check_turn(ctx, action)
    if action.decision != ctx.s.turns + 1:
        raise IllegalAction("that turn is no longer waiting")


def _pass(ctx: Ctx, action: Any) -> None:
    ctx.emit("Passed", player=action.player,
             by="table" if action.type == "timeout" else "player")
    _next_turn(ctx)


RULES: Rules[Rule] = Rules("Siri")
RULES.add("guess", Rule(_check_guess, _guess))
RULES.add("pass", Rule(_check_turn, _pass))
RULES.add("timeout", Rule(_check_timeout, _pass))
RULES.add("taunt", Rule(_check_taunt, _taunt))


def _next_turn(ctx: Ctx) -> None:
    s = ctx.s
    s.turns += 1
    s.turn = 1 - s.turn
    if not s.over and s.turns >= s.options.max_turns:
        s.over = "turn_cap"
    if s.over:
        ctx.emit("GameEnded", termination=s.over, winner=s.winner, card=s.card)


def _possible(state: SiriState) -> list[int]:
    """The cards the public hints still allow."""
    out = []
    for card in CARDS:
        if all(_hint(card, guess) == hint for _, guess, hint in state.guesses):
            out.append(card)
    return out


def _hint(card: int, guess: int) -> str:
    return "right" if guess == card else ("higher" if card > guess else "lower")


class SiriRuleset(Ruleset):
    name = "siri"
    game = "siri"
    bots_module = "tests.siri.bots"
    game_title = "Siri"
    game_summary = "Guess the face-down card before the other player does."
    title = "Siri"
    min_players = max_players = 2
    actions = (Guess, Pass, Taunt)
    system_actions = frozenset({"timeout"})
    table_options = Options
    bus_events = frozenset({"Guessed", "GameEnded"})
    event_shapes = {
        "Guessed": EventShape(public=("player", "card", "hint")),
        "Passed": EventShape(public=("player", "by")),
        "Taunted": EventShape(public=("player",)),
        "GameEnded": EventShape(public=("termination", "winner", "card")),
    }
    bot_levels = ("base",)
    free_actions = frozenset({"taunt"})
    short_game_options = {"max_turns": 40}
    standing_orders = Orders

    def new_game(self, players, seed, options):
        if len(players) != 2 or len(set(players)) != 2:
            raise InvalidAction("Siri seats two different players")
        try:
            opts = Options(**options)
        except (ValidationError, TypeError) as exc:
            raise InvalidAction(f"bad options: {exc}") from None
        return SiriState(seed=seed, players=list(players), options=opts,
                         card=random.Random(seed).choice(CARDS))

    def load_state(self, data):
        return (SiriState.model_validate_json(data) if isinstance(data, (str, bytes))
                else SiriState.model_validate(data))

    def parse_action(self, data):
        return read_action("Siri", KINDS, data)

    def rename_player(self, state, seat, new_id):
        copy = state.copy()
        copy.players[seat] = new_id
        return copy

    def pending(self, state):
        if state.over:
            return ()
        return (Decision(state.turns + 1, state.turn, "turn", Deadline(
            "idle_turn", "idle_timeout_seconds", seconds=state.options.idle_timeout_seconds)),)

    def outcome(self, state):
        return Outcome(state.over, state.winner) if state.over else None

    def _check(self, state, action):
        RULES.of(action).check(Ctx(state), action)

    def legal_actions(self, state, player):
        acts: list[BaseModel] = []
        if not state.over:
            if player == state.turn:
                guessed = {g for _, g, _ in state.guesses}
                acts += [Guess(player=player, card=c) for c in CARDS if c not in guessed]
                acts.append(Pass(player=player))
            if player not in state.taunted:
                acts.append(Taunt(player=player))
        return LegalActions(acts, lambda action: self._check(state, action))

    # the reducer's steps (engine.Ruleset runs the sequence)
    action_types = KINDS
    rules = RULES

    def context(self, state, quiet):
        return Ctx(state, [])

    def check(self, ctx, action):
        RULES.of(action).check(ctx, action)

    def order_action(self, state, seat, orders, now):
        if state.over or state.turn != seat:
            return None
        possible = _possible(state)
        if len(possible) <= orders.guess_when_left:
            return Guess(player=seat, card=min(possible))
        return Pass(player=seat) if orders.pass_turns else None

    def deadline_action(self, state, decision, now):
        if state.over or decision.id != state.turns + 1:
            return None
        return Timeout(player=decision.player, decision=decision.id)

    def view(self, state, viewer, *, reveal=False):
        shown = {"players": list(state.players), "turn": state.turn, "turns": state.turns,
                 "guesses": [list(g) for g in state.guesses], "taunted": list(state.taunted),
                 "max_turns": state.options.max_turns,
                 "card": state.card if state.over else None}
        if reveal:
            shown["revealed"] = {"card": state.card}
        return shown

    def redeterminize(self, state, seat, rng):
        copy = state.copy()
        copy.seed = rng.getrandbits(62)
        if not state.over:
            copy.card = rng.choice(_possible(state))
        return copy

    def guide(self):
        return {"prose": [{"id": "aim", "title": "Aim",
                           "text": "Guess the face-down card (1 to 9) before the other player."}]}


SIRI = SiriRuleset()
