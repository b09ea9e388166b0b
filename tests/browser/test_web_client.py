"""The web client in headless Chromium against the local stack: sign-in, the dashboard, a
seeded two-player game (roll, buy, build after completing a set, the trade composer), a second
browser seeing the same board update without a reload, phone layouts and view modes, the
guide generated from the engine's data, the end-of-game summary and basic accessibility.

Figures are worked out by hand from the guide: NCWSC's mortgage value is 160,000 so it costs
320,000; a station on it costs 140,000; Kibra's base fee is 1,300; starting cash 2,000,000.
"""

from __future__ import annotations

import json
import re
import secrets

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot

DESKTOP = {"viewport": {"width": 1400, "height": 900}}
PHONE_PORTRAIT = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
                  "device_scale_factor": 2}
PHONE_LANDSCAPE = {"viewport": {"width": 844, "height": 390}, "is_mobile": True, "has_touch": True,
                   "device_scale_factor": 2}

# A (seat 0) rolls 5+6 to NCWSC (11); B rolls 1+2 to Kibra (3); A rolls 5+5 to Jamhuri (21),
# doubles, then 5+6 to KPLC (32): A holds both utilities. No mugging on the seedy side.
SCRIPT = {"scripted": {"dice": [[5, 6], [1, 2], [5, 5], [5, 6], [1, 3]], "mugging": [False] * 20}}


def handle(prefix: str) -> str:
    return f"{prefix}{secrets.token_hex(3)}"


def sign_in(page, name: str) -> None:
    page.fill("#handle", name)
    page.get_by_role("button", name="Sign in or claim").click()
    expect(page.get_by_test_id("signed-in-as")).to_have_text(f"@{name}")


def tile(page, index: int):
    return page.locator(f'.board [data-tile="{index}"]')


def act(page, action: str):
    """Click the dock button of a legal action and wait for its answer to be drawn."""
    button = page.locator(f'button[data-action="{action}"]').first
    expect(button).to_be_enabled()
    with page.expect_response(re.compile(r"/games/[^/]+/[a-z]+/[a-z-]+$")) as answer:
        button.click()
    assert answer.value.ok, answer.value.text()
    idle(page)


def idle(page):
    """Wait until the game screen has drawn the answer to the last action (the shell marks the
    screen busy while an action is on its way)."""
    expect(page.locator("#app[data-busy]")).to_have_count(0)


def deal_table(stack, a, b, b_name: str, options: dict) -> str:
    """A two-seat table from A's dashboard: through a lobby (A creates it, invites B, B takes
    the seat, A starts with ``options``) where the server has lobbies, else the quick-table
    form (POST /games). Returns the game id."""
    a.get_by_test_id("new-game").click()
    if stack.missing("POST /lobbies"):
        status, game = stack("POST", "/games", {"seats": [a.evaluate("JSON.parse(localStorage.getItem('mtaa.session')).handle"), b_name],
                                                 "options": options}, token_of(a))
        assert status == 201, game
        a.goto(f"{stack.base}/#/game/{game['game_id']}")
    else:
        a.select_option("#table-size", "2")
        a.get_by_role("button", name="Create lobby").click()
        a.fill("#invite-handle", b_name)
        a.get_by_role("button", name="Invite", exact=True).click()
        expect(a.get_by_text(f"{b_name} (player)")).to_be_visible(timeout=20_000)  # the invitation landed
        lobby_id = a.url.rsplit("/", 1)[-1]
        b.goto(f"{stack.base}/#/lobby/{lobby_id}")
        b.locator("#join-1").click()
        expect(a.get_by_test_id("seat-1")).to_contain_text(b_name)
        set_lobby_options(stack, a, lobby_id, options)
        a.get_by_role("button", name="Start the game").click()
    a.wait_for_selector(".board")
    return a.url.rsplit("/", 1)[-1]


def token_of(page) -> str:
    return page.evaluate("JSON.parse(localStorage.getItem('mtaa.session')).token")


def set_lobby_options(stack, page, lobby_id: str, options: dict) -> None:
    """Give the lobby table options players are not offered (scripted dice for a seeded game),
    as its owner, through the API: the lobby keeps them for the kickoff."""
    status, body = stack("PATCH", f"/lobbies/{lobby_id}", {"options": options}, token_of(page))
    assert status == 200, body


