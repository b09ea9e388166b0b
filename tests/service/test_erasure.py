"""The right to erasure (guide "Account management" and "Privacy and GDPR"), through the API,
against moto: the erasure audit, the fan-out's faults, and the data export.

"What deletion erases: your email, password, saved games, chat messages, presence, pending
invitations, and every active session, so you are signed out everywhere. What deletion keeps:
completed-game history is retained for gameplay statistics and computer-player training, but
your handle is replaced everywhere it appears (in finished and ongoing games) with a random
anonymous name, so those records no longer identify you."
"""

from __future__ import annotations

import json
import re
import threading

import pytest

import engine
from service import erasure, pipeline
from service.accounts import AccountRecord, HandleRecord, PasswordResetRecord
from service.erasure import ErasureRecord
from service.errors import ServiceUnavailable
from service.lobbies import MembershipRecord
from service.notifications import NotificationRecord, PushSubscriptionRecord
from service.storage import DynamoGameStore, GameRecord
from tests.policy.calls import running_as
from tests.service.buspump import delivered, discard_all, pump
from tests.service.erasure_kit import (
    deliveries,
    erasure_handler,
    fan_out,
    fresh_handle,
    play_to_the_end,
    traces,
)
from tests.service.games import RULESETS, dealt_options, ends_soon, player_id
from tests.service.test_account_email import link_in, mails_to
from tests.webpush import Browser
from timers import bot_turn

PASSWORD = "erase me please"
ANONYMOUS = re.compile(r"^Anonymous [A-Z2-9]{6}$")


def lobby(api, owner_token, size=2, **settings) -> str:
    return api.ok("POST", "/lobbies", {"table_size": size, **settings}, owner_token, 201)["lobby_id"]


def invite_and_join(api, lobby_id, owner_token, handle, token) -> None:
    api.ok("POST", f"/lobbies/{lobby_id}/invites", {"handle": handle}, owner_token, 201)
    api.ok("POST", f"/lobbies/{lobby_id}/join", None, token)


def log_of(game_id: str) -> list[dict]:
    """The whole stored log: its chunks and the game item's tail."""
    return [{"seq": e["seq"], "type": e["type"],
             "data": {k: v for k, v in e.items() if k not in ("seq", "step", "at")}}
            for e in DynamoGameStore().events(game_id, 0, 1 << 20)]


def replayed(game_id: str) -> str:
    """The game dealt again from its stored seed and seats, with every logged action applied:
    what statistics and bot training rebuild from a kept history."""
    record = GameRecord.get(game_id, consistent_read=True)
    state = engine.load_state(record.state)
    again = engine.new_game(record.ruleset, list(record.seats), state.seed,
                            state.options.model_dump(exclude_none=True))
    for event in log_of(game_id):
        if event["type"] == "ActionApplied":
            again = engine.apply(again, event["data"]["action"]).state
    return engine.dump_state(again)


def seat_names(api, game_id, token) -> list[str]:
    return [s["name"] for s in api.ok("GET", f"/games/{game_id}", None, token)["seats"]]


