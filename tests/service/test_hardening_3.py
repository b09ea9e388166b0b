"""Hardening, round 3 (issue 28), the service's part: table options held to the service's
bounds whatever field they come in; pending decisions a reader may not know of kept from every
answer; every unattended table bounded; the lobby showing its options."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

import engine
from service.storage import GameRecord
from tests.service.buspump import discard_all, travel
from tests.service.games import RULESETS

T0 = datetime(2026, 3, 2, 9, 0, 0, tzinfo=UTC)
WEEK = 7 * 86_400


@pytest.fixture
def clock(aws):
    discard_all()
    with travel(T0) as traveller:
        yield traveller


# ---------------------------------------------------------------- item 1: table options' bounds
@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_idle_minimum_holds_whatever_field_it_comes_in(api, ruleset):
    """The lobby's idle_timeout_seconds is 60..604800; the same key inside ``options`` was
    taken down to 1 s at creation, update and kickoff in every game (an invitee's seat went to
    a bot 8 s after kickoff). Each is 422 now, and nothing changes."""
    lobby_id, seats = api.new_lobby(2, ruleset)
    owner = seats[0][1]
    for seconds in (1, 59, 604801):
        body = {"table_size": 2, "ruleset": ruleset, "options": {"idle_timeout_seconds": seconds}}
        assert api.call("POST", "/lobbies", body, token=owner).status == 422, seconds
        patched = api.call("PATCH", f"/lobbies/{lobby_id}",
                           {"options": {"idle_timeout_seconds": seconds}}, token=owner)
        assert patched.status == 422, seconds
        started = api.call("POST", f"/lobbies/{lobby_id}/start",
                           {"options": {"idle_timeout_seconds": seconds}}, token=owner)
        assert started.status == 422, seconds
    lobby = api.ok("GET", f"/lobbies/{lobby_id}", None, owner)
    assert lobby["status"] == "waiting" and lobby["idle_timeout_seconds"] == 86_400


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_idle_timeout_inside_options_is_the_lobbys_own_and_the_games(api, ruleset):
    """Given inside ``options`` (within bounds) it becomes the lobby's idle timeout, so what the
    lobby shows is what the game is dealt with; given twice with two values it is 422 (each value is valid alone: the request contradicts
    itself; the fuzz test found the 409 it was undocumented for a create)."""
    _, owner = api.sign_in()
    lobby = api.ok("POST", "/lobbies", {"table_size": 2, "ruleset": ruleset,
                                        "options": {"idle_timeout_seconds": 120}}, owner, 201)
    assert lobby["idle_timeout_seconds"] == 120
    twice = api.call("POST", "/lobbies", {"ruleset": ruleset, "table_size": 2,
                                          "idle_timeout_seconds": 300,
                                          "options": {"idle_timeout_seconds": 120}}, token=owner)
    assert twice.status == 422 and "given twice" in twice.body["error"]["message"]
    api.ok("POST", f"/lobbies/{lobby['lobby_id']}/bots", {"level": "base"}, owner)
    api.ok("POST", f"/lobbies/{lobby['lobby_id']}/start", None, owner, 201)
    state = engine.load_state(GameRecord.get(lobby["lobby_id"]).state)
    idle = [d.deadline.seconds for d in engine.pending(state)
            if d.deadline and d.deadline.kind == "idle_turn"]
    assert idle == [120]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_guide_and_the_option_models_state_the_services_bounds(api, ruleset):
    """The public guide's table_options advertised a minimum of 1 s (the models' ``ge=1``)."""
    guide = api.ok("GET", f"/rulesets/{ruleset}/guide", None, None)
    idle = guide["table_options"]["properties"]["idle_timeout_seconds"]
    assert (idle["minimum"], idle["maximum"]) == (60, 604_800)
    model = engine.get_ruleset(ruleset).table_options.model_json_schema()
    field = model["properties"]["idle_timeout_seconds"]
    assert (field["minimum"], field["maximum"]) == (60, 604_800)
    lobby_schema = api.ok("GET", "/openapi.json", None, None)["components"]["schemas"][
        "CreateLobbyRequest"]
    rules = [r["then"]["properties"]["options"]["anyOf"][0] for r in lobby_schema["allOf"][1:]
             if r.get("if", {}).get("properties", {}).get("ruleset", {}).get("const") == ruleset]
    assert rules and rules[0]["properties"]["idle_timeout_seconds"]["minimum"] == 60


# ---------------------------------------------------------------- item 6: the lobby's options
def test_an_invitee_sees_the_tables_options_before_joining(api):
    """docs/api.md documented ``options`` on a lobby, but the lobby had none: an invitee could
    not see the response windows, the game clock, auction or deal times before joining. Every
    option is shown with the value the game will be dealt with (the ruleset's default where the
    owner set none); a scripted table's script is not."""
    _, owner = api.sign_in()
    guest, guest_token = api.sign_in()
    lobby_id = api.ok("POST", "/lobbies", {"table_size": 2, "ruleset": "jiji", "options": {
        "end": "clock", "clock_seconds": 7200, "auction_seconds": 100,
        "scripted": {"dice": [[1, 2]]}}}, owner, 201)["lobby_id"]
    api.ok("POST", f"/lobbies/{lobby_id}/invites", {"handle": guest}, owner, 201)
    seen = api.ok("GET", f"/lobbies/{lobby_id}", None, guest_token)
    assert seen["you"]["role"] == "invited"
    assert seen["options"] == {"end": "clock", "clock_seconds": 7200, "auction_seconds": 100,
                               "deal_seconds": 86_400}
    mulodi = api.ok("POST", "/lobbies", {"table_size": 2, "ruleset": "mulodi",
                                         "options": {"response_window_seconds": 600}},
                    owner, 201)
    assert mulodi["options"] == {"response_window_seconds": 600, "max_turns": None}