def test_two_players_play_a_seeded_game_and_watch_each_other(pages, stack):
    a_name, b_name = handle("amani"), handle("baraka")
    a = pages.open("/", **DESKTOP)
    sign_in(a, a_name)
    b = pages.open("/", **PHONE_PORTRAIT)
    sign_in(b, b_name)
    game_id = deal_table(stack, a, b, b_name, SCRIPT)
    b.goto(f"{stack.base}/#/game/{game_id}")
    expect(b.get_by_test_id("turn-status")).to_have_text(f"{a_name} to roll")

    # A rolls 11 to NCWSC: buying costs 320,000, declining pays the 4,000 base fee.
    expect(a.get_by_test_id("turn-status")).to_have_text("Your turn: roll")
    act(a, "roll")
    expect(a.locator('button[data-action="buy"] .cost')).to_have_text("320,000 SFR")
    expect(a.locator('button[data-action="decline"] .cost')).to_have_text("4,000 SFR")
    act(a, "buy")
    expect(a.get_by_test_id("current-cash")).to_have_text("1,680,000 SFR")
    # B's browser sees it without a reload (ETag polling).
    expect(b.locator('[data-tile="11"]')).to_have_attribute("aria-label", re.compile(f"owned by {a_name}"))
    expect(b.get_by_test_id("player-0")).to_contain_text("1,680,000 SFR")
    act(a, "end_turn")

    # B rolls 3 to Kibra and declines: the fee is Kibra's base fee, 1,300.
    expect(b.get_by_test_id("turn-status")).to_have_text("Your turn: roll")
    act(b, "roll")
    expect(b.locator('button[data-action="decline"] .cost')).to_have_text("1,300 SFR")
    act(b, "decline")
    expect(b.get_by_test_id("player-1")).to_contain_text("1,998,700 SFR")
    act(b, "end_turn")

    # A: doubles to Jamhuri (declined), the extra roll to KPLC (bought): both utilities.
    act(a, "roll")
    act(a, "decline")
    expect(a.get_by_test_id("turn-status")).to_have_text("Your turn: roll")
    act(a, "roll")
    expect(a.locator('button[data-action="buy"] .cost')).to_have_text("320,000 SFR")
    act(a, "buy")

    # The complete set unlocks building: the Assets panel offers a station for 140,000.
    a.get_by_role("tab", name="Assets").click()
    build = a.locator('button[data-action="build"]', has_text="NCWSC")
    expect(build.locator(".cost")).to_have_text("140,000 SFR")
    with a.expect_response(re.compile(r"/build$")):
        build.click()
    idle(a)
    expect(tile(a, 11)).to_have_attribute("aria-label", re.compile("1 station"))
    # 2,000,000 - 320,000 - 9,600 (Jamhuri's fee) - 320,000 - 140,000.
    expect(a.get_by_test_id("player-0")).to_contain_text("1,210,400 SFR")
    expect(b.locator('[data-tile="11"]')).to_have_attribute("aria-label", re.compile("1 station"))
    screenshot(a, "game-desktop")

    # The trade composer shows exactly what changes hands.
    a.get_by_role("tab", name="Trade").click()
    a.get_by_role("checkbox", name="KPLC").check()
    expect(a.get_by_test_id("trade-preview")).to_contain_text("You give: KPLC")
    a.get_by_role("checkbox", name="KPLC").uncheck()  # its set has units: not tradeable
    a.fill("#give-cash", "50000")
    a.locator("#give-cash").blur()
    preview = a.get_by_test_id("trade-preview")
    expect(preview).to_contain_text("You give: 50,000 SFR")
    expect(preview).to_contain_text("You get: nothing")
    with a.expect_response(re.compile(r"/propose-trade$")) as answer:
        a.get_by_role("button", name="Send offer").click()
    assert answer.value.ok, answer.value.text()
    idle(a)
    mine = a.locator("li.offer")
    expect(mine).to_contain_text("You give: 50,000 SFR")
    # B sees exactly what changes hands, from their side, and declines.
    b.get_by_role("tab", name="Trade").click()
    offer = b.locator("li.offer")
    expect(offer).to_contain_text(f"from {a_name}")
    expect(offer).to_contain_text("You get: 50,000 SFR")
    expect(offer).to_contain_text("You give: nothing")
    expect(offer.locator('button[data-action="accept_trade"]')).to_be_visible()
    act(b, "decline_trade")
    expect(mine).to_have_count(0)

    # Keyboard: the dock's tabs move with the arrow keys and keep focus.
    a.get_by_role("tab", name="Trade").focus()
    a.keyboard.press("ArrowRight")
    expect(a.get_by_role("tab", name="Loans")).to_be_focused()
    expect(a.get_by_role("tab", name="Loans")).to_have_attribute("aria-selected", "true")
    # The Loans panel offers a player loan (offer_loan belongs to loans, not trades).
    expect(a.get_by_role("button", name="Offer the loan")).to_be_visible()
    assert_accessible(a)

    # Phone portrait: the view mode is remembered on the device; double-tap opens the card.
    b.get_by_role("button", name="The Street").click()
    expect(b.locator(".street")).to_be_visible()
    b.reload()
    expect(b.get_by_role("button", name="The Street")).to_have_attribute("aria-pressed", "true")
    screenshot(b, "game-phone-portrait-street")
    b.get_by_role("button", name="Map").click()
    b.locator('[data-tile="11"]').tap()
    b.locator('[data-tile="11"]').tap()
    card = b.locator("dialog.tile-card")
    expect(card).to_be_visible()
    expect(card).to_contain_text("With 5 stations")
    b.get_by_role("button", name="Close").click()
    expect(card).to_have_count(0)
    screenshot(b, "game-phone-portrait")
    assert_single_column(b)

    # Phone landscape: the board fills the left at full height, controls on the right.
    c = pages.open("/", **PHONE_LANDSCAPE)
    sign_in_landscape(c, a_name)
    c.goto(f"{stack.base}/#/game/{game_id}")
    c.wait_for_selector(".board")
    board = c.locator(".board-wrap").bounding_box()
    dock = c.locator(".dock").bounding_box()
    assert board["x"] < 5 and board["height"] >= 380, board
    assert dock["x"] >= board["x"] + board["width"] - 1, (board, dock)
    screenshot(c, "game-phone-landscape")

    # The dashboard lists the game with whose turn it is.
    a.goto(f"{stack.base}/#/")
    expect(a.get_by_test_id("dash-in-progress")).to_contain_text("Your turn")
    screenshot(a, "dashboard")


