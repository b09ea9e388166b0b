"""A table without the service, for the ruleset kit: any registered ruleset played by random
legal moves and bots on a virtual clock, with its deadlines passing as the service would pass
them (``Deadline.due`` from when each decision appeared; the table's ``deadline_action``), and
every move recorded so the game can be replayed from its seed.

This is test support: it reads the engine's interface only (``engine.*`` and ``Ruleset``).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

import engine

START = 1_800_000_000
"""The virtual clock's start (Unix seconds)."""


@dataclass
class Move:
    """One applied action: who (``seat``; ``None`` for the table), what, when, and the
    events it caused."""

    seat: int | None
    action: Any
    now: int
    events: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Table:
    """A game of ``ruleset`` in play: the state, the clock, when each pending decision
    appeared, and the moves so far (``moves``) with the events they caused (``log``)."""

    ruleset: engine.Ruleset
    state: Any
    seed: int
    players: list[str]
    options: dict[str, Any]
    now: int = START
    appeared: dict[int, int] = field(default_factory=dict)
    moves: list[Move] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def deal(cls, name: str, players: int, seed: int, options: dict[str, Any] | None = None) -> Table:
        ruleset = engine.get_ruleset(name)
        ids = [f"p{i}" for i in range(players)]
        opts = dict(ruleset.short_game_options if options is None else options)
        state = engine.new_game(name, ids, seed, opts)
        table = cls(ruleset, state, seed, ids, opts)
        table._note(ruleset.pending(state))
        return table

    def _note(self, pending: tuple[engine.Decision, ...]) -> None:
        ids = {d.id for d in pending}
        self.appeared = {i: t for i, t in self.appeared.items() if i in ids}
        for decision in pending:
            self.appeared.setdefault(decision.id, self.now)

    def due(self, decision: engine.Decision) -> int | None:
        """When ``decision``'s deadline passes (``None``: it has none)."""
        if decision.deadline is None:
            return None
        return decision.deadline.due(self.appeared.get(decision.id, self.now))

    def apply(self, action: Any, seat: int | None) -> engine.Result:
        """Apply ``action`` (its time fields stamped with the clock) and record it."""
        action = engine.stamp(action, self.now)
        result = self.ruleset.apply(self.state, action)
        self.state = result.state
        self.moves.append(Move(seat, action, self.now, list(result.events)))
        self.log.extend(result.events)
        self._note(result.pending)
        return result

    def pass_time(self, seconds: int) -> list[engine.Result]:
        """Move the clock on by ``seconds`` and let every deadline that passed act, earliest
        first, as the service's timers would; returns the results of the table's actions."""
        self.now += seconds
        results = []
        for _ in range(100):
            if self.ruleset.outcome(self.state) is not None:
                break
            overdue = sorted((d for d in self.ruleset.pending(self.state)
                              if (due := self.due(d)) is not None and due <= self.now),
                             key=lambda d: (self.due(d), d.id))
            applied = False
            for decision in overdue:
                action = self.ruleset.deadline_action(self.state, decision, self.now)
                if action is not None:
                    results.append(self.apply(action, None))
                    applied = True
                    break
                self.appeared[decision.id] = self.now  # counted only: its clock restarts
            if not applied:
                break
        return results

    @property
    def over(self) -> bool:
        return self.ruleset.outcome(self.state) is not None


def found(secrets: set[str], text: str) -> list[str]:
    """The ``secrets`` that appear in ``text`` as whole tokens (not inside a longer word or number)."""
    # A plain substring test first: a secret absent from the text is not in it as a token
    # either, and most are absent (the regular expression only judges the ones present).
    return [s for s in secrets
            if s in text and re.search(rf"(?<![\w]){re.escape(s)}(?![\w])", text)]


def replay(table: Table, players: list[str] | None = None) -> Any:
    """The state a fresh deal of ``table``'s seed reaches by applying its moves again (with
    ``players`` for ids, when given)."""
    state = engine.new_game(table.ruleset.name, players or table.players, table.seed,
                            table.options)
    for move in table.moves:
        state = table.ruleset.apply(state, move.action).state
    return state


def random_step(table: Table, rng: random.Random, *, bot_share: float = 0.6,
                wait_share: float = 0.08) -> None:
    """One step of a random game: now and then time passes (deadlines act); otherwise a seat
    the game waits on moves: a Base bot's choice (``bot_share`` of the time, so games end) or
    a random legal action. Bots must only choose legal actions (asserted)."""
    rs = table.ruleset
    if rng.random() < wait_share:
        table.pass_time(rng.choice([30, 600, 3600, 86_400, 3 * 86_400]))
        return
    table.now += rng.randrange(1, 120)
    waiting = rs.waiting_seats(table.state)
    if not waiting:
        table.pass_time(86_400 * 30)  # only the clock can move this game on
        return
    seat = waiting[0] if rng.random() < 0.7 else rng.choice(waiting)
    legal = rs.legal_actions(table.state, seat)
    action = None
    if rng.random() < bot_share:
        from engine import bots

        action = bots.choose(table.state, seat, "base", rng.randrange(1 << 30))
        if action is not None:
            assert action in legal, f"the Base bot chose an illegal action: {action!r}"
    if action is None:
        if not len(legal):
            table.pass_time(86_400)
            return
        action = rng.choice(list(legal))
    table.apply(action, seat)


def play_out(name: str, players: int, seed: int, max_steps: int = 20_000) -> Table:
    """A whole random game (see :func:`random_step`); fails if it does not end."""
    table = Table.deal(name, players, seed)
    rng = random.Random(seed)
    for _ in range(max_steps):
        if table.over:
            return table
        random_step(table, rng)
    raise AssertionError(f"{name} game {seed} with {players} players did not end in {max_steps} steps")


def record_of(table: Table, salt: str = "5a" * 32) -> dict[str, Any]:
    """``table``'s game as a game record (:mod:`engine.verify`), committed under ``salt``,
    the way the service exports a finished game."""
    import json

    from engine import verify

    return {
        "format": verify.RECORD_FORMAT, "game_id": f"kit-{table.seed}",
        "ruleset": table.ruleset.name, "rules_version": table.ruleset.rules_version,
        "seats": [{"seat": i, "account_id": p, "name": p} for i, p in enumerate(table.players)],
        "options": dict(table.options), "commitment": verify.commitment(salt, table.seed),
        "salt": salt, "seed": str(table.seed),
        "steps": [{"seq": n, "at": m.now, "by": "table" if m.seat is None else None,
                   "action": m.action.model_dump(mode="json"),
                   "events": json.loads(json.dumps(m.events))}
                  for n, m in enumerate(table.moves, start=1)],
        "final_state": json.loads(engine.dump_state(table.state)),
    }
