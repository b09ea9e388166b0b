"""Provably fair games and replays through the API, against moto (issue 22).

- The commitment ``GameCreated`` publishes at the deal is SHA-256 of the salt and seed that
  ``SeedRevealed`` gives at the end (recomputed here with hashlib, not the service's code).
- Nothing anyone may read before the end (views and their ETags, event pages, replay pages,
  the verify route's refusal) carries the seed, the salt or the ruleset's other secrets
  (``Ruleset.secrets``, the ruleset kit's property) that have stayed hidden from the reader
  at every step since the deal (a replay page may show a card the reader once held, since
  returned to the pile: it was theirs to see then), in games of every ruleset played to the
  end by bots and the table's deadlines.
- A finished game verifies (``GET /games/{id}/verify``), also archived and after an erasure,
  whose anonymous name stands in the replay and in the verifier's record and output.
- A game in progress is replayed for each viewer as they saw it: the steps of two others'
  private offers are not theirs.
- A stored log changed after the end fails the check, naming the step.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import time

import pytest

import engine
from engine import bots
from engine import verify as verifier
from service import pipeline
from service.models import ReplayOut, VerifyOut
from service.storage import DynamoGameStore
from tests.engine.kit import found
from tests.service.erasure_kit import fan_out
from timers import deadline

SHORT = {"mtaani": {"max_turns": 8}, "mtaani-classic": {"max_turns": 8},
         "jiji": {"end": "clock", "clock_seconds": 3 * 86_400, "auction_seconds": 3_600,
                  "deal_seconds": 3_600}}
"""Table options of short games (a ruleset not listed plays its kit's short options)."""


def options_of(name: str) -> dict:
    return dict(SHORT.get(name, engine.get_ruleset(name).short_game_options))


def with_spectator(api, ruleset: str, options: dict) -> tuple[str, list[tuple[str, str]], str]:
    """A started two-seat game of ``ruleset`` and an invited spectator's token."""
    lobby_id, seats = api.new_lobby(2, ruleset)
    owner = seats[0][1]
    handle, spectator = api.sign_in()
    api.ok("POST", f"/lobbies/{lobby_id}/invites", {"handle": handle, "role": "spectator"},
           owner, 201)
    api.ok("POST", f"/lobbies/{lobby_id}/start", {"options": options}, owner, 201)
    return lobby_id, seats, spectator


def move_on(game_id: str, rng: random.Random, now: int) -> int:
    """One move of a bot for a seat the game waits on, or, when none can move (or now and
    then), a day passes and the table ends what is due. Returns the clock."""
    store = DynamoGameStore()
    state = store.load(game_id).state
    rs = engine.ruleset_of(state)
    waiting = rs.waiting_seats(state)
    if waiting and rng.random() > 0.1:
        seat = waiting[0]
        action = bots.choose(state, seat, "base", rng.randrange(1 << 30))
        if action is not None:
            pipeline.run(game_id, lambda game, current: action, now=now)
            return now + 30
    now += 86_400
    deadline.fire(game_id, now)  # what is due, if anything
    return now


class HiddenSoFar:
    """For each reader (seats 0 and 1, ``None`` the spectator), the secrets hidden from them
    at every step of the game so far (``Ruleset.secrets`` of each state, intersected): the
    deal and the state after each logged action, replayed from the stored seed and the log."""

    def __init__(self, game_id: str, store: DynamoGameStore):
        self.game_id, self.store = game_id, store
        game = store.load(game_id)
        state = game.state
        created = store.events(game_id, 0, 1, loaded=game)[0]
        self.rs = engine.ruleset_of(state)
        self.state = self.rs.new_game(list(game.record.seats), state.seed,
                                      dict(created["options"]))
        self.seq = 0  # the last event read
        self.hidden = {seat: self.rs.secrets(self.state, seat) for seat in (0, 1, None)}

    def update(self, game) -> dict:
        """The secrets so far, after the actions logged since the last call (``game``: the
        game item as just read)."""
        events = self.store.events(self.game_id, self.seq, 1 << 30, loaded=game)
        for event in events:
            if event["type"] == "ActionApplied":
                self.state = self.rs.apply(self.state, self.rs.parse_action(event["action"])).state
                for seat in self.hidden:
                    self.hidden[seat] &= self.rs.secrets(self.state, seat)
        self.seq = events[-1]["seq"] if events else self.seq
        return self.hidden


def readable(api, game_id: str, token: str) -> str:
    """Everything the holder of ``token`` may read of the game now, as one text: the view and
    its ETag, every event page, the replay's last and first steps, the verify route's answer."""
    parts = []
    reply = api.call("GET", f"/games/{game_id}", token=token)
    parts += [json.dumps(reply.body), reply.headers.get("etag", "")]
    parts.append(json.dumps(api.ok("GET", f"/games/{game_id}/events?limit=500", None, token)))
    parts.append(json.dumps(api.ok("GET", f"/games/{game_id}/replay", None, token)))
    parts.append(json.dumps(api.ok("GET", f"/games/{game_id}/replay?step=0", None, token)))
    refused = api.call("GET", f"/games/{game_id}/verify?record=true", token=token)
    assert refused.status == 409 and refused.error == "game_in_progress"
    parts.append(json.dumps(refused.body))
    return "\n".join(parts)


@pytest.mark.parametrize("name", engine.rulesets())
def test_nothing_before_the_end_tells_the_seed_and_the_commitment_matches_it_after(api, name):
    game_id, seats, spectator = with_spectator(api, name, options_of(name))
    tokens = [seats[0][1], seats[1][1], spectator]
    store = DynamoGameStore()
    sealed = store.load(game_id).record.sealed
    rng = random.Random(name)
    now = int(time.time())
    moves = reads = 0
    so_far = HiddenSoFar(game_id, store)
    game = store.load(game_id)
    while game.record.status != "finished":
        state = game.state
        hidden = so_far.update(game)
        assert engine.dump_state(so_far.state) == engine.dump_state(state)
        seat = moves % 3 if moves % 3 < 2 else None
        if moves % 2 == 0:  # every other move one reader reads everything
            text = readable(api, game_id, tokens[moves % 3])
            secrets = {*hidden[seat], sealed["salt"], str(state.seed)}
            assert str(state.seed) in hidden[seat]
            assert not found(secrets, text), f"{name}: read {found(secrets, text)} before the end"
            reads += 1
        now = move_on(game_id, rng, now)
        moves += 1
        game = store.load(game_id)
        assert moves < 3_000, f"{name}: the game did not end"
    assert reads >= 3

    # After the end: the seed and salt are in the log, and they give the commitment.
    log = api.ok("GET", f"/games/{game_id}/events?limit=500", None, spectator)["events"]
    while True:
        page = api.ok("GET", f"/games/{game_id}/events?after={log[-1]['seq']}&limit=500",
                      None, spectator)
        if not page["events"]:
            break
        log += page["events"]
    created = log[0]
    assert created["type"] == "GameCreated" and created["ruleset"] == name
    # The table's options as dealt: the lobby adds the deployment's idle timeout (a day).
    assert created["options"] == {**options_of(name), "idle_timeout_seconds": 86_400}
    assert created["scripted"] is False
    revealed = [e for e in log if e["type"] == "SeedRevealed"]
    assert len(revealed) == 1 and revealed[0] == log[-1] | revealed[0]
    salt, seed = revealed[0]["salt"], revealed[0]["seed"]
    assert salt == sealed["salt"] and re.fullmatch(r"[0-9a-f]{64}", salt)
    assert seed == str(store.load(game_id).state.seed)
    assert created["commitment"] == hashlib.sha256(bytes.fromhex(salt) + seed.encode()).hexdigest()

    checked = api.ok("GET", f"/games/{game_id}/verify?record=true", None, tokens[1])
    assert checked["ok"] is True and checked["report"]["difference"] is None
    assert checked["report"]["steps"] == len(checked["record"]["steps"]) >= moves // 2
    assert (checked["commitment"], checked["salt"], checked["seed"]) == (
        created["commitment"], salt, seed)
    assert verifier.verify(checked["record"]).ok
    last = api.ok("GET", f"/games/{game_id}/replay", None, spectator)
    assert last["revealed"] is True and last["steps"] == checked["report"]["steps"]
    assert last["view"]["outcome"] is not None and "revealed" in last["view"]["state"]


def test_a_game_in_progress_replays_as_each_viewer_saw_it(api):
    """Three seats: seat 0 offers seat 1 a trade (private to them), then rolls. Seat 0 has
    two steps (the offer, the roll), seat 2 one (the roll); the trade shows to neither seat
    2's view nor its events, and no step past the viewer's last is answered."""
    game_id, ((_, a), _, (_, c)) = api.new_game(
        3, options={"scripted": {"dice": [[2, 4]], "mugging": [False]}})
    api.ok("POST", f"/games/{game_id}/mtaani/propose-trade",
           {"to": 1, "give": {"cash": 10_000}, "get": {"cash": 0}}, a)
    api.ok("POST", f"/games/{game_id}/mtaani/roll", None, a)
    mine = api.ok("GET", f"/games/{game_id}/replay", None, a)
    theirs = api.ok("GET", f"/games/{game_id}/replay", None, c)
    ReplayOut.model_validate(mine)  # the answer is the one /openapi.json describes
    assert (mine["steps"], theirs["steps"]) == (2, 1)
    assert mine["revealed"] is False and theirs["revealed"] is False
    assert len(mine["view"]["state"]["trades"]) == 1 and theirs["view"]["state"]["trades"] == []
    assert [e["type"] for e in theirs["events"]] == ["DiceRolled", "Moved", "DecisionPending"]
    assert all(e["step"] == 1 for e in theirs["events"])
    assert "TradeOffered" in [e["type"] for e in mine["log"]]
    assert "TradeOffered" not in json.dumps(theirs)
    # Seat 2's step 1 is the table after the roll: seat 0 on tile 6 (2 + 4), and no buttons.
    assert theirs["view"]["state"]["players"][0]["position"] == 6
    assert theirs["view"]["legal_actions"] == [] and theirs["view"]["decision"]["kind"] == "buy"
    deal = api.ok("GET", f"/games/{game_id}/replay?step=0", None, c)
    assert deal["step"] == 0 and deal["view"]["state"]["players"][0]["position"] == 0
    assert [e["type"] for e in deal["events"]] == ["GameCreated"]
    past = api.call("GET", f"/games/{game_id}/replay?step=2", token=c)
    assert past.status == 404 and past.body["error"]["message"] == (
        "step: this game has 1 steps to show you; there is no step 2")
    _, stranger = api.sign_in()
    assert api.call("GET", f"/games/{game_id}/replay", token=stranger).status == 404
    assert api.call("GET", f"/games/{game_id}/verify", token=stranger).status == 404
    assert api.call("GET", f"/games/{game_id}/replay?step=-1", token=a).status == 422


def test_after_an_erasure_and_the_archive_the_game_still_verifies_under_the_anonymous_name(
        api, tmp_path, capsys):
    from tests.service.erasure_kit import play_to_the_end

    game_id, ((_, a), (gone, b)) = api.new_game(2, options={"max_turns": 2})
    account_id = api.ok("GET", "/account", None, b)["account_id"]
    play_to_the_end(game_id)
    assert api.ok("GET", f"/games/{game_id}/verify", None, b)["ok"] is True
    api.ok("DELETE", "/account", {"confirm_handle": gone}, b, 202)
    fan_out(account_id)
    assert DynamoGameStore().archive(game_id)

    checked = api.ok("GET", f"/games/{game_id}/verify?record=true", None, a)
    assert checked["ok"] is True
    VerifyOut.model_validate(checked)
    seat = checked["record"]["seats"][1]
    assert seat["account_id"].startswith("anon:") and seat["name"].startswith("Anonymous ")
    replayed = api.ok("GET", f"/games/{game_id}/replay?step=1", None, a)
    assert replayed["view"]["seats"][1]["name"] == seat["name"]
    for body in (checked, replayed):
        assert gone not in json.dumps(body) and account_id not in json.dumps(body)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(checked))
    assert verifier.main([str(path)]) == 0
    out = capsys.readouterr().out
    assert seat["name"] in out and gone not in out and "Verdict: fair" in out