def sign_in_landscape(page, name: str) -> None:
    """Sign in on a landscape phone (no nav check here: test_trial.py checks the header sideways)."""
    page.fill("#handle", name)
    page.get_by_role("button", name="Sign in or claim").click()
    page.wait_for_function("() => localStorage.getItem('mtaa.session') !== null")


def assert_single_column(page) -> None:
    boxes = [page.locator(sel).bounding_box() for sel in (".game-top", ".board-wrap", ".rail", ".dock")]
    assert all(abs(box["x"] - boxes[0]["x"]) < 2 for box in boxes), boxes
    assert [box["y"] for box in boxes] == sorted(box["y"] for box in boxes), boxes


LUMINANCE = """
  const lum = (rgb) => {
    const [r, g, b] = rgb.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number).map((v) => {
      v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const bgOf = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const bg = getComputedStyle(e).backgroundColor;
      if (bg && !bg.startsWith("rgba(0, 0, 0, 0)") && bg !== "transparent") return bg;
    }
    return "rgb(255, 255, 255)";
  };
"""
"""JavaScript for a function body: ``lum(rgb)``, the WCAG 2 relative luminance of a CSS colour,
and ``bgOf(el)``, the colour an element's text is drawn on (its first painted ancestor's)."""

CONTRAST = """
() => {
""" + LUMINANCE + """  const out = [];
  for (const el of document.querySelectorAll("button, a, label, p, dt, dd, h1, h2, h3, li, td, th")) {
    if (!el.offsetParent || !el.textContent.trim() || el.closest(".tile, .mini-tile, .board-center")) continue;
    const fg = getComputedStyle(el).color;
    const [l1, l2] = [lum(fg), lum(bgOf(el))].sort((x, y) => y - x);
    const ratio = (l1 + 0.05) / (l2 + 0.05);
    if (ratio < 4.5) out.push(`${el.tagName} "${el.textContent.trim().slice(0, 30)}" ${ratio.toFixed(2)}`);
  }
  return out;
}
"""

