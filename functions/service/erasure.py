"""Account erasure: the right to erasure, as the guide promises it ("Account management",
"Privacy and GDPR" in ``shared/seeds/000_fe1744ded917b034.txt``; ``docs/privacy.md``).

Two parts:

1. **At once**, in the request (:func:`delete_account`): one transaction deletes the account
   item (handle, password hash, reset email) and the handle's claim, and writes the erasure
   job; then every kind of personal data listed in :data:`service.privacy.PERSONAL_DATA`
   (sessions, reset links, chat messages, presence, ...) is deleted and ``AccountDeleted``
   goes on the bus. No session survives (a session needs its account), so the caller is signed out
   everywhere by that same request, and the handle is free to be claimed again.
2. **The fan-out** (:func:`run`, the ``AccountDeleted`` target ``timers.account_erasure``):
   for every table the account took part in (its ``Memberships``), one table at a time:

   - a waiting lobby it owned, or a game it owned and had saved (paused), is deleted with its
     chat, presence, event log and memberships (its "saved games");
   - otherwise its pending invitations and spectator place go, its seat in a waiting lobby is
     freed, and after kickoff its seat (and ownership) pass to a fresh **anonymous identity**:
     the game record's seats and owner, the state's ``players[i].id`` and the lobby are
     rewritten through the pipeline's optimistic locking (:func:`service.pipeline.amend`) in
     one transaction with the membership's deletion, a ``SeatAnonymised`` log item records it
     and, in a game still going on, a Base bot stands in for the seat
     (``GameRecord.stand_ins``);
   - wherever other players' chat messages at that table quote the handle, it is replaced with
     the anonymous name.

   Then the personal data is erased once more (writes that raced with the deletion) and the
   job is deleted.

Anonymous identities (:func:`service.accounts.anonymous_id`) are HMACs of the table id under a
random secret kept in the job: not derivable from the handle or the account id, different at
every table (the kept statistics cannot link one person's games), and the same on every retry
of one erasure, so a fan-out stopped anywhere and run again finishes with one consistent name
per table. Each table's step is idempotent (a table already done is skipped), the job's item
is deleted only at the end, and an hourly sweep resumes jobs whose fan-out stopped: two
deliveries of one event, or a worker killed between two tables, do no harm.
"""

from __future__ import annotations

import secrets
import time
from typing import Any

from aws_lambda_powertools import Logger
from pynamodb.attributes import BinaryAttribute, NumberAttribute, UnicodeAttribute
from pynamodb.exceptions import DoesNotExist, PynamoDBException, TransactWriteError
from pynamodb.models import Model

import engine
from service import (
    accounts,
    archive,
    bus,
    chat,
    lobbies,
    notifications,
    pipeline,
    privacy,
    races,
    standing_orders,
    storage,
)
from service import seats as seats_module
from service.config import settings
from service.errors import Conflict, NotFound, ServiceUnavailable, Unauthorized
from service.observability import SERVICE
from service.storage import GameEventRecord, GameRecord, GameStore, StoredGame

log = Logger(service=SERVICE, child=True)  # "mtaa.<module>": the parent's format and keys

SOURCE = "mtaa.accounts"
"""Bus source of account events."""
STAND_IN = "base"
"""The bot level that plays an erased account's seat in a game still going on."""
SWEEP_AFTER = 15 * 60
"""Seconds after which the hourly sweep resumes an erasure (its fan-out must have stopped)."""


class ConfirmationRequired(Conflict):
    """The handle typed to confirm a deletion is not the account's (409: a well-formed request
    that the account's state refuses)."""

    code = "confirmation_mismatch"


class ErasureRecord(Model):
    """An erasure in progress: the erased account's id, its former handle (only to replace it
    where other players' chat messages quote it) and the secret of its anonymous identities.
    Deleted when the fan-out ends."""

    class Meta:
        table_name = settings().erasures_table

    account_id = UnicodeAttribute(hash_key=True)
    handle = UnicodeAttribute()
    secret = BinaryAttribute(legacy_encoding=False)
    created_at = NumberAttribute()


