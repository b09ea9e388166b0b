"""Standing orders: rules a player sets for their own seat so the table makes their routine
decisions the moment the game needs them, and stops (waits for them) on the ones they want to
make themselves (issue 31, section 1; ``../shared/spec/PRODUCT.md``, "Slow play").

Each ruleset declares its orders as a pydantic model (:attr:`Ruleset.standing_orders`: fields
in the game's own terms, every field with the default the guide recommends) and what they do
(:meth:`Ruleset.order_action`: the move a seat's orders make now, or ``None`` for a stop or
when they have nothing to do). This module is the one driver every game shares:
:func:`follow` makes the orders' moves, one after another, until the game waits only on
decisions no order makes. It is pure like the rest of the engine: the service calls it in the
write of the move (or timer) that handed a seat the decision, and the tempo benchmark
(``benchmarks/slow_play.py``) in virtual time.

What an order may look at: what its seat may see. Whether a seat's orders move now must
depend only on what the *other* seats can see as well (public state and the orders
themselves), never on the seat's hidden hand: a Mulodi answer by order is given at once
whether or not the hand holds a Neda, so its timing tells nobody anything. The ruleset kit
checks it (``tests/engine/test_ruleset_kit.py``,
``test_whether_orders_move_tells_nothing_hidden``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from engine.core import (
    EngineError,
    InvalidAction,
    Result,
    Ruleset,
    first_error,
    get_ruleset,
    ruleset_of,
    stamp,
)

MAX_ORDER_MOVES = 400
"""Most moves one :func:`follow` makes (a guard: a Jiji race between proxy bids takes two or
three; a whole Mtaani turn by order about ten)."""


@dataclass(frozen=True, slots=True)
class OrderMove:
    """One move made by ``seat``'s orders: the ``action`` (time fields stamped) and its
    :class:`Result`."""

    seat: int
    action: BaseModel
    result: Result


@dataclass(slots=True)
class Followed:
    """What :func:`follow` did: the ``state`` after the orders' moves (the state given when
    they made none), the ``moves`` in order, and ``refused``: ``(seat, action, error)`` for an
    order whose move the rules refused (a ruleset's bug, never a player's: that seat's orders
    made no more moves in this call)."""

    state: Any
    moves: list[OrderMove] = field(default_factory=list)
    refused: list[tuple[int, BaseModel, EngineError]] = field(default_factory=list)


def _ruleset(ruleset: Ruleset | str | Any) -> Ruleset:
    if isinstance(ruleset, Ruleset):
        return ruleset
    return get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset_of(ruleset)


def parse_orders(ruleset: Ruleset | str | Any, data: Mapping[str, Any]) -> BaseModel:
    """Validate one seat's orders (their JSON form) for ``ruleset`` (a ruleset, its name or a
    state); fields left out take the recommended defaults. Raises :class:`InvalidAction`
    naming the first bad field ("orders.buy_up_to: ..."), and when the game has no orders."""
    rs = _ruleset(ruleset)
    if rs.standing_orders is None:
        raise InvalidAction(f"{rs.game_title or rs.name} has no standing orders")
    if not isinstance(data, Mapping):
        raise InvalidAction("orders must be an object of the game's order fields")
    try:
        return rs.standing_orders.model_validate(dict(data))
    except ValidationError as exc:
        raise InvalidAction(f"orders.{first_error(exc, 'orders')}") from None


def recommended(ruleset: Ruleset | str | Any) -> dict[str, Any] | None:
    """The orders the game's guide recommends (the model's defaults, JSON-ready), or ``None``
    when the game has no orders."""
    rs = _ruleset(ruleset)
    return None if rs.standing_orders is None else rs.standing_orders().model_dump(mode="json")


def schema(ruleset: Ruleset | str | Any) -> dict[str, Any] | None:
    """The JSON Schema of the game's orders (titles and descriptions in the game's terms, for
    the screens and ``/openapi.json``), or ``None`` when the game has none."""
    rs = _ruleset(ruleset)
    return None if rs.standing_orders is None else rs.standing_orders.model_json_schema()


def follow(state: Any, orders: Mapping[int, BaseModel], now: int, *,
           limit: int = MAX_ORDER_MOVES) -> Followed:
    """Make the moves the seats' ``orders`` (seat -> parsed orders) make in ``state`` at
    ``now`` (Unix seconds), one at a time, each on the state the last one left: at each step
    the first seat the game waits on (``Ruleset.waiting_seats``, in its order) whose orders
    make a move; or, where several seats' orders would answer each other at length (a Jiji
    proxy-bid race), the last few moves of that run that leave the game as it would
    (``Ruleset.orders_shortcut``). Stops when none does (every seat waited on has a stop or no orders), when the
    game is over, or after ``limit`` moves. ``state`` itself is not changed."""
    rs = ruleset_of(state)
    followed = Followed(state)
    if rs.standing_orders is None or not orders:
        return followed
    halted: set[int] = set()
    while len(followed.moves) < limit and rs.outcome(followed.state) is None:
        active = {seat: o for seat, o in orders.items() if seat not in halted}
        queued = [(seat, stamp(action, now))
                  for seat, action in rs.orders_shortcut(followed.state, active, now)]
        if not queued:
            for seat in rs.waiting_seats(followed.state):
                if seat in active:
                    action = rs.order_action(followed.state, seat, active[seat], now)
                    if action is not None:
                        queued = [(seat, stamp(action, now))]
                        break
        if not queued:
            break
        for seat, action in queued[:limit - len(followed.moves)]:
            try:
                result = rs.apply(followed.state, action)
            except EngineError as exc:
                followed.refused.append((seat, action, exc))
                halted.add(seat)
                break
            followed.moves.append(OrderMove(seat, action, result))
            followed.state = result.state
    return followed