LABELS = """
() => {
  const bad = [];
  for (const el of document.querySelectorAll("button, a[href], input, select, textarea, [role=tab], [role=gridcell]")) {
    if (el.type === "hidden" || !el.offsetParent) continue;
    const named = el.getAttribute("aria-label") || el.getAttribute("aria-labelledby")
      || (el.labels && el.labels.length) || el.textContent.trim() || el.getAttribute("title");
    if (!named) bad.push(el.outerHTML.slice(0, 80));
  }
  return bad;
}
"""


def assert_accessible(page) -> None:
    """Every control has an accessible name and text meets WCAG AA contrast (4.5:1)."""
    assert page.evaluate(LABELS) == []
    assert page.evaluate(CONTRAST) == []


@pytest.mark.parametrize("layout", [PHONE_PORTRAIT, DESKTOP], ids=["phone", "laptop"])
def test_the_sign_in_page_says_what_the_games_are(pages, stack, layout):
    """Issue 32.6: a new player sees what each game is before signing in: every game of the
    registry once, by name, with its sentence (read from the guide, not written in the shell)."""
    page = pages.open("/#/signin", **layout)
    games = page.get_by_test_id("signin-games")
    expect(games.get_by_role("heading")).to_have_text("The 3 games", timeout=20_000)
    expect(games.locator("li strong")).to_have_text(["Jiji", "Mtaani", "Mulodi"])
    expect(games.locator("li[data-game=mulodi]")).to_contain_text("answer action cards with a Neda")
    for item in games.locator("li").all():
        box = item.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= layout["viewport"]["width"]
    expect(page.get_by_role("button", name="Sign in or claim")).to_be_visible()
    assert_accessible(page)
    screenshot(page, f"signin-{layout['viewport']['width']}", top=False)


def test_the_guide_is_generated_from_the_engines_data(pages, stack):
    page = pages.open("/#/guide", **DESKTOP)
    expect(page.get_by_role("heading", name="How to play Mtaani")).to_be_visible()
    facts = page.get_by_test_id("quick-facts")
    expect(facts).to_contain_text("2,000,000 SFR")
    expect(facts).to_contain_text("400,000 SFR (landing exactly: 800,000 SFR)")
    expect(facts).to_contain_text("6,000,000 SFR")
    # Eastleigh: price 2 x 12,500; with 5 units (25,000 + 5 x 22,500) x 5 / 5 = 137,500.
    row = page.locator('tr[data-tile="Eastleigh"] td')
    expect(row).to_have_text(["25,000", "1,000", "12,500", "22,500", "137,500"])
    expect(page.get_by_text("Your MansaX deposit gets doubled.")).to_be_visible()
    # The guide's idle rule (5 minutes, a live table) next to this service's: each table sets
    # its own idle timeout. Rulesets go by their readable names.
    expect(page.get_by_test_id("idle-turns")).to_have_text(
        "each table sets its own idle timeout, shown in its lobby: a turn left idle that long is "
        "ended by the table. The guide's live table ends an idle turn after 5 minutes.")
    import engine

    expect(page.locator("#guide-ruleset option")).to_have_text(   # every ruleset, by its title
        [engine.get_ruleset(name).title for name in engine.rulesets()])
    assert_accessible(page)
    screenshot(page, "guide")
    # The classic preset: 500,000 salary, SGR's fee 10,000.
    page.select_option("#guide-ruleset", "mtaani-classic")
    expect(page.get_by_test_id("quick-facts")).to_contain_text("500,000 SFR")
    expect(page.locator('tr[data-tile="SGR"] td').nth(1)).to_have_text("10,000")
    # The demo link: a table of four bots to watch (after signing in).
    page.get_by_test_id("demo-link").click()
    sign_in(page, handle("visitor"))
    if stack.missing("POST /demo"):
        expect(page.get_by_text("does not run bots yet")).to_be_visible()
    else:
        page.wait_for_selector(".board")
        expect(page.get_by_test_id("turn-status")).to_contain_text("watching")


