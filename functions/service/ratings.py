"""Ratings per account and game (issue 33.2; docs/ratings.md).

**The model.** OpenSkill's Plackett-Luce model (the ``openskill`` library, its defaults: a new
player is mu 25, sigma 25/3): every finished, rated table is one free-for-all match of single-seat
teams ranked by their finishing places (``engine.places``: 1 the winner, tied seats share a
place), so tables of 2-6 seats and every finishing order, ties included, are rated alike. A
player's rating is kept per game (``engine.game_of``: Mtaani's classic preset rates as Mtaani),
shown as ``mu`` with its uncertainty ``sigma`` and ordered by ``mu - 3 sigma`` (``ordinal``).

**Once per game, in the write that ends it.** :func:`on_finish` is called by the pipeline
(``pipeline.run``) when a move or a timer ends the game: it reads the seated people's ratings
and adds their new ratings to the game's own version-conditioned write (one transaction), each
conditioned on the rating version it read. A retry (a lost race, a timer racing the last move,
a request sent twice) finds the game finished and cannot end it again; a concurrent update of
the same player's rating (their other game ending) cancels the transaction and the pipeline
tries again on fresh ratings. The game record says ``rated`` in the same write.

**What is rated** (:func:`unrated_reason`): a table with at least two people (accounts, not
bots), not scripted (fixed dice and draws), where no human seat was played by a stand-in bot
for more than half of its moves. Bots are rated opponents: each level starts from the rating of
the self-play tables (``training/rate_bots.py`` writes ``service/data/bot_ratings.json``) and
moves with every rated game against people, kept per level and game (:class:`BotRatingRecord`)
and written in the same finishing transaction, conditioned on the version read, as the
people's. Two bots of one level at a table move it by the sum of their seats' changes.
"""

from __future__ import annotations

import json
import time
from functools import cache
from pathlib import Path
from typing import Any

from pynamodb.attributes import NumberAttribute, UnicodeAttribute
from pynamodb.exceptions import PynamoDBException
from pynamodb.models import Model
from pynamodb.transactions import TransactWrite

from engine import game_of
from service import accounts
from service.config import settings
from service.errors import ServiceUnavailable
from service.seats import as_map

HISTORY_KEPT = 100
"""The newest rating points kept per account and game (the player's page's chart)."""
BOT_RATINGS_FILE = Path(__file__).parent / "data" / "bot_ratings.json"
"""The bots' ratings per game and level from self-play tables (``training/rate_bots.py``)."""
MIN_PEOPLE = 2
"""People (accounts) a table needs to be rated."""


@cache
def model():
    """The rating model: OpenSkill's Plackett-Luce with the library's defaults."""
    # Cold start: openskill loads only when a game is rated.
    from openskill.models import PlackettLuce

    return PlackettLuce()


@cache
def bot_ratings() -> dict[str, dict[str, dict[str, float]]]:
    """``{game: {level: {"mu", "sigma", "tables"}}}`` from :data:`BOT_RATINGS_FILE` (empty
    when it is missing: every bot rates as a new player then)."""
    try:
        return json.loads(BOT_RATINGS_FILE.read_text())["ratings"]
    except FileNotFoundError:
        return {}


def bot_rating(game: str, level: str) -> dict[str, float]:
    """A bot level's self-play rating in ``game`` (``{"mu", "sigma"}``; a new player's when
    unrated): where its rating against people starts (:func:`bot_levels`: the current one)."""
    found = bot_ratings().get(game, {}).get(level)
    if found:
        return {"mu": float(found["mu"]), "sigma": float(found["sigma"])}
    fresh = model().rating()
    return {"mu": fresh.mu, "sigma": fresh.sigma}


class BotRatingRecord(Model):
    """A bot level's ratings per game as rated games against people moved them (in the
    accounts table under ``bot:<level>``, never an account's or a seat's id): ``ratings`` and
    ``ratings_version`` as an account's (:class:`service.accounts.AccountRecord`)."""

    class Meta:
        table_name = settings().accounts_table

    account_id = UnicodeAttribute(hash_key=True)
    ratings = UnicodeAttribute(null=True)
    ratings_version = NumberAttribute(null=True)


def bot_key(level: str) -> str:
    """The :class:`BotRatingRecord` key of a bot level."""
    return f"bot:{level}"


def _read_bots(levels: list[str], *, consistent: bool) -> dict[str, tuple[dict[str, Any], int]]:
    try:
        found = BotRatingRecord.batch_get([bot_key(lv) for lv in levels], consistent_read=consistent)
        return {item.account_id.split(":", 1)[1]: (json.loads(item.ratings or "{}"),
                                                   int(item.ratings_version or 0)) for item in found}
    except PynamoDBException as exc:
        raise ServiceUnavailable("ratings are not answering; try again") from exc


def bot_entry(game: str, level: str, stored: dict[str, Any] | None) -> dict[str, Any]:
    """A bot level's entry in ``game``: as stored, else its self-play rating with no games."""
    if stored:
        return stored
    return {**fresh_entry(), **bot_rating(game, level)}


