"""Load on the local stack: 50 games, 4 clients each (one per seated player) sending moves as
fast as they can for a bounded time, with deliberate duplicates (the same request twice at
once, one Idempotency-Key) and stale versions. Afterwards every game's log, replayed from its
seed, must reproduce its stored state (no lost or doubled update), and nothing answered 5xx.

``MTAA_LOAD_SECONDS`` sets how long the clients play (default 20).
"""

from __future__ import annotations

import json
import os
import random
import secrets
import threading
import time
import zlib
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import boto3
import pytest

import engine
from local.template import REGION
from tests.stack.http import Http

pytestmark = pytest.mark.stack

GAMES = 50
CLIENTS_PER_GAME = 4
SECONDS = float(os.environ.get("MTAA_LOAD_SECONDS", "15"))


class Tally:
    """Every answer the clients got, thread-safe."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.statuses: Counter[int] = Counter()
        self.codes: Counter[str] = Counter()
        self.server_errors: list[tuple[str, int, object]] = []
        self.applied: dict[str, list[int]] = {}
        self.duplicates = self.stale = 0
        self.duplicate_mismatches: list[tuple] = []

    def record(self, game_id: str, path: str, status: int, body: object) -> None:
        with self.lock:
            self.statuses[status] += 1
            if status >= 500:
                self.server_errors.append((path, status, body))
            if isinstance(body, dict) and isinstance(body.get("error"), dict):
                self.codes[body["error"].get("code", "?")] += 1
            if status == 200 and isinstance(body, dict) and "events" in body:  # an applied move
                self.applied.setdefault(game_id, []).append(body["version"])


def _setup(http: Http) -> tuple[list[str], list[str]]:
    """Four accounts and 50 started 4-seat games of theirs (seat i = account i)."""
    suffix = secrets.token_hex(3)
    tokens, handles = [], []
    for i in range(CLIENTS_PER_GAME):
        status, body = http("POST", "/sessions", {"handle": f"load{i}{suffix}"})
        assert status == 201, body
        tokens.append(body["token"])
        handles.append(body["handle"])

    def one_game(_: int) -> str:
        # Public lobbies (joined by link): fewer set-up requests than invitations.
        # An hour's idle timeout: the clients make the moves, not the (tested elsewhere) timers.
        status, lobby = http("POST", "/lobbies", {"table_size": CLIENTS_PER_GAME, "public": True,
                                                  "confirm_public": True,
                                                  "idle_timeout_seconds": 3600}, tokens[0])
        assert status == 201, lobby
        lobby_id = lobby["lobby_id"]
        for token in tokens[1:]:
            assert http("POST", f"/lobbies/{lobby_id}/join", None, token)[0] == 200
        status, game = http("POST", f"/lobbies/{lobby_id}/start", {"options": {"max_turns": 10_000}},
                            tokens[0])
        assert status == 201, game
        return game["game_id"]

    with ThreadPoolExecutor(16) as pool:
        return tokens, list(pool.map(one_game, range(GAMES)))




def _client(http: Http, tally: Tally, game_id: str, token: str, seat: int, stop: float,
            rng: random.Random) -> None:
    while time.time() < stop:
        status, view, _ = http.request("GET", f"/games/{game_id}", token=token)
        tally.record(game_id, "GET", status, view)
        if status != 200 or view["status"] != "active":
            return
        legal = view["legal_actions"]
        mine = view["decision"] is not None and view["decision"]["player"] == seat
        if not mine:
            # Not my decision: now and then roll anyway (must be 409, never applied), or make
            # one of the moves open out of turn (trade settings); otherwise poll. The roll says
            # the version it was made on: without it, a roll sent just after another client
            # ended its turn is a legal roll of this seat's new turn, and applies.
            chance = rng.random()
            if chance < 0.2:
                status, body, _ = http.request("POST", f"/games/{game_id}/mtaani/roll",
                                               {"version": view["version"]}, token)
                tally.record(game_id, "roll(not mine)", status, body)
                assert status == 409, (status, body)
            elif chance < 0.3 and legal:
                action = dict(rng.choice(legal))
                path = f"/games/{game_id}/mtaani/{action.pop('type').replace('_', '-')}"
                status, body, _ = http.request("POST", path, {**action, "version": view["version"]}, token)
                tally.record(game_id, path, status, body)
            time.sleep(0.5)  # a waiting client polls, the deciding one plays flat out
            continue
        if not legal:
            continue
        # Prefer moving the game on; batch and bankruptcy moves are rare.
        weights = [0.05 if a["type"] in ("declare_bankruptcy", "sell_batch", "mortgage_batch")
                   else 1.0 for a in legal]
        action = dict(rng.choices(legal, weights)[0])
        kind = action.pop("type")
        path = f"/games/{game_id}/mtaani/{kind.replace("_", "-")}"
        roll = rng.random()
        if roll < 0.15:  # a stale version: refused, nothing changes
            status, body, _ = http.request("POST", path, {**action, "version": view["version"] - 1}, token)
            tally.record(game_id, path, status, body)
            assert status in (409, 422), (status, body)  # 422: version 0 is malformed
            with tally.lock:
                tally.stale += 1
        elif roll < 0.35:  # the same request twice at once, one Idempotency-Key
            key = {"idempotency-key": secrets.token_hex(8)}
            body = {**action, "version": view["version"]}
            answers: list = []

            def send(path=path, body=body, key=key, answers=answers):
                answers.append(http.request("POST", path, body, token, key)[:2])

            threads = [threading.Thread(target=send) for _ in range(2)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            for status, answer in answers:
                tally.record(game_id, path, status, answer)
            oks = [a for s, a in answers if s == 200]
            with tally.lock:
                tally.duplicates += 1
                # The replay is the first answer's version and events; its ``game`` is the
                # game as it is now (service/routes.py), so a timer's write in between shows.
                cached = [(a["version"], a["events"]) for a in oks]
                if len(oks) == 2 and (cached[0] != cached[1] or any(
                        a["game"]["version"] < a["version"] for a in oks)):
                    tally.duplicate_mismatches.append((path, oks))
                if len(oks) == 2:  # the replayed answer is the first one: count it once
                    # (its version, not the list's last: another client of this game may have
                    # recorded a move of its own since these two were)
                    tally.applied[game_id].remove(oks[1]["version"])
        else:
            status, body, _ = http.request("POST", path, {**action, "version": view["version"]}, token)
            tally.record(game_id, path, status, body)


def _stored(moto: str, game_id: str) -> tuple[dict, int, list[dict]]:
    """The stored state, version and event log of a game, read from moto directly."""
    dynamodb = boto3.client("dynamodb", endpoint_url=moto, region_name=REGION)
    item = dynamodb.get_item(TableName=os.environ["GAMES_TABLE"], Key={"game_id": {"S": game_id}},
                             ConsistentRead=True)["Item"]
    # Read raw, decoded by the store's own functions (the state with its ruleset's dictionary,
    # the log's chunks and the game item's tail).
    from service.storage import unpack_state

    state = json.loads(unpack_state(item["state"]["B"]))
    events, start = [], None
    while True:
        args = {"TableName": os.environ["EVENTS_TABLE"], "ConsistentRead": True,
                "KeyConditionExpression": "game_id = :g",
                "ExpressionAttributeValues": {":g": {"S": game_id}}}
        if start:
            args["ExclusiveStartKey"] = start
        page = dynamodb.query(**args)
        for chunk in page["Items"]:
            events += json.loads(zlib.decompress(chunk["events"]["B"]))
        start = page.get("LastEvaluatedKey")
        if not start:
            break
    tail = json.loads(zlib.decompress(item["tail"]["B"])) if "tail" in item else []
    events += [e for e in tail if not events or e["seq"] > events[-1]["seq"]]
    return state, int(item["version"]["N"]), events


def _replay(state: dict, events: list[dict]) -> str:
    """Deal again from the stored seed and apply every logged action in order."""
    players = [p["id"] for p in state["players"]]
    options = {k: v for k, v in state["options"].items() if v is not None}
    replayed = engine.new_game(state["ruleset"], players, state["seed"], options)
    for event in sorted(events, key=lambda e: e["seq"]):
        if event["type"] == "ActionApplied":
            replayed = engine.apply(replayed, event["action"]).state
    return engine.dump_state(replayed)


def test_fifty_games_four_clients_each_no_lost_or_doubled_update(stack):
    http, moto = stack
    began = time.time()
    tokens, games = _setup(http)
    tally = Tally()
    set_up = time.time()
    stop = set_up + SECONDS
    with ThreadPoolExecutor(GAMES * CLIENTS_PER_GAME) as pool:
        futures = [pool.submit(_client, http, tally, game_id, tokens[seat], seat, stop,
                               random.Random(f"{game_id}:{seat}"))
                   for game_id in games for seat in range(CLIENTS_PER_GAME)]
        for future in futures:
            future.result()
    played = time.time()
    assert not tally.server_errors, tally.server_errors[:5]
    assert not tally.duplicate_mismatches, tally.duplicate_mismatches[:3]
    assert tally.statuses[200] > GAMES and tally.duplicates and tally.stale
    assert tally.codes["stale_version"] > 0 and tally.codes["not_your_decision"] > 0
    moves = 0
    for game_id in games:
        state, version, events = _stored(moto, game_id)
        actions = [e for e in events if e["type"] == "ActionApplied"]
        # One version per applied action (the deal is version 1): nothing lost, nothing doubled.
        assert version == 1 + len(actions), game_id
        assert [e["seq"] for e in sorted(events, key=lambda e: e["seq"])] == list(range(1, len(events) + 1))
        assert _replay(state, events) == json.dumps(state, separators=(",", ":")), game_id
        # Each version was answered as applied at most once (timers apply the rest).
        answered = tally.applied.get(game_id, [])
        assert len(answered) == len(set(answered)), (game_id, sorted(answered))
        assert len(answered) <= len(actions)
        moves += len(actions)
    print(f"\nset-up {set_up - began:.0f}s, play {played - set_up:.0f}s, checks "
          f"{time.time() - played:.0f}s")
    print(f"{SECONDS:.0f}s, {GAMES} games x {CLIENTS_PER_GAME} clients: {sum(tally.statuses.values())} "
          f"answers {dict(tally.statuses)}, {moves} moves applied, {tally.duplicates} duplicate pairs, "
          f"{tally.stale} stale versions; codes {dict(tally.codes)}")
