"""Replays and verification of a game from its event log (``GET /games/{id}/replay``,
``GET /games/{id}/verify``), for every ruleset, hot or archived.

A game is replayed by dealing it again (``engine.new_game`` with the seats as they are now,
the seed, and the options ``GameCreated`` recorded) and applying every logged action
(``ActionApplied``, time fields as stamped) in order: **step** ``n`` is the table after the
``n``-th action (step 0: the deal). The seats carry their ids as they are now, so an erased
account's anonymous name stands from the deal on (seat ids never steer a game: the ruleset
kit checks it) and nothing here needs an erased id.

- **A finished game** is replayed for everyone who may see the table with everything that
  was hidden during play revealed (``Ruleset.view(..., reveal=True)``, events with their
  private fields: hands, draw piles, offers), and can be checked
  (:func:`verification`, :mod:`engine.verify`).
- **A game in progress** is replayed for each viewer as they saw it: only the steps that
  showed them something (the others' private offers are not steps of theirs, as they do not
  move their version: ``views.viewer_version``), each with their own view and events. The
  seed is read from the stored state on the server only; nothing derived from it beyond
  what the viewer saw is answered.

Cost: reading the log dominates (chunks of about 9 moves each, read in a few queries). A
process keeps the replays of its last few games (:data:`CACHED_GAMES`, keyed by game and
version: a move or an erasure makes a new one) with a checkpoint of the state every
:data:`CHECKPOINT_EVERY` steps, so stepping through a game costs one log read and at most
that many actions per request: 1.4 to 2 ms of CPU for 63 actions, and checking a whole game
40 to 55 µs a move (``python -m benchmarks replay``; 6 ms for a short Mtaani game, 30 ms for
a Jiji game of about 600 moves).
"""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import engine
from engine import verify
from service import accounts, fairness, views
from service.errors import Conflict, NotFound
from service.storage import StoredGame

CHECKPOINT_EVERY = 64
"""A replay keeps the state of every this many steps (its stored JSON), to start from."""
CACHED_GAMES = 8
"""Replays a process keeps (the most recently used)."""
LOG_EVENTS = 100
"""Events up to the step shown that a replay page carries for the screen's log."""
SERVICE_TYPES = frozenset(views.SERVICE_EVENT_SHAPES) | views.INTERNAL_EVENTS


class GameInProgress(Conflict):
    """The game is not over: its seed is still secret, so it cannot be checked yet."""

    code = "game_in_progress"


class NotReplayable(Conflict):
    """The log does not hold what a replay needs (a game dealt before replays were recorded,
    or played under rules this service no longer has)."""

    code = "not_replayable"


@dataclass
class Step:
    """One applied action: its number (1 for the first), the log item ``seq`` of its
    ``ActionApplied``, when (``at``), by whom (``"table"``, ``"order"``: a seat's standing
    orders, or ``None``), the action, the engine
    events it caused (as logged) and every log item of the step (the action's, its events and
    the service's own that followed), for who may see it."""

    number: int
    seq: int
    at: int
    by: str | None
    action: dict[str, Any]
    events: list[dict[str, Any]] = field(default_factory=list)
    items: list[dict[str, Any]] = field(default_factory=list)


def _unlogged(item: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in item.items() if k not in views.LOG_FIELDS}