def bot_levels(game: str) -> dict[str, dict[str, float]]:
    """Every bot level's current rating in ``game`` (``{level: {"mu", "sigma"}}``, the lobby's
    bot picker): the self-play figure moved by the rated games against people."""
    stored = _read_bots(list(accounts.BOT_LEVELS), consistent=False)
    out = {}
    for level in accounts.BOT_LEVELS:
        entry = bot_entry(game, level, stored.get(level, ({}, 0))[0].get(game))
        out[level] = {"mu": round(float(entry["mu"]), 3), "sigma": round(float(entry["sigma"]), 3)}
    return out


def is_person(seat_id: str) -> bool:
    """An account's seat (not a bot's, not an erased account's anonymous seat)."""
    return seat_id.startswith("acc_")


def lobby_unrated_reason(seats: list[str], options: dict[str, Any]) -> str | None:
    """Why a table about to start would not be rated (``None``: it will be, unless a stand-in
    bot ends up playing a seat for most of the game): fewer than two people seated, or fixed
    dice and draws."""
    if sum(1 for a in seats if a and is_person(a)) < MIN_PEOPLE:
        return "fewer than two people are seated (bots do not make a rated table)"
    if options.get("scripted"):
        return "its dice and draws are fixed in advance"
    return None


def unrated_reason(record: Any) -> str | None:
    """Why a finished game (a ``GameRecord``) is not rated, ``None`` when it is: fewer than two
    people, scripted, or a human seat more than half of whose moves a stand-in bot made
    (``moves`` / ``stood_in``: counted by the pipeline per seat)."""
    seats = list(record.seats)
    if sum(1 for a in seats if is_person(a)) < MIN_PEOPLE:
        return "fewer than two people played"
    if (record.sealed or {}).get("scripted"):
        return "its dice and draws were fixed in advance"
    moves, stood = as_map(record.moves), as_map(record.stood_in)
    for seat, seat_id in enumerate(seats):
        if accounts.bot_level(seat_id):
            continue
        made = int(moves.get(str(seat), 0))
        if made and int(stood.get(str(seat), 0)) * 2 > made:
            return "a stand-in bot played a seat for most of the game"
    return None


def count_move(record: Any, seat: int | None, *, stand_in: bool) -> None:
    """Count a move of ``seat`` (``None``: the table's own for no seat) toward
    :func:`unrated_reason`: ``stand_in`` when a stand-in bot made it for the seat's human."""
    if seat is None:
        return
    key = str(seat)
    moves = as_map(record.moves)
    moves[key] = int(moves.get(key, 0)) + 1
    record.moves = moves
    if stand_in:
        stood = as_map(record.stood_in)
        stood[key] = int(stood.get(key, 0)) + 1
        record.stood_in = stood


def note_knockouts(record: Any, events: list[dict[str, Any]]) -> None:
    """Append the seats that ``events`` (one write's) knock out (``Bankrupt``) to
    ``record.knocked_out``: the elimination order ``engine.places`` ranks bankrupt seats by
    (one knocked out later finishes above one knocked out earlier)."""
    out = [int(e["player"]) for e in events if e.get("type") == "Bankrupt"
           and isinstance(e.get("player"), int)]
    if out:
        known = [int(s) for s in (record.knocked_out or [])]
        record.knocked_out = known + [s for s in out if s not in known]


def read(account_ids: list[str]) -> dict[str, tuple[dict[str, Any], int]]:
    """Each account's ratings (``{game: entry}``) and rating version (0: never rated), read
    consistently (the write is conditioned on the version read)."""
    out: dict[str, tuple[dict[str, Any], int]] = {}
    if not account_ids:
        return out
    try:
        for item in accounts.AccountRecord.batch_get(account_ids, consistent_read=True):
            out[item.account_id] = (json.loads(item.ratings or "{}"),
                                    int(item.ratings_version or 0))
    except PynamoDBException as exc:
        raise ServiceUnavailable("ratings are not answering; try again") from exc
    return out


def fresh_entry() -> dict[str, Any]:
    rating = model().rating()
    return {"mu": rating.mu, "sigma": rating.sigma, "games": 0, "wins": 0, "places": {},
            "history": []}


def rate(before: list[dict[str, float]], places: list[int]) -> list[dict[str, float]]:
    """The new ``{"mu", "sigma"}`` of each seat from its rating ``before`` and its finishing
    place (``places``: 1 best, ties equal), by :func:`model`."""
    m = model()
    teams = [[m.rating(mu=r["mu"], sigma=r["sigma"])] for r in before]
    after = m.rate(teams, ranks=[float(p) for p in places])
    return [{"mu": team[0].mu, "sigma": team[0].sigma} for team in after]


