"""Every number readable, every button in reach (issue 32.4), measured from the DOM as a person
sees it, in headless Chromium against the local stack.

- Mulodi: the amount line of a main button ("Charge dark blue rent: everyone pays you 30M")
  meets 4.5:1 on the button's own background; with eight cards on the payer's table every
  control of the payment (the cards, Pay, the suggested payment) is inside the viewport of a
  phone held upright and sideways, and so is every button of each other decision (the chosen
  card's play and End turn, the cards to put back, the Neda prompt).
- Mtaani: a buy the player cannot afford says so (the price, the cash, the ways to raise the
  difference, which then make Buy legal); the cash is beside the decision and the assets table
  fits the screen, its Mortgage in reach, on a phone upright and sideways and a laptop.
- Both boards: no name cut by its space or by the frame's edge at the turn's place (the text's
  range rects against the window it is seen through), and Jiji's middle in the frame's window.
- Mtaani's whole board: all 48 tiles named (the short names of nairobi.toml), at 11 px or more,
  no wider than its box and not cut by its tile, at the three sizes.

Screenshots go to ``test-artifacts/reach-*.png``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.test_jiji_table import SCRIPT as JIJI_SCRIPT
from tests.browser.test_jiji_table import jiji_table
from tests.browser.test_mulodi_table import mulodi_table, pick
from tests.browser.test_table import IN_BOARD_WINDOW, IN_VIEW, open_as, seated_table
from tests.browser.test_web_client import LUMINANCE

CONTRASTS = """
(root) => {
""" + LUMINANCE + """  return [...root.querySelectorAll("button.action .label, button.action .cost")].filter((el) => el.offsetParent && el.textContent.trim())
    .map((el) => {
      const [l1, l2] = [lum(getComputedStyle(el).color), lum(bgOf(el))].sort((x, y) => y - x);
      return [el.textContent.trim(), Math.round((l1 + 0.05) / (l2 + 0.05) * 100) / 100];
    });
}
"""
"""Each visible label and amount line of an action button under ``root``, with its contrast
ratio against the background it is drawn on (WCAG 2 relative luminance)."""

OFF_SCREEN = """
(root) => [...root.querySelectorAll("button.action, input, select")].filter((el) => {
  if (!el.getClientRects().length || !el.checkVisibility()) return false;  // (a closed <details>: not shown)
  const r = el.getBoundingClientRect();
  return !(r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth);
}).map((el) => (el.closest("label") || el).textContent.trim() || el.outerHTML.slice(0, 60))
"""
"""The controls under ``root`` (buttons of moves, checkboxes, choices) not wholly inside the
viewport: a person cannot see or reach them without scrolling the page."""

# A lays Karen (dark blue, rent 30M with one card) and banks money; B banks five money cards and
# lays three properties: eight cards on B's table. Then A charges dark blue rent (30M).
REACH_HANDS = [["property-karen", "rent-dark_blue-green", "money-10", "money-20", "money-30"],
               ["money-10", "money-10", "money-10", "money-10", "money-20"]]
REACH_DRAWS = ["money-40", "money-40", "property-kibera", "property-mathare",       # turn 1: A, B
               "money-50", "money-50", "property-kawangware", "property-kangemi",  # turn 2
               "money-40", "money-100", "property-dandora", "property-githurai",   # turn 3
               "money-30", "money-30"]                                             # A's turn 4
REACH_PLAYS = [("property-karen",), ("money-10", "money-10", "money-10"),
               ("money-10", "money-40"), ("money-10", "money-20", "property-kibera"),
               ("money-40", "money-50"), ("property-mathare", "property-kawangware")]


def mulodi_move(stack, game_id, token, face=None, kind=None):
    """Play the first legal move of ``kind`` (bank, play_property, end_turn, ...) with the card of
    ``face`` through the API."""
    view = stack("GET", f"/games/{game_id}", None, token)[1]
    cards = {c["id"]: c["face"] for c in view["state"]["hand"] or []}
    action = next(a for a in view["legal_actions"] if a["type"] == kind and (face is None or cards.get(a.get("card")) == face))
    body = {k: v for k, v in action.items() if k != "type"}
    status, answer = stack("POST", f"/games/{game_id}/mulodi/{kind.replace('_', '-')}", body, token)
    assert status == 200, answer


@pytest.mark.parametrize("layout", ["phone-portrait", "phone-landscape"])
def test_mulodi_amounts_read_and_every_button_of_each_decision_is_in_reach(pages, stack, layout):
    (a, b), game_id = mulodi_table(stack, REACH_HANDS, REACH_DRAWS)
    for turn, faces in enumerate(REACH_PLAYS):
        token = (a, b)[turn % 2]["token"]
        for face in faces:
            mulodi_move(stack, game_id, token, face, "play_property" if face.startswith("property-") else "bank")
        mulodi_move(stack, game_id, token, kind="end_turn")
    view = stack("GET", f"/games/{game_id}", None, b["token"])[1]
    table = view["state"]["seats"][1]
    assert len(table["bank"]) + sum(len(g["cards"]) for s in table["properties"].values() for g in s["sets"]) == 8
    pa = open_as(pages, stack, a, f"/game/{game_id}", layout)
    pb = open_as(pages, stack, b, f"/game/{game_id}", layout)
    # A's turn: the rent card chosen, its play and End turn on screen; the amount line reads.
    expect(pa.get_by_test_id("turn-status")).to_contain_text("Your turn")
    pick(pa, "rent-dark_blue-green")
    bar = pa.get_by_test_id("action-bar")
    charge = bar.locator('button[data-action="rent"]')
    expect(charge).to_contain_text("Charge dark blue rent")
    expect(charge).to_contain_text("everyone pays you 30M")
    low = [(text, ratio) for text, ratio in bar.evaluate(CONTRASTS) if ratio < 4.5]
    assert low == [], f"{layout}: amount lines under 4.5:1"
    expect(bar.locator('button[data-action="end_turn"]')).to_have_count(1)
    screenshot(pa, f"reach-mulodi-{layout}-play")
    assert bar.evaluate(OFF_SCREEN) == [], f"{layout}: A's turn"
    # Over the hand limit (8 of 7), End turn opens the choice of the card to put back: in sight.
    bar.locator('button[data-key="end-choose-return"]').click()
    expect(pa.get_by_test_id("return-prompt").locator("input[type=checkbox]")).to_have_count(8)
    screenshot(pa, f"reach-mulodi-{layout}-return")
    assert bar.evaluate(OFF_SCREEN) == [], f"{layout}: the cards to put back"
    pick(pa, "rent-dark_blue-green")
    with pa.expect_response(lambda r: r.url.endswith("/mulodi/rent")) as answer:
        charge.click()
    assert answer.value.status == 200, answer.value.text()
    # B: the Neda prompt, then the payment from eight table cards, every control in sight.
    expect(pb.get_by_test_id("neda-prompt")).to_be_visible(timeout=15_000)
    assert pb.get_by_test_id("action-bar").evaluate(OFF_SCREEN) == [], f"{layout}: the Neda prompt"
    with pb.expect_response(lambda r: r.url.endswith("/mulodi/accept")):
        pb.get_by_test_id("action-bar").locator('button[data-action="accept"]').click()
    pay = pb.get_by_test_id("pay-prompt")
    expect(pay).to_contain_text(f"You owe {a['handle']} 30M")
    expect(pay.locator("input[type=checkbox]")).to_have_count(8)
    pay.locator("label.pay-card", has_text="Kibera").locator("input").check()
    pay.locator("label.pay-card", has_text="20M (20M)").locator("input").check()
    expect(pb.get_by_test_id("pay-total")).to_contain_text("Chosen: 30M of 30M")
    screenshot(pb, f"reach-mulodi-{layout}-pay")
    bar_b = pb.get_by_test_id("action-bar")
    assert bar_b.evaluate(OFF_SCREEN) == [], f"{layout}: the payment"
    low = [(text, ratio) for text, ratio in bar_b.evaluate(CONTRASTS) if ratio < 4.5]
    assert low == [], f"{layout}: amount lines under 4.5:1"
    assert pb.evaluate("() => window.scrollY") == 0
    with pb.expect_response(lambda r: r.url.endswith("/mulodi/pay")) as answer:
        bar_b.locator('button[data-key="pay-chosen"]').click()
    assert answer.value.status == 200, answer.value.text()
    expect(pa.get_by_test_id("turn-status")).to_contain_text("Your turn", timeout=15_000)
    assert pa.get_by_test_id("action-bar").locator('button[data-action="end_turn"]').evaluate(IN_VIEW)


# Mtaani: A buys NCWSC (11, 320,000 SFR) and ends; B rolls 3 to Kibra and declines; A hands B
# 1,580,000 SFR (keeps 100,000) and rolls 11 to Pizza Inn (22): 168,000 SFR, more than A holds.
SHORT_SCRIPT = {"scripted": {"dice": [[5, 6], [1, 2], [5, 6]] + [[2, 3]] * 10,
                             "mugging": [False] * 20, "arrest": [False] * 20, "event": [False] * 10}}


CLIPPED = """
(selector) => [...document.querySelectorAll(selector)].filter((el) => el.getClientRects().length
  && getComputedStyle(el).visibility !== "hidden" && el.textContent.trim()).flatMap((el) => {
  // The window a person sees the element through: the viewport cut by every ancestor that
  // clips or scrolls its content.
  let win = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
  for (let a = el.parentElement; a; a = a.parentElement) {
    const cs = getComputedStyle(a);
    if (cs.overflowX === "visible" && cs.overflowY === "visible") continue;
    const r = a.getBoundingClientRect();
    win = { left: Math.max(win.left, r.left + a.clientLeft), top: Math.max(win.top, r.top + a.clientTop),
            right: Math.min(win.right, r.left + a.clientLeft + a.clientWidth), bottom: Math.min(win.bottom, r.top + a.clientTop + a.clientHeight) };
  }
  const range = document.createRange();
  range.selectNodeContents(el);
  const words = [...range.getClientRects()];
  const text = el.textContent.trim();
  if (el.scrollWidth > el.clientWidth + 1) return [`${text}: wider than its box`];
  const seen = words.filter((w) => w.right > win.left + 1 && w.left < win.right - 1 && w.bottom > win.top + 1 && w.top < win.bottom - 1);
  const cut = seen.filter((w) => w.left < win.left - 1 || w.right > win.right + 1 || w.top < win.top - 1 || w.bottom > win.bottom + 1);
  return cut.length ? [`${text}: cut at the edge of what is shown`] : [];
})
"""
"""The elements matching ``selector`` whose text a person sees only in part: wider than its
own box, or a line of it partly inside and partly outside the window it is seen through (the
viewport cut by each clipping or scrolling ancestor: a tile, the board's frame)."""


def test_mtaani_buy_says_why_it_is_missing_and_the_assets_fit_a_phone(pages, stack):
    """A holds 100,000 SFR on Pizza Inn (168,000): no Buy, and the bar says so, with the price,
    the cash and the cheapest way to raise the 68,000 more (mortgaging NCWSC, 160,000, which
    then makes Buy legal). On a phone upright and sideways and a laptop the cash is beside the
    decision and the assets table fits the screen, its Mortgage button in reach."""
    accounts, game_id = seated_table(stack, SHORT_SCRIPT)
    a, b = accounts

    def move(account, name, body=None):
        status, result = stack("POST", f"/games/{game_id}/mtaani/{name}", body or {}, account["token"])
        assert status == 200, result
        return result["game"]

    move(a, "roll")
    move(a, "buy")
    move(a, "end-turn")
    move(b, "roll")
    move(b, "decline")
    move(b, "end-turn")
    view = move(a, "propose-trade", {"to": 1, "give": {"cash": 1_580_000}, "get": {}})
    move(b, "accept-trade", {"trade": view["state"]["trades"][-1]["id"]})
    view = move(a, "roll")
    assert view["decision"]["kind"] == "buy" and view["state"]["players"][0]["cash"] == 100_000
    for layout in ("phone-portrait", "phone-landscape", "desktop-1366"):
        page = open_as(pages, stack, a, f"/game/{game_id}", layout)
        bar = page.get_by_test_id("action-bar")
        note = page.get_by_test_id("buy-cash")
        expect(note).to_contain_text("You can't buy Pizza Inn yet: it costs 168,000 SFR and you hold 100,000 SFR.")
        expect(note).to_contain_text("Raise 68,000 SFR more to buy it")
        screenshot(page, f"reach-mtaani-{layout}-short")
        assert note.evaluate(IN_VIEW), f"{layout}: the cash is off screen"
        raise_it = note.locator('button[data-action="mortgage_batch"]')
        expect(raise_it).to_contain_text("68,000 SFR")
        assert bar.evaluate(OFF_SCREEN) == [], layout
        # The map at the turn's place: every name and price on it whole (the frame shows whole
        # tiles; "Hurlingham" was wider than its tile, "Westlan" cut at the frame's edge).
        assert page.evaluate(CLIPPED, ".board .tile .name, .board .tile .price") == [], f"{layout}: the map"
        # The assets table: every cell whole, inside the screen; Mortgage in reach.
        page.get_by_role("tab", name="Assets").click()
        table = page.locator("table.assets")
        table.scroll_into_view_if_needed()
        expect(table.locator("tbody tr")).to_have_count(1)
        assert page.evaluate(CLIPPED, "table.assets th, table.assets td") == [], layout
        box = table.bounding_box()
        width = page.viewport_size["width"]
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (layout, box)
        mortgage = table.locator('button[data-action="mortgage"]')
        mortgage.scroll_into_view_if_needed()
        assert mortgage.evaluate(IN_VIEW) or mortgage.evaluate("(el) => el.getBoundingClientRect().bottom > innerHeight - 1"), layout
        r = mortgage.bounding_box()
        assert r["x"] >= 0 and r["x"] + r["width"] <= width, (layout, r)
        screenshot(page, f"reach-mtaani-{layout}-assets", top=False)
    # Raising it as offered makes Buy legal: A mortgages NCWSC (+160,000) and buys.
    with page.expect_response(lambda r: r.url.endswith("/mtaani/mortgage-batch")) as answer:
        raise_it.click()
    assert answer.value.ok, answer.value.text()
    buy = bar.locator('button[data-action="buy"]')
    expect(buy).to_contain_text("168,000 SFR")
    expect(note).to_have_text("Pizza Inn costs 168,000 SFR; you hold 260,000 SFR.")
    with page.expect_response(lambda r: r.url.endswith("/mtaani/buy")) as answer:
        buy.click()
    assert answer.value.ok, answer.value.text()


def test_the_jiji_track_shows_whole_words_and_its_middle_at_each_layout(pages, stack):
    """No word on the Jiji track is cut (names, prices, rents, chips: by a space's edge or the
    frame's, at the turn's place) on a phone upright and sideways and a laptop, and the middle's
    facts are in the frame's window (a phone showed a mostly empty green square)."""
    accounts, game_id, first = jiji_table(stack, {"scripted": JIJI_SCRIPT})
    for layout in ("phone-portrait", "phone-landscape", "desktop-1366"):
        page = open_as(pages, stack, accounts[first], f"/game/{game_id}", layout)
        expect(page.locator(".board .tile")).to_have_count(40)
        page.wait_for_function("() => document.querySelector('.board-wrap').style.maxHeight")
        assert page.evaluate(CLIPPED, ".board .tile *") == [], layout
        facts = page.locator(".board .center-facts")
        expect(facts.first).to_be_visible()
        assert facts.first.evaluate(IN_BOARD_WINDOW), f"{layout}: the middle is out of the frame"
        screenshot(page, f"reach-jiji-{layout}")


def test_a_jiji_buy_the_cash_does_not_cover_says_so_beside_the_cash(pages, stack):
    """The starter hands the other seat all but M500k in a deal, then rolls 1+2 onto Korogocho
    (M700k): no Buy, and the phone's bar says the price, the cash and how to raise the M200k
    (mortgaging is legal in the buy phase) or to auction it."""
    accounts, game_id, first = jiji_table(stack, {"scripted": JIJI_SCRIPT})
    a, b = accounts[first], accounts[1 - first]
    status, body = stack("POST", f"/games/{game_id}/jiji/propose-deal", {"to": 1 - first, "give_cash": 37_200_000}, a["token"])
    assert status == 200, body
    deal = body["game"]["state"]["deals"][-1]["deal"]
    status, body = stack("POST", f"/games/{game_id}/jiji/accept-deal", {"deal": deal}, b["token"])
    assert status == 200, body
    status, body = stack("POST", f"/games/{game_id}/jiji/roll", {}, a["token"])
    assert status == 200, body
    assert [x["type"] for x in body["game"]["legal_actions"] if x["type"] == "buy"] == []
    page = open_as(pages, stack, a, f"/game/{game_id}", "phone-portrait")
    note = page.get_by_test_id("buy-cash")
    expect(note).to_have_text("You can't buy Korogocho: it costs M700k and you hold M500k. Raise M200k more "
                              "(mortgage a district under Districts, or make a deal) to buy it, "
                              "or put it up for auction with your opening bid.")
    assert note.evaluate(IN_VIEW)
    main = page.locator("[data-testid=action-bar] [data-main]")
    expect(main).to_have_attribute("data-action", "auction")
    screenshot(page, "reach-jiji-phone-portrait-short")
    assert page.get_by_test_id("action-bar").evaluate(OFF_SCREEN) == []


NAME_FITS = """
(els) => els.map((el) => {
  const vertical = getComputedStyle(el).writingMode.startsWith("vertical");
  const range = document.createRange();
  range.selectNodeContents(el);
  const text = range.getBoundingClientRect(), tile = el.closest(".tile");
  const t = tile.getBoundingClientRect(), pad = 2;
  return { tile: tile.dataset.tile, text: el.textContent, shown: el.checkVisibility(),
    font: parseFloat(getComputedStyle(el).fontSize),
    scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, scrollHeight: el.scrollHeight, clientHeight: el.clientHeight,
    // The px the tile cuts off its text (at either end of its line), and the px left free at the
    // end of its line (the text starts after the set's colour band).
    cut: Math.round(Math.max(0, vertical ? Math.max(t.top + pad - text.top, text.bottom - (t.bottom - pad))
                                        : Math.max(t.left + pad - text.left, text.right - (t.right - pad)))),
    spare: Math.round(vertical ? t.bottom - pad - text.bottom : t.right - pad - text.right) };
})
"""
"""Each tile name of the board: its text, whether it is shown, its font size (px), its scroll
and client sizes, and the room to spare between its text and its tile's inner edges along the
line it is printed on: cut off by the tile, and free at the end of the line (px)."""


def test_the_mtaani_whole_board_names_every_tile_whole_at_each_layout(pages, stack):
    """"Whole board" prints each of the 48 tiles' names, the short one where the full one would
    not fit (nairobi.toml's ``short``: "Hurl." for Hurlingham, "Payday" as it is), whole
    (no wider than its box, no line of it cut by the tile or the frame) and at 11 px or more,
    on a phone upright and sideways and a laptop; a tap on "Hurl." zooms in on Hurlingham,
    its full name whole on its tile."""
    accounts, game_id = seated_table(stack, SHORT_SCRIPT)
    for layout in ("phone-portrait", "phone-landscape", "desktop-1366"):
        page = open_as(pages, stack, accounts[0], f"/game/{game_id}", layout)
        page.get_by_role("button", name="Whole board", exact=True).click()
        expect(page.locator(".board.overview .tile")).to_have_count(48)
        expect(page.locator('.board .tile[data-tile="33"] .name')).to_have_text("Hurl.")
        expect(page.locator('.board .tile[data-tile="0"] .name')).to_have_text("Payday")
        names = page.locator(".board .tile .name").evaluate_all(NAME_FITS)
        assert [n for n in names if not n["shown"]] == [], layout
        cut = [n for n in names if n["scrollWidth"] > n["clientWidth"] or n["scrollHeight"] > n["clientHeight"] or n["cut"]]
        assert cut == [], (layout, cut)
        assert min(n["font"] for n in names) >= 11, layout
        assert page.evaluate(CLIPPED, ".board .tile .name") == [], layout
        tight = min(names, key=lambda n: n["spare"])
        print(f"{layout}: least room to spare {tight['spare']} px ({tight['text']!r}, tile {tight['tile']})")
        screenshot(page, f"reach-mtaani-whole-board-{layout}")
    page.locator('.board .tile[data-tile="33"]').click()
    expect(page.locator(".board.overview")).to_have_count(0)
    expect(page.locator('.board .tile[data-tile="33"] .name')).to_have_text("Hurlingham")
    assert page.evaluate(CLIPPED, '.board .tile[data-tile="33"] .name') == []
    assert page.locator('.board .tile[data-tile="33"]').evaluate(IN_BOARD_WINDOW)
