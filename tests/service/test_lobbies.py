"""Lobbies over the template's routes, against moto: privacy by default, confirmed public
tables, invitations by handle and by link, spectators, bots, kickoff, the dashboard, and
saving (pausing) a game. Source: guide "Lobbies and invites" and "Mtaani on mobile"."""

from __future__ import annotations

import pytest

import engine
from service.lobbies import MembershipRecord
from service.storage import GameRecord
from tests.service.games import RULESETS, first_move, game_of, roll_1_2, starter


def lobby_of(api, token, **body):
    return api.ok("POST", "/lobbies", body, token, 201)


def test_a_new_lobby_is_private_waiting_and_the_owner_sits_first(api):
    handle, token = api.sign_in()
    lobby = lobby_of(api, token, table_size=3, ruleset="mtaani-classic", idle_timeout_seconds=300)
    assert lobby["status"] == "waiting" and lobby["public"] is False and lobby["game_id"] is None
    assert lobby["ruleset"] == "mtaani-classic" and lobby["table_size"] == 3
    assert lobby["idle_timeout_seconds"] == 300
    assert [s["kind"] for s in lobby["seats"]] == ["human", "empty", "empty"]
    assert lobby["seats"][0]["name"] == handle and lobby["owner"]["name"] == handle
    assert lobby["you"] == {"role": "owner", "seat": 0}


@pytest.mark.parametrize("body", [{"table_size": 1}, {"table_size": 5}, {"ruleset": "chess"},
                                  {"idle_timeout_seconds": 10}, {"colour": "red"}])
def test_bad_lobby_settings_are_422(api, body):
    _, token = api.sign_in()
    assert api.call("POST", "/lobbies", body, token=token).status == 422


def test_going_public_needs_a_confirmation_and_locks_at_kickoff(api):
    _, owner = api.sign_in()
    refused = api.call("POST", "/lobbies", {"public": True}, token=owner)
    assert refused.status == 422 and refused.error == "confirmation_required"
    lobby = lobby_of(api, owner)
    lobby_id = lobby["lobby_id"]
    unconfirmed = api.call("PATCH", f"/lobbies/{lobby_id}", {"public": True}, token=owner)
    assert unconfirmed.status == 422 and unconfirmed.error == "confirmation_required"
    public = api.ok("PATCH", f"/lobbies/{lobby_id}", {"public": True, "confirm_public": True}, owner)
    assert public["public"] is True
    _, stranger = api.sign_in()
    api.ok("POST", f"/lobbies/{lobby_id}/join", None, stranger)
    api.ok("POST", f"/lobbies/{lobby_id}/start", None, owner, 201)
    locked = api.call("PATCH", f"/lobbies/{lobby_id}", {"public": False}, token=owner)
    assert locked.status == 409 and locked.error == "lobby_started"


def test_a_public_lobby_has_no_invite_tools_and_is_reached_by_link(api):
    _, owner = api.sign_in()
    invitee, _ = api.sign_in()
    lobby = lobby_of(api, owner, public=True, confirm_public=True)
    lobby_id = lobby["lobby_id"]
    for path, body in ((f"/lobbies/{lobby_id}/invites", {"handle": invitee}),
                       (f"/lobbies/{lobby_id}/invites", {"handle": invitee, "role": "spectator"}),
                       (f"/lobbies/{lobby_id}/invite-link", None)):
        reply = api.call("POST", path, body, token=owner)
        assert reply.status == 409 and reply.error == "public_lobby", path
    _, visitor = api.sign_in()
    seen = api.ok("GET", f"/lobbies/{lobby_id}", None, visitor)
    assert seen["you"] == {"role": "visitor", "seat": None}
    assert seen["invited"] == [] and seen["invite_link_active"] is False
    # Reached by link, never listed: the visitor's dashboard does not show it.
    assert api.ok("GET", "/dashboard", None, visitor)["open_lobbies"] == []


