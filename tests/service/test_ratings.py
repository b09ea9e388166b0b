"""Ratings per game (issue 33.2, docs/ratings.md): OpenSkill's Plackett-Luce model, updated
once per finished game in the write that ends it, only at tables where it means something."""

from __future__ import annotations

import json
import time
import types

import pytest

import engine
from service import ratings
from service.accounts import AccountRecord
from service.storage import DynamoGameStore
from tests import faults as fault_injection
from tests.service.erasure_kit import play_to_the_end
from timers import deadline


def test_the_model_gives_the_librarys_documented_figures():
    # openskill's README ("Limited Example"): two teams of two new players, the first team
    # ahead: a is mu 26.964294621803063, sigma 8.177962604389991; x is mu 23.035705378196937.
    m = ratings.model()
    r = m.rating
    [[a, b], [x, y]] = m.rate([[r(), r()], [r(), r()]])
    assert a.mu == pytest.approx(26.964294621803063) and a.sigma == pytest.approx(8.177962604389991)
    assert x.mu == pytest.approx(23.035705378196937) and x.sigma == pytest.approx(8.177962604389991)
    assert (a == b) and (x == y)
    assert m.rating().mu == 25.0 and m.rating().sigma == pytest.approx(25 / 3)


def test_ratings_move_in_the_direction_of_the_finishing_order_ties_included():
    fresh = {"mu": 25.0, "sigma": 25 / 3}
    after = ratings.rate([fresh] * 4, [1, 2, 2, 4])
    mus = [r["mu"] for r in after]
    assert mus[0] > 25 > mus[3] and mus[1] == pytest.approx(mus[2])
    assert mus[0] > mus[1] > mus[3]
    assert all(r["sigma"] < 25 / 3 for r in after)          # every seat is surer after a game
    # As the library itself rates the same table (the service adds nothing of its own).
    m = ratings.model()
    direct = m.rate([[m.rating()] for _ in range(4)], ranks=[1, 2, 2, 4])
    assert mus == [team[0].mu for team in direct]


def _rating(account_id: str, game: str = "mtaani") -> tuple[dict | None, int]:
    item = AccountRecord.get(account_id, consistent_read=True)
    return json.loads(item.ratings or "{}").get(game), int(item.ratings_version or 0)


def _ids(api, seats):
    return [api.ok("GET", "/account", None, token)["account_id"] for _, token in seats]


@pytest.fixture
def faults(aws, monkeypatch):
    plan = fault_injection.install(monkeypatch)
    import botocore.endpoint

    monkeypatch.setattr(botocore.endpoint, "time",
                        types.SimpleNamespace(sleep=lambda _: None, time=botocore.endpoint.time.time))
    return plan


PREFERRED = ("roll", "decline", "end_turn", "choose_deck", "choose_municipal", "pay_bail", "draw")
"""What the players answer when they may (tests/browser/test_replay.py's list)."""


def _move_of(api, game_id, seats):
    """The move the seat the game waits on makes now (the first of :data:`PREFERRED` it may
    make, else its first legal action)."""
    view = api.ok("GET", f"/games/{game_id}", None, seats[0][1])
    seat = view["decision"]["player"]
    legal = api.ok("GET", f"/games/{game_id}", None, seats[seat][1])["legal_actions"]
    action = next((a for kind in PREFERRED for a in legal if a["type"] == kind), legal[0])
    body = {k: v for k, v in action.items() if k != "type"}
    return (f"/games/{game_id}/mtaani/{action['type'].replace('_', '-')}", body, seats[seat][1])


