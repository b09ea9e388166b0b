"""Self-play: whole Mulodi games between bots, as the service plays bot seats.

Every decision is asked of the holder's bot on a state redeterminized for its seat
(``MulodiRuleset.redeterminize``, as :func:`engine.bots.choose` does), so no bot reads another
hand or the draw order; the answer is applied to the real state in place. When several
decisions are pending (a Wedding Meeting's windows) they are asked in order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import engine
from engine.mulodi import bots

MAX_ACTIONS = 50_000
"""Safety stop for one self-play game (a game that long means a bot or engine bug)."""
MAX_TURNS = 600
"""The turn cap self-play tables set (far above the longest bot games; see docs/bots.md)."""


@dataclass
class GameResult:
    """One finished game: ``kinds`` by seat, ``winner`` (a seat or ``None``), how it ended,
    turns started and actions applied."""

    seed: int
    kinds: list[str]
    winner: int | None
    termination: str
    turns: int
    actions: int

    @property
    def winner_kind(self) -> str | None:
        return None if self.winner is None else self.kinds[self.winner]


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of self-play game ``game_seed``."""
    return game_seed * 16 + seat


def play(kinds: Sequence[str], seed: int, *, seat_bots: Sequence | None = None,
         max_turns: int = MAX_TURNS) -> GameResult:
    """Play one game, seat ``i`` taken by a bot of ``kinds[i]``, dealt from ``seed``.

    Raises ``RuntimeError`` past :data:`MAX_ACTIONS` actions and whatever a bot raises
    (strict mode)."""
    kinds = list(kinds)
    rs = engine.get_ruleset("mulodi")
    state = rs.new_game([bots.seat_id(k, i) for i, k in enumerate(kinds)], seed,
                        {"max_turns": max_turns})
    seat_bots = list(seat_bots) if seat_bots else [bots.make(k, bot_seed(seed, i)) for i, k in enumerate(kinds)]
    rng = random.Random(seed)
    count = 0
    while state.termination is None:
        if count >= MAX_ACTIONS:
            raise RuntimeError(f"game {seed} ran past {MAX_ACTIONS} actions")
        seat = rs.waiting_seats(state)[0]
        seen = rs.redeterminize(state, seat, rng)
        action = bots.decide(seat_bots[seat], seen, seat, strict=True)
        rs.apply_in_place(state, action)
        count += 1
    return GameResult(seed, kinds, state.winner, state.termination, state.turn, count)
