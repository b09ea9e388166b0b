"""Bots' moves: the bot-turn function plays every seat a bot plays (bot seats and stand-ins)
while the game waits on one, through the same pipeline and optimistic locking as a human.

Design (docs/architecture.md, "Bots"): the pipeline puts ``BotsToMove`` on the bus after any
move that leaves a bot-played seat something to decide (its turn, a debt, a trade or loan
offer to answer). The bot-turn function then plays move after move, pausing the table's
``bot_delay`` before each so people can follow, until the game waits on a human again or is
over, or its time budget is spent: then it hands off to a fresh invocation by putting
``BotsToMove`` on the bus again. A move is one ``pipeline.run``: load, ``engine.bots.choose``,
apply, conditional write, publish; if a human moved meanwhile the write is refused and the bot
decides again on the new state. Scheduler is not used for bot moves: its one-minute
precision would make a game of thousands of moves last days.

Standing orders ride the same cue: a write whose orders stopped at
``pipeline.ORDER_MOVES_PER_WRITE`` with more to make puts ``BotsToMove`` with ``"orders":
true`` on the bus, and this function carries them on, a write at a time (each run with no move
of its own, ``pipeline.FOLLOW_ORDERS``: the write is the orders'), without the bots' pause (the
orders' moves are the write's own, made as fast as the write that started them), then plays
the bots as ever.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from pydantic import BaseModel

import engine
from service import pipeline, seats
from service.storage import StoredGame

WAITING = pipeline.Unchanged("waiting")
"""What :func:`choose` answers when no bot has anything to do: the run writes nothing."""


def choose(game: StoredGame, state: engine.GameState) -> BaseModel | pipeline.Unchanged:
    """The next bot move of the game: the first bot-played seat the game waits on (offers to
    answer first, then the pending decision) whose bot has something to do. Seeded by the
    game's seed, so a replay chooses the same. :data:`WAITING` when no bot has a move."""
    # Cold start: the bots' code loads only in the bot-turn function.
    from engine import bots

    played = seats.bot_played(game.record)
    for seat in pipeline.bots_waiting(game.record, state):
        action = bots.choose(state, seat, played[seat], state.seed)
        if action is not None:
            return action
    return WAITING


def orders_only(game: StoredGame, state: engine.GameState) -> str:
    """No move of its own: the run's write is the standing orders' (``pipeline.FOLLOW_ORDERS``;
    the run answers ``pipeline.Unchanged`` when they have nothing left to make)."""
    return pipeline.FOLLOW_ORDERS


@dataclass
class BotRun:
    """What one invocation did: ``moves`` applied, and why it stopped (``"waiting"``: nobody
    a bot plays has anything to decide; ``"finished"``; ``"saved"``; ``"unattended"``: the
    table reached ``pipeline.UNATTENDED_MOVES`` moves in a row no person made (bots' and its
    own), so it was saved until its owner resumes it; ``"handed_off"``: the budget ran out and a fresh invocation was
    cued)."""

    moves: int
    stopped: str


def play(game_id: str, *, delay: float, budget: float, max_moves: int = 10_000,
         orders: bool = False, sleep: Callable[[float], None] = time.sleep,
         clock: Callable[[], float] = time.monotonic) -> BotRun:
    """Play the bots of ``game_id`` for at most ``budget`` seconds, ``delay`` seconds before
    each move (the table's bot delay). ``orders``: the cue says standing orders have moves
    left (see the module docstring): they are carried on first, without the pause, and
    whenever a write leaves more. Raises what the pipeline raises, except a saved game."""
    started = clock()
    moves = 0
    result: pipeline.ActionResult | None = None
    while True:
        if result is not None and (clock() - started + (0 if orders else delay) >= budget
                                   or moves >= max_moves):  # (a move made: a result)
            pipeline.cue_bots(result)
            return BotRun(moves, "handed_off")
        if delay and not orders:
            sleep(delay)
        try:
            ran = pipeline.run(game_id, orders_only if orders else choose, by_bot=True,
                               loaded=result.game if result is not None else None)
        except pipeline.GameSaved:
            return BotRun(moves, "saved")
        if isinstance(ran, pipeline.Unchanged):
            if orders:  # the orders had nothing left (someone moved meanwhile): the bots' turn
                orders = False
                continue
            return BotRun(moves, "waiting")
        result = ran
        orders = result.orders_left
        moves += 1
        if result.game.record.status == "finished":
            return BotRun(moves, "finished")
        if pipeline.pause_if_unattended(result):
            return BotRun(moves, "unattended")