def test_the_erasure_audit(api, unthrottled):
    """An account with email, password, sessions, a pending reset link, chat, invitations sent
    and received, a saved game, a seat in a finished game, an ongoing game and a lobby, a
    spectator place and a visit to a public table is deleted; after the fan-out its handle,
    email and account id are found in no item of any table the template declares, its tokens
    are refused, and the finished game's history and figures are intact under the anonymous
    name."""
    discard_all()  # what earlier tests left on the bus
    # GIVEN the account, protected, with an email and three sessions
    handle = fresh_handle("zawadi")
    email = f"{handle}@example.org"
    me = api.ok("POST", "/sessions", {"handle": handle, "password": PASSWORD}, None, 201)
    account_id = me["account_id"]
    tokens = [me["token"]] + [api.ok("POST", "/sessions", {"handle": handle, "password": PASSWORD},
                                     None, 201)["token"] for _ in range(2)]
    token = tokens[0]
    api.ok("PUT", "/account/email", {"email": email, "current_password": PASSWORD}, token)
    api.ok("POST", "/password-resets", {"handle": handle}, None, 202)
    reset_token = link_in(mails_to(email)[-1])
    # a failed sign-in counted by the throttle
    assert api.call("POST", "/sessions", {"handle": handle, "password": "wrong guess"}).status == 401
    amani, a = api.sign_in()
    baraka, b = api.sign_in()

    # a finished game (A's table, the account in seat 1), played with an Idempotency-Key
    finished = lobby(api, a)
    invite_and_join(api, finished, a, handle, token)
    api.ok("POST", f"/lobbies/{finished}/start", {"options": {"max_turns": 4}}, a, 201)
    api.ok("POST", f"/games/{finished}/chat", {"text": f"good luck {handle}!"}, a, 201)
    api.ok("POST", f"/games/{finished}/chat", {"text": "asante, you too"}, token, 201)
    api.ok("GET", f"/games/{finished}", None, token)  # presence
    from timers import deadline

    view = api.ok("GET", f"/games/{finished}", None, a)   # A stays idle past the deadline
    deadline.fire(finished, now=view["decision"]["deadline"] + 1)
    assert api.ok("GET", f"/games/{finished}", None, token)["decision"]["player"] == 1
    rolled = api.call("POST", f"/games/{finished}/mtaani/roll", token=token,
                      headers={"idempotency-key": "my-roll"})
    assert rolled.status == 200
    play_to_the_end(finished)
    api.ok("POST", f"/games/{finished}/chat", {"text": f"gg @{handle.upper()}, well played"}, a, 201)

    # an ongoing game the account owns, with a bot and B; B mentions the handle
    ongoing = lobby(api, token, size=3)
    api.ok("POST", f"/lobbies/{ongoing}/bots", {"level": "base"}, token)
    invite_and_join(api, ongoing, token, baraka, b)
    api.ok("POST", f"/lobbies/{ongoing}/start", None, token, 201)
    api.ok("POST", f"/games/{ongoing}/chat", {"text": f"{handle}: your move"}, b, 201)
    api.ok("POST", f"/games/{ongoing}/chat", {"text": "coming"}, token, 201)

    # a waiting lobby of B's where the account sits; one it owns with an invitation out;
    # one of A's where it is invited
    seated = lobby(api, b, size=3)
    invite_and_join(api, seated, b, handle, token)
    api.ok("POST", f"/games/{seated}/chat", {"text": "ready when you are"}, token, 201)
    owned = lobby(api, token)
    api.ok("POST", f"/lobbies/{owned}/invites", {"handle": amani}, token, 201)
    api.ok("POST", f"/games/{owned}/chat", {"text": f"{amani}, join me"}, token, 201)
    invited = lobby(api, a)
    api.ok("POST", f"/lobbies/{invited}/invites", {"handle": handle}, a, 201)

    # a saved game it owns, with A
    saved = lobby(api, token)
    invite_and_join(api, saved, token, amani, a)
    api.ok("POST", f"/lobbies/{saved}/start", None, token, 201)
    api.ok("POST", f"/games/{saved}/chat", {"text": "pausing for tonight"}, token, 201)
    api.ok("POST", f"/games/{saved}/save", None, token)

    # a game of A's it is invited to watch, and a public table of B's it visited by link
    watched = lobby(api, a)
    api.ok("POST", f"/lobbies/{watched}/bots", {"level": "base"}, a)
    api.ok("POST", f"/lobbies/{watched}/start", None, a, 201)
    api.ok("POST", f"/lobbies/{watched}/invites", {"handle": handle, "role": "spectator"}, a, 201)
    api.ok("GET", f"/games/{watched}/chat", None, token)
    public = lobby(api, b, public=True, confirm_public=True)
    api.ok("POST", f"/lobbies/{public}/bots", {"level": "base"}, b)
    api.ok("POST", f"/lobbies/{public}/start", None, b, 201)
    api.ok("GET", f"/games/{public}", None, token)

    # push to a browser and an app device, notification preferences (turn emails, quiet
    # hours), and the notifications the tables brought: invitations name who invites
    browser = Browser(f"https://push.example.net/{handle}")
    api.ok("POST", "/push/subscriptions", browser.subscription(), token, 204)
    api.ok("POST", "/push/devices", {"platform": "fcm", "token": f"fcm-{handle}"}, token, 204)
    api.ok("PUT", "/account/notifications", {"turn_emails": True, "quiet_hours": {
        "start": "22:00", "end": "07:00", "timezone": "Africa/Nairobi"}}, token)
    pump({"NotifyFunction"})
    amani_id = api.ok("GET", "/account", None, a)["account_id"]
    invitation = NotificationRecord.get(amani_id, f"{owned}#invite#player")
    assert invitation.body.startswith(f"{handle} invites you")
    assert NotificationRecord.count(account_id) >= 2   # invited to play and to watch
    assert PushSubscriptionRecord.count(account_id) == 2

    assert traces([handle, email, account_id]), "the set-up stored nothing to erase"
    history = log_of(finished)
    kept = GameRecord.get(finished)
    kept_state = json.loads(kept.state)
    kept_view = api.ok("GET", f"/games/{finished}", None, a)

    # WHEN the handle is typed wrong, nothing happens
    wrong = api.call("DELETE", "/account", {"confirm_handle": handle + "x"}, token=token)
    assert wrong.status == 409 and wrong.error == "confirmation_mismatch"
    assert api.call("GET", "/account", token=token).status == 200

    # WHEN it is deleted
    deleted = api.call("DELETE", "/account", {"confirm_handle": handle.upper()}, token=token)
    assert deleted.status == 202, deleted.body
    assert deleted.body["account_id"] == account_id and deleted.body["tables_to_anonymise"] >= 6

    # THEN at once: signed out everywhere, the reset link is dead, the handle is free
    for old in tokens:
        reply = api.call("GET", "/dashboard", token=old)
        assert reply.status == 401 and reply.error == "unauthorized"
    assert api.call("POST", f"/password-resets/{reset_token}",
                    {"new_password": "taking it over"}).status == 404
    assert HandleRecord.count(handle.lower()) == 0 and AccountRecord.count(account_id) == 0
    assert list(PasswordResetRecord.by_account.query(account_id)) == []
    chat_now = api.ok("GET", f"/games/{ongoing}/chat", None, b)["messages"]
    assert [m["text"] for m in chat_now] == [f"{handle}: your move"]  # its own message is gone
    # Until the fan-out reaches a table, the seat shows no handle.
    assert seat_names(api, finished, a)[1] == "Deleted player"

    # WHEN the fan-out runs
    (answer,) = fan_out(account_id)
    assert answer["erasures"][0]["done"] is True

    # THEN no table holds the handle, the email or the account id
    assert traces([handle, email, account_id]) == []
    assert ErasureRecord.count(account_id) == 0 and MembershipRecord.count(account_id) == 0
    assert PushSubscriptionRecord.count(account_id) == 0 and NotificationRecord.count(account_id) == 0
    assert NotificationRecord.get(amani_id, f"{owned}#invite#player").body.startswith("Anonymous ")

    # The finished game: the same history and figures, under an anonymous name.
    name = seat_names(api, finished, a)[1]
    assert ANONYMOUS.match(name) and handle.lower() not in name.lower()
    after = log_of(finished)
    assert after[: len(history)] == history
    assert [e["type"] for e in after[len(history):]] == ["SeatAnonymised"]
    assert after[-1]["data"] == {"type": "SeatAnonymised", "seat": 1}
    stored = GameRecord.get(finished)
    assert stored.status == "finished" and stored.seats[0] == kept.seats[0]
    assert stored.seats[1].startswith("anon:") and stored.seats[1] != kept.seats[1]
    state = json.loads(stored.state)
    assert [p["id"] for p in state["players"]] == stored.seats
    assert ({k: v for k, v in state.items() if k != "players"}
            == {k: v for k, v in kept_state.items() if k != "players"})
    assert [{**p, "id": None} for p in state["players"]] == [{**p, "id": None} for p in kept_state["players"]]
    assert replayed(finished) == stored.state
    view = api.ok("GET", f"/games/{finished}", None, a)
    assert view["outcome"] == kept_view["outcome"]
    assert view["state"]["derived"]["net_worth"] == kept_view["state"]["derived"]["net_worth"]
    assert [m["text"] for m in api.ok("GET", f"/games/{finished}/chat", None, a)["messages"]] == [
        f"good luck {name}!", f"gg @{name}, well played"]
    finished_on_dashboard = api.ok("GET", "/dashboard", None, a)["finished"]
    assert [s["name"] for s in finished_on_dashboard[0]["seats"]] == [amani, name]

    # The ongoing game goes on: the seat and the ownership are anonymous, a Base bot stands in.
    game = GameRecord.get(ongoing)
    other = game.seats[0]
    assert other.startswith("anon:") and other != stored.seats[1]  # a fresh name per table
    assert game.owner == other and game.stand_ins.as_dict() == {"0": "base"}
    assert game.status == "active"
    ongoing_name = seat_names(api, ongoing, b)[0]
    assert ANONYMOUS.match(ongoing_name) and ongoing_name != name
    assert [m["text"] for m in api.ok("GET", f"/games/{ongoing}/chat", None, b)["messages"]] == [
        f"{ongoing_name}: your move"]
    # ... and goes on: the bot-turn function is cued and a Base bot plays the erased seat
    assert api.ok("GET", f"/games/{ongoing}", None, b)["decision"]["player"] == 0
    cues = [e for e in delivered("BotTurnFunction") if e["detail"]["game_id"] == ongoing]
    assert cues and cues[-1]["detail"]["seats"] == [0]
    cue = {**cues[-1], "detail": {**cues[-1]["detail"], "bot_delay": 0}}   # no pause in a test
    with running_as("BotTurnFunction"):
        assert bot_turn.handler(cue, None)["moves"] >= 1
    assert api.ok("GET", f"/games/{ongoing}", None, b)["decision"]["player"] != 0

    # Lobbies: its seat is free, its own lobby and its saved game are gone, invitations too.
    assert [s["kind"] for s in api.ok("GET", f"/lobbies/{seated}", None, b)["seats"]] == [
        "human", "empty", "empty"]
    assert api.call("GET", f"/lobbies/{owned}", token=a).status == 404
    assert api.ok("GET", f"/lobbies/{invited}", None, a)["invited"] == []
    assert api.call("GET", f"/games/{saved}", token=a).status == 404
    assert log_of(saved) == [] and api.call("GET", f"/lobbies/{saved}", token=a).status == 404
    assert api.ok("GET", f"/lobbies/{watched}", None, a)["spectators"] == []
    dashboard = api.ok("GET", "/dashboard", None, a)
    assert {g["game_id"] for g in dashboard["saved"]} == set()
    assert {lob["lobby_id"] for lob in dashboard["open_lobbies"]} == {invited}

    # AND the freed handle can be claimed by someone else, who sees none of the old account.
    claimed = api.ok("POST", "/sessions", {"handle": handle}, None, 201)
    assert claimed["created"] is True and claimed["account_id"] != account_id
    mine = api.ok("GET", "/account/export", None, claimed["token"])
    assert mine["account"]["email"] is None and mine["tables"] == []
    assert mine["chat_messages"] == [] and mine["presence"] == []
    assert all(not v for v in api.ok("GET", "/dashboard", None, claimed["token"]).values())
    assert api.call("GET", f"/games/{finished}", token=claimed["token"]).status == 404
    assert AccountRecord.get(claimed["account_id"]).email is None


