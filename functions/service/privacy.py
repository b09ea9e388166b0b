"""What the service stores about an account, in one list: each kind of personal data with how
to export it and how to erase it (``docs/privacy.md`` describes every item).

:data:`PERSONAL_DATA` lists the per-account stores that are erased outright (sessions,
reset links, chat messages, presence, notification preferences, push subscriptions and
devices, notifications kept). A new store of per-account data is added to that list,
here, so that export and erasure cover it wherever they run (the erasure audit test fails
until they do). The account item itself (handle, password hash, reset email) and the tables the
account took part in are handled by :mod:`service.erasure`, and exported here by
:func:`export_account`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pynamodb.exceptions import PynamoDBException

import engine
from service import accounts, chat, notifications, presence, ratings
from service.errors import ServiceUnavailable
from service.storage import GameRecord

EXPORT_FORMAT = "mtaa-account-export/1"


@dataclass(frozen=True)
class PersonalData:
    """One kind of data stored per account: its key in the export, a function giving the
    signed-in account's items as JSON-ready data, and one erasing all of an account's items by
    its id (returns how many it erased; erasing what is already gone is not an error)."""

    name: str
    export: Callable[[accounts.Account], Any]
    erase: Callable[[str], int]


def _sessions(me: accounts.Account) -> list[dict[str, Any]]:
    account_id = me.account_id
    record = accounts.get_account(account_id)
    epoch = int(record.session_epoch or 0) if record else -1
    now = time.time()
    try:
        keys = [k.token_hash for k in accounts.SessionRecord.by_account.query(account_id)]
        items = list(accounts.SessionRecord.batch_get(keys)) if keys else []
    except PynamoDBException as exc:
        raise ServiceUnavailable("sessions are not answering; try again") from exc
    return sorted(({"created_at": int(s.created_at), "expires_at": int(s.expires_at),
                    "signed_in": int(s.epoch or 0) == epoch and s.expires_at > now,
                    "this_session": s.token_hash == me.token_hash} for s in items),
                  key=lambda s: s["created_at"])


def _reset_links(me: accounts.Account) -> list[dict[str, int]]:
    model = accounts.PasswordResetRecord
    try:
        keys = [k.token_hash for k in model.by_account.query(me.account_id)]
        items = list(model.batch_get(keys)) if keys else []
    except PynamoDBException as exc:
        raise ServiceUnavailable("accounts are not answering; try again") from exc
    return sorted(({"created_at": int(r.created_at), "expires_at": int(r.expires_at)}
                   for r in items), key=lambda r: r["created_at"])


def _chat_messages(me: accounts.Account) -> list[dict[str, Any]]:
    return [{"game_id": m.game_id, "id": m.message_id, "at": int(m.at), "text": m.text}
            for m in chat.by_author(me.account_id)]


def _presence(me: accounts.Account) -> list[dict[str, Any]]:
    return [{"game_id": p.game_id, "last_seen": int(p.last_seen)}
            for p in presence.of_account(me.account_id)]


PERSONAL_DATA: tuple[PersonalData, ...] = (
    PersonalData("sessions", _sessions, accounts.drop_sessions),
    PersonalData("password_reset_links", _reset_links, accounts.drop_reset_links),
    PersonalData("chat_messages", _chat_messages, chat.delete_by_author),
    PersonalData("presence", _presence, presence.forget_account),
    PersonalData("notification_settings", lambda me: notifications.export_settings(me.account_id),
                 notifications.erase_settings),
    PersonalData("push_subscriptions", lambda me: notifications.export_subscriptions(me.account_id),
                 notifications.erase_subscriptions),
    PersonalData("notifications", lambda me: notifications.export_notifications(me.account_id),
                 notifications.erase_notifications),
)


def erase_personal_data(account_id: str) -> dict[str, int]:
    """Erase every kind of the account's data listed in :data:`PERSONAL_DATA`; how many items
    of each went."""
    return {kind.name: kind.erase(account_id) for kind in PERSONAL_DATA}


def _tables(account_id: str) -> list[dict[str, Any]]:
    """The tables the account takes part in, with its role, and for games its seat, the
    players (as everyone at the table sees them) and the outcome."""
    # Cold start: only the export and erasure read the tables (lobbies, games, views).
    from service.dashboard import batch_by_key
    from service.lobbies import LobbyRecord, MembershipRecord
    from service.views import seat_entries, updated_for

    try:
        memberships = list(MembershipRecord.query(account_id))
    except PynamoDBException as exc:
        raise ServiceUnavailable("tables are not answering; try again") from exc
    lobbies = batch_by_key(LobbyRecord, [m.lobby_id for m in memberships])
    games = batch_by_key(GameRecord, [i for i, lobby in lobbies.items() if lobby.status == "started"])
    people = {lobby.owner for lobby in lobbies.values()}
    for game in games.values():
        people.update(game.seats)
    names = accounts.handles_of(sorted(people))
    out = []
    for membership in memberships:
        lobby = lobbies.get(membership.lobby_id)
        if lobby is None:
            continue
        entry: dict[str, Any] = {
            "table_id": lobby.lobby_id, "role": membership.role, "status": lobby.status,
            "ruleset": lobby.ruleset, "created_at": int(lobby.created_at),
            "owner": {"account_id": lobby.owner, "name": names.get(lobby.owner, lobby.owner)},
            "game": None}
        game = games.get(lobby.lobby_id)
        if game is not None:
            seats = list(game.seats)
            seat = seats.index(account_id) if account_id in seats else None
            state = engine.load_state(game.state)
            outcome = engine.get_ruleset(state.ruleset).outcome(state)
            entry["game"] = {
                "status": game.status, "your_seat": seat,
                "seats": seat_entries(seats, names),
                "outcome": None if outcome is None else {"termination": outcome.termination,
                                                         "winner": outcome.winner},
                "updated_at": updated_for(game, seat),  # as this reader may know it
                "events": f"/games/{lobby.lobby_id}/events"}
        out.append(entry)
    return out


def export_account(me: accounts.Account) -> dict[str, Any]:
    """Everything stored about the caller's account, as one JSON-ready document (see
    ``docs/privacy.md``): the account (never its password hash: only whether one is set),
    every kind of personal data listed in :data:`PERSONAL_DATA`, and the tables it takes part
    in."""
    record = accounts.signed_in_account(me)
    document: dict[str, Any] = {
        "format": EXPORT_FORMAT,
        "exported_at": int(time.time()),
        "account": accounts.account_out(record).model_dump(),
    }
    for kind in PERSONAL_DATA:
        document[kind.name] = kind.export(me)
    document["tables"] = _tables(me.account_id)
    document["ratings"] = {game: ratings.shown(entry) for game, entry in
                           sorted(json.loads(record.ratings or "{}").items())}
    return document