# ---------------------------------------------------------------------------- the request
def delete_account(me: accounts.Account, confirm_handle: str) -> dict[str, Any]:
    """Delete the caller's account at once and start the fan-out (see the module docstring).

    ``confirm_handle`` must be the account's handle (any case): :class:`ConfirmationRequired`
    otherwise. Returns ``{"account_id", "erased_at", "tables_to_anonymise"}``.
    """
    record = accounts.signed_in_account(me)
    if confirm_handle.strip().lower() != record.handle_key:
        raise ConfirmationRequired("type your handle exactly as it is to confirm the deletion")
    now = int(time.time())
    job = ErasureRecord(record.account_id, handle=record.handle, secret=secrets.token_bytes(32),
                        created_at=now)
    try:
        with storage.transaction() as tx:
            tx.save(job, condition=ErasureRecord.account_id.does_not_exist())
            tx.delete(record, condition=accounts.AccountRecord.account_id.exists())
            tx.delete(accounts.HandleRecord(record.handle_key),
                      condition=accounts.HandleRecord.account_id == record.account_id)
    except TransactWriteError as exc:
        if exc.cause_response_code == "TransactionCanceledException":
            raise Unauthorized("this account has just been deleted") from None
        raise ServiceUnavailable("accounts are not answering; nothing was deleted") from exc
    try:
        privacy.erase_personal_data(record.account_id)
    except Exception:  # the job is written: the fan-out erases them again
        log.exception("erasing personal data at once failed; the fan-out will finish it")
    announce(record.account_id)
    pending = sum(1 for _ in lobbies.MembershipRecord.query(record.account_id))
    return {"account_id": record.account_id, "erased_at": now, "tables_to_anonymise": pending}


def announce(account_id: str) -> bool:
    """Put ``AccountDeleted`` on the bus (the fan-out's trigger). A failure is logged, not
    raised: the job is stored and the hourly sweep resumes it."""
    try:
        bus.publish("AccountDeleted", {"account_id": account_id}, source=SOURCE)
    except Exception:
        log.exception("AccountDeleted could not be published; the sweep will resume the erasure")
        return False
    return True


# ---------------------------------------------------------------------------- the fan-out
def run(account_id: str, deadline: float | None = None) -> dict[str, Any]:
    """Finish the erasure of ``account_id``: every table it took part in, then its personal
    data again, then the job. Stops early when ``deadline`` (Unix seconds) has passed (after
    one table at least), with ``done: False`` (call again to go on). A table that stays busy
    or unavailable is left for later (``failed`` lists it, ``done: False``) and the others are
    still done; the hourly sweep comes back to it. An erasure already finished (or never
    started) is ``done`` with nothing to do. Other errors propagate; running again resumes."""
    try:
        job = ErasureRecord.get(account_id, consistent_read=True)
    except DoesNotExist:
        return {"account_id": account_id, "done": True, "tables": 0}
    except PynamoDBException as exc:
        raise ServiceUnavailable("erasures are not answering") from exc
    privacy.erase_personal_data(account_id)
    tables = 0
    failed: list[str] = []
    after = None
    while True:
        condition = lobbies.MembershipRecord.lobby_id > after if after is not None else None
        batch = list(lobbies.MembershipRecord.query(account_id, condition, limit=25,
                                                    consistent_read=True))
        if not batch:
            break
        for membership in batch:
            after = membership.lobby_id
            try:
                anonymise_table(job, membership.lobby_id)
            except ServiceUnavailable:
                log.warning("erasure: table %s left for the next sweep", membership.lobby_id,
                            exc_info=True)
                failed.append(membership.lobby_id)
                continue
            tables += 1
            if deadline is not None and time.time() > deadline:
                return {"account_id": account_id, "done": False, "tables": tables}
    if failed:
        return {"account_id": account_id, "done": False, "tables": tables, "failed": failed}
    privacy.erase_personal_data(account_id)
    job.delete()
    return {"account_id": account_id, "done": True, "tables": tables}


def unfinished(older_than: float | None = None) -> list[str]:
    """Accounts whose erasure started more than ``older_than`` seconds (default
    :data:`SWEEP_AFTER`) ago and is not done."""
    cutoff = time.time() - (SWEEP_AFTER if older_than is None else older_than)
    try:
        return [job.account_id for job in ErasureRecord.scan(ErasureRecord.created_at < cutoff)]
    except PynamoDBException as exc:
        raise ServiceUnavailable("erasures are not answering") from exc


def anonymise_table(job: ErasureRecord, table_id: str) -> None:
    """Take the erased account out of one table (see the module docstring); always ends with
    the account's membership of the table deleted, or raises. Idempotent."""
    account_id = job.account_id
    anonymous = accounts.anonymous_id(job.secret, table_id)
    store = pipeline.default_store()

    def attempt(_: int) -> None:
        try:
            lobby = lobbies.load(table_id)
        except NotFound:
            _drop_membership(account_id, table_id)
            return
        game = _load_game(store, table_id) if lobby.status == "started" else None
        people = {a for a in (*lobby.seats, *lobby.invited, *lobby.spectators, lobby.owner)
                  if a and a != account_id}
        notifications.replace_mentions(table_id, sorted(people), job.handle,
                                       accounts.anonymous_name(anonymous))
        if lobby.owner == account_id and (
                lobby.status == "waiting" or (game is not None and game.record.status == "saved")):
            if _discard(lobby, game):
                return
        else:
            chat.replace_mentions(table_id, job.handle, accounts.anonymous_name(anonymous))
            if game is not None and game.archived and account_id in (*game.record.seats,
                                                                     game.record.owner):
                archive.rewrite_fields(table_id, _archived_seat_change(account_id, anonymous))
                # The game no longer names the account: the lobby's turn, at once.
                raise races.Again(pause=False)
            if game is not None and account_id in (*game.record.seats, game.record.owner):
                if pipeline.amend(table_id, _seat_change(account_id, anonymous), while_saved=True,
                                 store=store):
                    return
            elif _forget_in_lobby(lobby, account_id, anonymous):
                return
        raise races.Again  # the lobby or the game changed meanwhile: reload, redo

    races.until_won(attempt, busy=ServiceUnavailable(
        f"table {table_id} stayed busy; the erasure will be resumed"))


