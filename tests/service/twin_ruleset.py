"""``twin``: the smallest game with two decisions pending at once, for testing the service's
deadlines without any real game's rules. Registered only while a test that uses it runs
(:func:`registered`), never by the service.

Both seats must answer. Seat 0's decision has a response window (a hard deadline, 60 s by
default: the table answers "no" as soon as it passes, in reads too); seat 1's an idle turn
(soft, 120 s: the table ends it when its timer runs). The game ends when both have answered.
"""

from __future__ import annotations

import random
from contextlib import contextmanager
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.context import Ctx, Rule, Rules
from engine.core import (
    Deadline,
    Decision,
    EventShape,
    IllegalAction,
    InvalidAction,
    LegalActions,
    Outcome,
    Ruleset,
    register,
)


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")
    response_window_seconds: int = Field(60, ge=1)
    idle_timeout_seconds: int = Field(120, ge=1)


class Answer(BaseModel):
    """Answer your decision."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["answer"] = "answer"
    player: int = Field(ge=0, le=1)
    yes: bool = True


class Timeout(BaseModel):
    """The table answers ``decision`` for its absent holder."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["timeout"] = "timeout"
    player: int = Field(ge=0, le=1)
    decision: int


class TwinState(BaseModel):
    ruleset: str = "twin"
    seed: int
    players: list[str]
    options: Options
    answers: dict[int, bool | None] = Field(default_factory=lambda: {0: None, 1: None})
    steps: int = 0

    def copy(self) -> TwinState:  # type: ignore[override]  (the engine's state protocol)
        """A deep copy."""
        return self.model_copy(deep=True)

    def dump(self) -> dict[str, Any]:
        """The stored form as JSON-ready data."""
        return self.model_dump(mode="json")

    def dump_json(self) -> str:
        """The stored JSON form."""
        return self.model_dump_json()


def _check_answer(ctx: Ctx, action: Any) -> None:
    if ctx.s.answers.get(action.player, False) is not None:
        raise IllegalAction("nothing to answer")


def _check_timeout(ctx: Ctx, action: Any) -> None:
    _check_answer(ctx, action)
    if action.decision != action.player + 1:
        raise IllegalAction("no such decision")


def _answer(ctx: Ctx, action: Any) -> None:
    seat = action.player
    ctx.s.answers[seat] = action.yes if action.type == "answer" else False
    ctx.emit("Answered", player=seat, yes=ctx.s.answers[seat],
             by="player" if action.type == "answer" else "table")


# The engine's shared toolkit (engine.context): its context, Rule and registry.
RULES: Rules[Rule] = Rules("Twin")
RULES.add("answer", Rule(_check_answer, _answer))
RULES.add("timeout", Rule(_check_timeout, _answer))


class TwinRuleset(Ruleset):
    name = "twin"
    game = "twin"
    game_title = title = "Twin"
    min_players = max_players = 2
    actions = (Answer,)
    system_actions = frozenset({"timeout"})
    table_options = Options
    bus_events = frozenset({"Answered"})
    event_shapes = {"Answered": EventShape(public=("player", "yes", "by"))}

    def new_game(self, players, seed, options):
        if len(players) != 2 or len(set(players)) != 2:
            raise InvalidAction("twin seats two distinct players")
        return TwinState(seed=seed, players=list(players), options=Options(**options))

    def load_state(self, data):
        return TwinState.model_validate_json(data) if isinstance(data, (str, bytes)) \
            else TwinState.model_validate(data)

    def parse_action(self, data: dict[str, Any]):
        kind = {"answer": Answer, "timeout": Timeout}.get(data.get("type"))
        if kind is None:
            raise InvalidAction("not a twin action")
        return kind.model_validate(data)

    def pending(self, state: TwinState):
        out = []
        if state.answers[0] is None:
            out.append(Decision(1, 0, "answer", Deadline(
                "response_window", "response_window_seconds",
                seconds=state.options.response_window_seconds)))
        if state.answers[1] is None:
            out.append(Decision(2, 1, "answer", Deadline(
                "idle_turn", "idle_timeout_seconds", seconds=state.options.idle_timeout_seconds)))
        return tuple(out)

    def outcome(self, state: TwinState):
        if None in state.answers.values():
            return None
        return Outcome("answered", 0 if state.answers[0] else 1)

    def legal_actions(self, state: TwinState, player: int):
        acts = [Answer(player=player, yes=y) for y in (True, False)] \
            if state.answers.get(player, False) is None else []

        def check(action):
            if action.type != "answer" or state.answers.get(action.player, False) is not None:
                raise IllegalAction("nothing to answer")

        return LegalActions(acts, check)

    # the reducer's steps (engine.Ruleset runs the sequence)
    action_types = {"answer": Answer, "timeout": Timeout}
    rules = RULES

    def context(self, state, quiet):
        return Ctx(state, [])

    def check(self, ctx, action):
        RULES.of(action).check(ctx, action)

    def deadline_action(self, state, decision, now):
        if decision.player is None or state.answers.get(decision.player, False) is not None:
            return None
        return Timeout(player=decision.player, decision=decision.id)

    def view(self, state, viewer, *, reveal=False):
        return {"answers": {str(k): v for k, v in state.answers.items()},
                **({"revealed": {}} if reveal else {})}

    def redeterminize(self, state, seat, rng: random.Random):
        return state.model_copy(update={"seed": rng.getrandbits(63)}, deep=True)

    def rename_player(self, state, seat, new_id):
        copy = state.copy()
        copy.players[seat] = new_id
        return copy

    def waiting_seats(self, state):
        return [d.player for d in self.pending(state)]

    def guide(self):
        return {"rules": "answer"}


TWIN = TwinRuleset()


@contextmanager
def registered():
    """``twin`` in the engine's registry for the ``with`` block only (so no other test sees
    a fourth game in the registry's lists)."""
    from engine import core
    from service import guide

    register(TWIN)
    try:
        yield TWIN
    finally:
        core._LOADED.pop(TWIN.name, None)
        core._GAMES.pop(TWIN.name, None)
        guide.guide.cache_clear()
