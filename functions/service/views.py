"""What the API returns about a game: the caller's view (engine redaction), seats with display
handles, the caller's legal actions, and an ETag over the whole body."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from pydantic import BaseModel

import engine
from service import accounts
from service.storage import StoredGame

INTERNAL_EVENTS = frozenset({"ActionApplied", "EventBatch"})


def viewer_seat(game: StoredGame, account_id: str | None) -> int | None:
    """The caller's seat, or ``None`` for a spectator."""
    seats = list(game.record.seats)
    return seats.index(account_id) if account_id in seats else None


def game_view(game: StoredGame, state: BaseModel, account_id: str | None) -> dict[str, Any]:
    """The JSON body of ``GET /games/{id}`` for ``account_id``."""
    seat = viewer_seat(game, account_id)
    seats = list(game.record.seats)
    names = accounts.handles_of(seats)
    ruleset = engine.get_ruleset(state.ruleset)
    decision = ruleset.decision(state)
    outcome = ruleset.outcome(state)
    legal: list[dict[str, Any]] = []
    specs: dict[str, Any] = {}
    if seat is not None:
        found = engine.legal_actions(state, seat)
        legal = [a.model_dump(mode="json", exclude={"player"}) for a in found]
        specs = found.specs
    return {
        "game_id": game.game_id,
        "version": game.version,
        "status": game.record.status,
        "ruleset": state.ruleset,
        "seat": seat,
        "seats": [{"seat": i, "account_id": a, "name": names.get(a, a)} for i, a in enumerate(seats)],
        "decision": None if decision is None else {"id": decision.id, "player": decision.player,
                                                   "kind": decision.kind},
        "outcome": None if outcome is None else {"termination": outcome.termination,
                                                 "winner": outcome.winner},
        "legal_actions": legal,
        "legal_specs": specs,
        "state": engine.view(state, seat),
    }


def public_events(events: list[dict[str, Any]], ruleset: str, viewer: int | None) -> list[dict[str, Any]]:
    """Events as ``viewer`` (a seat, or ``None``) may see them: internal bookkeeping removed,
    events private to other players (their trade and loan offers) left out."""
    rs = engine.get_ruleset(ruleset)
    out = []
    for event in events:
        if event.get("type") in INTERNAL_EVENTS:
            continue
        shown = rs.event_view(event, viewer)
        if shown is not None:
            out.append(shown)
    return out


def etag_of(body: Any) -> str:
    """A strong ETag over a JSON body."""
    raw = json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
    return '"' + hashlib.sha256(raw).hexdigest()[:32] + '"'
