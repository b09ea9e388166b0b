"""Determinised look-ahead for the Smart bot: compare a few candidate actions by playing each
on in sampled worlds and scoring where the play-outs stop.

A **world** is the position as the deciding seat can imagine it
(:meth:`engine.mtaani.ruleset.MtaaniRuleset.redeterminize`: a fresh seed, the decks' draw piles
reshuffled), so the search never reads the real seed or deck order. Every candidate is played
in the same worlds (common random numbers: the same dice and draws follow each candidate as
far as the plays agree), every seat then plays on as the bot its open seat id names
(:func:`model_of`: Base for ``bot:base:n``, else Advanced, the deciding seat included) until
the deciding seat's turn has come round :data:`ROUNDS` times, and the position there is
scored: 1 or 0 when the game ended, else the value network's win chance for the deciding
seat. The Smart bot uses it to choose which of its best trade ideas to propose, if any (an
offer is answered at once in the play-out, by the model of its recipient), to decide jail,
the Municipal rule, the deck and close buys, and to vet builds below its reserve, bank loans,
special cards and renovations (:mod:`engine.mtaani.bots.smart`).

The cost is bounded without reading a clock: worlds stop when the next would pass
:data:`BUDGET` simulated actions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.bots import kind_of
from engine.core import get_ruleset
from engine.mtaani.bots import model as mdl
from engine.mtaani.bots.advanced import AdvancedBot
from engine.mtaani.bots.base import BaseBot
from engine.mtaani.bots.policy import decide
from engine.mtaani.flow import Ctx
from engine.mtaani.legal import waiting_seats

ROUNDS = 1
"""Play-outs stop when the deciding seat's own turn has started this many times again."""
WORLDS = 12
"""Worlds sampled at most per decision."""
BUDGET = 6_000
"""Simulated actions per decision at most (over every candidate and world)."""
MAX_PLAYOUT = 400
"""Safety stop for one play-out (actions)."""


def search(bot, book, state, seat: int, candidates: Sequence[Any], salt: str = "") -> list[float]:
    """The mean score of each of ``candidates`` (actions legal for ``seat`` in ``state``),
    in the same order. ``state`` is not changed."""
    rs = get_ruleset(state.ruleset)
    rollout = [model_of(p.id, bot.seed * 7 + i) for i, p in enumerate(state.players)]
    base = f"{bot.seed}:{state.decision_seq}:{state.steps}:{seat}:{salt}"
    totals = [0.0] * len(candidates)
    spent = 0
    worlds = 0
    per_world = 0
    while worlds < WORLDS and (worlds == 0 or spent + per_world <= BUDGET):
        used = 0
        for i, action in enumerate(candidates):
            world = rs.redeterminize(state, seat, random.Random(f"{base}:{worlds}"))
            score, n = playout(rs, book, world, seat, action, rollout, bot.model)
            totals[i] += score
            used += n
        spent += used
        per_world = max(per_world, used)
        worlds += 1
    return [t / worlds for t in totals]


def model_of(player_id: str, seed: int):
    """The bot a play-out seats for ``player_id``: a Base bot for a seat whose open id says it
    is one (``bot:base:n``), else the Advanced bot (people, Advanced and Smart bots, and the
    deciding seat itself)."""
    return BaseBot(seed) if kind_of(player_id) == "base" else AdvancedBot(seed)


def playout(rs, book, world, seat: int, action, rollout, model) -> tuple[float, int]:
    """Apply ``action`` in ``world``, play on with ``rollout`` bots, score for ``seat``;
    returns ``(score, actions simulated)``."""
    step = rs.quiet_player(world)  # play(world, ., checked=True, quiet=True), one context
    step(action)
    count = 1
    starts = 0
    turn = world.turn
    while world.termination is None and count < MAX_PLAYOUT:
        if world.turn != turn:
            turn = world.turn
            if world.current == seat:
                starts += 1
                if starts >= ROUNDS:
                    break
        decision = world.decision
        if decision is not None and not world.trades and not world.loan_offers:
            who = decision.player
        else:
            who = waiting_seats(world)[0]
        act = decide(rollout[who], world, who)
        if act is None:
            break
        step(act)
        count += 1
    if world.termination is not None:
        return (1.0 if world.winner == seat else 0.0), count
    if world.players[seat].bankrupt:
        return 0.0, count
    return model.value(mdl.features(book, Ctx(book, world), seat)), count