def test_a_tampered_stored_log_fails_the_check_at_its_step(api):
    """A finished game whose stored log is changed afterwards (one die of its second roll, in
    the DynamoDB item that holds it): ``GET /verify`` says not fair, naming that step and the
    die as recorded and as replayed; changing it back makes the game verify again."""
    from service import replays
    from service.storage import GameEventRecord, GameRecord
    from tests.service.erasure_kit import play_to_the_end

    game_id, ((_, a), _) = api.new_game(2, options={"max_turns": 2})
    play_to_the_end(game_id)
    assert api.ok("GET", f"/games/{game_id}/verify", None, a)["ok"] is True
    log = DynamoGameStore().events(game_id, 0, 1 << 30)
    rolls = [e for e in log if e["type"] == "DiceRolled"]
    target = rolls[1]
    applied = [e for e in log if e["type"] == "ActionApplied" and e["seq"] < target["seq"]]
    step, seq = len(applied), applied[-1]["seq"]  # the move that rolled them
    die = target["dice"][0]

    def rewrite(value: int) -> None:
        for chunk in GameEventRecord.query(game_id):
            if chunk.first <= target["seq"] <= chunk.seq:
                chunk.events = [{**e, "dice": [value, *e["dice"][1:]]} if e["seq"] == target["seq"]
                                else e for e in chunk.events]
                chunk.save()
                break
        else:
            item = GameRecord.get(game_id)
            item.tail = [{**e, "dice": [value, *e["dice"][1:]]} if e["seq"] == target["seq"]
                         else e for e in item.tail]
            item.update(actions=[GameRecord.tail.set(item.tail)])
        replays._CACHE.clear()  # the process's replays are keyed by version, which this skips

    rewrite(die % 6 + 1)
    checked = api.ok("GET", f"/games/{game_id}/verify", None, a)
    assert checked["ok"] is False and checked["report"]["commitment_ok"] is True
    difference = checked["report"]["difference"]
    assert (difference["step"], difference["seq"], difference["what"]) == (step, seq, "events")
    assert difference["recorded"]["dice"][0] == die % 6 + 1
    assert difference["replayed"]["dice"][0] == die
    assert checked["report"]["steps"] == step - 1
    rewrite(die)
    assert api.ok("GET", f"/games/{game_id}/verify", None, a)["ok"] is True