def test_deleting_needs_the_handle_typed_again(api):
    handle, token = api.sign_in()
    for body in ({}, {"confirm_handle": ""}):
        assert api.call("DELETE", "/account", body, token=token).status == 422
    wrong = api.call("DELETE", "/account", {"confirm_handle": "someone-else"}, token=token)
    assert wrong.status == 409 and wrong.error == "confirmation_mismatch"
    assert api.ok("GET", "/account", None, token)["handle"] == handle
    assert api.call("DELETE", "/account", {"confirm_handle": handle}).status == 401


def test_a_second_erased_seat_at_an_ongoing_game_gets_its_stand_in_too(api):
    # GIVEN a game of three in progress where one erased player's seat is already played by
    # a stand-in bot (the record's stand_ins is no longer empty)
    _, owner = api.sign_in()
    game_id = lobby(api, owner, size=3)
    leaving = []
    for prefix in ("wanjiru", "kamau"):
        handle = fresh_handle(prefix)
        me = api.ok("POST", "/sessions", {"handle": handle}, None, 201)
        invite_and_join(api, game_id, owner, handle, me["token"])
        leaving.append((handle, me))
    api.ok("POST", f"/lobbies/{game_id}/start", None, owner, 201)
    seat_of = {account_id: seat for seat, account_id in enumerate(GameRecord.get(game_id).seats)}
    first, second = (me for _, me in leaving)
    api.ok("DELETE", "/account", {"confirm_handle": leaving[0][0]}, first["token"], 202)
    assert fan_out(first["account_id"])[0]["erasures"][0]["done"] is True
    assert GameRecord.get(game_id).stand_ins.as_dict() == {str(seat_of[first["account_id"]]): "base"}

    # WHEN the second player deletes their account too
    api.ok("DELETE", "/account", {"confirm_handle": leaving[1][0]}, second["token"], 202)
    (answer,) = fan_out(second["account_id"])

    # THEN their seat is anonymised with its own stand-in, the first one's kept (the erasure
    # read the game's stand-ins as a PynamoDB map, which the port's plain dict is not: it
    # failed on the game once a stand-in was there)
    assert answer["erasures"][0]["done"] is True
    game = GameRecord.get(game_id)
    assert game.stand_ins.as_dict() == {str(seat_of[first["account_id"]]): "base",
                                        str(seat_of[second["account_id"]]): "base"}
    assert all(game.seats[seat_of[me["account_id"]]].startswith("anon:") for me in (first, second))
    assert game.status == "active"