# ------------------------------------------- items 3 and 5: what a reader may know is pending
def _summary(api, token, game_id):
    board = api.ok("GET", "/dashboard", None, token)
    [found] = [g for part in ("in_progress", "watchable") for g in board[part]
               if g["game_id"] == game_id]
    return found


def _exported(api, token, game_id):
    tables = api.ok("GET", "/account/export", None, token)["tables"]
    [found] = [t for t in tables if t["table_id"] == game_id]
    return found["game"]


def test_a_deal_between_two_others_is_nothing_a_third_seat_or_a_spectator_can_learn_of(
        api, clock):
    """A Jiji deal offered by one seat to another was hidden from the game view but not
    elsewhere: the dashboard's ``waiting`` listed its recipient, ``kind: "deal"`` and expiry;
    ``end-idle-turn`` with its decision id answered ``not_idle_yet`` with the expiry (a made-up
    id answers otherwise), and with no body its ``deadline`` was the deal's; and the
    dashboard's and the export's ``updated_at`` moved for everyone. Now a third seat and a
    spectator see nothing of it anywhere."""
    lobby_id, seats = api.new_lobby(3, ruleset="jiji", idle_timeout_seconds=WEEK)
    tokens = [token for _, token in seats]
    watcher, watcher_token = api.sign_in()
    api.ok("POST", f"/lobbies/{lobby_id}/invites", {"handle": watcher, "role": "spectator"},
           tokens[0], 201)
    view = api.ok("POST", f"/lobbies/{lobby_id}/start", None, tokens[0], 201)
    holder = view["decision"]["player"]
    to, third = (holder + 1) % 3, (holder + 2) % 3
    readers = {"third": tokens[third], "spectator": watcher_token}
    before = {who: _summary(api, token, lobby_id) for who, token in readers.items()}
    exported = _exported(api, tokens[third], lobby_id)
    idle_due = before["third"]["turn"]["deadline"]
    clock.shift(600)
    api.ok("POST", f"/games/{lobby_id}/jiji/propose-deal", {"to": to, "give_cash": 10_000},
           tokens[holder])
    [deal] = [p for p in api.ok("GET", f"/games/{lobby_id}", None, tokens[to])["pending"]
              if p["kind"] == "deal"]
    assert deal["deadline"] == int(T0.timestamp()) + 600 + 86_400   # a day to answer it
    # The two parties see it; the recipient's dashboard lists it.
    assert "deal" in [w["kind"] for w in _summary(api, tokens[to], lobby_id)["waiting"]]
    assert _summary(api, tokens[holder], lobby_id)["updated_at"] == before["third"]["updated_at"] + 600
    for who, token in readers.items():
        assert _summary(api, token, lobby_id) == before[who], who
    assert _exported(api, tokens[third], lobby_id) == exported
    # end-idle-turn: the deal's id answers exactly as a made-up id; no body: the turn's deadline.
    private = api.call("POST", f"/games/{lobby_id}/end-idle-turn", {"decision": deal["id"]},
                       token=tokens[third])
    made_up = api.call("POST", f"/games/{lobby_id}/end-idle-turn", {"decision": 987_654},
                       token=tokens[third])
    assert (private.status, private.body) == (made_up.status, made_up.body)
    no_body = api.call("POST", f"/games/{lobby_id}/end-idle-turn", None, token=tokens[third])
    assert no_body.status == 409 and no_body.error == "not_idle_yet"
    assert no_body.body["error"]["deadline"] == idle_due