def test_private_lobby_invitation_by_handle(api):
    _, owner = api.sign_in()
    guest, guest_token = api.sign_in()
    _, stranger = api.sign_in()
    lobby_id = lobby_of(api, owner, table_size=2)["lobby_id"]
    assert api.call("GET", f"/lobbies/{lobby_id}", token=stranger).status == 404
    assert api.call("POST", f"/lobbies/{lobby_id}/join", token=stranger).status == 404
    invited = api.ok("POST", f"/lobbies/{lobby_id}/invites", {"handle": guest.upper()}, owner, 201)
    assert [i["name"] for i in invited["invited"]] == [guest]
    assert api.call("POST", f"/lobbies/{lobby_id}/invites", {"handle": guest}, token=owner).status == 409
    assert api.call("POST", f"/lobbies/{lobby_id}/invites", {"handle": "nobody-here"}, token=owner).status == 404
    seen = api.ok("GET", f"/lobbies/{lobby_id}", None, guest_token)
    assert seen["you"]["role"] == "invited" and seen["invited"] == []
    dashboard = api.ok("GET", "/dashboard", None, guest_token)
    assert [(x["lobby_id"], x["your_role"]) for x in dashboard["open_lobbies"]] == [(lobby_id, "invited")]
    joined = api.ok("POST", f"/lobbies/{lobby_id}/join", None, guest_token)
    assert joined["you"] == {"role": "player", "seat": 1}
    full = api.call("POST", f"/lobbies/{lobby_id}/join", None, token=guest_token)
    assert full.status == 409


def test_withdrawn_invitations_and_leaving(api):
    _, owner = api.sign_in()
    guest, guest_token = api.sign_in()
    lobby_id = lobby_of(api, owner)["lobby_id"]
    api.ok("POST", f"/lobbies/{lobby_id}/invites", {"handle": guest}, owner, 201)
    api.ok("DELETE", f"/lobbies/{lobby_id}/invites/{guest}", None, owner)
    assert api.call("POST", f"/lobbies/{lobby_id}/join", token=guest_token).status == 404
    assert api.call("DELETE", f"/lobbies/{lobby_id}/invites/{guest}", token=owner).status == 404
    api.ok("POST", f"/lobbies/{lobby_id}/invites", {"handle": guest}, owner, 201)
    api.ok("POST", f"/lobbies/{lobby_id}/join", None, guest_token)
    left = api.ok("POST", f"/lobbies/{lobby_id}/leave", None, guest_token)
    assert left["seats"][1]["kind"] == "empty"
    assert api.call("GET", f"/lobbies/{lobby_id}", token=guest_token).status == 404
    owner_leaves = api.call("POST", f"/lobbies/{lobby_id}/leave", token=owner)
    assert owner_leaves.status == 409


def test_invite_link_lets_its_holder_see_and_join_until_replaced(api):
    _, owner = api.sign_in()
    _, friend = api.sign_in()
    _, late = api.sign_in()
    lobby_id = lobby_of(api, owner, table_size=3)["lobby_id"]
    link = api.ok("POST", f"/lobbies/{lobby_id}/invite-link", None, owner, 201)
    token = link["invite_token"]
    assert link["path"] == f"/lobbies/{lobby_id}?invite={token}" and len(token) >= 32
    assert api.ok("GET", link["path"], None, friend)["you"]["role"] == "visitor"
    assert api.call("GET", f"/lobbies/{lobby_id}?invite=wrong", token=friend).status == 404
    assert api.ok("POST", f"/lobbies/{lobby_id}/join", {"invite": token}, friend)["you"]["seat"] == 1
    assert api.ok("GET", f"/lobbies/{lobby_id}", None, owner)["invite_link_active"] is True
    newer = api.ok("POST", f"/lobbies/{lobby_id}/invite-link", None, owner, 201)["invite_token"]
    assert api.call("POST", f"/lobbies/{lobby_id}/join", {"invite": token}, token=late).status == 404
    api.ok("DELETE", f"/lobbies/{lobby_id}/invite-link", None, owner)
    assert api.call("POST", f"/lobbies/{lobby_id}/join", {"invite": newer}, token=late).status == 404


