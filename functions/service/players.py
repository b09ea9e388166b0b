"""A player's page (issue 33.3): ``GET /players/{handle}`` (their rating per game with its
uncertainty and history, games played, won and their finishing places) and ``GET
/players/{handle}/games?cursor=`` (their finished games, newest first, each with its winner,
standings and the links to its replay and fairness check), archived ones included.

Another player's page shows only what the reader may see: a private table appears only to
those who sat or watched there (``lobbies.access``: its owner, players and invited spectators);
to anyone else it is left out, as ``GET /games/{id}`` answers them 404. An erased account has
no page (its handle is free, its account and ratings gone); its finished games keep the
anonymous name at every table (``service.erasure``).
"""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any

from pynamodb.exceptions import PynamoDBException

from service import accounts, archive, ratings, tables
from service.dashboard import GAME_SUMMARY_ATTRIBUTES, MAX_MEMBERSHIPS, batch_by_key, finish
from service.errors import NotFound, ServiceUnavailable, Unprocessable
from service.lobbies import LobbyRecord, MembershipRecord, access
from service.storage import GameRecord
from service.views import seat_entries

PAGE_SIZE = 20
"""Finished games a page of ``/players/{handle}/games``."""


def _account(handle: str) -> accounts.AccountRecord:
    try:
        record = accounts.find_by_handle(handle)
    except Unprocessable:
        record = None
    if record is None:
        raise NotFound(f"there is no player {handle!r}")
    return record


def player(handle: str) -> dict[str, Any]:
    """The :class:`~service.models.PlayerOut` body of ``handle``'s page; :class:`NotFound`
    when no account holds the handle (an erased account's included)."""
    record = _account(handle)
    stored = json.loads(record.ratings or "{}")
    return {"account_id": record.account_id, "handle": record.handle,
            "ratings": {game: ratings.shown(entry) for game, entry in sorted(stored.items())}}


def _cursor(text: str | None) -> tuple[int, str] | None:
    if not text:
        return None
    try:
        at, game_id = json.loads(base64.urlsafe_b64decode(text.encode()).decode())
        return int(at), str(game_id)
    except (ValueError, TypeError, binascii.Error, UnicodeDecodeError):
        raise Unprocessable("cursor: not one this service gave") from None


def _encode(at: int, game_id: str) -> str:
    return base64.urlsafe_b64encode(json.dumps([at, game_id]).encode()).decode()


def games(handle: str, reader: str, cursor: str | None = None,
          limit: int = PAGE_SIZE) -> dict[str, Any]:
    """The :class:`~service.models.PlayerGamesOut` body: ``handle``'s finished games that
    ``reader`` may see, newest first, ``limit`` a page; ``next_cursor`` for the next page
    (``None``: no more). Raises :class:`NotFound` for an unknown handle and
    :class:`Unprocessable` for a cursor this service did not give."""
    record = _account(handle)
    after = _cursor(cursor)
    try:
        memberships = [m for m in MembershipRecord.query(record.account_id, limit=MAX_MEMBERSHIPS)
                       if m.role in ("owner", "player")]
    except PynamoDBException as exc:
        raise ServiceUnavailable("the player's games are not answering; try again") from exc
    ids = [m.lobby_id for m in memberships]
    found = batch_by_key(GameRecord, ids, GAME_SUMMARY_ATTRIBUTES)
    # Games moved to the archive (service.archive) still list, from their archived summary.
    for game_id, fields in archive.summaries([i for i in ids if i not in found]).items():
        found[game_id] = GameRecord(**fields)
    finished = [g for g in found.values()
                if g.status == "finished" and record.account_id in list(g.seats)]
    finished.sort(key=lambda g: (-int(g.updated_at), g.game_id))
    if after is not None:
        finished = [g for g in finished if (-int(g.updated_at), g.game_id) > (-after[0], after[1])]
    lobbies = batch_by_key(LobbyRecord, [g.game_id for g in finished])
    shown: list[GameRecord] = []
    more = False
    for game in finished:
        lobby = lobbies.get(game.game_id)
        if lobby is None or not _may_see(lobby, reader):
            continue
        if len(shown) == limit:
            more = True
            break
        shown.append(game)
    people = sorted({a for g in shown for a in g.seats} | {g.owner for g in shown if g.owner})
    names = accounts.handles_of(people)
    items = []
    for game in shown:
        seats = list(game.seats)
        seat = seats.index(record.account_id)
        result = finish(game, seats, names, seat)
        items.append({
            "game_id": game.game_id, "name": tables.shown(game, seats, names),
            "ruleset": game.ruleset, "seats": seat_entries(seats, names),
            "seat": seat, "place": result["your_place"], "winner": result["winner"],
            "places": result["places"], "finished_at": int(game.updated_at),
            "replay": f"/games/{game.game_id}/replay", "verify": f"/games/{game.game_id}/verify"})
    last = shown[-1] if shown else None
    return {"handle": record.handle, "games": items,
            "next_cursor": _encode(int(last.updated_at), last.game_id) if more and last else None}


def _may_see(lobby: LobbyRecord, reader: str) -> bool:
    """Whether ``reader`` may see the table (as ``GET /games/{id}`` would let them)."""
    try:
        return access(lobby, reader).role != "invited"
    except NotFound:
        return False