# ---------------------------------------------------------- item 4: every unattended table ends
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_table_nobody_attends_is_saved_whoever_makes_its_moves(api, clock, monkeypatch,
                                                                 ruleset):
    """Two people who never come back, at a table that never hands seats to bots
    (``idle_turns_before_bot: 0``): the timers end every turn for ever (about 1,440 writes a
    day at the 60 s minimum), since the unattended-table cap counted only bot moves, and every
    turn notified its absent holder. Now the timers' moves count as bots' do and the table is
    saved at pipeline.UNATTENDED_MOVES; each absent holder is told once until they act."""
    from service import pipeline
    from tests.service.buspump import delivered
    from timers import deadline

    # Fewer than Mulodi's own end of an abandoned table (three rounds of timeouts: 6 turns).
    monkeypatch.setattr(pipeline, "UNATTENDED_MOVES", 4)
    lobby_id, seats = api.new_lobby(2, ruleset, idle_timeout_seconds=300,
                                    idle_turns_before_bot=0, bot_delay_seconds=0)
    api.ok("POST", f"/lobbies/{lobby_id}/start", None, seats[0][1], 201)
    fired = 0
    for _ in range(12):
        record = GameRecord.get(lobby_id)
        if record.status != "active":
            break
        due = record.next_deadline()
        clock.move_to(datetime.fromtimestamp(due, UTC))
        deadline.handler({"game_id": lobby_id, "due": due}, None)
        fired += 1
    record = GameRecord.get(lobby_id)
    assert record.status == "saved" and fired <= 4
    log = api.ok("GET", f"/games/{lobby_id}/events?limit=500", None, seats[0][1])["events"]
    assert log[-1] == {**log[-1], "type": "GameSaved", "reason": "unattended"}
    pending = [e for e in delivered("DeadlineSchedulerFunction")
               if e["detail-type"] == "DecisionPending" and e["detail"]["game_id"] == lobby_id]
    told = [e["detail"]["account_id"] for e in pending if e["detail"]["passed"]]
    assert len(told) == len(set(told)) == 2   # each absent holder once (the first turns)
    # A person who comes back and resumes it starts the count again.
    resumed = api.ok("POST", f"/games/{lobby_id}/resume", None, seats[0][1])
    assert resumed["status"] == "active" and int(GameRecord.get(lobby_id).unattended) == 0
