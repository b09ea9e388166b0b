"""The Mtaani table as players want it (issue 20), in headless Chromium against the local stack.

- At four layouts (1366x768 and 1920x1080 desktops, a 390x844 phone, the same phone in
  landscape) the main action of every decision of a scripted game is on screen without
  scrolling, and no text on the board is under 11 px.
- Every event type the engine and the service emit has words (the engine's ``event_shapes``
  and ``service.views.SERVICE_EVENT_SHAPES`` against the screen module's list), and across a
  game with trades, loans, a global event and a special card the feed, the rail and the log
  show no raw JSON and no line wider than its box.
- An incoming trade offer opens a prompt for its recipient with both sides; a loan offer too.
- A Municipal choice shows all 13 rules inside the pinned action bar, on the phone held both
  ways and on a laptop; the rail lists what concerned the player since their last turn.
- "Whole board" fits all 48 tiles on a phone and a laptop with the revolution, turn and pool
  in its middle, and a tap zooms in on a tile.
- New game offers every ruleset of the registry with its seat range, its table options and the
  bot speed; a game whose screen module is missing is still playable on the generic screen.

Screenshots of each layout go to ``test-artifacts/``.
"""

from __future__ import annotations

import re
import secrets

import pytest
from playwright.sync_api import expect

import engine
from service.views import SERVICE_EVENT_SHAPES
from tests.browser.conftest import screenshot
from tests.browser.test_web_client import assert_accessible
from tests.stackprocess import ROOT

LAYOUTS = {
    "desktop-1366": {"viewport": {"width": 1366, "height": 768}},
    "desktop-1920": {"viewport": {"width": 1920, "height": 1080}},
    "phone-portrait": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "phone-landscape": {"viewport": {"width": 844, "height": 390}, "is_mobile": True, "has_touch": True},
}

# Seat 0 rolls 5+6 to NCWSC (buys it); seat 1 rolls 3+4 to a Mathree tile: the Teleport card is
# on offer, the Mathree card takes it to Payday (800,000), and it buys the Teleport; then 5+6
# each roll. A revolution completes around the 5th round and the Olympic Games begin.
SCRIPT = {"scripted": {"dice": [[5, 6], [3, 4]] + [[5, 6]] * 14 + [[2, 3]] * 30,
                       "mugging": [False] * 80, "arrest": [False] * 80, "event": [True] * 4,
                       "event_id": ["olympics", "oil"], "mtaani": ["side-hustle"] * 12,
                       "mathree": ["payday-express"] + ["wrong-turn"] * 12}}

BOARD_FONTS = """
() => {
  const small = [];
  for (const el of document.querySelectorAll('.board *')) {
    const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent.trim()).join('');
    if (!text || !el.getClientRects().length || getComputedStyle(el).display === 'none') continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 11) small.push(`${el.className || el.tagName} "${text}" ${size}px`);
  }
  return small;
}
"""

IN_VIEW = """
(el) => {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
}
"""


IN_BOARD_WINDOW = """
(el) => {
  const r = el.getBoundingClientRect(), w = el.closest(".board-wrap").getBoundingClientRect();
  return r.width > 0 && r.top >= w.top && r.left >= w.left && r.bottom <= w.bottom && r.right <= w.right;
}
"""
"""Whether an element lies wholly inside the scrolled board's window."""


def handle(prefix: str) -> str:
    return f"{prefix}{secrets.token_hex(3)}"


def open_as(pages, stack, account: dict, path: str, layout: str):
    page = pages.open("/", **LAYOUTS[layout])
    page.evaluate("(s) => localStorage.setItem('mtaa.session', JSON.stringify(s))",
                  {"token": account["token"], "handle": account["handle"], "account_id": account["account_id"]})
    page.goto(f"{stack.base}/#{path}")
    # The first screen of a page reads /openapi.json (the game route asks it whether chat
    # exists, the dashboard whether the server has one) and the game's guide: up to 20 s on a
    # busy machine.
    if path.startswith("/game/"):
        expect(page.get_by_test_id("turn-status")).to_be_visible(timeout=20_000)
    elif path == "/":
        expect(page.get_by_test_id("dash-in-progress")).to_be_visible(timeout=20_000)
    return page