# ---------------------------------------------------------------------------- faults
class Killed(BaseException):
    """The worker's process dying (not an error any handler would catch)."""


def account_in_three_games(api) -> tuple[str, str, list[tuple[str, str]]]:
    """An account seated in three games with other players, who mention it in each table's
    chat; returns ``(handle, account_id, [(game_id, other player's token)])``."""
    handle = fresh_handle("otieno")
    me = api.ok("POST", "/sessions", {"handle": handle}, None, 201)
    games = []
    for _ in range(3):
        _, other_token = api.sign_in()
        game_id = lobby(api, other_token)
        invite_and_join(api, game_id, other_token, handle, me["token"])
        api.ok("POST", f"/lobbies/{game_id}/start", None, other_token, 201)
        api.ok("POST", f"/games/{game_id}/chat", {"text": f"over to you, {handle}"}, other_token, 201)
        games.append((game_id, other_token))
    api.ok("DELETE", "/account", {"confirm_handle": handle}, me["token"], 202)
    return handle, me["account_id"], games


def assert_erased_once(api, handle, account_id, games) -> None:
    """Every game names the seat once, with one anonymous name used in its seats and chat."""
    names = set()
    for game_id, token in games:
        name = seat_names(api, game_id, token)[1]
        assert ANONYMOUS.match(name)
        texts = [m["text"] for m in api.ok("GET", f"/games/{game_id}/chat", None, token)["messages"]]
        assert texts == [f"over to you, {name}"]
        assert [e["type"] for e in log_of(game_id)].count("SeatAnonymised") == 1
        names.add(name)
    assert len(names) == len(games)
    assert traces([handle, account_id]) == []
    assert ErasureRecord.count(account_id) == 0


