"""The dashboard: the caller's open lobbies, games in progress (with whom the table waits for), saved
games, games they may watch and recently finished games.

Built from the ``Memberships`` index (one query), then one batch read of the lobbies and one of
the started games' summaries (projection: no state is read or decoded). A started game no
longer in the hot table was archived (``service.archive``): the finished list takes as many of
those as it has room for, newest table first, from their archived summaries (one batch read,
only when the hot finished games leave room). Public lobbies appear only on their own members'
dashboards (membership is by owner, seat or invitation; visiting by link makes no membership).
"""

from __future__ import annotations

import time
from typing import Any

from pynamodb.exceptions import PynamoDBException

from service import accounts, archive, tables
from service.errors import ServiceUnavailable
from service.lobbies import LobbyRecord, MembershipRecord
from service.seats import stand_ins
from service.storage import GameFields, GameRecord
from service.views import known_waiting, seat_entries, updated_for

MAX_TABLES = 200
"""Tables read for one dashboard: the caller's own (owned or seated) first, then those they
were invited to, newest first within each, so invitations from others never push the caller's
own games off it."""
MAX_MEMBERSHIPS = 3000
"""Memberships read at most (invitations are limited per invitee an hour: service.throttle.INVITE)."""
OWN_ROLES = ("owner", "player")
FINISHED_SHOWN = 20
GAME_SUMMARY_ATTRIBUTES = ["game_id", "ruleset", "status", "seats", "pending", "updated_at",
                           "stand_ins", "version", "hidden", "seen_at", "owner", "name",
                           "number", "places"]


def batch_by_key(model, keys: list[str], attributes: list[str] | None = None) -> dict[str, Any]:
    """Items of ``model`` by hash key (one batch read); missing keys are left out."""
    if not keys:
        return {}
    try:
        items = model.batch_get(keys, attributes_to_get=attributes)
        return {getattr(i, model._hash_keyname): i for i in items}
    except PynamoDBException as exc:
        raise ServiceUnavailable("the dashboard is not answering; try again") from exc


def finish(game: GameFields, seats: list[str], names: dict[str, str],
           seat: int | None) -> dict[str, Any]:
    """A finished game's ``winner`` (a :class:`~service.models.Person`, ``None`` when nobody
    placed first alone), every seat's ``places`` and the reader's (``your_place``; ``None`` for
    a spectator or a game finished before places were kept)."""
    places = [int(p) for p in game.places] if game.places else None
    if not places:
        return {"winner": None, "places": None, "your_place": None}
    firsts = [i for i, p in enumerate(places) if p == 1]
    winner = None
    if len(firsts) == 1 and firsts[0] < len(seats):
        holder = seats[firsts[0]]
        winner = {"account_id": holder, "name": names.get(holder, holder)}
    return {"winner": winner, "places": places,
            "your_place": places[seat] if seat is not None and seat < len(places) else None}


def _settled(game: GameFields) -> GameFields:
    """``game``'s summary, or its full record once its end is saved when a hard deadline that
    has passed may end it (a game clock run out before its timer ran:
    ``pipeline.settle``), so the dashboard lists it finished as every other answer does."""
    # Cold start: 3 handlers that load this module need the pipeline only for a game to settle.
    from service import pipeline

    now = int(time.time())
    if game.status != "active" or not pipeline.overdue_hard(game, now):
        return game

    store = pipeline.default_store()
    return pipeline.settle(store.load(game.game_id), now, store=store).record


def _archived(account_id: str, gone: list[str], games: dict[str, Any]) -> dict[str, Any]:
    """The archived games among ``gone`` (the caller's started tables missing from the hot
    table, newest membership first) that the finished list has room for beside the hot
    finished ones in ``games``: their archived summaries as records, only those
    ``account_id`` sat at."""
    room = FINISHED_SHOWN - sum(1 for g in games.values() if g.status == "finished")
    if room <= 0 or not gone:
        return {}
    try:
        found = archive.summaries(gone[:room])
    except ServiceUnavailable:
        # The archive not answering leaves the old games off, not the whole dashboard.
        accounts.log.warning("archived games left off the dashboard: the archive is not answering")
        return {}
    return {game_id: GameRecord(**fields) for game_id, fields in found.items()
            if fields and account_id in (fields.get("seats") or [])}