def _load_game(store: GameStore, game_id: str) -> StoredGame | None:
    try:
        return store.load(game_id)
    except NotFound:
        return None


def _drop_membership(account_id: str, table_id: str) -> None:
    try:
        lobbies.MembershipRecord(account_id, table_id).delete()
    except PynamoDBException as exc:
        raise ServiceUnavailable("memberships are not answering") from exc


def _discard(lobby: lobbies.LobbyRecord, game: StoredGame | None) -> bool:
    """Delete an erased owner's waiting lobby or saved game, with everything of the table.
    ``False`` when the lobby changed meanwhile (try again)."""
    if game is not None:
        storage.delete_all(GameEventRecord,
                           GameEventRecord.query(game.game_id, consistent_read=True))
    try:
        # The game item goes if it is still the version loaded (PynamoDB's version condition).
        lobbies.discard(lobby, also=(lambda tx: tx.delete(
            GameRecord(game.game_id, version=game.version))) if game else None)
    except lobbies.LostRace:
        return False
    return True


def _forget_in_lobby(lobby: lobbies.LobbyRecord, account_id: str, anonymous: str) -> bool:
    """Take the account out of a lobby record (no game change needed) and delete its
    membership. ``False`` when the lobby changed meanwhile (try again)."""
    mentioned = account_id in (lobby.owner, *lobby.seats, *lobby.invited, *lobby.spectators)
    if not mentioned:
        _drop_membership(account_id, lobby.lobby_id)
        return True
    before = {**lobbies.roles(lobby), account_id: "gone"}  # its membership goes in any case
    lobbies.forget(lobby, account_id, anonymous)
    try:
        lobbies.save(lobby, before)
    except lobbies.LostRace:
        return False
    return True


def _archived_seat_change(account_id: str, anonymous: str):
    """The :func:`service.archive.rewrite_fields` change giving the account's seat (and
    ownership) in an archived game to ``anonymous`` (its event log names seats only)."""

    def change(fields: dict[str, Any]) -> dict[str, Any] | None:
        seats = list(fields["seats"])
        if account_id not in seats and fields.get("owner") != account_id:
            return None  # done already
        if account_id in seats:
            seat = seats.index(account_id)
            seats[seat] = anonymous
            state = renamed(engine.load_state(fields["state"]), seat, anonymous)
            fields = {**fields, "seats": seats, "state": engine.dump_state(state)}
        if fields.get("owner") == account_id:
            fields = {**fields, "owner": anonymous, "name": None}  # the owner's words go
        return fields

    return change


def _seat_change(account_id: str, anonymous: str):
    """The :func:`service.pipeline.amend` change giving the account's seat (and ownership) at
    a started game to ``anonymous``, with the lobby rewritten in the same transaction."""

    def change(game: StoredGame, state: engine.GameState) -> pipeline.Amendment | None:
        record = game.record
        seats = list(record.seats)
        if account_id not in seats and record.owner != account_id:
            return None  # done already (another delivery of the event, or an earlier run)
        seat = seats.index(account_id) if account_id in seats else None
        if seat is not None:
            seats[seat] = anonymous
            record.seats = seats
            standing_orders.forget_seat(record, seat)  # the person's orders go with them
            state = renamed(state, seat, anonymous)
            if record.status != "finished":
                record.stand_ins = {**seats_module.stand_ins(record), str(seat): STAND_IN}
        if record.owner == account_id:
            record.owner = anonymous
            record.name = None  # the owner's words: the table goes back to its default name
        lobby = lobbies.load(game.game_id)
        before = {**lobbies.roles(lobby), account_id: "gone"}
        lobbies.forget(lobby, account_id, anonymous)
        # A bot plays the seat from now on: the pipeline cues it if the game waits on it.
        return pipeline.Amendment([{"type": "SeatAnonymised", "seat": seat}], state=state,
                                  also=lobbies.written_with(lobby, before))

    return change


def renamed(state: Any, seat: int, new_id: str) -> Any:
    """A copy of ``state`` with seat ``seat``'s occupant id replaced by ``new_id``, whatever
    the ruleset's state looks like (``Ruleset.rename_player``)."""
    return engine.ruleset_of(state).rename_player(state, seat, new_id)