@pytest.mark.parametrize("racer", ["timer", "move"])
def test_a_four_seat_game_is_rated_once_under_retries_and_a_timer_racing_the_last_move(
        api, monkeypatch, faults, racer):
    game_id, seats = api.new_game(4, options={"max_turns": 1})
    ids = _ids(api, seats)
    store_save = DynamoGameStore.save
    raced = []

    def racing_save(self, game, state, events, **kw):
        # The timer's write that ends the game: before it lands, another write gets in first:
        # a second delivery of the same deadline (which ends the game), or the player's own
        # last move (sent twice, with one Idempotency-Key). This write loses the race, retries.
        if kw.get("status") == "finished" and not raced:
            raced.append(game.game_id)
            if racer == "timer":
                deadline.fire(game.game_id, int(time.time()) + 10**7)
            else:
                # The players move on until their own last move ends the game (each sent
                # twice with its Idempotency-Key: the retry answers the first answer).
                for n in range(200):
                    path, body, token = _move_of(api, game.game_id, seats)
                    for _ in range(2):
                        reply = api.call("POST", path, body, token,
                                         headers={"idempotency-key": f"move-{n}"})
                        assert reply.status == 200, reply.body
                    if reply.body["game"]["status"] == "finished":
                        break
                assert reply.body["game"]["status"] == "finished"
        return store_save(self, game, state, events, **kw)

    monkeypatch.setattr(DynamoGameStore, "save", racing_save)
    # And the winning write's answer is lost after it committed: the SDK sends it again.
    lost = faults.fail("dynamodb", "TransactWriteItems", "InternalServerError", 500, after_apply=True,
                when=lambda body: any("ratings" in json.dumps(i) for i in body.get("TransactItems", [])))
    now = int(time.time())
    for _ in range(400):
        now += 10**6
        fired = deadline.fire(game_id, now)
        if DynamoGameStore().load(game_id).record.status == "finished":
            break
        assert fired["applied"] or raced, fired   # (after the race: what the racer left)
    assert raced == [game_id]
    assert lost.fired == 1
    stored = DynamoGameStore().load(game_id)
    record = stored.record
    assert record.status == "finished" and record.rated is True
    places = [int(p) for p in record.places]
    assert places == engine.places(stored.state, list(record.knocked_out or []))
    # Once: every player's first game of Mtaani, one rating version each.
    found = [_rating(a) for a in ids]
    assert [(r["games"], version) for r, version in found] == [(1, 1)] * 4
    # A timer delivered once more changes nothing.
    deadline.fire(game_id, int(time.time()) + 10**8)
    assert [_rating(a)[1] for a in ids] == [1] * 4
    # The direction of the finishing order: as the library rates the table from new ratings.
    expected = ratings.rate([{"mu": 25.0, "sigma": 25 / 3}] * 4, places)
    for (entry, _), want, place in zip(found, expected, places, strict=True):
        assert entry["mu"] == pytest.approx(want["mu"]) and entry["places"] == {str(place): 1}
    best, worst = places.index(min(places)), places.index(max(places))
    if min(places) != max(places):
        assert found[best][0]["mu"] > 25 > found[worst][0]["mu"]


def test_unrated_tables_are_not_rated_and_say_so_before_kickoff(api):
    # One person and a bot: unrated, and the lobby says why.
    _, owner = api.sign_in()
    lobby = api.ok("POST", "/lobbies", {"table_size": 2}, owner, 201)
    lobby = api.ok("POST", f"/lobbies/{lobby['lobby_id']}/bots", {"level": "smart"}, owner)
    assert lobby["rated"] is False and "two people" in lobby["unrated_reason"]
    assert set(lobby["bot_ratings"]) == {"base", "advanced", "smart"}
    api.ok("POST", f"/lobbies/{lobby['lobby_id']}/start", {"options": {"max_turns": 1}}, owner, 201)
    play_to_the_end(lobby["lobby_id"])
    record = DynamoGameStore().load(lobby["lobby_id"]).record
    assert record.rated is None and record.unrated == "fewer than two people played"
    me = api.ok("GET", "/account", None, owner)["account_id"]
    assert _rating(me) == (None, 0)
    # Two people, scripted dice: unrated too, and said so in the lobby.
    lobby_id, seats = api.new_lobby(2, options={"scripted": {"dice": [[1, 2]]}})
    shown = api.ok("GET", f"/lobbies/{lobby_id}", None, seats[1][1])
    assert shown["rated"] is False and "fixed" in shown["unrated_reason"]
    # Two people, one seat played by a stand-in bot for most of the game: unrated.
    lobby_id, seats = api.new_lobby(2)
    assert api.ok("GET", f"/lobbies/{lobby_id}", None, seats[0][1])["rated"] is True
    record = types.SimpleNamespace(seats=["acc_a", "acc_b"], sealed={}, moves={"0": 10, "1": 9},
                                   stood_in={"1": 5})
    assert ratings.unrated_reason(record) == "a stand-in bot played a seat for most of the game"
    record.stood_in = {"1": 4}                                  # 4 of 9: not most
    assert ratings.unrated_reason(record) is None