def test_bots_fill_empty_seats_and_the_owner_starts_with_two_seated(api):
    _, owner = api.sign_in()
    lobby_id = lobby_of(api, owner, table_size=4)["lobby_id"]
    alone = api.call("POST", f"/lobbies/{lobby_id}/start", token=owner)
    assert alone.status == 409
    api.ok("POST", f"/lobbies/{lobby_id}/bots", {"level": "smart", "seat": 3}, owner)
    lobby = api.ok("POST", f"/lobbies/{lobby_id}/bots", {"level": "base"}, owner)
    assert [(s["kind"], s["bot_level"]) for s in lobby["seats"]] == [
        ("human", None), ("bot", "base"), ("empty", None), ("bot", "smart")]
    assert lobby["seats"][1]["account_id"] == "bot:base:2" and lobby["seats"][1]["name"] == "Base bot 2"
    taken = api.call("POST", f"/lobbies/{lobby_id}/bots", {"level": "advanced", "seat": 1}, token=owner)
    assert taken.status == 409
    assert api.call("POST", f"/lobbies/{lobby_id}/bots", {"level": "genius"}, token=owner).status == 422
    api.ok("DELETE", f"/lobbies/{lobby_id}/seats/1", None, owner)
    assert api.call("DELETE", f"/lobbies/{lobby_id}/seats/0", token=owner).status == 409
    api.ok("POST", f"/lobbies/{lobby_id}/bots", {"level": "advanced"}, owner)
    game = api.ok("POST", f"/lobbies/{lobby_id}/start", None, owner, 201)
    assert game["game_id"] == lobby_id and game["seat"] == 0
    assert [s["account_id"] for s in game["seats"]][1:] == ["bot:advanced:3", "bot:smart:1"]
    assert [s["kind"] for s in game["seats"]] == ["human", "bot", "bot"]
    assert api.call("POST", f"/lobbies/{lobby_id}/start", token=owner).status == 409
    assert api.ok("GET", f"/lobbies/{lobby_id}", None, owner)["status"] == "started"


def test_kickoff_stores_the_lobbys_idle_timeout_and_lapses_pending_invitations(api):
    _, owner = api.sign_in()
    guest, guest_token = api.sign_in()
    lobby_id = lobby_of(api, owner, table_size=3, idle_timeout_seconds=600)["lobby_id"]
    api.ok("POST", f"/lobbies/{lobby_id}/invites", {"handle": guest}, owner, 201)
    api.ok("POST", f"/lobbies/{lobby_id}/bots", None, owner)
    api.ok("POST", f"/lobbies/{lobby_id}/start", None, owner, 201)
    record = GameRecord.get(lobby_id)
    [waiting] = record.waiting()
    assert waiting.deadline.seconds == 600 and record.owner and waiting.player == 0
    assert engine.load_state(record.state).options.idle_timeout_seconds == 600
    assert api.call("GET", f"/games/{lobby_id}", token=guest_token).status == 404
    assert api.call("POST", f"/lobbies/{lobby_id}/join", token=guest_token).status in (404, 409)
    assert api.ok("GET", "/dashboard", None, guest_token)["open_lobbies"] == []
    assert list(MembershipRecord.query(api.ok("GET", "/account", None, guest_token)["account_id"])) == []


def test_scripted_options_and_bad_options_at_kickoff(api):
    lobby_id, seats = api.new_lobby(2)
    bad = api.call("POST", f"/lobbies/{lobby_id}/start", {"options": {"max_turns": 0}}, token=seats[0][1])
    assert bad.status == 422
    assert api.ok("GET", f"/lobbies/{lobby_id}", None, seats[0][1])["status"] == "waiting"


def test_cancelled_lobbies_leave_every_dashboard(api):
    lobby_id, seats = api.new_lobby(2)
    assert api.call("DELETE", f"/lobbies/{lobby_id}", token=seats[1][1]).status == 403
    assert api.call("DELETE", f"/lobbies/{lobby_id}", token=seats[0][1]).status == 204
    for _, token in seats:
        assert api.ok("GET", "/dashboard", None, token)["open_lobbies"] == []
    for _, token in seats:
        gone = api.call("GET", f"/lobbies/{lobby_id}", token=token)
        assert gone.status == 404 and gone.error == "not_found"


