"""From a lobby to a game: the kickoff (:func:`start`), a demo table (:func:`start_demo`) and
a rematch (:func:`rematch`). Each deals or reads a game through the pipeline and writes a
lobby (a kickoff and a demo in the game's own transaction), so this module stands above both
:mod:`service.lobbies` (who sits where before kickoff) and :mod:`service.pipeline` (the game's
writes): neither imports it.
"""

from __future__ import annotations

import secrets
import time

from pynamodb.transactions import TransactWrite

import engine
from service import access, accounts, lobbies, pipeline, races, tables
from service.errors import Conflict, NotFound, ServiceUnavailable, VersionConflict
from service.lobbies import LobbyRecord


def start(lobby_id: str, me: str, options: dict | None):
    """Kickoff: deal the game for the seated players (seat order, empty seats dropped) under
    the lobby's id, and close the lobby, in one transaction. Visibility is fixed from here on;
    pending player invitations lapse. Returns the pipeline's
    :class:`~service.pipeline.ActionResult`.

    Raises :class:`Forbidden` (not the owner, or scripted options where not allowed),
    :class:`~service.lobbies.LobbyStarted`, :class:`Conflict` (fewer than two seated) and
    :class:`Unprocessable` (bad options).
    """
    def attempt(n: int) -> pipeline.ActionResult:
        lobby = lobbies.load(lobby_id)
        before = lobbies.roles(lobby)
        lobbies.require_owner(lobby, me)
        if n and lobby.status == "started":
            # Our write was refused, yet the game exists: an earlier try of this very call (a
            # retried request whose answer was lost) or the owner's other tab started it.
            # Kickoff is idempotent: answer with the game.
            game = pipeline.default_store().load(lobby_id)
            state = game.state
            return pipeline.ActionResult(game, state, [], engine.pending(state))
        lobbies.require_waiting(lobby)
        players = lobbies.seated(lobby)
        rs = engine.get_ruleset(lobby.ruleset)
        if len(players) < rs.min_players:
            raise Conflict(f"seat at least {rs.min_players} players (people or bots) first")
        lobby.status = "started"
        lobby.invite_hash = None
        lobby.invited = []  # pending player invitations lapse
        return pipeline.create_game(
            lobby.ruleset, players, lobbies.game_options(lobby, options), game_id=lobby.lobby_id,
            owner=lobby.owner, table={**lobbies.game_settings(lobby), **lobbies.naming(lobby)},
            also=lobbies.written_with(lobby, before))

    return races.until_won(attempt, lost=(VersionConflict,), busy=lobbies.busy())


DEMO_LEVELS = ("base", "advanced", "smart", "advanced")
"""The bots of a demo table (guide "Mtaani on mobile": "its demo link launches a demo board")."""


def start_demo(watcher: str, options: dict | None = None, ruleset: str | None = None):
    """A game of four bots of ``ruleset`` (default: the registry's default) for ``watcher`` to
    watch as an invited spectator (the demo link): a started private table owned by its first
    bot, so it shows under "watchable" on the watcher's dashboard and nobody can save it.
    Returns the pipeline's :class:`~service.pipeline.ActionResult`."""
    now = int(time.time())
    players = [accounts.bot_id(level, n) for n, level in enumerate(DEMO_LEVELS, 1)]
    lobby = LobbyRecord(secrets.token_urlsafe(16), owner=players[0],
                        ruleset=ruleset or engine.DEFAULT_RULESET,
                        table_size=len(players), public=False, status="started", seats=players,
                        invited=[], spectators=[watcher], bots_added=len(players),
                        stand_in_after=0, created_at=now, updated_at=now)

    def also(tx: TransactWrite) -> None:
        tx.save(lobby, condition=LobbyRecord.lobby_id.does_not_exist())
        lobbies.membership_changes(tx, lobby.lobby_id, {}, lobbies.roles(lobby), now)

    return pipeline.create_game(lobby.ruleset, players, lobbies.game_options(lobby, options),
                                game_id=lobby.lobby_id, owner=players[0],
                                table=lobbies.game_settings(lobby), also=also)


REMATCH_SUFFIX = " (rematch)"


def rematch(game_id: str, me: str) -> tuple[LobbyRecord, bool]:
    """``POST /games/{id}/rematch``: from a finished game, a new waiting lobby owned by ``me``
    (who sat there) with the same seats: ``me`` in their seat, the bots as they were, every
    other person invited to play (one ``LobbyInvitation`` each: a notification; they accept by
    joining and decline by leaving, as any invitation); the same ruleset, table options and
    settings, and public or private as the first table. An erased player's seat is left empty.
    Each person invited back finds their old seat held for them (:func:`service.lobbies.holder`): joining
    seats them there, nobody else (nor a bot) may take it while their invitation stands.

    A table has one rematch: asked again (by anyone who sat there) while that lobby still
    waits, the same lobby is answered (``False``: not new) and nobody is told twice. Returns
    ``(lobby, created)``.

    Raises :class:`NotFound` for a stranger to a private table, :class:`Forbidden` for a
    spectator and :class:`Conflict` for a game not finished yet."""
    game = pipeline.default_store().load(game_id)
    access.seat_of(game, me)                         # 404 stranger, 403 spectator
    if game.record.status != "finished":
        raise Conflict("the game is not over yet: a rematch starts from a finished game")

    def attempt(_: int) -> tuple[LobbyRecord, bool]:
        first = lobbies.load(game_id)
        if first.rematch_id:
            try:
                again = lobbies.load(first.rematch_id)
            except NotFound:
                again = None
            if again is not None and again.status == "waiting":
                return again, False
        before = lobbies.roles(first)
        seats = list(game.record.seats)
        now = int(time.time())
        new_seats, invited, bots = [], [], 0
        for occupant in seats:
            if occupant == me or accounts.bot_level(occupant):
                new_seats.append(occupant)
                bots += 1 if accounts.bot_level(occupant) else 0
            else:
                new_seats.append("")
                if occupant.startswith("acc_"):
                    invited.append(occupant)
        name = None
        if first.name:
            name = first.name if first.name.endswith(REMATCH_SUFFIX) else (
                first.name[:tables.NAME_MAX_CHARS - len(REMATCH_SUFFIX)] + REMATCH_SUFFIX)
        lobby = LobbyRecord(secrets.token_urlsafe(16), owner=me, ruleset=first.ruleset,
                            table_size=len(new_seats), idle_timeout=first.idle_timeout,
                            options=first.options, stand_in_after=first.stand_in_after,
                            bot_delay=first.bot_delay, public=bool(first.public),
                            status="waiting", seats=new_seats,
                            invited=[] if first.public else invited, spectators=[],
                            bots_added=bots, name=name, created_at=now, updated_at=now,
                            held=[a if a in invited and not first.public else "" for a in seats])
        lobby.number = tables.next_number(me, lobby.ruleset)
        first.rematch_id = lobby.lobby_id

        def also(tx: TransactWrite, lobby: LobbyRecord = lobby, now: int = now) -> None:
            tx.save(lobby, condition=LobbyRecord.lobby_id.does_not_exist())
            lobbies.membership_changes(tx, lobby.lobby_id, {}, lobbies.roles(lobby), now)

        lobbies.save(first, before, also)
        for who in invited:
            lobbies.announce_invitation(lobby, who, "player")
        return lobby, True

    return races.until_won(attempt, lost=(lobbies.LostRace,),
                           busy=ServiceUnavailable("the table is busy; try again", retry_after=1))