def test_a_worker_killed_between_two_tables_finishes_when_it_runs_again(api, monkeypatch):
    handle, account_id, games = account_in_three_games(api)
    events = deliveries(account_id)
    real = erasure.anonymise_table
    calls = []

    def dies_on_the_second_table(job, table_id):
        calls.append(table_id)
        if len(calls) == 2:
            raise Killed()
        real(job, table_id)

    monkeypatch.setattr(erasure, "anonymise_table", dies_on_the_second_table)
    with pytest.raises(Killed):
        erasure_handler(events[0], None)
    done = [g for g, _ in games if GameRecord.get(g).seats[1].startswith("anon:")]
    assert len(done) == 1 and ErasureRecord.count(account_id) == 1
    monkeypatch.setattr(erasure, "anonymise_table", real)
    # The event is delivered again (Lambda retries a failed invocation).
    assert erasure_handler(events[0], None)["erasures"][0]["done"] is True
    assert_erased_once(api, handle, account_id, games)


def test_a_worker_killed_inside_a_table_leaves_no_half_renamed_table(api, monkeypatch):
    handle, account_id, games = account_in_three_games(api)
    events = deliveries(account_id)
    real = pipeline.amend

    def dies_before_the_game_is_written(*args, **kwargs):
        raise Killed()

    monkeypatch.setattr(pipeline, "amend", dies_before_the_game_is_written)
    with pytest.raises(Killed):
        erasure_handler(events[0], None)
    # The table it was at has its chat renamed already, and its game not yet.
    renamed = [g for g, token in games
               if not api.ok("GET", f"/games/{g}/chat", None, token)["messages"][0]["text"].endswith(handle)]
    assert len(renamed) == 1 and GameRecord.get(renamed[0]).seats[1] == account_id
    monkeypatch.setattr(pipeline, "amend", real)
    # The hourly sweep finds the unfinished erasure.
    monkeypatch.setattr(erasure, "SWEEP_AFTER", -1)
    swept = erasure_handler({"detail-type": "Scheduled Event", "source": "aws.events",
                                     "detail": {}}, None)
    assert account_id in [e["account_id"] for e in swept["erasures"]]
    assert_erased_once(api, handle, account_id, games)