def on_finish(record: Any, places: list[int] | None, now: int | None = None):
    """What the write ending the game adds to its transaction (an
    ``AddToTransaction``) to rate it, or ``None`` when it is not rated (:func:`unrated_reason`)
    or already was. Sets ``record.rated`` (and ``record.unrated``: the reason) in place."""
    if record.rated or not places:
        return None
    reason = unrated_reason(record)
    if reason is not None:
        record.unrated = reason
        return None
    game = game_of(record.ruleset)
    seats = list(record.seats)
    people = [a for a in dict.fromkeys(seats) if is_person(a)]
    stored = read(people)
    levels = sorted({lv for lv in map(accounts.bot_level, seats) if lv})
    bots = _read_bots(levels, consistent=True) if levels else {}
    bot_entries = {lv: bot_entry(game, lv, bots.get(lv, ({}, 0))[0].get(game)) for lv in levels}
    before, entries = [], {}
    for seat_id in seats:
        level = accounts.bot_level(seat_id)
        if level:
            before.append({"mu": bot_entries[level]["mu"], "sigma": bot_entries[level]["sigma"]})
            continue
        ratings, _ = stored.get(seat_id, ({}, 0))
        entry = entries.setdefault(seat_id, ratings.get(game) or fresh_entry())
        before.append({"mu": entry["mu"], "sigma": entry["sigma"]})
    after = rate(before, places)
    at = int(now or time.time())
    start = {lv: (float(e["mu"]), float(e["sigma"])) for lv, e in bot_entries.items()}
    for seat, seat_id in enumerate(seats):
        level = accounts.bot_level(seat_id)
        if level:  # the level moves by the sum of its seats' changes, as sure as the surest
            entry = bot_entries[level]
            mu = float(entry["mu"]) + after[seat]["mu"] - start[level][0]
            sigma = min(float(entry["sigma"]), after[seat]["sigma"])
        elif seat_id in entries and seat_id in stored:
            entry = entries[seat_id]
            mu, sigma = after[seat]["mu"], after[seat]["sigma"]
        else:
            continue  # an account gone (erased) since it sat down
        _played(entry, mu, sigma, int(places[seat]), places, at)
    record.rated = True
    writes = []
    for account_id, (ratings, version) in stored.items():
        if account_id in entries:
            writes.append((accounts.AccountRecord, account_id,
                           {**ratings, game: entries[account_id]}, version))
    for level, entry in bot_entries.items():
        ratings, version = bots.get(level, ({}, 0))
        writes.append((BotRatingRecord, bot_key(level), {**ratings, game: entry}, version))

    def also(tx: TransactWrite) -> None:
        for kind, key, ratings, version in writes:
            condition = (kind.ratings_version == version) if version else \
                kind.ratings_version.does_not_exist()
            if kind is accounts.AccountRecord:  # an account erased meanwhile is not revived
                condition = kind.account_id.exists() & condition
            tx.update(kind(key), actions=[
                kind.ratings.set(json.dumps(ratings, separators=(",", ":"))),
                kind.ratings_version.set(version + 1)], condition=condition)

    return also if writes else None


def _played(entry: dict[str, Any], mu: float, sigma: float, place: int, places: list[int],
            at: int) -> None:
    """Count one rated game in ``entry`` (in place): its new rating, games, wins, places and
    history point."""
    entry.update(mu=mu, sigma=sigma)
    entry["games"] = int(entry["games"]) + 1
    entry["wins"] = int(entry["wins"]) + (1 if place == 1 and places.count(1) == 1 else 0)
    entry["places"][str(place)] = int(entry["places"].get(str(place), 0)) + 1
    entry["history"] = [*entry["history"], {"at": at, "mu": entry["mu"],
                                            "sigma": entry["sigma"]}][-HISTORY_KEPT:]


def shown(entry: dict[str, Any]) -> dict[str, Any]:
    """An account's rating in one game as the player's page shows it."""
    return {"mu": round(entry["mu"], 3), "sigma": round(entry["sigma"], 3),
            "ordinal": round(entry["mu"] - 3 * entry["sigma"], 3),
            "games": int(entry["games"]), "wins": int(entry["wins"]),
            "places": {k: int(v) for k, v in sorted(entry["places"].items(), key=lambda kv: int(kv[0]))},
            "history": [{"at": int(p["at"]), "mu": round(p["mu"], 3), "sigma": round(p["sigma"], 3)}
                        for p in entry["history"]]}


def guide_section(game_title: str) -> dict[str, Any]:
    """The guide's section on ratings (the shape of a prose section: ``{"id": "ratings",
    "title", "text": [paragraph, ...], "items": [...], "example": []}``): how a rating moves
    and what makes a table unrated (docs/ratings.md)."""
    return {"id": "ratings", "title": "Ratings", "text": [
        f"Every player has a {game_title} rating: a number (a new player starts at 25) and "
        "how sure it is (the \u00b1 figure, 8.3 at first, shrinking as you play). After a "
        "rated game every seat's rating moves by its finishing place: the winner's goes up, "
        "the last's goes down, and beating strong players counts for more (OpenSkill's "
        "Plackett-Luce model, which rates tables of any size; seats that tie share a place).",
        "Bots have ratings too: each level starts from tables of bots against each other "
        "and moves with every rated game it plays against people; the lobby's bot picker "
        "shows the current number.",
        "A table is rated only when all of these hold; the lobby says before kickoff whether "
        "yours will be:"],
        "items": ["At least two people sit at it (bots do not count).",
                  "Its dice and draws are not fixed in advance.",
                  "No player's seat was played by a stand-in bot for more than half of its moves."],
        "example": []}