def dashboard(account_id: str) -> dict[str, list[dict[str, Any]]]:
    """The :class:`~service.models.DashboardOut` body for ``account_id``."""
    try:
        memberships = list(MembershipRecord.query(account_id, limit=MAX_MEMBERSHIPS))
    except PynamoDBException as exc:
        raise ServiceUnavailable("the dashboard is not answering; try again") from exc
    memberships.sort(key=lambda m: (m.role not in OWN_ROLES, -int(m.updated_at or 0)))
    memberships = memberships[:MAX_TABLES]
    role_of = {m.lobby_id: m.role for m in memberships}
    lobbies = batch_by_key(LobbyRecord, list(role_of))
    started = {i for i, lobby in lobbies.items() if lobby.status == "started"}
    games = batch_by_key(GameRecord, sorted(started), GAME_SUMMARY_ATTRIBUTES)
    # Archived games: started tables the caller sat at whose game left the hot table.
    games.update(_archived(account_id, [m.lobby_id for m in memberships if m.role in OWN_ROLES
                                        and m.lobby_id in started and m.lobby_id not in games],
                           games))
    people = {lobby.owner for lobby in lobbies.values()}
    for lobby in lobbies.values():
        if lobby.status == "waiting":
            people.update(a for a in lobby.seats if a)
    for game in games.values():
        people.update(game.seats)
    names = accounts.handles_of(sorted(people))
    out: dict[str, list[dict[str, Any]]] = {
        "open_lobbies": [], "in_progress": [], "saved": [], "watchable": [], "finished": []}
    for lobby_id, lobby in lobbies.items():
        role = role_of[lobby_id]
        if lobby.status == "waiting":
            out["open_lobbies"].append({
                "lobby_id": lobby_id, "name": tables.shown(lobby, list(lobby.seats), names),
                "ruleset": lobby.ruleset,
                "table_size": int(lobby.table_size), "seated": sum(1 for a in lobby.seats if a),
                "public": bool(lobby.public),
                "owner": {"account_id": lobby.owner, "name": names.get(lobby.owner, lobby.owner)},
                "your_role": role, "updated_at": int(lobby.updated_at)})
            continue
        game = games.get(lobby_id)
        if game is None:
            continue
        game = _settled(game)
        seats = list(game.seats)
        seat = seats.index(account_id) if account_id in seats else None
        waiting = []
        if game.status != "finished":
            for w in known_waiting(game, seat):
                if w.player is None or not 0 <= w.player < len(seats):
                    continue
                holder = seats[w.player]
                waiting.append({"seat": w.player, "account_id": holder,
                                "name": names.get(holder, holder), "kind": w.kind,
                                "yours": holder == account_id,
                                "deadline_kind": w.deadline.kind if w.deadline else None,
                                "deadline": w.due})
        mine = [w for w in waiting if w["yours"]]
        summary = {"game_id": lobby_id, "name": tables.shown(game, seats, names),
                   "ruleset": game.ruleset, "status": game.status,
                   "seats": seat_entries(seats, names, stand_ins(game)), "your_seat": seat,
                   "turn": next(iter(mine or waiting), None), "waiting": waiting,
                   "updated_at": updated_for(game, seat)}
        if game.status == "finished":
            summary.update(finish(game, seats, names, seat))
        if seat is None and role == "spectator":
            if game.status != "finished":
                out["watchable"].append(summary)
        elif game.status == "finished":
            out["finished"].append(summary)
        elif game.status == "saved":
            out["saved"].append(summary)
        else:
            out["in_progress"].append(summary)
    for items in out.values():
        items.sort(key=lambda item: -item["updated_at"])
    out["finished"] = out["finished"][:FINISHED_SHOWN]
    return out