def test_the_bots_ratings_come_from_self_play_tables(tmp_path):
    from training import rate_bots

    # The script plays real tables (one of each game here; the shipped file has 60 a game).
    out = rate_bots.main(["--tables", "1", "--out", str(tmp_path / "bots.json")])
    assert json.loads((tmp_path / "bots.json").read_text()) == out
    for game, levels in out["ratings"].items():
        assert set(levels) == {"base", "advanced", "smart"}, game
        # One table of three new players: the library's figures for one finishing order
        # (1, 2, 3 or with a tie: 1, 1, 3 or 1, 2, 2).
        got = sorted(r["mu"] for r in levels.values())
        assert any(got == pytest.approx(sorted(r["mu"] for r in ratings.rate(
            [{"mu": 25.0, "sigma": 25 / 3}] * 3, order)), abs=1e-3)
            for order in ([1, 2, 3], [1, 1, 3], [1, 2, 2], [1, 1, 1])), (game, got)
    shipped = json.loads(ratings.BOT_RATINGS_FILE.read_text())
    assert shipped["format"] == "bot-ratings/1" and min(shipped["tables"].values()) >= 30
    for game, levels in shipped["ratings"].items():
        # The levels' order as their names promise, in every game (60 tables each).
        assert levels["smart"]["mu"] > levels["base"]["mu"], game
        assert ratings.bot_rating(game, "smart") == {"mu": levels["smart"]["mu"],
                                                     "sigma": levels["smart"]["sigma"]}


def test_every_guide_says_what_makes_a_table_unrated(api):
    for ruleset in ("mtaani", "mtaani-classic", "mulodi", "jiji"):
        guide = api.ok("GET", f"/rulesets/{ruleset}/guide")
        [section] = [s for s in guide["prose"] if s["id"] == "ratings"]
        words = " ".join(section["text"] + section["items"])
        assert "At least two people" in words and "stand-in bot" in words
        assert "fixed in advance" in words and guide["game_title"] in words


def test_the_pipeline_keeps_the_order_seats_are_knocked_out_in():
    record = types.SimpleNamespace(knocked_out=None)
    ratings.note_knockouts(record, [{"type": "Rolled", "player": 0}])
    assert record.knocked_out is None
    ratings.note_knockouts(record, [{"type": "Bankrupt", "player": 2, "creditor": 0}])
    ratings.note_knockouts(record, [{"type": "Bankrupt", "player": 0, "creditor": "pool"},
                                    {"type": "Bankrupt", "player": 2}])     # seen once
    assert record.knocked_out == [2, 0]


def _level(level: str, game: str) -> tuple[dict, int]:
    """A bot level's current entry in ``game`` (its self-play figure before any fold) and the
    version of its rating item (0: never folded)."""
    from pynamodb.exceptions import DoesNotExist

    try:
        item = ratings.BotRatingRecord.get(ratings.bot_key(level), consistent_read=True)
    except DoesNotExist:
        return ratings.bot_entry(game, level, None), 0
    return (ratings.bot_entry(game, level, json.loads(item.ratings or "{}").get(game)),
            int(item.ratings_version or 0))


def _fold() -> dict:
    from tests.policy.calls import running_as
    from timers import fold_bot_ratings

    with running_as("BotRatingsFunction"):
        return fold_bot_ratings.handler({"source": "aws.events", "detail-type": "Scheduled Event",
                                         "detail": {}}, None)