def test_a_cancelled_lobby_is_deleted_with_its_chat_presence_and_memberships(api):
    """Nobody can open a cancelled lobby, so nothing of it is kept (data minimisation)."""
    from service.chat import ChatRecord
    from service.lobbies import LobbyRecord
    from service.presence import PresenceRecord

    lobby_id, seats = api.new_lobby(2)
    watcher, _ = api.sign_in()
    api.ok("POST", f"/lobbies/{lobby_id}/invites", {"handle": watcher, "role": "spectator"},
           seats[0][1], 201)
    api.ok("POST", f"/games/{lobby_id}/chat", {"text": "see you at eight"}, seats[1][1], 201)
    api.ok("GET", f"/games/{lobby_id}/chat", None, seats[1][1])
    assert list(PresenceRecord.query(lobby_id)) != []
    assert api.call("DELETE", f"/lobbies/{lobby_id}", token=seats[0][1]).status == 204
    assert LobbyRecord.count(lobby_id) == 0
    assert list(ChatRecord.query(lobby_id)) == [] and list(PresenceRecord.query(lobby_id)) == []
    for _, token in seats:
        account_id = api.ok("GET", "/account", None, token)["account_id"]
        assert MembershipRecord.count(account_id, MembershipRecord.lobby_id == lobby_id) == 0
    assert api.call("DELETE", f"/lobbies/{lobby_id}", token=seats[0][1]).status == 404


def test_pending_player_invitations_lapse_at_kickoff(api):
    from service.lobbies import LobbyRecord

    lobby_id, seats = api.new_lobby(2)
    late, _ = api.sign_in()
    api.ok("PATCH", f"/lobbies/{lobby_id}", {"table_size": 3}, seats[0][1])
    api.ok("POST", f"/lobbies/{lobby_id}/invites", {"handle": late}, seats[0][1], 201)
    api.ok("POST", f"/lobbies/{lobby_id}/start", None, seats[0][1], 201)
    assert LobbyRecord.get(lobby_id).invited == []


def test_resizing_a_lobby(api):
    lobby_id, seats = api.new_lobby(3)
    owner = seats[0][1]
    assert api.call("PATCH", f"/lobbies/{lobby_id}", {"table_size": 2}, token=owner).status == 409
    grown = api.ok("PATCH", f"/lobbies/{lobby_id}", {"table_size": 4}, owner)
    assert [s["kind"] for s in grown["seats"]] == ["human", "human", "human", "empty"]