def play_to_the_turn_cap(stack, tokens: list[str], game_id: str) -> dict:
    """Answer every decision through the API (roll, decline, Mtaani deck, end turn)."""
    answers = {"turn": "roll", "buy": "decline", "end": "end-turn", "deck": "choose-deck"}
    for _ in range(200):
        status, view = stack("GET", f"/games/{game_id}", token=tokens[0])
        if view["outcome"]:
            return view
        decision = view["decision"]
        body = {"version": view["version"]}
        if decision["kind"] == "deck":
            body["deck"] = "mtaani"
        status, result = stack("POST", f"/games/{game_id}/mtaani/{answers[decision['kind']]}", body,
                               tokens[decision["player"]])
        assert status == 200, result
    raise AssertionError("the game did not reach its turn cap")


def api_table(stack, names: list[str], tokens: list[str], options: dict) -> dict:
    """Deal a table for ``names`` through the API: POST /games, or a lobby where the server
    deals through lobbies (create, invite, join, start)."""
    if stack.missing("POST /lobbies"):
        status, game = stack("POST", "/games", {"seats": names, "options": options}, tokens[0])
        assert status == 201, game
        return game
    status, lobby = stack("POST", "/lobbies", {"table_size": len(names)}, tokens[0])
    assert status == 201, lobby
    for name, token in zip(names[1:], tokens[1:], strict=True):
        status, body = stack("POST", f"/lobbies/{lobby['lobby_id']}/invites", {"handle": name}, tokens[0])
        assert status == 201, body
        status, body = stack("POST", f"/lobbies/{lobby['lobby_id']}/join", {}, token)
        assert status == 200, body
    status, game = stack("POST", f"/lobbies/{lobby['lobby_id']}/start", {"options": options}, tokens[0])
    assert status == 201, game
    return game


def test_a_finished_game_shows_the_summary(pages, stack):
    names = [handle("wanjiku"), handle("otieno")]
    tokens = [stack("POST", "/sessions", {"handle": n})[1]["token"] for n in names]
    # 5+6 every roll, no doubles: both players pass Payday within five turns each.
    options = {"max_turns": 12, "scripted": {"dice": [[5, 6]] * 40, "mugging": [False] * 40,
                                             "mtaani": ["side-hustle"] * 10}}
    game = api_table(stack, names, tokens, options)
    view = play_to_the_turn_cap(stack, tokens, game["game_id"])
    assert view["outcome"]["termination"] == "turn_cap"
    page = pages.open("/", **DESKTOP)
    sign_in(page, names[0])
    page.goto(f"{stack.base}/#/game/{game['game_id']}")
    summary = page.locator(".summary")
    expect(summary).to_contain_text("Game over")
    winner = names[view["outcome"]["winner"]]
    expect(summary.locator(".standings li").first).to_contain_text(winner)
    expect(summary.locator(".standings li")).to_have_count(2)
    expect(summary.locator("svg.chart polyline")).to_have_count(2)
    expect(summary.locator("table.sources thead")).to_contain_text("salary")
    summary.scroll_into_view_if_needed()
    screenshot(page, "game-summary", top=False)