def seated_table(stack, script: dict, size: int = 2) -> tuple[list[dict], str]:
    """Accounts for ``size`` people and a started lobby game with ``script``."""
    accounts = []
    for _ in range(size):
        status, body = stack("POST", "/sessions", {"handle": handle("p")})
        assert status == 201, body
        accounts.append(body)
    owner = accounts[0]["token"]
    status, lobby = stack("POST", "/lobbies", {"table_size": size, "options": script, "bot_delay_seconds": 0}, owner)
    assert status == 201, lobby
    for account in accounts[1:]:
        assert stack("POST", f"/lobbies/{lobby['lobby_id']}/invites", {"handle": account["handle"]}, owner)[0] == 201
        assert stack("POST", f"/lobbies/{lobby['lobby_id']}/join", {}, account["token"])[0] == 200
    status, game = stack("POST", f"/lobbies/{lobby['lobby_id']}/start", {}, owner)
    assert status == 201, game
    return accounts, game["game_id"]


def choose(view: dict) -> str:
    """The move a simple player makes: buy a special card on offer, buy when rich, else the
    decision's usual answer."""
    legal = {a["type"] for a in view["legal_actions"]}
    cash = view["state"]["players"][view["seat"]]["cash"]
    if "buy_special" in legal:
        return "buy_special"
    kind = view["decision"]["kind"]
    if kind == "buy":
        return "buy" if cash > 900_000 and "buy" in legal else "decline"
    return {"turn": "roll", "end": "end_turn", "deck": "choose_deck", "municipal": "choose_municipal"}[kind]


def test_the_main_action_is_on_screen_at_every_decision_on_every_layout(pages, stack):
    accounts, game_id = seated_table(stack, SCRIPT)
    # Seat 0 plays on both desktops, seat 1 on the phone held both ways.
    layouts = {0: ["desktop-1366", "desktop-1920"], 1: ["phone-portrait", "phone-landscape"]}
    screens = {seat: [open_as(pages, stack, accounts[seat], f"/game/{game_id}", name) for name in names]
               for seat, names in layouts.items()}
    shot = set()
    for step in range(22):
        view = stack("GET", f"/games/{game_id}", token=accounts[0]["token"])[1]
        seat = view["decision"]["player"]
        mine = stack("GET", f"/games/{game_id}", token=accounts[seat]["token"])[1]
        version = mine["version"]
        for page, name in zip(screens[seat], layouts[seat], strict=True):
            expect(page.get_by_test_id("turn-status")).to_have_text(re.compile("^Your turn"), timeout=15_000)
            expect(page.locator("#app")).to_have_attribute("data-version", str(version), timeout=15_000)
            page.evaluate("window.scrollTo(0, 0)")
            main = page.locator("[data-testid=action-bar] [data-main]")
            expect(main).to_have_count(1)
            assert main.evaluate(IN_VIEW), f"{name}, step {step}: the main action is off screen"
            assert page.evaluate(BOARD_FONTS) == [], name
            expect(page.get_by_test_id("feed")).to_be_visible()  # the move feed, landscape too
            # The middle's facts stay in the board's window however the map is scrolled.
            facts = page.locator(".board .center-inner")
            assert facts.evaluate(IN_BOARD_WINDOW), f"{name}, step {step}: the board's middle is out of view"
            if name not in shot and step >= 2:
                screenshot(page, f"layout-{name}")
                shot.add(name)
        move = choose(mine)
        page = screens[seat][step % 2]
        button = page.locator(f'[data-testid=action-bar] button[data-action="{move}"]').first
        with page.expect_response(re.compile(r"/games/[^/]+/mtaani/[a-z-]+$")) as answer:
            button.click()
        assert answer.value.ok, answer.value.text()
        expect(page.locator("#app[data-busy]")).to_have_count(0)
    assert shot == set(LAYOUTS)


MUNICIPAL_SCRIPT = {"scripted": {"dice": [[5, 6]] * 8 + [[1, 2]] + [[2, 3]] * 20, "mugging": [False] * 40,
                                  "arrest": [False] * 40, "event": [False] * 10}}
"""Both seats roll 11 four times (NCWSC, Pizza Inn, Hurlingham, Karen), then seat 0 rolls 3
from Karen (44) to Municipal (47)."""

IN_BAR = """
(el) => {
  const r = el.getBoundingClientRect(), bar = el.closest("[data-testid=action-bar]").getBoundingClientRect();
  return r.width > 0 && r.top >= Math.max(0, bar.top) && r.bottom <= Math.min(innerHeight, bar.bottom)
    && r.left >= Math.max(0, bar.left) && r.right <= Math.min(innerWidth, bar.right);
}
"""
"""Whether an element lies wholly inside the action bar's visible box and the viewport."""