def test_two_deliveries_of_the_same_event_do_no_harm(api):
    handle, account_id, games = account_in_three_games(api)
    (event,) = deliveries(account_id)
    answers, failures = [], []

    def deliver():
        try:
            answers.append(erasure_handler(event, None))
        except Exception as exc:  # reported below
            failures.append(exc)

    threads = [threading.Thread(target=deliver) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert erasure_handler(event, None)["erasures"][0] == {
        "account_id": account_id, "done": True, "tables": 0}
    assert_erased_once(api, handle, account_id, games)


def test_a_long_fan_out_goes_on_in_a_fresh_invocation(api):
    """A worker running out of time hands over: it puts AccountDeleted on the bus again."""
    handle, account_id, games = account_in_three_games(api)
    (event,) = deliveries(account_id)

    class AlmostOutOfTime:
        @staticmethod
        def get_remaining_time_in_millis():
            return 1_000  # less than the margin: one table, then hand over

    first = erasure_handler(event, AlmostOutOfTime())["erasures"][0]
    assert first["done"] is False and first["tables"] == 1
    (next_event,) = deliveries(account_id)
    erasure_handler(next_event, AlmostOutOfTime())
    fan_out(account_id)
    assert_erased_once(api, handle, account_id, games)


# ---------------------------------------------------------------------------- export
@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_export_holds_everything_stored_about_the_account(api, unthrottled, ruleset):
    handle = fresh_handle("wanjiru")
    me = api.ok("POST", "/sessions", {"handle": handle, "password": PASSWORD}, None, 201)
    token = me["token"]
    api.ok("POST", "/sessions", {"handle": handle, "password": PASSWORD}, None, 201)
    email = f"{handle}@example.org"
    api.ok("PUT", "/account/email", {"email": email, "current_password": PASSWORD}, token)
    api.ok("POST", "/password-resets", {"handle": handle}, None, 202)
    other, other_token = api.sign_in()
    game_id = lobby(api, token, ruleset=ruleset)
    invite_and_join(api, game_id, token, other, other_token)
    api.ok("POST", f"/lobbies/{game_id}/start", None, token, 201)
    api.ok("POST", f"/games/{game_id}/chat", {"text": "my words <3"}, token, 201)
    api.ok("GET", f"/games/{game_id}", None, token)
    invited_to = lobby(api, other_token)
    api.ok("POST", f"/lobbies/{invited_to}/invites", {"handle": handle}, other_token, 201)

    reply = api.call("GET", "/account/export", token=token)
    assert reply.status == 200 and "attachment" in reply.headers["content-disposition"]
    data = reply.body
    assert data["format"] == "mtaa-account-export/1"
    assert data["account"] == {"account_id": me["account_id"], "handle": handle, "protected": True,
                               "email": email, "created_at": data["account"]["created_at"]}
    assert len(data["sessions"]) == 2 and sum(s["this_session"] for s in data["sessions"]) == 1
    assert all(s["signed_in"] for s in data["sessions"])
    assert len(data["password_reset_links"]) == 1
    assert [(m["game_id"], m["text"]) for m in data["chat_messages"]] == [(game_id, "my words &lt;3")]
    assert [p["game_id"] for p in data["presence"]] == [game_id]
    roles = {t["table_id"]: t["role"] for t in data["tables"]}
    assert roles == {game_id: "owner", invited_to: "invited"}
    game = next(t["game"] for t in data["tables"] if t["table_id"] == game_id)
    assert game["your_seat"] == 0 and [s["name"] for s in game["seats"]] == [handle, other]
    assert next(t["ruleset"] for t in data["tables"] if t["table_id"] == game_id) == ruleset
    text = json.dumps(data)
    assert "argon2" not in text and PASSWORD not in text  # no password hash, ever
    assert api.call("GET", "/account/export").status == 401


def test_a_table_that_stays_busy_is_left_for_the_sweep_and_the_others_are_done(api, monkeypatch):
    handle, account_id, games = account_in_three_games(api)
    events = deliveries(account_id)
    real = erasure.anonymise_table
    stuck = sorted(g for g, _ in games)[0]      # the first table the fan-out visits

    def busy_at_one_table(job, table_id):
        if table_id == stuck:
            raise ServiceUnavailable(f"table {table_id} stayed busy")
        real(job, table_id)

    monkeypatch.setattr(erasure, "anonymise_table", busy_at_one_table)
    announced = []
    monkeypatch.setattr(erasure, "announce", lambda a: announced.append(a) or True)
    (result,) = erasure_handler(events[0], None)["erasures"]
    assert result["done"] is False and result["failed"] == [stuck] and result["tables"] == 2
    assert announced == []          # no tight loop of invocations: the sweep comes back
    assert [GameRecord.get(g).seats[1].startswith("anon:") for g, _ in sorted(games)] == [
        False, True, True]
    monkeypatch.setattr(erasure, "anonymise_table", real)
    monkeypatch.setattr(erasure, "SWEEP_AFTER", -1)
    erasure_handler({"detail-type": "Scheduled Event", "source": "aws.events",
                             "detail": {}}, None)
    assert_erased_once(api, handle, account_id, games)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_archived_game_is_anonymised_in_the_archive(api, ruleset):
    """A finished game moved to the archive (ArchiveAfterDays) keeps its history under the
    anonymous name; its log still replays to its state."""
    from service.archive import ArchiveRecord, load_fields

    handle = fresh_handle("kamau")
    me = api.ok("POST", "/sessions", {"handle": handle}, None, 201)
    _, other = api.sign_in()
    game_id = lobby(api, other, ruleset=ruleset)
    invite_and_join(api, game_id, other, handle, me["token"])
    api.ok("POST", f"/lobbies/{game_id}/start", {"options": ends_soon(ruleset)}, other, 201)
    play_to_the_end(game_id)
    store = pipeline.default_store()
    assert store.archive(game_id) and GameRecord.count(game_id) == 0
    before = load_fields(game_id)
    assert before["seats"][1] == me["account_id"]
    api.ok("DELETE", "/account", {"confirm_handle": handle}, me["token"], 202)
    (answer,) = fan_out(me["account_id"])
    assert [e["done"] for e in answer["erasures"]] == [True]
    after = load_fields(game_id)
    assert after["seats"][0] == before["seats"][0] and after["seats"][1].startswith("anon:")
    assert player_id(engine.load_state(after["state"]), 1) == after["seats"][1]
    assert traces([handle, me["account_id"]]) == []
    assert len(list(ArchiveRecord.query(game_id))) >= 2   # the game and its log, still archived
    loaded = store.load(game_id)
    assert loaded.archived and seat_names(api, game_id, other)[1].startswith("Anonymous ")
    assert replayed_archived(store, game_id) == json.loads(after["state"])


def replayed_archived(store, game_id: str) -> dict:
    """The archived game dealt again from its seed and seats with its logged actions."""
    loaded = store.load(game_id)
    record, state = loaded.record, loaded.state
    again = engine.new_game(record.ruleset, list(record.seats), state.seed, dealt_options(state))
    for event in store.events(game_id, 0, 1 << 30):
        if event["type"] == "ActionApplied":
            again = engine.apply(again, event["action"]).state
    return json.loads(engine.dump_state(again))