def test_lobby_bots_chat_and_account_deletion(pages, stack):
    """The issue's whole scenario: claim a handle, create a lobby, add two bots, invite a second
    player, start a seeded game, roll, buy, build after completing a set, open a trade, chat,
    see the bots move, a second player sees the same board, and the account is deleted."""
    a_name, b_name = handle("amani"), handle("baraka")
    a = pages.open("/", **DESKTOP)
    sign_in(a, a_name)
    b = pages.open("/", **PHONE_PORTRAIT)
    sign_in(b, b_name)

    a.get_by_test_id("new-game").click()
    a.select_option("#table-size", "4")
    a.select_option("#idle-timeout", label="1 hour")
    a.get_by_role("button", name="Create lobby").click()
    expect(a.get_by_role("heading", name=f"{a_name}'s lobby")).to_be_visible()
    expect(a.get_by_test_id("lobby-facts")).to_have_text(
        "Mtaani (current rules) · 4 seats · waiting · an idle turn ends after 1 hour")
    a.locator("#add-bot-1").click()
    expect(a.get_by_test_id("seat-1")).to_contain_text("bot")
    a.locator("#add-bot-2").click()
    expect(a.get_by_test_id("seat-2")).to_contain_text("bot")
    a.fill("#invite-handle", b_name)
    a.get_by_role("button", name="Invite", exact=True).click()
    expect(a.get_by_text(f"{b_name} (player)")).to_be_visible(timeout=20_000)  # the invitation landed
    a.get_by_role("button", name="Copy invite link").click()
    expect(a.locator("#invite-link")).to_have_value(re.compile(r"#/lobby/.+\?invite="))

    # B finds the lobby on the dashboard and takes the last seat.
    b.goto(f"{stack.base}/#/")
    b.get_by_test_id("dash-open-lobbies").get_by_role("link").first.click()
    b.locator("#join-3").click()
    expect(a.get_by_test_id("seat-3")).to_contain_text(b_name)

    # Seat order A, bot, bot, B. A rolls 5+6 to NCWSC, the bots and B roll past, A rolls
    # doubles to Jamhuri and then to KPLC: both utilities.
    script = {"scripted": {"dice": [[5, 6], [1, 2], [1, 3], [1, 4], [5, 5], [5, 6]] + [[2, 3]] * 20,
                           "mugging": [False] * 40}}
    set_lobby_options(stack, a, a.url.rsplit("/", 1)[-1], script)
    a.get_by_role("button", name="Start the game").click()
    a.wait_for_selector(".board")
    screenshot(a, "lobby-game-start")
    act(a, "roll")
    act(a, "buy")
    act(a, "end_turn")
    # The bots move on their own; B's board shows them.
    expect(a.get_by_test_id("turn-status")).to_have_text(f"{b_name} to roll", timeout=60_000)
    b.wait_for_selector(".board")
    expect(b.get_by_test_id("turn-status")).to_have_text("Your turn: roll")
    act(b, "roll")
    for action in ("decline", "buy"):
        if b.locator(f'button[data-action="{action}"]').count():
            act(b, action)
            break
    act(b, "end_turn")
    expect(a.get_by_test_id("turn-status")).to_have_text("Your turn: roll")
    act(a, "roll")
    act(a, "decline")
    act(a, "roll")
    act(a, "buy")
    a.get_by_role("tab", name="Assets").click()
    build = a.locator('button[data-action="build"]', has_text="NCWSC")
    with a.expect_response(re.compile(r"/build$")):
        build.click()
    idle(a)
    expect(b.locator('[data-tile="11"]')).to_have_attribute("aria-label", re.compile("1 station"))

    # A trade and a chat message.
    a.get_by_role("tab", name="Trade").click()
    a.select_option("#trade-to", label=b_name)
    a.fill("#give-cash", "20000")
    a.locator("#give-cash").blur()
    with a.expect_response(re.compile(r"/propose-trade$")):
        a.get_by_role("button", name="Send offer").click()
    b.get_by_role("tab", name="Trade").click()
    expect(b.locator("li.offer")).to_contain_text("You get: 20,000 SFR")
    a.get_by_role("tab", name="Chat").click()
    a.fill("#chat-text", "Habari <b>mtaa</b>")
    a.get_by_role("button", name="Send").click()
    b.get_by_role("tab", name="Chat").click()
    expect(b.locator(".chat-log")).to_contain_text("Habari <b>mtaa</b>")

    # The account is deleted (type the handle to confirm).
    a.goto(f"{stack.base}/#/account")
    a.locator("#delete-account").click()
    a.fill("#confirm-text", a_name)
    a.get_by_role("button", name="Delete my account forever").click()
    expect(a.locator("#handle")).to_be_visible()
    status, _ = stack("POST", "/sessions", {"handle": a_name})
    assert status == 201  # the handle is free again: the account was anonymised