def test_the_municipal_choice_fits_the_action_bar_on_a_phone_and_a_laptop(pages, stack):
    """The 13 Municipal rules (rules-current.toml ``[municipal] rules``) are all in the pinned
    action bar, none scrolled out of it, on the phone held both ways and on a laptop."""
    accounts, game_id = seated_table(stack, MUNICIPAL_SCRIPT)
    for _ in range(30):
        view = stack("GET", f"/games/{game_id}", token=accounts[0]["token"])[1]
        decision = view["decision"]
        if decision["player"] == 0 and decision["kind"] == "municipal":
            break
        token = accounts[decision["player"]]["token"]
        mine = stack("GET", f"/games/{game_id}", token=token)[1]
        move = choose(mine)
        status, body = stack("POST", f"/games/{game_id}/mtaani/{move.replace('_', '-')}",
                             {"version": mine["version"]}, token)
        assert status == 200, body
    else:
        raise AssertionError("seat 0 never reached Municipal")
    rules = [a["rule"] for a in view["legal_actions"] if a["type"] == "choose_municipal"]
    assert len(rules) == 13
    for name in ("phone-portrait", "phone-landscape", "desktop-1366"):
        page = open_as(pages, stack, accounts[0], f"/game/{game_id}", name)
        choice = page.get_by_test_id("municipal-choice")
        expect(choice).to_contain_text("until the current revolution ends")
        buttons = choice.locator('button[data-action="choose_municipal"]')
        expect(buttons).to_have_count(13)
        assert buttons.first.get_attribute("data-main") == "true"
        outside = [buttons.nth(i).inner_text() for i in range(13) if not buttons.nth(i).evaluate(IN_BAR)]
        assert outside == [], f"{name}: rules outside the action bar"
        assert_accessible(page)
        if name == "desktop-1366":
            # The rail: what concerned seat 0 since its last turn. Seat 1 rolled 11 from
            # Hurlingham (33) to Karen (44), which seat 0 bought on its turn: Karen's base fee,
            # 40,000 SFR (nairobi.toml), paid to seat 0; seat 1's roll, move and turn's end
            # are counted, not listed.
            expect(page.locator("#log-title")).to_have_text("Since your last turn")
            expect(page.get_by_test_id("rail-log")).to_have_text(
                f"{accounts[1]['handle']} paid {accounts[0]['handle']} 40,000 SFR: fee (Karen)")
            expect(page.get_by_test_id("rail-log-others")).to_have_text("…and 3 other moves at the table.")
        screenshot(page, f"municipal-{name}")
    with page.expect_response(re.compile(r"/mtaani/choose-municipal$")) as answer:
        buttons.filter(has_text="Double rent").click()
    assert answer.value.ok, answer.value.text()
    expect(page.get_by_test_id("effects")).to_contain_text("Double rent")


SCREENS = [game for game in engine.games() if (ROOT / "web/js/games" / game / "events.js").exists()]
"""The games this client has a screen module for (the others play on the generic screen)."""


IN_FRAME = """
() => [...document.querySelectorAll('.board .tile')].filter((t) => {
  const r = t.getBoundingClientRect(), w = t.closest('.board-wrap').getBoundingClientRect();
  return !(r.top >= w.top - 1 && r.bottom <= w.bottom + 1 && r.left >= w.left - 1 && r.right <= w.right + 1
    && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth);
}).map((t) => t.dataset.tile)
"""
"""The tiles of the board not wholly inside the board's window and the viewport."""


def test_the_whole_board_fits_on_screen_with_its_facts_and_a_tap_zooms_in(pages, stack):
    """"Whole board" shows all 48 tiles at once on a phone and a laptop, the middle keeps the
    revolution, turn and ATM pool; tapping a tile zooms back in on it."""
    accounts, game_id = seated_table(stack, SCRIPT)
    for name in ("phone-portrait", "desktop-1366"):
        page = open_as(pages, stack, accounts[0], f"/game/{game_id}", name)
        page.get_by_role("button", name="Whole board", exact=True).click()
        expect(page.locator(".board.overview")).to_have_count(1)
        expect(page.locator(".board .tile")).to_have_count(48)
        assert page.evaluate(IN_FRAME) == [], name
        facts = page.locator(".board .center-facts")
        # A new game: revolution 1, turn 1, and the pool "starts at 6,000,000 SFR" (seed text).
        expect(facts.first).to_have_text("Revolution 1 · Turn 1")
        expect(facts.nth(1)).to_have_text("ATM pool 6,000,000 SFR")
        assert facts.first.evaluate(IN_BOARD_WINDOW) and facts.nth(1).evaluate(IN_BOARD_WINDOW), name
        screenshot(page, f"whole-board-{name}")
        page.locator('.board .tile[data-tile="44"]').click()
        expect(page.locator(".board.overview")).to_have_count(0)
        expect(page.locator('.board .tile[data-tile="44"]')).to_have_attribute("aria-pressed", "true")
        assert page.locator('.board .tile[data-tile="44"]').evaluate(IN_BOARD_WINDOW), name


