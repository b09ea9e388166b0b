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
for more than half of its moves.

**Bots** are rated opponents: each level starts from the rating of the self-play tables
(``training/rate_bots.py`` writes ``service/data/bot_ratings.json``) and moves with every rated
game against people, kept per level and game (:class:`BotRatingRecord`). A level's rating is
one item shared by every table it sits at, so the write that ends a game does not touch it
(every finishing write across the service would contend for it): the people are rated against
the level's current figure, and the game's result for its bot seats (each seat's level or the
person's rating before the game, and the places) is put in a queue item of its own
(:class:`BotResultRecord`, keyed by the game: no two games write the same item). The
scheduled fold (:func:`fold_pending`, ``timers.fold_bot_ratings``) then moves each level by the
queued results in finishing order, each result folded once: the level's new rating and the
result's deletion are one transaction, conditioned on the rating version read and on the
result still being there. Two bots of one level at a table move it by the sum of their seats'
changes.
"""

from __future__ import annotations

import json
import time
from functools import cache
from pathlib import Path
from typing import Any

from pynamodb.attributes import NumberAttribute, UnicodeAttribute
from pynamodb.exceptions import PynamoDBException, TransactWriteError
from pynamodb.models import Model
from pynamodb.transactions import TransactWrite

from engine import game_of
from service import accounts
from service.config import settings
from service.errors import ServiceUnavailable
from service.seats import as_map
from service.storage import transaction

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


class BotResultRecord(Model):
    """A rated game's result waiting to move the ratings of the bot levels that sat at it (its
    own table, ``BOT_RESULTS_TABLE``, one item per game; :func:`fold_pending` folds and deletes
    it). ``result``: JSON ``{"places": [place per seat], "seats": [{"level": "smart"} for a
    bot's seat, {"mu", "sigma"} (the rating the seat's person had before the game) for a
    person's]}``: no account id is kept, only figures."""

    class Meta:
        table_name = settings().bot_results_table

    game_id = UnicodeAttribute(hash_key=True)
    game = UnicodeAttribute()
    finished_at = NumberAttribute()
    result = UnicodeAttribute()


FOLD_BATCH = 25
"""Queued results folded per transaction (with at most one rating item per level)."""
FOLD_MAX = 1000
"""Queued results one fold run reads at most (the next run takes the rest)."""


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
    or already was. Sets ``record.rated`` (and ``record.unrated``: the reason) in place.

    The people's new ratings are written, each conditioned on the version read; a bot's seat
    is rated at its level's current figure (:func:`bot_levels`' figure), and the level itself
    is not written here: the game's result for its bot seats is queued
    (:class:`BotResultRecord`) for :func:`fold_pending`."""
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
    bots = _read_bots(levels, consistent=False) if levels else {}
    bot_now = {lv: bot_entry(game, lv, bots.get(lv, ({}, 0))[0].get(game)) for lv in levels}
    before: list[dict[str, float]] = []
    entries: dict[str, dict[str, Any]] = {}
    queued: list[dict[str, Any]] = []
    for seat_id in seats:
        level = accounts.bot_level(seat_id)
        if level:
            before.append({"mu": float(bot_now[level]["mu"]), "sigma": float(bot_now[level]["sigma"])})
            queued.append({"level": level})
            continue
        ratings, _ = stored.get(seat_id, ({}, 0))
        entry = entries.setdefault(seat_id, ratings.get(game) or fresh_entry())
        before.append({"mu": float(entry["mu"]), "sigma": float(entry["sigma"])})
        queued.append(dict(before[-1]))
    after = rate(before, places)
    at = int(now or time.time())
    for seat, seat_id in enumerate(seats):
        if seat_id in entries and seat_id in stored:
            _played(entries[seat_id], after[seat]["mu"], after[seat]["sigma"], int(places[seat]),
                    places, at)
        # (else a bot's seat, folded later, or an account gone (erased) since it sat down)
    record.rated = True
    writes = [(account_id, {**ratings, game: entries[account_id]}, version)
              for account_id, (ratings, version) in stored.items() if account_id in entries]
    pending = BotResultRecord(record.game_id, game=game, finished_at=at, result=json.dumps(
        {"places": [int(p) for p in places], "seats": queued},
        separators=(",", ":"))) if levels else None

    def also(tx: TransactWrite) -> None:
        kind = accounts.AccountRecord
        for account_id, ratings, version in writes:
            condition = (kind.ratings_version == version) if version else \
                kind.ratings_version.does_not_exist()
            # an account erased meanwhile is not revived
            tx.update(kind(account_id), actions=[
                kind.ratings.set(json.dumps(ratings, separators=(",", ":"))),
                kind.ratings_version.set(version + 1)],
                condition=kind.account_id.exists() & condition)
        if pending is not None:  # the game's own item: a write no other game contends for
            tx.save(pending)

    return also if writes or pending is not None else None


def fold_result(current: dict[str, dict[str, Any]], game: str, result: dict[str, Any],
                at: int) -> None:
    """Fold one queued result (:class:`BotResultRecord`'s ``result``) into ``current``
    (``{level: {game: entry}}``, changed in place): the table is rated again with each bot
    seat at its level's rating as it stands now and each person at the rating they had before
    the game; a level moves by the sum of its seats' changes, as sure as the surest of them,
    and counts one game per seat (history point at ``at``, the game's end, Unix seconds)."""
    seats, places = result["seats"], [int(p) for p in result["places"]]
    entries: dict[str, dict[str, Any]] = {}
    for seat in seats:
        level = seat.get("level")
        if level and level not in entries:
            held = current.setdefault(level, {})
            entries[level] = held[game] = bot_entry(game, level, held.get(game))
    before = [{"mu": float(entries[s["level"]]["mu"]), "sigma": float(entries[s["level"]]["sigma"])}
              if s.get("level") else {"mu": float(s["mu"]), "sigma": float(s["sigma"])}
              for s in seats]
    after = rate(before, places)
    start = {level: (float(e["mu"]), float(e["sigma"])) for level, e in entries.items()}
    for seat, held in enumerate(seats):
        level = held.get("level")
        if not level:
            continue
        entry = entries[level]
        mu = float(entry["mu"]) + after[seat]["mu"] - start[level][0]
        _played(entry, mu, min(float(entry["sigma"]), after[seat]["sigma"]), places[seat],
                places, at)


def fold_pending(limit: int = FOLD_MAX) -> dict[str, int]:
    """Move the bot levels' ratings by the queued results (:class:`BotResultRecord`), oldest
    game end first, :data:`FOLD_BATCH` a transaction: the levels' ratings (each conditioned on
    the version read) and the deletion of the results folded (each conditioned on still being
    there) commit together or not at all, so a result moves its levels exactly once, whatever
    runs at the same time or again (a second delivery of the schedule). A batch that lost such
    a race is left for the next run. Returns ``{"pending", "folded", "conflicts"}``; raises
    :class:`ServiceUnavailable` when the tables do not answer."""
    try:
        queued = list(BotResultRecord.scan(consistent_read=True, limit=limit))
    except PynamoDBException as exc:
        raise ServiceUnavailable("the bot results are not answering; try again") from exc
    queued.sort(key=lambda r: (int(r.finished_at), r.game_id))
    done = {"pending": len(queued), "folded": 0, "conflicts": 0}
    for first in range(0, len(queued), FOLD_BATCH):
        batch = queued[first:first + FOLD_BATCH]
        results = [(item, json.loads(item.result)) for item in batch]
        levels = sorted({s["level"] for _, r in results for s in r["seats"] if s.get("level")})
        stored = _read_bots(levels, consistent=True) if levels else {}
        current = {level: dict(stored.get(level, ({}, 0))[0]) for level in levels}
        for item, result in results:
            fold_result(current, item.game, result, int(item.finished_at))
        kind = BotRatingRecord
        try:
            with transaction() as tx:
                for level in levels:
                    version = stored.get(level, ({}, 0))[1]
                    tx.update(kind(bot_key(level)), actions=[
                        kind.ratings.set(json.dumps(current[level], separators=(",", ":"))),
                        kind.ratings_version.set(version + 1)],
                        condition=(kind.ratings_version == version) if version
                        else kind.ratings_version.does_not_exist())
                for item, _ in results:
                    tx.delete(item, condition=BotResultRecord.game_id.exists())
        except TransactWriteError as exc:
            if exc.cause_response_code == "TransactionCanceledException":
                done["conflicts"] += 1  # another fold got there first: the next run goes on
                continue
            raise ServiceUnavailable("the bot ratings could not be saved; try again") from exc
        except PynamoDBException as exc:
            raise ServiceUnavailable("the bot ratings could not be saved; try again") from exc
        done["folded"] += len(results)
    return done


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
        "and moves with every rated game it plays against people (within minutes of the "
        "game's end); the lobby's bot picker shows the current number.",
        "A table is rated only when all of these hold; the lobby says before kickoff whether "
        "yours will be:"],
        "items": ["At least two people sit at it (bots do not count).",
                  "Its dice and draws are not fixed in advance.",
                  "No player's seat was played by a stand-in bot for more than half of its moves."],
        "example": []}
