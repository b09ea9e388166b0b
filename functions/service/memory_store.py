"""The storage port (:class:`service.storage.GameStore`) in memory, for tests and benchmarks:
the same contract as :class:`~service.storage.DynamoGameStore` (``tests/service/
test_store_contract.py`` runs over both), without AWS, so a pipeline test runs in
milliseconds. One process, no persistence; every game is kept as its state's JSON text and
a copy of its :class:`~service.storage.GameMeta`, so what a caller changes after a load or a
save is never the stored game's.

Items a write adds to its transaction (``also``: a game's end with its ratings, a lobby's
kickoff) are PynamoDB items of other tables: they are recorded in :attr:`MemoryGameStore.
transacted` (what the write would have written with the game), not written anywhere.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import engine
from service.errors import NotFound, VersionConflict
from service.storage import (
    ARCHIVE_DEADLINE,
    RIGHT_OF_WAY_SECONDS,
    TIMER_DEADLINE,
    AddToTransaction,
    GameMeta,
    StoredGame,
    Waiting,
    logged,
    step_of,
)


@dataclass
class _Kept:
    meta: GameMeta
    text: str
    log: list[dict[str, Any]] = field(default_factory=list)
    archived: bool = False


class _Transaction:
    """What ``also`` is handed: records each item it adds (operation, item, keywords)."""

    def __init__(self) -> None:
        self.items: list[tuple[str, Any, dict[str, Any]]] = []

    def __getattr__(self, operation: str) -> Any:
        def add(item: Any, **kwargs: Any) -> None:
            self.items.append((operation, item, kwargs))
        return add


class MemoryGameStore:
    """:class:`service.storage.GameStore` in this process's memory (see the module
    docstring). ``clock``: Unix seconds (default the clock)."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._games: dict[str, _Kept] = {}
        self._clock = clock
        self.transacted: list[tuple[str, Any, dict[str, Any]]] = []
        """The items ``also`` added to each successful write, in order."""

    def _now(self) -> int:
        return int(self._clock())

    def _transact(self, also: AddToTransaction | None) -> list[tuple[str, Any, dict[str, Any]]]:
        if also is None:
            return []
        tx = _Transaction()
        also(tx)  # type: ignore[arg-type]  # records what a TransactWrite would write
        return tx.items

    def _stored(self, kept: _Kept, state: engine.GameState | None = None) -> StoredGame:
        return StoredGame(kept.meta.copy(), state=state, state_text=kept.text,
                          archived=kept.archived)

    def create(self, game_id: str, ruleset: str, seats: list[str], state: engine.GameState,
               events: list[dict[str, Any]], *, owner: str | None = None,
               waiting: list[Waiting] | None = None, also: AddToTransaction | None = None,
               table: dict[str, Any] | None = None) -> StoredGame:
        if game_id in self._games:
            raise VersionConflict(game_id)
        now = self._now()
        meta = GameMeta(game_id, ruleset, version=1, seats=list(seats), owner=owner,
                        event_count=len(events), created_at=now, updated_at=now,
                        **(table or {}))
        meta.set_waiting(waiting or [])
        meta.set_deadline(now)
        items = self._transact(also)
        kept = _Kept(meta.copy(), engine.dump_state(state), logged(events, 1, 0, now))
        self._games[game_id] = kept
        self.transacted += items
        return self._stored(kept)

    def load(self, game_id: str) -> StoredGame:
        kept = self._games.get(game_id)
        if kept is None:
            raise NotFound(f"there is no game {game_id!r}")
        return self._stored(kept)

    def save(self, game: StoredGame, state: engine.GameState, events: list[dict[str, Any]], *,
             status: str | None = None, also: AddToTransaction | None = None,
             give_way: bool = False, at: int | None = None) -> StoredGame:
        kept = self._games.get(game.game_id)
        if kept is None or kept.archived or kept.meta.version != game.version:
            raise VersionConflict(game.game_id)
        if give_way and (kept.meta.right_of_way or 0) >= int(self._clock() * 1000):
            raise VersionConflict(game.game_id)
        now = self._now()
        items = self._transact(also)
        meta = game.record.copy()
        meta.version = kept.meta.version + 1
        meta.status = status or meta.status
        meta.updated_at = now
        meta.created_at, meta.event_count = kept.meta.created_at, kept.meta.event_count
        meta.right_of_way = kept.meta.right_of_way if give_way else None
        new = logged(events, meta.event_count + 1, step_of(state), now if at is None else int(at))
        meta.event_count += len(new)
        meta.set_deadline(now)
        kept.meta, kept.text = meta.copy(), engine.dump_state(state)
        kept.log += new
        self.transacted += items
        return self._stored(kept, state)

    def claim_right_of_way(self, game_id: str) -> None:
        kept = self._games.get(game_id)
        if kept is not None:
            kept.meta.right_of_way = int(self._clock() * 1000) + RIGHT_OF_WAY_SECONDS * 1000

    def update_fields(self, game: StoredGame, names: Iterable[str]) -> StoredGame:
        kept = self._games.get(game.game_id)
        if kept is None or kept.archived or kept.meta.version != game.version:
            raise VersionConflict(game.game_id)
        for name in names:
            setattr(kept.meta, name, copy.deepcopy(getattr(game.record, name)))
        kept.meta.version += 1
        changed = game.record.copy()
        changed.version = kept.meta.version
        return StoredGame(changed, state=game._state, state_text=game._text)

    def events(self, game_id: str, after: int, limit: int,
               loaded: StoredGame | None = None) -> list[dict[str, Any]]:
        kept = self._games.get(game_id)
        if kept is None:
            return []
        return [dict(e) for e in kept.log if e["seq"] > after][:limit]

    def overdue(self, before: int, limit: int = 100, kind: str = TIMER_DEADLINE) -> list[str]:
        return [game_id for game_id, kept in self._games.items()
                if not kept.archived and kept.meta.timer_shard is not None
                and kept.meta.timer_shard.startswith(kind)
                and (kind == ARCHIVE_DEADLINE or not kept.meta.timer_shard.startswith(
                    ARCHIVE_DEADLINE))
                and kept.meta.deadline_at is not None and kept.meta.deadline_at < before][:limit]

    def archive(self, game_id: str) -> bool:
        kept = self._games.get(game_id)
        if kept is None:
            raise NotFound(f"there is no game {game_id!r}")
        if kept.meta.status != "finished":
            return False
        kept.archived = True
        kept.meta.timer_shard = kept.meta.deadline_at = None
        return True