def test_since_your_last_turn_lists_what_concerns_you(pages):
    """The rail's "Since your last turn" (events.js ``sinceLastTurn``): from the other seats'
    turns, what names the seat, answers its offers, the units others built (one line a seat)
    and what changes the game for everyone, newest first, the rest only counted; in the seat's
    own new turn only offers to it and answers to its offers. A card payment quotes the card."""
    page = pages.open("/", **LAYOUTS["desktop-1366"])
    got = page.evaluate("""async () => {
      const { sinceLastTurn, describeEvent } = await import('/js/games/mtaani/events.js');
      const guide = await (await fetch('/rulesets/mtaani/guide')).json();
      const view = { seats: [{ seat: 0, name: 'Amani' }, { seat: 1, name: 'Baraka' }, { seat: 2, name: 'Chebet' }], seat: 0 };
      const events = [
        { type: 'TradeOffered', trade: 7, proposer: 0, to: 1 },   // seat 0's offer, in its turn
        { type: 'TurnEnded', player: 0 },                         // seat 0's last turn ends
        { type: 'TurnStarted', player: 1 },                       // not shown (QUIET)
        { type: 'DiceRolled', player: 1, dice: [2, 3] },
        { type: 'CardDrawn', player: 1, deck: 'mtaani', card: 'harambee', text: "Harambee for a friend's hospital bill." },
        { type: 'Payment', payer: 1, payee: 0, amount: 50000, reason: 'card' },  // names no card
        { type: 'TradeClosed', trade: 7, by: 1, how: 'declined' }, // names only Baraka: an answer
        { type: 'TradeOffered', trade: 8, proposer: 1, to: 2 },   // between two others
        { type: 'UnitBuilt', player: 2, tile: 1, units: 1 },
        { type: 'UnitBuilt', player: 2, tile: 1, units: 2 },
        { type: 'GlobalEventStarted', event: 'oil', text: 'Oil is struck' }, // everyone's
        { type: 'UnitBuilt', player: 2, tile: 3, units: 1 },
        { type: 'TurnEnded', player: 1 },
        { type: 'TurnStarted', player: 0 },                       // seat 0's new turn
        { type: 'DiceRolled', player: 0, dice: [1, 2] },          // its own doing
        { type: 'Payment', payer: 0, payee: 1, amount: 9000, reason: 'fee', tile: 3 },
        { type: 'TradeOffered', trade: 9, proposer: 1, to: 0 },   // an offer to seat 0
        { type: 'TradeCompleted', trade: 11, proposer: 0, to: 2 }, // its offer accepted
      ];
      const types = (r) => r && { lines: r.lines.map((e) => e.type), others: r.others };
      const full = sinceLastTurn(events, 0);
      return [types(full), types(sinceLastTurn(events, 0, 2)), types(sinceLastTurn(events, 2)),
        types(sinceLastTurn(events.slice(0, 2), 0)), full.lines.slice(2).map((e) => describeEvent(e, view, guide))];
    }""")
    # Seat 0, newest first: its offer accepted and the offer to it (its new turn); Chebet's 3
    # units on Eastleigh (tile 1) and Kibra (tile 3), one line where the last went up, after
    # the global event; Baraka declining offer 7 (seat 0's); Baraka's card payment (quoting
    # the card he drew). Of the 10 shown events of Baraka's turn, 6 are in those lines (the 3
    # units in one): 4 others (his roll, the card drawn, the offer to Chebet, his turn's end).
    assert got[0] == {"lines": ["TradeCompleted", "TradeOffered", "UnitsBuilt", "GlobalEventStarted",
                                "TradeClosed", "Payment"], "others": 4}
    # Room for two lines: the two of the new turn; all 10 of Baraka's turn counted.
    assert got[1] == {"lines": ["TradeCompleted", "TradeOffered"], "others": 10}
    # Seat 2 never ended a turn; nothing happened after seat 0's turn in the first two events.
    assert got[2] is None and got[3] is None
    assert got[4] == ["Chebet built 3 units (Eastleigh, Kibra)", "Global event: Oil is struck",
                      "Trade offer #7 was declined by Baraka",
                      "Baraka paid Amani 50,000 SFR: card “Harambee for a friend's hospital bill”"]