def test_dashboard_lists_games_with_whose_turn_it_is_saved_games_and_watchable_games(api):
    game_id, seats = api.new_game(2)
    (_, owner), (_, second) = seats
    watcher, watcher_token = api.sign_in()
    api.ok("POST", f"/lobbies/{game_id}/invites", {"handle": watcher, "role": "spectator"}, owner, 201)
    mine = api.ok("GET", "/dashboard", None, owner)
    assert [g["game_id"] for g in mine["in_progress"]] == [game_id]
    turn = mine["in_progress"][0]["turn"]
    assert turn["seat"] == 0 and turn["yours"] is True and turn["kind"] == "turn"
    theirs = api.ok("GET", "/dashboard", None, second)["in_progress"][0]
    assert theirs["turn"]["yours"] is False and theirs["your_seat"] == 1
    watching = api.ok("GET", "/dashboard", None, watcher_token)
    assert [g["game_id"] for g in watching["watchable"]] == [game_id]
    assert watching["in_progress"] == [] and watching["watchable"][0]["your_seat"] is None
    api.ok("POST", f"/games/{game_id}/save", None, owner)
    for token in (owner, second):
        board = api.ok("GET", "/dashboard", None, token)
        assert [g["game_id"] for g in board["saved"]] == [game_id] and board["in_progress"] == []
    api.ok("POST", f"/games/{game_id}/resume", None, owner)
    assert [g["game_id"] for g in api.ok("GET", "/dashboard", None, second)["in_progress"]] == [game_id]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_saved_game_refuses_moves_and_timers_until_the_owner_resumes_it(api, ruleset):
    from service.views import SERVICE_EVENT_SHAPES
    from timers import deadline

    game_id, seats = api.new_game(2, ruleset=ruleset, options=roll_1_2(ruleset))
    (_, owner), (_, second) = seats
    game = game_of(ruleset)
    first = seats[starter(api.ok("GET", f"/games/{game_id}", None, owner))][1]
    assert api.call("POST", f"/games/{game_id}/save", token=second).status == 403
    saved = api.ok("POST", f"/games/{game_id}/save", None, owner)
    assert saved["status"] == "saved" and saved["legal_actions"] == []
    assert api.call("POST", f"/games/{game_id}/save", token=owner).status == 409
    move, action = first_move(ruleset)
    refused = api.call("POST", f"/games/{game_id}/{game}/{move}", token=first)
    assert refused.status == 409 and refused.error == "game_saved"
    version = saved["version"]
    assert deadline.handler({"game_id": game_id, "due": 0}, None)["applied"] is False
    assert api.ok("GET", f"/games/{game_id}", None, second)["version"] == version
    assert api.call("POST", f"/games/{game_id}/resume", token=second).status == 403
    resumed = api.ok("POST", f"/games/{game_id}/resume", None, owner)
    assert resumed["status"] == "active"
    assert api.call("POST", f"/games/{game_id}/resume", token=owner).status == 409
    assert action in api.ok("GET", f"/games/{game_id}", None, first)["legal_actions"]
    moved = api.ok("POST", f"/games/{game_id}/{game}/{move}", None, first)
    assert moved["version"] > resumed["version"]
    if roll_1_2(ruleset):  # the dice fixed before the save still decide the roll after it
        assert [e["dice"] for e in moved["events"] if e["type"] == "DiceRolled"] == [[1, 2]]
    types = [e["type"] for e in api.ok("GET", f"/games/{game_id}/events", None, owner)["events"]]
    assert [t for t in types if t in SERVICE_EVENT_SHAPES][:3] == ["GameCreated", "GameSaved", "GameResumed"]


def test_a_cancel_that_loses_to_the_kickoff_changes_nothing(api, monkeypatch):
    """The owner's cancel and start race: when the start wins, the refused cancel leaves the
    table's chat and presence alone (they go only with the lobby)."""
    from service import kickoff, lobbies
    from service.chat import ChatRecord
    from tests.policy.calls import running_as

    lobby_id, seats = api.new_lobby(2)
    owner = seats[0][1]
    owner_id = api.ok("GET", "/account", None, owner)["account_id"]
    api.ok("POST", f"/games/{lobby_id}/chat", {"text": "kickoff at eight"}, owner, 201)
    real_load = lobbies.load
    raced = []

    def started_meanwhile(table_id):
        lobby = real_load(table_id)
        if not raced:   # the owner's other tab starts the game right after the cancel read it
            raced.append(True)
            with running_as("LobbyStartFunction"):
                kickoff.start(lobby_id, owner_id, {})
        return lobby

    monkeypatch.setattr(lobbies, "load", started_meanwhile)
    refused = api.call("DELETE", f"/lobbies/{lobby_id}", token=owner)
    assert refused.status == 409
    monkeypatch.setattr(lobbies, "load", real_load)
    assert [m.text for m in ChatRecord.query(lobby_id)] == ["kickoff at eight"]
    assert api.ok("GET", f"/games/{lobby_id}", None, owner)["status"] == "active"


def test_an_account_invited_to_watch_may_not_take_a_seat(api):
    _, owner = api.sign_in()
    lobby_id = api.ok("POST", "/lobbies", {"table_size": 3}, owner, 201)["lobby_id"]
    watcher, token = api.sign_in()
    api.ok("POST", f"/lobbies/{lobby_id}/invites", {"handle": watcher, "role": "spectator"},
           owner, 201)
    refused = api.call("POST", f"/lobbies/{lobby_id}/join", None, token)
    assert refused.status == 403 and "watch" in refused.body["error"]["message"]
    api.ok("POST", f"/lobbies/{lobby_id}/invites", {"handle": watcher}, owner, 201)
    assert api.ok("POST", f"/lobbies/{lobby_id}/join", None, token)["you"]["role"] == "player"