def test_a_bot_levels_rating_moves_with_rated_games_against_people_once(api):
    from service.accounts import BOT_LEVELS

    _fold()  # (what earlier tests of this process queued)
    start, version = _level("smart", "mtaani")
    lobby_id, seats = api.new_lobby(3)
    owner = seats[0][1]
    api.ok("POST", f"/lobbies/{lobby_id}/leave", None, seats[2][1])
    lobby = api.ok("POST", f"/lobbies/{lobby_id}/bots", {"level": "smart", "seat": 2}, owner)
    # The bot picker shows the level's current number (its self-play figure at first).
    assert lobby["rated"] is True
    assert lobby["bot_ratings"]["smart"] == pytest.approx(
        {"mu": start["mu"], "sigma": start["sigma"]}, abs=1e-3)
    api.ok("POST", f"/lobbies/{lobby_id}/start", {"options": {"max_turns": 1}}, owner, 201)
    ids = _ids(api, seats[:2])
    play_to_the_end(lobby_id)
    record = DynamoGameStore().load(lobby_id).record
    assert record.rated is True
    places = [int(p) for p in record.places]
    fresh = {"mu": 25.0, "sigma": 25 / 3}
    level = {"mu": start["mu"], "sigma": start["sigma"]}
    want = ratings.rate([fresh, fresh, level], places)
    # The people were rated against the level's current figure, in the write that ended it...
    for seat, account_id in enumerate(ids):
        entry, _ = _rating(account_id)
        assert (entry["mu"], entry["sigma"]) == pytest.approx((want[seat]["mu"], want[seat]["sigma"]))
    # ...which did not write the level's rating (one item every finishing write would contend
    # for): it queued the game's result, figures only, for the fold.
    assert _level("smart", "mtaani") == (start, version)
    queued = ratings.BotResultRecord.get(lobby_id, consistent_read=True)
    assert queued.game == "mtaani"
    assert json.loads(queued.result) == {"places": places, "seats": [fresh, fresh, {"level": "smart"}]}
    # The scheduled fold moves the level as the library rates the table, once.
    assert _fold()["folded"] == 1
    entry, after_version = _level("smart", "mtaani")
    assert after_version == version + 1
    assert (entry["mu"], entry["sigma"]) == pytest.approx((want[2]["mu"], want[2]["sigma"]))
    assert entry["games"] == start["games"] + 1
    assert entry["places"].get(str(places[2])) == start["places"].get(str(places[2]), 0) + 1
    assert ratings.BotResultRecord.count(lobby_id) == 0
    # Once: the fold run again and the timer delivered again change nothing.
    assert _fold() == {"pending": 0, "folded": 0, "conflicts": 0}
    deadline.fire(lobby_id, int(time.time()) + 10**8)
    assert ratings.BotResultRecord.count(lobby_id) == 0
    assert _level("smart", "mtaani")[1] == version + 1
    shown = ratings.bot_levels("mtaani")
    assert set(shown) == set(BOT_LEVELS)
    assert shown["smart"] == pytest.approx({"mu": want[2]["mu"], "sigma": want[2]["sigma"]}, abs=1e-3)
    # The lobby's bot picker shows the current number.
    new = api.ok("POST", "/lobbies", {"table_size": 2}, owner, 201)
    assert new["bot_ratings"]["smart"] == shown["smart"]


def test_two_bots_of_one_level_move_it_by_the_sum_of_their_changes(aws):
    base = ratings.bot_rating("mulodi", "base")
    fresh = {"mu": 25.0, "sigma": 25 / 3}
    current: dict = {}
    ratings.fold_result(current, "mulodi", {"places": [1, 4, 2, 3],
                                            "seats": [fresh, fresh, {"level": "base"}, {"level": "base"}]},
                        at=1)
    after = ratings.rate([fresh, fresh, base, base], [1, 4, 2, 3])
    entry = current["base"]["mulodi"]
    summed = base["mu"] + (after[2]["mu"] - base["mu"]) + (after[3]["mu"] - base["mu"])
    assert entry["mu"] == pytest.approx(summed)
    assert entry["sigma"] == pytest.approx(min(after[2]["sigma"], after[3]["sigma"]))
    assert entry["games"] == 2 and entry["places"] == {"2": 1, "3": 1}
    assert set(current) == {"base"}


def _queue(game_id: str, game: str, at: int, seats: list, places: list) -> None:
    ratings.BotResultRecord(game_id, game=game, finished_at=at,
                            result=json.dumps({"places": places, "seats": seats})).save()