@pytest.mark.parametrize("game", SCREENS)
def test_every_event_has_words(pages, stack, game):
    """A test fails when an event type has no wording: every ruleset's event types of each game
    with a screen module, and the service's, against the module's list and the shell's."""
    types = set(SERVICE_EVENT_SHAPES)
    for name in engine.rulesets_of(game):
        types |= set(engine.get_ruleset(name).event_shapes)
    page = pages.open("/", **LAYOUTS["desktop-1366"])
    worded = page.evaluate("""async (game) => {
      const screen = await import(`/js/games/${game}/events.js`);
      const shell = await import('/js/shell/words.js');
      return [...screen.WORDED, ...shell.SERVICE_EVENTS];
    }""", game)
    assert types - set(worded) == set(), "event types without words"
    # Tokens and owner chips tell bots apart by their number, people by their initials.
    initials = page.evaluate("""async () => (await import('/js/shell/track.js')).seatInitials(
      { seats: [{ name: 'Advanced bot 2' }, { name: 'Advanced bot 4' }, { name: 'amani' }, { name: 'baraka' }] })""")
    assert initials == ["A2", "A4", "A", "B"]
    # Each worded with fields as the engine shows them: no raw JSON, no "undefined".
    ruleset = engine.rulesets_of(game)[0]
    samples = {name: {field: 1 for field in (*shape.public, *shape.parties)} for name, shape in
               engine.get_ruleset(ruleset).event_shapes.items()}
    lines = page.evaluate("""async ([game, ruleset, samples]) => {
      const { describeEvent } = await import(`/js/games/${game}/events.js`);
      const guide = await (await fetch(`/rulesets/${ruleset}/guide`)).json();
      const view = { seats: [{ seat: 0, name: 'Amani' }, { seat: 1, name: 'Baraka' }], seat: 0 };
      const fill = { dice: [3, 4], give: { cash: 1000, properties: [1], districts: [1] }, get: { insurance: 1, specials: ['teleport'], cards: 1 },
        text: 'A card', deck: 'mtaani', card: 'teleport', rule: 'double_rent', event: 'olympics', set: guide.sets?.[0]?.id,
        reason: 'fee', how: 'declined', via: 'card', kind: 'turn', mood: 'wary', lender: 'bank', net_worth: { 0: 1 },
        building: 'landfill', grant: 'blocks_2', sort: 'nuisance', rolls: { 0: 8, 1: 5 }, creditor: 'bank', source: 'free_parking',
        standings: [{ player: 0, cash: 1, districts: 0, wealth: 1, out: false }] };
      return Object.entries(samples).map(([type, fields]) => {
        const e = { type };
        for (const f of Object.keys(fields)) e[f] = f in fill ? fill[f] : 1;
        return [type, describeEvent(e, view, guide)];
      });
    }""", [game, ruleset, samples])
    for event_type, line in lines:
        assert not re.search(r'[{}\[\]"]|undefined|NaN|\bnull\b', line), (event_type, line)


