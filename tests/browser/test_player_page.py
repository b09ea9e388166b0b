"""Ratings, the player's page and rematch in the browser (issue 33): the dashboard's finished
list with the winner and the reader's place, the player's page with its rating chart, and a
rematch from the finished game; at phone (390x844) and laptop (1366x768) sizes, both on one
finished table. Screenshots go to ``test-artifacts/player-*.png``."""

from __future__ import annotations

import re
import secrets

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.test_replay import DESKTOP, PHONE, play, sign_in

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def finished(stack):
    """One finished, rated two-seat Mtaani table named "Derby <n>": ``(game_id, name,
    [(handle, token)])``."""
    names = [f"rate{secrets.token_hex(3)}" for _ in range(2)]
    tokens = [stack("POST", "/sessions", {"handle": n})[1]["token"] for n in names]
    table = f"Derby {secrets.token_hex(2)}"
    status, lobby = stack("POST", "/lobbies", {"table_size": 2, "name": table}, tokens[0])
    assert status == 201 and lobby["rated"] is False, lobby       # one person seated: not yet
    game_id = lobby["lobby_id"]
    assert stack("POST", f"/lobbies/{game_id}/invites", {"handle": names[1]}, tokens[0])[0] == 201
    assert stack("POST", f"/lobbies/{game_id}/join", {}, tokens[1])[0] == 200
    assert stack("GET", f"/lobbies/{game_id}", None, tokens[0])[1]["rated"] is True
    assert stack("POST", f"/lobbies/{game_id}/start", {"options": {"max_turns": 1}}, tokens[0])[0] == 201
    assert play(stack, game_id, tokens), "the game did not end"
    return game_id, table, list(zip(names, tokens, strict=True))


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_finished_list_player_page_and_rematch(pages, stack, finished, size):
    game_id, table, seats = finished
    (a_name, _), (b_name, b_token) = seats
    view = stack("GET", f"/games/{game_id}", None, b_token)[1]
    page = pages.open("/", **(PHONE if size == "phone" else DESKTOP))
    sign_in(page, a_name)
    # The dashboard's finished list: the table's name, its winner and A's place.
    finished_list = page.get_by_test_id("dash-finished")
    expect(finished_list.get_by_test_id("dash-game-name")).to_have_text(table, timeout=15_000)
    winner = view["outcome"]["winner"]
    result = finished_list.get_by_test_id("dash-result")
    if winner is None:
        expect(result).to_contain_text("no single winner")
    else:
        expect(result).to_contain_text(f"{seats[winner][0]} won")
    expect(result).to_contain_text(re.compile(r"you placed (1st|2nd) of 2"))
    screenshot(page, f"player-dashboard-{size}")
    # B's page: a rated Mtaani game, the chart, the game with its replay link.
    page.goto(f"{pages.base}/#/player/{b_name}")
    card = page.get_by_test_id("rating-mtaani")
    expect(card).to_contain_text("1 rated game ·")
    expect(card.get_by_test_id("rating-chart")).to_be_visible()
    expect(card.get_by_test_id("rating-chart")).to_have_attribute(
        "aria-label", re.compile(r"Rating over 1 rated game, now \d+\.\d ± \d\.\d"))
    expect(page.get_by_test_id("player-more")).to_be_hidden()        # one game: one page
    game = page.get_by_test_id("player-game")
    expect(game).to_contain_text(table)
    expect(game.get_by_test_id("player-replay")).to_have_attribute("href", f"#/game/{game_id}/replay")
    screenshot(page, f"player-page-{size}")
    # The finished game: its results strip links the players; Rematch opens the new lobby.
    page.goto(f"{pages.base}/#/game/{game_id}")
    results = page.get_by_test_id("game-results")
    expect(results).to_contain_text(table)
    expect(results.get_by_test_id("player-link").filter(has_text=b_name)).to_have_attribute(
        "href", f"#/player/{b_name}")
    results.get_by_test_id("rematch").click()
    expect(page.get_by_test_id("lobby-name")).to_have_text(f"{table} (rematch)")
    expect(page.get_by_test_id("lobby-rated")).to_contain_text("Unrated")   # B not seated yet
    expect(page.get_by_test_id("seat-1")).to_contain_text("Empty")
    screenshot(page, f"player-rematch-{size}")