def test_the_fold_takes_each_result_once_oldest_first_even_when_two_folds_race(aws, monkeypatch):
    _fold()
    start, version = _level("advanced", "jiji")
    person = {"mu": 31.0, "sigma": 4.0}
    # Two games ended: the later one queued first. Each moves the level from where the
    # earlier left it, in the order the games ended.
    _queue("g-fold-late", "jiji", 2000, [person, {"level": "advanced"}], [2, 1])
    _queue("g-fold-early", "jiji", 1000, [{"level": "advanced"}, person], [2, 1])
    level = {"mu": start["mu"], "sigma": start["sigma"]}
    first = ratings.rate([level, person], [2, 1])[0]
    second = ratings.rate([person, first], [2, 1])[1]
    # A second delivery of the schedule runs while this fold is working: it folds first.
    fold_result, raced = ratings.fold_result, []

    def racing(*args, **kw):
        if not raced:
            raced.append(None)
            raced[0] = ratings.fold_pending()
        return fold_result(*args, **kw)

    monkeypatch.setattr(ratings, "fold_result", racing)
    assert _fold() == {"pending": 2, "folded": 0, "conflicts": 1}   # it lost: nothing written
    assert raced == [{"pending": 2, "folded": 2, "conflicts": 0}]
    entry, after_version = _level("advanced", "jiji")
    assert after_version == version + 1                             # one write, two results
    assert (entry["mu"], entry["sigma"]) == pytest.approx((second["mu"], second["sigma"]))
    assert entry["games"] == start["games"] + 2
    assert [p["at"] for p in entry["history"][-2:]] == [1000, 2000]
    assert ratings.BotResultRecord.count("g-fold-early") + ratings.BotResultRecord.count("g-fold-late") == 0


def test_the_fold_runs_on_a_schedule_in_the_template_and_the_local_stack():
    from local.stack import LOCAL_PARAMETERS
    from local.template import LocalTemplate

    [fn] = [f for f in LocalTemplate(parameters=LOCAL_PARAMETERS).functions()
            if f.logical_id == "BotRatingsFunction"]
    assert fn.handler == "timers.fold_bot_ratings.handler"
    assert fn.schedules == ["rate(10 minutes)"]


def _play(api, game_id, token, kind):
    """Make the ``kind`` move (its legal form as the view offers it) as ``token``'s seat."""
    legal = api.ok("GET", f"/games/{game_id}", None, token)["legal_actions"]
    [action] = [a for a in legal if a["type"] == kind]
    body = {k: v for k, v in action.items() if k != "type"}
    return api.ok("POST", f"/games/{game_id}/mtaani/{kind.replace('_', '-')}", body, token)


def test_a_seat_knocked_out_later_finishes_above_one_knocked_out_earlier(api):
    from service import seats as seats_module

    kibra = 3
    game_id, seats = api.new_game(3)
    ids = _ids(api, seats)
    # A test position: seats 0 and 1 have no money; Kibra (3 squares from GO) is seat 2's.
    state = engine.new_game("mtaani", ids, 7, {"scripted": {"dice": [[1, 2], [1, 2]],
                                                            "mugging": [False, False]}})
    state.props[kibra].owner = 2
    for seat in (0, 1):
        state.pool += state.players[seat].cash
        state.players[seat].cash = 0
    store = DynamoGameStore()
    game = store.load(game_id)
    game.record.set_waiting([])
    seats_module.track(game.record, engine.pending(state))
    store.save(game, state, [])
    # Seat 0 lands on Kibra, cannot pay and goes bankrupt first; then seat 1 does.
    for seat in (0, 1):
        _play(api, game_id, seats[seat][1], "roll")
        reply = _play(api, game_id, seats[seat][1], "declare_bankruptcy")
    assert reply["game"]["status"] == "finished"
    record = store.load(game_id).record
    assert [int(s) for s in record.knocked_out] == [0, 1]
    # The rules: "The winner is the last player still standing"; the one who went out later
    # outlasted the other: seat 2 first, seat 1 second, seat 0 third (not a shared last place).
    assert [int(p) for p in record.places] == [3, 2, 1]
    assert record.rated is True
    mus = [_rating(a)[0]["mu"] for a in ids]
    assert mus[2] > mus[1] > mus[0]