def test_a_game_with_trades_loans_events_and_specials_reads_in_words(pages, stack):
    accounts, game_id = seated_table(stack, SCRIPT)
    a, b = accounts
    trade_done = False
    for step in range(40):
        status, view = stack("GET", f"/games/{game_id}", token=a["token"])
        seat = view["decision"]["player"]
        token = accounts[seat]["token"]
        status, mine = stack("GET", f"/games/{game_id}", token=token)
        if not trade_done and step >= 4 and seat == 0:
            # A trade, a player loan and a bank loan, answered by the other side.
            status, body = stack("POST", f"/games/{game_id}/mtaani/propose-trade",
                                 {"to": 1, "give": {"cash": 50_000}, "get": {}}, a["token"])
            assert status == 200, body
            trade = body["game"]["state"]["trades"][-1]["id"]
            assert stack("POST", f"/games/{game_id}/mtaani/accept-trade", {"trade": trade}, b["token"])[0] == 200
            status, body = stack("POST", f"/games/{game_id}/mtaani/offer-loan",
                                 {"to": 1, "lend": True, "amount": 100_000, "interest_percent": 10, "term": 2}, a["token"])
            assert status == 200, body
            offer = body["game"]["state"]["loan_offers"][-1]["id"]
            assert stack("POST", f"/games/{game_id}/mtaani/accept-loan", {"offer": offer}, b["token"])[0] == 200
            assert stack("POST", f"/games/{game_id}/mtaani/take-loan", {"amount": 50_000}, a["token"])[0] == 200
            trade_done = True
            continue
        move = choose(mine)
        body = {"version": mine["version"]}
        if move == "choose_deck":
            body["deck"] = "mtaani"
        if move == "choose_municipal":
            body["rule"] = "double_rent"
        if move == "buy_special":
            body["card"] = next(x["card"] for x in mine["legal_actions"] if x["type"] == "buy_special")
        status, result = stack("POST", f"/games/{game_id}/mtaani/{move.replace('_', '-')}", body, token)
        assert status == 200, result
    status, view = stack("GET", f"/games/{game_id}", token=a["token"])
    assert view["state"]["specials"]["teleport"] == 1 and trade_done
    # A trade and a loan offer wait for B's answer.
    status, body = stack("POST", f"/games/{game_id}/mtaani/propose-trade",
                         {"to": 1, "give": {"cash": 30_000}, "get": {"specials": ["teleport"]}}, a["token"])
    assert status == 200, body
    status, body = stack("POST", f"/games/{game_id}/mtaani/offer-loan",
                         {"to": 1, "lend": False, "amount": 20_000, "interest_percent": 5, "term": 3}, a["token"])
    assert status == 200, body

    page = open_as(pages, stack, b, f"/game/{game_id}", "desktop-1366")
    page.wait_for_selector(".board")
    types = {e["type"] for e in stack("GET", f"/games/{game_id}/events?after=0&limit=500", token=b["token"])[1]["events"]}
    assert {"TradeCompleted", "LoanStarted", "LoanTaken", "GlobalEventStarted", "SpecialCardBought", "TradeOffered"} <= types
    # The global event is on the board with its end while it runs.
    if view["state"]["event"]:
        expect(page.get_by_test_id("effects")).to_contain_text("until revolution")
        assert ". ·" not in page.get_by_test_id("effects").inner_text()  # a sentence's stop, then the end
    # The prompts: what changes hands on each side, accept or decline, in the action bar.
    prompt = page.locator("[data-testid^=prompt-trade-]")
    expect(prompt).to_contain_text("You give: the Teleport card")
    expect(prompt).to_contain_text("You get: 30,000 SFR")
    expect(prompt.locator('button[data-action="accept_trade"]')).to_be_visible()
    loan = page.locator("[data-testid^=prompt-loan-]")
    expect(loan).to_contain_text("asks to borrow from you")
    expect(loan).to_contain_text("You lend: 20,000 SFR")
    expect(page.get_by_role("tab", name="Trade")).to_contain_text("1")
    expect(page.get_by_role("tab", name="Loans")).to_contain_text("1")
    assert page.locator("[data-testid^=prompt-]").first.evaluate(IN_VIEW)
    assert_accessible(page)
    screenshot(page, "offer-prompts")

    page.get_by_role("tab", name="Log").click()
    for where in ("[data-testid=feed] li", "[data-testid=rail-log] li", ".full-log li"):
        lines = page.locator(where).all_inner_texts()
        assert lines, where
        for line in lines:
            assert not re.search(r'[{}\[\]"]|undefined|NaN', line), (where, line)
    wide = page.evaluate("""() => [...document.querySelectorAll('[data-testid=feed] li, [data-testid=rail-log] li, .full-log li')]
      .filter((li) => li.scrollWidth > li.clientWidth + 1).map((li) => li.textContent)""")
    assert wide == []
    # B accepts the trade from the prompt: the Teleport card changes hands.
    with page.expect_response(re.compile(r"/accept-trade$")) as answer:
        prompt.locator('button[data-action="accept_trade"]').click()
    assert answer.value.ok, answer.value.text()
    expect(prompt).to_have_count(0)
    status, view = stack("GET", f"/games/{game_id}", token=a["token"])
    assert view["state"]["specials"]["teleport"] == 0
    # The composer trades special cards too: B asks for the Teleport card back.
    page.get_by_role("tab", name="Trade").click()
    page.get_by_role("checkbox", name="The Teleport card").check()
    preview = page.get_by_test_id("trade-preview")
    # Clear empties a typed amount too (it came back with the redraw).
    page.fill("#give-cash", "90000")
    expect(preview).to_contain_text("You give: 90,000 SFR")
    page.get_by_role("button", name="Clear").click()
    expect(page.locator("#give-cash")).to_have_value("")
    expect(preview).to_contain_text("You give: nothing")
    # The preview follows the typing, and the first press of Send straight after typing sends
    # (a redraw on the field's change replaced the button under that press).
    page.get_by_role("checkbox", name="The Teleport card").check()
    page.locator("#give-cash").click()  # typed as a person types: into an empty field, not "0"
    page.locator("#give-cash").press_sequentially("40000")
    expect(page.locator("#give-cash")).to_have_value("40000")
    expect(preview).to_contain_text("You give: 40,000 SFR")
    expect(preview).to_contain_text("You get: the Teleport card")
    with page.expect_response(re.compile(r"/propose-trade$")) as answer:
        page.get_by_role("button", name="Send offer").click()
    assert answer.value.ok, answer.value.text()
    offer = answer.value.json()["game"]["state"]["trades"][-1]
    assert offer["get"]["specials"] == ["teleport"] and offer["give"]["cash"] == 40_000
    # The sent offer leaves an empty form behind.
    expect(page.locator("#give-cash")).to_have_value("")
    expect(preview).to_contain_text("You give: nothing")
    expect(preview).to_contain_text("You get: nothing")
    expect(page.get_by_role("button", name="Send offer")).to_be_disabled()


