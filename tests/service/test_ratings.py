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


def test_a_bot_levels_rating_moves_with_rated_games_against_people_once(api):
    from service.accounts import BOT_LEVELS

    lobby_id, seats = api.new_lobby(3)
    owner = seats[0][1]
    api.ok("POST", f"/lobbies/{lobby_id}/leave", None, seats[2][1])
    lobby = api.ok("POST", f"/lobbies/{lobby_id}/bots", {"level": "smart", "seat": 2}, owner)
    selfplay = ratings.bot_rating("mtaani", "smart")
    # Before any game against people: the self-play figure, on the bot picker.
    assert lobby["rated"] is True
    assert lobby["bot_ratings"]["smart"] == pytest.approx(selfplay, abs=1e-3)
    api.ok("POST", f"/lobbies/{lobby_id}/start", {"options": {"max_turns": 1}}, owner, 201)
    play_to_the_end(lobby_id)
    record = DynamoGameStore().load(lobby_id).record
    assert record.rated is True
    places = [int(p) for p in record.places]
    item = ratings.BotRatingRecord.get("bot:smart", consistent_read=True)
    entry = json.loads(item.ratings)["mtaani"]
    # As the library rates the table: two new people and the Smart bot from its self-play figure.
    fresh = {"mu": 25.0, "sigma": 25 / 3}
    want = ratings.rate([fresh, fresh, selfplay], places)[2]
    assert (entry["mu"], entry["sigma"]) == pytest.approx((want["mu"], want["sigma"]))
    assert entry["games"] == 1 and entry["places"] == {str(places[2]): 1}
    assert int(item.ratings_version) == 1
    # Once: the timer delivered again changes nothing; the other levels did not play.
    deadline.fire(lobby_id, int(time.time()) + 10**8)
    assert int(ratings.BotRatingRecord.get("bot:smart", consistent_read=True).ratings_version) == 1
    shown = ratings.bot_levels("mtaani")
    assert set(shown) == set(BOT_LEVELS)
    assert shown["smart"] == pytest.approx({"mu": want["mu"], "sigma": want["sigma"]}, abs=1e-3)
    assert shown["base"] == pytest.approx(ratings.bot_rating("mtaani", "base"), abs=1e-3)
    # The lobby's bot picker shows the current number.
    new = api.ok("POST", "/lobbies", {"table_size": 2}, owner, 201)
    assert new["bot_ratings"]["smart"] == shown["smart"]


def test_two_bots_of_one_level_move_it_by_the_sum_of_their_changes(aws, monkeypatch):
    record = types.SimpleNamespace(rated=None, unrated=None, ruleset="mulodi",
                                   seats=["acc_x", "acc_y", "bot:base:1", "bot:base:2"],
                                   sealed={}, moves={}, stood_in={})
    counted = []
    played = ratings._played
    monkeypatch.setattr(ratings, "_played", lambda entry, mu, sigma, *rest: (
        counted.append((mu, sigma)), played(entry, mu, sigma, *rest)))
    assert ratings.on_finish(record, [1, 4, 2, 3], now=1) is not None and record.rated
    base = ratings.bot_rating("mulodi", "base")
    after = ratings.rate([{"mu": 25.0, "sigma": 25 / 3}] * 2 + [base, base], [1, 4, 2, 3])
    # (the two people are no accounts here: only the level is counted, once per seat)
    second = base["mu"] + (after[2]["mu"] - base["mu"]) + (after[3]["mu"] - base["mu"])
    flat = [x for pair in counted for x in pair]
    assert flat == pytest.approx([after[2]["mu"], after[2]["sigma"],
                                  second, min(after[2]["sigma"], after[3]["sigma"])])
