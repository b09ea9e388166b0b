"""A fourth game touches nothing shared (issue 30.6): Siri (:mod:`tests.siri`, three files)
is found from its package, passes the whole ruleset kit, plays through the pipeline on the
in-memory store,
and is served by the one action function through the template's one move route, with its
moves documented in ``/openapi.json``; its turn's deadline is passed for an absent player."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys

import pytest

from tests.engine import test_ruleset_kit as kit

KIT = sorted(name for name, test in vars(kit).items()
             if name.startswith("test_") and list(inspect.signature(test).parameters) == ["name"])


def test_the_registry_finds_siri_from_its_package_without_importing_its_rules():
    """Only the package's registry module is read until a ruleset is asked for (cold starts)."""
    code = ("import sys, engine; print(engine.games(), engine.game_of('siri'), "
            "[m for m in sys.modules if m.endswith('.ruleset')] == []); "
            "engine.get_ruleset('siri'); print('tests.siri.ruleset' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"RULESET_PACKAGES": "tests.siri", "PYTHONPATH": "layers/engine:."})
    assert out.stdout.split("\n")[:2] == ["['jiji', 'mtaani', 'mulodi', 'siri'] siri True", "True"]


def test_without_its_package_named_siri_is_unknown():
    import engine

    assert "siri" not in engine.games()
    with pytest.raises(engine.UnknownRuleset):
        engine.get_ruleset("siri")


@pytest.mark.parametrize("check", KIT)
def test_siri_passes_the_ruleset_kit(siri, check):
    assert len(KIT) >= 12
    getattr(kit, check)("siri")


def test_siri_through_the_pipeline(siri, memory_store):
    import engine
    from service import pipeline
    from service.accounts import bot_id

    # A person and a bot: an unrated table (fewer than two people), so its end reads no
    # ratings (a rated game's end reads the people's ratings, which are not behind the port).
    accounts = ["acc_siri_a000000000", bot_id("base", 1)]
    created = pipeline.create_game("siri", accounts, {}, owner=accounts[0])
    game_id = created.game.game_id
    card = created.game.state.card
    wrong = 1 if card != 1 else 2
    first = pipeline.act(game_id, accounts[0], {"type": "guess", "card": wrong})
    assert [e["type"] for e in first.events if e["type"] == "Guessed"] == ["Guessed"]
    with pytest.raises(engine.NotYourDecision):
        pipeline.act(game_id, accounts[0], {"type": "pass"})
    last = pipeline.act(game_id, accounts[1], {"type": "guess", "card": card})
    assert engine.outcome(last.state) == engine.Outcome("guessed", 1)
    stored = memory_store.load(game_id)
    assert (stored.version, engine.outcome(stored.state)) == (3, engine.Outcome("guessed", 1))  # dealt, 2 guesses
    # The bus heard the deal, each turn's decision, the bot's cue and the end; nothing waits after it.
    kinds = [kind for kind, _ in memory_store.published]
    assert kinds == ["GameCreated", "DecisionPending", "Guessed", "DecisionPending", "BotsToMove",
                     "Guessed", "GameEnded"]
    assert memory_store.published[-1][1]["event"]["winner"] == 1


def test_siri_is_served_by_the_one_action_function(siri, api):
    from api.openapi import document
    from service import pipeline

    # Dealt by the pipeline, as a lobby's start does: the lobbies' request model lists the
    # rulesets known when its module was imported, earlier in this test process (a deployment
    # names the package before it starts; the local stack test below goes through a lobby).
    (_, alice), (_, bob) = api.sign_in(), api.sign_in()
    ids = [api.ok("GET", "/account", None, token)["account_id"] for token in (alice, bob)]
    game_id = pipeline.create_game("siri", ids, {}, owner=ids[0]).game.game_id
    view = api.ok("GET", f"/games/{game_id}", None, alice)
    assert view["game"] == "siri" and view["state"]["card"] is None     # face down
    assert {a["type"] for a in view["legal_actions"]} == {"guess", "pass", "taunt"}
    assert api.call("POST", f"/games/{game_id}/siri/guess", {"card": 10}, alice).status == 422
    assert api.call("POST", f"/games/{game_id}/siri/guess", {"card": 5}, bob).status == 409
    assert api.call("POST", f"/games/{game_id}/mtaani/roll", None, alice).status == 404
    taunt = api.ok("POST", f"/games/{game_id}/siri/taunt", None, bob)   # a free move, any time
    assert [e["type"] for e in taunt["events"]] == ["Taunted"]
    guessed = api.ok("POST", f"/games/{game_id}/siri/guess", {"card": 5}, alice)
    assert guessed["events"][0]["type"] == "Guessed" and guessed["version"] == taunt["version"] + 1
    assert "card" not in json.dumps(guessed["game"]["state"]["guesses"])   # hints only
    paths = document.__wrapped__()["paths"]                             # a fresh document
    for move in ("guess", "pass", "taunt"):
        assert "post" in paths[f"/games/{{game_id}}/siri/{move}"]
    body = paths["/games/{game_id}/siri/guess"]["post"]["requestBody"]
    assert body["content"]["application/json"]["schema"]["$ref"].endswith("GuessRequest")


def test_an_absent_players_turn_is_passed_when_its_deadline_passes(siri, aws):
    from datetime import UTC, datetime, timedelta

    from service import pipeline
    from tests.service.buspump import discard_all, travel
    from timers import deadline

    accounts = ["acc_siri_c000000000", "acc_siri_d000000000"]
    start = datetime(2026, 5, 4, 10, 0, 0, tzinfo=UTC)
    discard_all()
    with travel(start) as clock:
        created = pipeline.create_game("siri", accounts, {"idle_timeout_seconds": 120},
                                       owner=accounts[0])
        game_id = created.game.game_id
        assert deadline.fire(game_id)["applied"] is False
        clock.move_to(start + timedelta(seconds=121))
        fired = deadline.fire(game_id)
    assert fired["applied"] is True
    from service.storage import DynamoGameStore

    log = DynamoGameStore().events(game_id, 0, 100)
    assert [(e["player"], e["by"]) for e in log if e["type"] == "Passed"] == [(0, "table")]


def test_the_local_stack_serves_siri_when_its_package_is_named():
    """``python -m local`` (``make run``) with ``RULESET_PACKAGES=tests.siri``: the template's
    one move route reaches the one action function in a worker process for Siri too."""
    from tests.stack.http import Http, start_game
    from tests.stackprocess import stack_output, start_stack, stop_stack

    process, url, _ = start_stack(environment={"RULESET_PACKAGES": "tests.siri"})
    try:
        http = Http(url)
        handles = ["siri_ann", "siri_ben"]
        tokens = [http("POST", "/sessions", {"handle": h})[1]["token"] for h in handles]
        status, game = start_game(http, tokens, handles, {}, ruleset="siri")
        assert status == 201, game
        path = f"/games/{game['game_id']}/siri"
        status, moved = http("POST", f"{path}/pass", None, tokens[0])
        assert status == 200 and [e["type"] for e in moved["events"]] == ["Passed"], moved
        status, refused = http("POST", f"{path}/pass", None, tokens[0])
        assert status == 409, refused                      # the turn is Ben's now
        status, guessed = http("POST", f"{path}/guess", {"card": 4}, tokens[1])
        assert status == 200 and guessed["events"][0]["type"] == "Guessed", guessed
        assert http("GET", "/openapi.json")[1]["paths"]["/games/{game_id}/siri/guess"]
    except AssertionError as exc:
        raise AssertionError(f"{exc}\n{stack_output(process)[-3000:]}") from None
    finally:
        stop_stack(process)