def test_raising_funds_offers_the_cheapest_cover_first(pages, stack):
    """Owing 150,000 more than she holds, A is offered a mortgage of just that first (not
    'everything eligible'): one click mortgages NCWSC (160,000) and settles the debt."""
    script = {"scripted": {"dice": [[5, 6], [1, 2], [6, 6], [1, 2]] + [[2, 3]] * 10,
                           "mugging": [False] * 20, "arrest": [False] * 20, "mtaani": ["kra-audit"] * 4}}
    accounts, game_id = seated_table(stack, script)
    a, b = accounts

    def move(account, name, body=None):
        status, result = stack("POST", f"/games/{game_id}/mtaani/{name}", body or {}, account["token"])
        assert status == 200, result
        return result["game"]

    move(a, "roll")
    move(a, "buy")          # NCWSC, 320,000
    move(a, "end-turn")
    move(b, "roll")
    move(b, "decline")
    move(b, "end-turn")
    # A hands B all but 100,000 in a trade, then rolls 12 to a Mtaani tile: a 250,000 audit.
    view = move(a, "propose-trade", {"to": 1, "give": {"cash": 1_580_000}, "get": {}})
    move(b, "accept-trade", {"trade": view["state"]["trades"][-1]["id"]})
    view = move(a, "roll")
    assert view["decision"]["kind"] == "debt", view["decision"]
    page = open_as(pages, stack, a, f"/game/{game_id}", "phone-portrait")
    shortfall = page.get_by_test_id("shortfall")
    expect(shortfall).to_contain_text("You owe 250,000 SFR and hold 100,000 SFR.")
    main = page.locator("[data-testid=action-bar] [data-main]")
    expect(main).to_contain_text("Mortgage to raise 150,000 SFR")
    assert main.evaluate(IN_VIEW)
    screenshot(page, "raise-funds")
    with page.expect_response(re.compile(r"/mortgage-batch$")) as answer:
        main.click()
    assert answer.value.ok, answer.value.text()
    expect(shortfall).to_have_count(0)
    view = stack("GET", f"/games/{game_id}", token=a["token"])[1]
    assert view["state"]["props"]["11"]["mortgaged"] and not view["state"]["debts"]


def test_new_game_offers_every_ruleset_with_its_seats_options_and_bot_speed(pages, stack):
    status, me = stack("POST", "/sessions", {"handle": handle("host")})
    assert status == 201, me
    page = open_as(pages, stack, me, "/new", "desktop-1366")
    guide = stack("GET", "/rulesets/mtaani/guide")[1]
    # (The first screen to read /openapi.json waits for the stack to build it: up to 20 s.)
    expect(page.locator("#ruleset option")).to_have_text([guide["ruleset_titles"][n] for n in guide["rulesets"]],
                                                         timeout=20_000)
    expect(page.locator("#table-size option")).to_have_text(
        [f"{n} seats" for n in range(guide["min_players"], guide["max_players"] + 1)])
    # Table options from the JSON Schema: the turn limit; scripted outcomes are not offered.
    expect(page.get_by_label("Max turns")).to_be_visible()
    expect(page.locator("textarea")).to_have_count(0)
    assert "scripted" not in page.locator("form").inner_text().lower()
    page.select_option("#table-size", "3")
    page.get_by_label("Max turns").fill("60")
    page.select_option("#bot-speed", "0")
    page.get_by_role("button", name="Create lobby").click()
    expect(page.get_by_test_id("lobby-bots")).to_have_text("Bots move: instant")
    lobby_id = page.url.rsplit("/", 1)[-1]
    lobby = stack("GET", f"/lobbies/{lobby_id}", token=me["token"])[1]
    assert (lobby["table_size"], lobby["bot_delay_seconds"]) == (3, 0)
    # The owner changes the bot speed before kickoff.
    page.select_option("#lobby-bot-speed", "5")
    expect(page.get_by_test_id("lobby-bots")).to_have_text("Bots move: relaxed")
    assert stack("GET", f"/lobbies/{lobby_id}", token=me["token"])[1]["bot_delay_seconds"] == 5
    screenshot(page, "lobby")


