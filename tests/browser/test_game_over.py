"""A finished game opens on its result, for all three games (issue 32, item 2), on a phone
(390x844) and a laptop (1366x768): the winner, how the game ended, the replay and the
fairness check one press away (in view as the page opens, above the board), the standings
and a chart; the rail no longer names whose turn it is, and no line on the page is a bare
39-digit seed.

The games, played to their end through the API by two people each:
- Mtaani, a 2-turn cap (each rolls 5+6 and declines: the richer wins the turn cap);
- Mulodi, a 2-turn cap (each ends a turn: the ranking decides, a tie names nobody);
- Jiji, a 60-second game clock from the first roll (the starter rolls 1+2 onto Korogocho):
  ended by its clock, the result shows as soon as the clock has run out. It is dealt first
  and checked last, so the other games' checks take most of its minute.
"""

from __future__ import annotations

import re
import time

from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.test_jiji_table import jiji_table, move
from tests.browser.test_table import IN_VIEW, handle, open_as

LAYOUTS = ["phone-portrait", "desktop-1366"]
CLOCK = 60


def _people(stack, n: int) -> list[dict]:
    out = []
    for _ in range(n):
        status, body = stack("POST", "/sessions", {"handle": handle("r")})
        assert status == 201, body
        out.append(body)
    return out


def _lobby_game(stack, ruleset: str, accounts: list[dict], options: dict) -> str:
    owner = accounts[0]["token"]
    status, lobby = stack("POST", "/lobbies", {"ruleset": ruleset, "table_size": len(accounts),
                                               "bot_delay_seconds": 0}, owner)
    assert status == 201, lobby
    for account in accounts[1:]:
        assert stack("POST", f"/lobbies/{lobby['lobby_id']}/invites", {"handle": account["handle"]}, owner)[0] == 201
        assert stack("POST", f"/lobbies/{lobby['lobby_id']}/join", {}, account["token"])[0] == 200
    status, game = stack("POST", f"/lobbies/{lobby['lobby_id']}/start", {"options": options}, owner)
    assert status == 201, game
    return game["game_id"]


def _play(stack, accounts, game_id, game, answers) -> dict:
    """Answer each decision with ``answers[kind]`` (a move and its body) until the game ends."""
    for _ in range(40):
        status, view = stack("GET", f"/games/{game_id}", token=accounts[0]["token"])
        assert status == 200, view
        if view["outcome"]:
            return view
        d = view["decision"]
        path, body = answers[d["kind"]]
        status, answer = stack("POST", f"/games/{game_id}/{game}/{path}", body, accounts[d["player"]]["token"])
        assert status == 200, (path, answer)
    raise AssertionError("the game did not end")


def _finished_games(stack) -> dict:
    """The three finished games: ``{game: (accounts, game_id, winner seat or None)}``; the Jiji
    game's clock ends at ``finished["jiji_ends"]`` (Unix seconds)."""
    out = {}
    accounts, jiji_id, first = jiji_table(stack, {"end": "clock", "clock_seconds": CLOCK,
                                                  "scripted": {"dice": [[1, 2]]}})
    move(stack, jiji_id, accounts[first], "roll")
    out["jiji_ends"] = time.time() + CLOCK + 1
    out["jiji"] = (accounts, jiji_id, None)

    people = _people(stack, 2)
    game_id = _lobby_game(stack, "mtaani", people, {
        "max_turns": 2, "scripted": {"dice": [[5, 6]] * 10, "mugging": [False] * 10}})
    view = _play(stack, people, game_id, "mtaani", {
        "turn": ("roll", {}), "buy": ("decline", {}), "end": ("end-turn", {}),
        "deck": ("choose-deck", {"deck": "mtaani"})})
    out["mtaani"] = (people, game_id, view["outcome"]["winner"])

    people = _people(stack, 2)
    game_id = _lobby_game(stack, "mulodi", people, {"max_turns": 2})
    view = _play(stack, people, game_id, "mulodi", {"play": ("end-turn", {"returned": []})})
    out["mulodi"] = (people, game_id, view["outcome"]["winner"])
    return out


NO_SEED = re.compile(r"\d{20,}")


def test_a_finished_game_of_each_game_opens_on_its_result_on_a_phone_and_a_laptop(pages, stack):
    """One test, so the Jiji clock's minute is spent once and mostly on the other games (a
    parametrised test's cases may run on two workers, each dealing and waiting)."""
    finished = _finished_games(stack)
    for game in ("mtaani", "mulodi", "jiji"):
        if game == "jiji":
            time.sleep(max(0.0, finished["jiji_ends"] - time.time()))
        for layout in LAYOUTS:
            _opens_on_its_result(pages, stack, finished[game], game, layout)


def _opens_on_its_result(pages, stack, finished, game, layout):
    accounts, game_id, _ = finished
    page = open_as(pages, stack, accounts[0], f"/game/{game_id}", layout)
    result = page.get_by_test_id("game-result")
    expect(result).to_be_visible(timeout=15_000)
    status, view = stack("GET", f"/games/{game_id}", token=accounts[0]["token"])
    assert status == 200 and view["status"] == "finished" and view["outcome"], view["status"]
    winner = view["outcome"]["winner"]
    names = {0: accounts[0]["handle"], 1: accounts[1]["handle"]}
    title = ("Game over: no single winner" if winner is None
             else "Game over: you win" if winner == 0 else f"Game over: {names[winner]} wins")
    expect(page.get_by_test_id("result-title")).to_have_text(title)
    # The result is what the page opens on: its title, the replay and the check in view.
    page.wait_for_timeout(300)  # (the scroll to the result runs on the next frame)
    for testid in ("result-title", "result-replay", "result-verify"):
        assert page.get_by_test_id(testid).evaluate(IN_VIEW), (game, layout, testid)
    screenshot(page, f"game-over-{game}-{layout}", top=False)
    standings = result.get_by_test_id("standings").locator("li")
    expect(standings).to_have_count(2)
    if winner is not None:
        expect(standings.first).to_have_attribute("data-seat", str(winner))
    expect(result.locator("svg.chart")).to_have_count(1)
    # Nothing says whose turn it is any more; no line is a bare seed.
    text = page.locator("#app").inner_text()
    assert "'s turn" not in text and "their turn" not in text, (game, layout)
    assert not NO_SEED.search(text), NO_SEED.search(text).group(0)
    # The fairness check, one press: in the replay's words.
    page.get_by_test_id("result-verify").click()
    fairness = page.get_by_test_id("fairness-result")
    if game == "mulodi":  # a table dealt from its seed alone: fair
        expect(fairness).to_contain_text("Checked: the game's luck")
    else:                 # fixed dice: a test table, never called fair
        expect(fairness).to_contain_text("Not verified: this table's dice and draws were fixed in advance")
    # The replay, one press: every card shown.
    page.get_by_test_id("result-replay").click()
    expect(page.get_by_test_id("replay-status")).to_be_visible()
    expect(page.get_by_test_id("revealed")).not_to_be_empty()
