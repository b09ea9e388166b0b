"""Who may look at a game and who may act in it: access control for a game's readers and
writers. A game's seats are in its record; who else may watch (the owner, an invited
spectator, anyone signed in at a public table) is its lobby's (:func:`service.lobbies.access`).

This module stands above :mod:`service.lobbies` (it reads them) and below the pipeline (which
checks a move's seat with :func:`seat_of`); :mod:`service.views` renders what it allows.
"""

from __future__ import annotations

from service.errors import Forbidden, NotFound
from service.storage import StoredGame
from service.views import viewer_seat


def game_access(game: StoredGame, account_id: str) -> int | None:
    """The caller's seat, or ``None`` for someone who may watch (the owner, an invited
    spectator, anyone signed in at a public table); :class:`~service.errors.NotFound`, the
    answer a made-up id gets, for everyone else (a stranger learns nothing of a private
    table). Only non-seated callers cost a lobby read."""
    # Cold start: 15 of the 20 handlers that load this module never read a lobby.
    from service import lobbies

    seat = viewer_seat(game, account_id)
    if seat is None and game.record.owner != account_id:
        hidden = NotFound(f"there is no game {game.game_id!r}")
        try:
            lobby = lobbies.load(game.game_id)
            standing = lobbies.access(lobby, account_id)
        except NotFound:
            raise hidden from None
        if standing.role == "invited":
            raise hidden
    return seat


def seat_of(game: StoredGame, account_id: str) -> int:
    """The seat ``account_id`` holds in ``game``; :class:`Forbidden` when not seated but
    allowed to watch, :class:`NotFound` (what a made-up id answers) for a stranger to a
    private table."""
    try:
        return list(game.record.seats).index(account_id)
    except ValueError:
        game_access(game, account_id)
        raise Forbidden("you do not hold a seat at this table") from None