def test_invitations_are_limited_per_inviter_and_per_invitee_and_notify_once_an_hour(
        api, monkeypatch):
    """A stranger opening lobbies and inviting V as player and spectator sent V one
    notification per invitation (80 for 40 lobbies): invitations are counted per inviter and
    per invitee before the work, and V hears of them at most once an hour (hardening, item 4)."""
    import secrets

    from service import notifications, throttle
    from tests.service.buspump import delivered, discard_all
    from timers import notify

    discard_all()
    window = 2_100_000_000.0 + secrets.randbelow(10**6) * 3600     # an hour of this test's own
    monkeypatch.setattr(throttle, "clock", lambda: window)
    # (and the notices' fold window: both are fixed hours of the clock)
    monkeypatch.setattr(notifications, "_offer_window",
                        lambda: int(window) // notifications.OFFER_WINDOW_SECONDS)
    victim, _ = api.sign_in()
    _, stranger = api.sign_in()
    limit = throttle.INVITE.limits["invitee"]
    made = 0
    for n in range(limit):
        lobby_id = api.ok("POST", "/lobbies", {"table_size": 2}, stranger, 201)["lobby_id"]
        role = "player" if n % 2 else "spectator"
        api.ok("POST", f"/lobbies/{lobby_id}/invites", {"handle": victim, "role": role}, stranger, 201)
        made += 1
    refused = api.call("POST", f"/lobbies/{lobby_id}/invites", {"handle": victim}, token=stranger)
    assert refused.status == 429 and "retry-after" in refused.headers
    # Another account invites V: V's own budget is spent too.
    _, other = api.sign_in()
    lobby_id = api.ok("POST", "/lobbies", {"table_size": 2}, other, 201)["lobby_id"]
    assert api.call("POST", f"/lobbies/{lobby_id}/invites", {"handle": victim},
                    token=other).status == 429
    answers = [notify.handler(e, None) for e in delivered("NotifyFunction")
               if e["detail-type"] == "LobbyInvitation"]
    outcomes = [a for answer in answers for a in answer.values()]
    assert len(outcomes) == made and outcomes.count("sent") == 1     # one inviter: one notice
    assert outcomes.count("folded") == made - 1


def test_lobbies_are_limited_per_owner(api, monkeypatch, unthrottled):
    from service import throttle

    monkeypatch.setattr(throttle, "LOBBY", throttle.Limit("lobby-test", {"owner": 3}, 3600, "enough"))
    _, owner = api.sign_in()
    for _ in range(3):
        api.ok("POST", "/lobbies", {"table_size": 2}, owner, 201)
    assert api.call("POST", "/lobbies", {"table_size": 2}, token=owner).status == 429


def test_a_players_own_games_stay_on_the_dashboard_whatever_others_invite_them_to(
        api, monkeypatch):
    """Lobbies whose ids sort before V's game used to push it off V's dashboard (it read the
    first 200 memberships by lobby id)."""
    from service import dashboard

    monkeypatch.setattr(dashboard, "MAX_TABLES", 3)
    game_id, ((victim, victim_token), _) = api.new_game(2)
    _, stranger = api.sign_in()
    for _ in range(5):
        lobby_id = api.ok("POST", "/lobbies", {"table_size": 2}, stranger, 201)["lobby_id"]
        api.ok("POST", f"/lobbies/{lobby_id}/invites", {"handle": victim, "role": "spectator"},
               stranger, 201)
    board = api.ok("GET", "/dashboard", None, victim_token)
    assert [g["game_id"] for g in board["in_progress"]] == [game_id]
    assert len(board["open_lobbies"]) == 2                     # the rest of the room: invitations


def test_no_one_is_invited_to_watch_a_finished_game(api):
    game_id, seats = api.new_game(2)
    watcher, _ = api.sign_in()
    record = GameRecord.get(game_id)
    record.status = "finished"
    record.save()
    refused = api.call("POST", f"/lobbies/{game_id}/invites", {"handle": watcher, "role": "spectator"},
                       token=seats[0][1])
    assert refused.status == 409 and "over" in refused.body["error"]["message"]