def test_a_request_sent_before_a_password_change_does_not_sign_the_player_out(pages, stack):
    """Setting a password ends every session and hands this page a new token; a request the
    page sent with the old token that comes back 401 afterwards (here the notification
    settings the page loads, held until the password is set) is not the end of the new
    session: the player stays signed in on the Account page."""
    name = handle("kamau")
    page = pages.open("/", **DESKTOP)
    sign_in(page, name)
    held = []
    page.route("**/account/notifications", lambda route: held.append(route))
    page.get_by_test_id("account-link").click()
    expect(page.get_by_test_id("account-handle")).to_have_text(f"@{name}")
    old = page.evaluate("JSON.parse(localStorage.getItem('mtaa.session')).token")
    page.fill("#new-password", "first secret")
    page.get_by_role("button", name="Set password").click()
    expect(page.get_by_text("protected by a password")).to_be_visible()
    new = page.evaluate("JSON.parse(localStorage.getItem('mtaa.session')).token")
    assert new != old
    assert len(held) == 2  # the first render's request (old token) and the re-render's (new)
    with page.expect_response(lambda r: r.url.endswith("/account/notifications") and r.status == 401):
        held[0].continue_()
    with page.expect_response(lambda r: r.url.endswith("/account/notifications") and r.status == 200):
        held[1].continue_()
    page.unroute("**/account/notifications")
    expect(page.locator("#turn-emails")).to_be_attached()
    assert page.url.endswith("#/account")
    assert page.evaluate("JSON.parse(localStorage.getItem('mtaa.session'))?.token") == new
    expect(page.locator("#status")).not_to_contain_text("session has ended")
    # Chromium logs the refused request as a console error: that one is expected.
    assert sum("status of 401" in e for e in pages.errors) == 1, pages.errors
    pages.errors[:] = [e for e in pages.errors if "status of 401" not in e]