def test_time_options_read_and_are_typed_in_minutes_hours_and_days(pages, stack):
    """Issue 32.3: a time option is a number and a unit, its default and range in words (Jiji's
    auction window was offered as '43200' seconds); what is typed is sent in seconds."""
    status, me = stack("POST", "/sessions", {"handle": handle("times")})
    assert status == 201, me
    page = open_as(pages, stack, me, "/new", "phone-portrait")
    expect(page.locator("#ruleset option").first).to_be_attached(timeout=20_000)
    page.select_option("#ruleset", "jiji")
    guide = stack("GET", "/rulesets/jiji/guide")[1]["table_options"]["properties"]
    # The defaults, worked out from the decisions file: auctions 12 hours, deals 1 day.
    assert (guide["auction_seconds"]["default"], guide["deal_seconds"]["default"]) == (12 * 3600, 86400)
    auction = page.get_by_label(re.compile(r"^Auction time \("))
    expect(auction).to_have_attribute("placeholder", "12")
    expect(page.get_by_label("Auction time: unit")).to_have_value("3600")
    expect(page.get_by_label("Deal time: unit")).to_have_value("86400")
    form = page.locator("form")
    expect(form).to_contain_text("Auction time (10 seconds to 7 days)")
    expect(form).to_contain_text("Default: 12 hours.")
    expect(form).not_to_contain_text("43200")
    auction.fill("2")
    page.get_by_label("Auction time: unit").select_option("86400")
    page.get_by_label(re.compile(r"^Deal time \(")).fill("90")
    page.get_by_label("Deal time: unit").select_option("60")
    with page.expect_request(re.compile(r"/lobbies$")) as sent:
        page.get_by_role("button", name="Create lobby").click()
    options = sent.value.post_data_json["options"]
    assert (options["auction_seconds"], options["deal_seconds"]) == (2 * 86400, 90 * 60)
    assert "clock_seconds" not in options
    screenshot(page, "new-game-times")
    # The lobby shows every option the game will be dealt with, in words (issue 28.6: an
    # invitee sees the times before joining): the two typed, the rest the defaults.
    shown = page.get_by_test_id("lobby-options").locator("li")
    expect(shown).to_contain_text(["End: Last standing", "Clock: none (to the last player standing)",
                                   "Auction time: 2 days",
                                   "Deal time: 90 minutes"])


def test_the_guide_has_prose_and_leads_back_to_the_game(pages, stack):
    page = pages.open("/#/guide/mtaani?from=g123", **LAYOUTS["phone-portrait"])
    loans = page.locator("[data-section=loans]")
    expect(loans).to_contain_text("choose a share of the balance from 20% up in 5% steps")
    for section in ("renovation", "specials", "trading", "bots", "lobbies", "mobile", "accounts", "bankruptcy", "held_cards"):
        expect(page.locator(f"[data-section={section}] p, [data-section={section}] li").first).to_be_visible()
    expect(page.get_by_test_id("guide-back")).to_have_attribute("href", "#/game/g123")
    # The classic preset has no renovations and reads its own salary.
    page.select_option("#guide-ruleset", "mtaani-classic")
    expect(page.locator("[data-section=flow]")).to_contain_text("Passing Payday pays 500,000 SFR")
    expect(page.locator("[data-section=renovation]")).to_have_count(0)
    expect(page.get_by_test_id("guide-back")).to_have_attribute("href", "#/game/g123")


@pytest.mark.parametrize("layout", ["desktop-1366"])
def test_a_game_without_a_screen_module_plays_on_the_generic_screen(pages, stack, layout):
    accounts, game_id = seated_table(stack, SCRIPT)
    page = pages.browser.new_context(**LAYOUTS[layout]).new_page()
    pages.contexts.append(page.context)
    page.on("pageerror", lambda exc: pages.errors.append(f"page error: {exc}"))
    # As if this client had no screen for the game yet.
    page.route(re.compile(r".*/js/games/[^/]+/screen\.js$"), lambda route: route.fulfill(status=404, body=""))
    page.goto(f"{stack.base}/")
    page.evaluate("(s) => localStorage.setItem('mtaa.session', JSON.stringify(s))",
                  {"token": accounts[0]["token"], "handle": accounts[0]["handle"], "account_id": accounts[0]["account_id"]})
    page.goto(f"{stack.base}/#/game/{game_id}")
    expect(page.get_by_test_id("turn-status")).to_have_text("Your turn: turn")
    expect(page.get_by_test_id("pending")).to_contain_text("Your turn: turn")
    with page.expect_response(re.compile(r"/mtaani/roll$")):
        page.locator('button[data-action="roll"]').click()
    expect(page.locator(".full-log")).to_contain_text("Dice rolled")
    expect(page.locator(".full-log")).not_to_contain_text("{")
    screenshot(page, "generic-screen")
