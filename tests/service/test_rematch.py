"""Rematch (issue 33.4): ``POST /games/{id}/rematch`` from a finished game makes a new lobby
with the same seats (bots as they were, people invited), options and ruleset, private as the
first; the others get one notification each and accept or decline as an invitation."""

from __future__ import annotations

from service.notifications import NotificationRecord
from tests.service.buspump import pump
from tests.service.erasure_kit import play_to_the_end


def _notices(account_id: str, lobby_id: str) -> list:
    return [n for n in NotificationRecord.query(account_id) if lobby_id in (n.key or "")]


def test_a_rematch_seats_the_same_table_and_invites_the_others_once(api):
    lobby_id, seats = api.new_lobby(4, name="Derby", idle_turns_before_bot=5, bot_delay_seconds=0)
    (_, a), (_, b), (_, c), (_, d) = seats
    # Seat 3 becomes a bot: D leaves and the owner seats an Advanced bot there.
    api.ok("POST", f"/lobbies/{lobby_id}/leave", None, d)
    api.ok("POST", f"/lobbies/{lobby_id}/bots", {"level": "advanced", "seat": 3}, a)
    api.ok("POST", f"/lobbies/{lobby_id}/start", {"options": {"max_turns": 1}}, a, 201)
    first = api.ok("GET", f"/games/{lobby_id}", None, b)
    # Not before the end.
    assert api.call("POST", f"/games/{lobby_id}/rematch", None, b).status == 409
    play_to_the_end(lobby_id)
    pump()
    ids = [s["account_id"] for s in first["seats"]]
    # B asks for it: B owns the new lobby in their own seat; the bot sits where it sat.
    new = api.ok("POST", f"/games/{lobby_id}/rematch", None, b, 201)
    assert new["lobby_id"] != lobby_id and new["status"] == "waiting"
    assert (new["owner"]["account_id"], new["ruleset"], new["public"]) == (ids[1], "mtaani", False)
    assert [s["account_id"] for s in new["seats"]] == [None, ids[1], None, ids[3]]
    assert new["seats"][3]["kind"] == "bot" and new["seats"][3]["bot_level"] == "advanced"
    assert sorted(i["account_id"] for i in new["invited"]) == sorted([ids[0], ids[2]])
    assert (new["idle_turns_before_bot"], new["bot_delay_seconds"]) == (5, 0)
    assert new["name"] == "Derby (rematch)"
    pump()
    # One notification each for A and C; asked again (by anyone who sat there): the same lobby.
    assert [len(_notices(ids[i], new["lobby_id"])) for i in (0, 2)] == [1, 1]
    again = api.ok("POST", f"/games/{lobby_id}/rematch", None, a)
    assert again["lobby_id"] == new["lobby_id"]
    pump()
    assert [len(_notices(ids[i], new["lobby_id"])) for i in (0, 2)] == [1, 1]
    # A accepts (joins), C declines (leaves the invitation); the dashboard shows it to A.
    assert any(lobby["lobby_id"] == new["lobby_id"]
               for lobby in api.ok("GET", "/dashboard", None, a)["open_lobbies"])
    api.ok("POST", f"/lobbies/{new['lobby_id']}/join", {"seat": 0}, a)
    api.ok("POST", f"/lobbies/{new['lobby_id']}/leave", None, c)
    after = api.ok("GET", f"/lobbies/{new['lobby_id']}", None, b)
    assert [s["account_id"] for s in after["seats"]] == [ids[0], ids[1], None, ids[3]]
    assert after["invited"] == []
    # A stranger to the private table: 404, as for the table itself.
    _, stranger = api.sign_in()
    assert api.call("POST", f"/games/{lobby_id}/rematch", None, stranger).status == 404


def test_each_person_invited_back_gets_the_seat_they_had(api):
    lobby_id, seats = api.new_lobby(3)
    (_, a), (_, b), (_, c) = seats
    api.ok("POST", f"/lobbies/{lobby_id}/start", {"options": {"max_turns": 1}}, a, 201)
    ids = [s["account_id"] for s in api.ok("GET", f"/games/{lobby_id}", None, a)["seats"]]
    play_to_the_end(lobby_id)
    new = api.ok("POST", f"/games/{lobby_id}/rematch", None, b, 201)["lobby_id"]
    # A's seat 0 is held for A: C may not take it, and C joining anywhere finds their own.
    assert api.call("POST", f"/lobbies/{new}/join", {"seat": 0}, c).status == 409
    joined = api.ok("POST", f"/lobbies/{new}/join", None, c)
    assert [s["account_id"] for s in joined["seats"]] == [None, ids[1], ids[2]]
    # Nor may the owner seat a bot there while A's invitation stands.
    assert api.call("POST", f"/lobbies/{new}/bots", {"level": "base"}, b).status == 409
    # A declines: the hold ends with the invitation, and the seat is free for a bot.
    api.ok("POST", f"/lobbies/{new}/leave", None, a)
    lobby = api.ok("POST", f"/lobbies/{new}/bots", {"level": "base"}, b)
    assert lobby["seats"][0]["kind"] == "bot"