def test_the_account_page_reset_email_password_reset_by_link_export_and_deletion(pages, stack):
    """Guide "Account management": set a password and the reset email on the Account page,
    get a reset link by email from the sign-in screen, choose a new password through it,
    download the data, then delete the account (typing the handle): the handle is free again."""
    name = handle("achieng")
    address = f"{name}@example.org"
    page = pages.open("/", **DESKTOP)
    sign_in(page, name)
    page.get_by_test_id("account-link").click()
    # The page has loaded (its notification settings, sessions and every other request too)
    # before the password ends the session its requests were sent with (the race itself is the
    # test above; on a loaded machine a request still in flight came back 401).
    expect(page.locator("#turn-emails")).to_be_attached(timeout=20_000)
    pages.settle(page)
    # No reset email yet: the turn-email switch is off and says why (issue 32.6).
    expect(page.locator("#turn-emails")).to_be_disabled()
    expect(page.get_by_test_id("turn-emails-help")).to_have_text(
        "Add a reset email above first: turn emails go only to your account's reset email.")
    page.fill("#new-password", "first secret")
    page.get_by_role("button", name="Set password").click()
    expect(page.get_by_text("protected by a password")).to_be_visible()
    page.fill("#email", address)
    page.fill("#email-password", "first secret")
    page.get_by_role("button", name="Save email").click()
    expect(page.get_by_test_id("account-email")).to_have_text(address)
    expect(page.locator("#turn-emails")).to_be_enabled()
    expect(page.get_by_test_id("turn-emails-help")).to_have_count(0)
    screenshot(page, "account-page")

    # A mistyped current password is an error on this page (401 bad_credentials), not the end
    # of the session: still signed in, the token still works.
    token = page.evaluate("JSON.parse(localStorage.getItem('mtaa.session')).token")
    page.fill("#current-password", "not my secret")
    page.fill("#new-password", "another secret")
    with page.expect_response(re.compile(r"/account/password$")) as answer:
        page.get_by_role("button", name="Change password").click()
    assert answer.value.status == 401
    expect(page.locator("#security-error")).to_have_text("That is not your current password.")
    # The protected account's new address needs the password: the form will not send it empty.
    page.fill("#email", f"new-{address}")
    expect(page.locator("#email-password")).to_have_js_property("required", True)
    page.fill("#email-password", "")
    page.get_by_role("button", name="Save email").click()
    assert page.evaluate("document.getElementById('email-password').validity.valueMissing")
    page.fill("#email-password", "not my secret")
    with page.expect_response(re.compile(r"/account/email$")) as answer:
        page.get_by_role("button", name="Save email").click()
    assert answer.value.status == 401
    expect(page.locator("#email-error")).to_have_text("That is not your current password.")
    assert page.url.endswith("#/account")
    expect(page.get_by_test_id("account-handle")).to_have_text(f"@{name}")
    assert page.evaluate("JSON.parse(localStorage.getItem('mtaa.session')).token") == token
    status, me = stack("GET", "/account", token=token)
    assert status == 200 and me["email"] == address  # nothing changed
    # Chromium logs each refused request as a console error: exactly these two are expected.
    refused = [e for e in pages.errors if "status of 401" in e]
    assert len(refused) == 2, pages.errors
    pages.errors[:] = [e for e in pages.errors if e not in refused]

    # Signed out, the password forgotten: a link by email.
    page.get_by_role("button", name="Sign out", exact=True).click()
    page.get_by_text("Forgot your password?").click()
    page.fill("#reset-handle", name)
    page.get_by_role("button", name="Email me a reset link").click()
    expect(page.locator("#status")).to_contain_text("If this handle has a reset email")
    (mail,) = stack.mails_to(address)
    link = re.search(r"(http://\S+/#/reset/\S+)", mail).group(1)
    assert link.startswith(stack.base)
    page.goto(link)
    pages.settle(page)   # (as above: nothing in flight when sessions end)
    ended = len(pages.errors)
    page.fill("#reset-password", "second secret")
    page.fill("#reset-password-again", "second secret")
    page.get_by_role("button", name="Set the new password").click()
    expect(page.get_by_test_id("account-handle")).to_have_text(f"@{name}")
    assert stack("POST", "/sessions", {"handle": name, "password": "second secret"})[0] == 201
    assert stack("POST", "/sessions", {"handle": name, "password": "first secret"})[0] == 401

    # The data export downloads the account as JSON.
    with page.expect_download() as download:
        page.get_by_role("button", name="Download my data").click()
    exported = json.loads(download.value.path().read_text())
    assert exported["account"]["handle"] == name and exported["account"]["email"] == address

    # The danger zone: the handle typed again, in any case (as the server compares it).
    page.locator("#delete-account").click()
    confirm = page.get_by_role("button", name="Delete my account forever")
    page.fill("#confirm-text", name[:-1])
    expect(confirm).to_be_disabled()
    page.fill("#confirm-text", f" {name.upper()} ")
    expect(confirm).to_be_enabled()
    pages.settle(page)   # the account page's requests back before it goes
    confirm.click()
    expect(page.locator("#handle")).to_be_visible()
    pages.settle(page)   # and the sign-in screen's
    # The new password and the deletion each end the sessions in use: a request the page had
    # in flight with the old token (on a loaded machine) comes back 401, which Chromium logs.
    # Only such refusals are expected, and only after those two steps.
    late = pages.errors[ended:]
    assert all("status of 401" in e for e in late), late
    del pages.errors[ended:]
    status, claimed = stack("POST", "/sessions", {"handle": name})
    assert status == 201 and claimed["created"] is True


def test_a_screen_left_before_it_has_loaded_stops_asking_the_server(pages, stack):
    """The dashboard, left for the account page before its first /dashboard answer came back,
    was never stopped (the router kept only a finished screen's stop) and asked /dashboard
    every 5 s on every later screen, an ended session's too (the account test's late 401)."""
    from tests.browser.test_table import handle, open_as

    status, me = stack("POST", "/sessions", {"handle": handle("poll")})
    assert status == 201, me
    page = open_as(pages, stack, me, "/account", "desktop-1366")
    expect(page.locator("#turn-emails")).to_be_attached(timeout=20_000)
    asked = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/dashboard") else None)
    # The dashboard's route starts, and the account's before the dashboard has its answer.
    page.evaluate("() => { location.hash = '#/'; setTimeout(() => { location.hash = '#/account'; }, 0); }")
    expect(page.locator("#turn-emails")).to_be_attached(timeout=20_000)
    page.wait_for_timeout(6_500)   # past the dashboard's 5-second refresh
    assert len(asked) == 1, asked