class Replay:
    """A game's log read into steps, with the means to deal it again (see the module
    docstring). Raises :class:`NotReplayable` when the log lacks what a replay needs."""

    def __init__(self, game: StoredGame, items: list[dict[str, Any]]):
        record = game.record
        self.game = game
        self.ruleset = engine.get_ruleset(record.ruleset)
        self.opening: list[dict[str, Any]] = []
        self.steps: list[Step] = []
        created: dict[str, Any] | None = None
        self.revealed: dict[str, Any] | None = None
        for item in items:
            kind = item.get("type")
            if kind == "ActionApplied":
                self.steps.append(Step(len(self.steps) + 1, int(item["seq"]), int(item["at"]),
                                       item.get("by"), item["action"], [], [item]))
                continue
            if kind == fairness.CREATED and created is None:
                created = item
            elif kind == fairness.REVEALED:
                self.revealed = item
            if not self.steps:
                self.opening.append(item)
                continue
            step = self.steps[-1]
            step.items.append(item)
            count = step.items[0].get("events")
            # The engine's events follow their action (logs before the count: by type).
            if (len(step.events) < count) if count is not None else kind not in SERVICE_TYPES:
                step.events.append(_unlogged(item))
        if created is None or "options" not in created:
            raise NotReplayable("this game was dealt before replays were recorded")
        self.created: dict[str, Any] = created
        sealed = record.sealed or {}
        script = (self.revealed or {}).get("scripted") or sealed.get("scripted")
        self.options = {**self.created["options"], **({"scripted": script} if script else {})}
        self.players = list(record.seats)
        self.seed = int(game.state.seed)
        self._checkpoints: dict[int, str] = {}

    @property
    def finished(self) -> bool:
        return self.game.record.status == "finished"

    def state_at(self, number: int) -> Any:
        """The state after step ``number`` (0: the deal), from the nearest checkpoint."""
        rs = self.ruleset
        start = max((n for n in self._checkpoints if n <= number), default=None)
        try:
            if start is None:
                state, start = rs.new_game(self.players, self.seed, dict(self.options)), 0
                self._checkpoints[0] = rs.dump_state(state)
            else:
                state = rs.load_state(self._checkpoints[start])
            for step in self.steps[start:number]:
                state = rs.apply(state, rs.parse_action(step.action)).state
                if step.number % CHECKPOINT_EVERY == 0:
                    self._checkpoints.setdefault(step.number, rs.dump_state(state))
        except engine.EngineError as exc:
            raise NotReplayable(
                f"this game was played under rules this service no longer has "
                f"(rules version {self.created.get('rules_version')}, now "
                f"{rs.rules_version}): {exc.message}") from None
        return state

    def visible_steps(self, seat: int | None) -> list[int]:
        """The step numbers ``seat`` (``None``: a spectator) may step through: all of them in
        a finished game; in a game in progress, those that showed them something (their own
        moves, and every move with an event they read)."""
        if self.finished:
            return [step.number for step in self.steps]
        name = self.ruleset.name
        return [step.number for step in self.steps
                if (seat is not None and step.action.get("player") == seat)
                or views.public_events(step.items, name, seat)]

    def shown(self, number: int, seat: int | None, as_step: int) -> list[dict[str, Any]]:
        """The events of step ``number`` (0: the deal) as ``seat`` reads them in the replay
        (revealed in a finished game), each marked with the replay's step ``as_step``."""
        items = self.opening if number == 0 else self.steps[number - 1].items
        return [{**e, "step": as_step} for e in
                views.public_events(items, self.ruleset.name, seat, reveal=self.finished)]

    def record(self) -> dict[str, Any]:
        """The game record of a finished game (:data:`engine.verify.RECORD_FORMAT`), what
        ``python -m engine.verify`` reads: names as they are now (an erased account's anonymous
        name)."""
        names = accounts.handles_of(self.players)
        revealed = self.revealed or {}
        return {
            "format": verify.RECORD_FORMAT, "game_id": self.game.game_id,
            "ruleset": self.ruleset.name, "rules_version": self.created.get("rules_version"),
            "seats": [{"seat": i, "account_id": a, "name": names.get(a, a)}
                      for i, a in enumerate(self.players)],
            "options": self.options, "commitment": self.created.get("commitment"),
            "salt": revealed.get("salt"), "seed": revealed.get("seed", str(self.seed)),
            "steps": [{"seq": s.seq, "at": s.at, "by": s.by, "action": s.action,
                       "events": s.events} for s in self.steps],
            "final_state": json.loads(self.game.state_text),
        }


_CACHE: OrderedDict[tuple[str, int], Replay] = OrderedDict()


def load(game: StoredGame, store: Any) -> Replay:
    """The replay of ``game`` as loaded (cached by game and version; see the module
    docstring). ``store``: the game store whose log to read."""
    key = (game.game_id, game.version)
    found = _CACHE.get(key)
    if found is not None:
        _CACHE.move_to_end(key)
        return found
    items = store.events(game.game_id, 0, 1 << 30, loaded=game)
    replay = Replay(game, items)
    _CACHE[key] = replay
    while len(_CACHE) > CACHED_GAMES:
        _CACHE.popitem(last=False)
    return replay


def replay_page(game: StoredGame, seat: int | None, step: int | None, store: Any) -> dict[str, Any]:
    """The body of ``GET /games/{id}/replay?step=N`` for ``seat`` (``None``: a spectator):
    the table at the viewer's step ``step`` (default: the last) as a :class:`GameOut`
    (``view``), the events of that step (``events``) and up to :data:`LOG_EVENTS` events up to
    it (``log``), the viewer's step count (``steps``) and whether everything is shown
    (``revealed``: a finished game). Raises :class:`~service.errors.NotFound` for a step
    past the last and :class:`NotReplayable`."""
    replay = load(game, store)
    visible = replay.visible_steps(seat)
    if step is None:
        step = len(visible)
    if step > len(visible):
        raise NotFound(f"step: this game has {len(visible)} steps to show you; "
                       f"there is no step {step}")
    number = visible[step - 1] if step else 0
    state = replay.state_at(number)
    log: list[dict[str, Any]] = []
    for shown_step in range(step, -1, -1):
        actual = visible[shown_step - 1] if shown_step else 0
        log[:0] = replay.shown(actual, seat, shown_step)
        if len(log) >= LOG_EVENTS:
            break
    at = replay.steps[number - 1].at if number else int(game.record.created_at)
    return {"game_id": game.game_id, "step": step, "steps": len(visible),
            "revealed": replay.finished, "at": at,
            "events": replay.shown(number, seat, step), "log": log[-LOG_EVENTS:],
            "view": views.table_view(game, state, seat, reveal=replay.finished)}


def verification(game: StoredGame, store: Any, with_record: bool = False) -> dict[str, Any]:
    """The body of ``GET /games/{id}/verify``: the verifier's report on the finished game
    (``engine.verify.verify``: the commitment, then every step and the final state) with the
    commitment and the revealed salt and seed, and (``with_record``) the game record it
    checked. Raises :class:`GameInProgress` before the end (nothing about the seed is told
    then but the commitment, which ``GameCreated`` shows) and :class:`NotReplayable`."""
    if game.record.status != "finished":
        raise GameInProgress("the game is still being played: its seed is revealed, and the "
                             "game can be checked, when it ends")
    replay = load(game, store)
    record = replay.record()
    report = verify.verify(record)
    body = {"game_id": game.game_id, "ok": report.ok, "report": report.as_json(),
            "commitment": record["commitment"], "salt": record["salt"], "seed": record["seed"],
            "formula": "SHA-256(salt bytes || seed as ASCII decimal digits), lowercase hex"}
    if with_record:
        body["record"] = record
    return body
