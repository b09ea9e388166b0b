"""The Orders panel (issue 31.1: "one place in each game screen, usable on a phone and a
laptop") and "What your orders did", against the local stack: Mtaani on a phone (390x844),
Mulodi on a laptop (1366x768). The Orders button sits in the pinned bar, in view without
scrolling; the panel is drawn from the game's orders JSON Schema (switches, amounts with their
unit, selects, a group of choices), saves with PUT, shows a refused value's message beside its
field in words and loses nothing, and clears.

What the orders did comes from the service's `did` (GET /games/{id}/orders): Mtaani's seat 0
sets its orders during its turn and the table plays the turn for it in that write."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.test_jiji_table import jiji_table
from tests.browser.test_mulodi_table import mulodi_table
from tests.browser.test_table import IN_VIEW, SCRIPT, open_as, seated_table
from tests.browser.test_web_client import assert_accessible


def _orders(stack, game_id, account) -> dict:
    status, body = stack("GET", f"/games/{game_id}/orders", token=account["token"])
    assert status == 200, body
    return body


def _open_panel(page):
    page.evaluate("window.scrollTo(0, 0)")
    button = page.get_by_test_id("orders-button")
    expect(button).to_be_visible()
    assert button.evaluate(IN_VIEW), "the Orders button is off screen"
    button.click()
    panel = page.get_by_test_id("orders-panel")
    expect(panel).to_be_visible()
    # The panel's buttons are in the window: Save and Close need no scrolling either.
    for testid in ("orders-save", "orders-recommended", "orders-clear", "orders-close"):
        assert page.get_by_test_id(testid).evaluate(IN_VIEW), f"{testid} is off screen"
    return panel


def test_mtaani_orders_on_a_phone_save_reload_refuse_clear_and_say_what_they_did(pages, stack):
    accounts, game_id = seated_table(stack, SCRIPT)
    me = accounts[0]
    # Seat 0 sets the recommended orders during its first turn: in the write of the PUT they
    # roll 5+6 to NCWSC, buy it (under the 700,000 SFR limit) and end the turn; seat 1, a
    # person without orders, then holds the turn. Seat 0 clears its orders again (the panel is
    # tried from no orders below); what they did stays for seat 0's next look.
    status, answer = stack("PUT", f"/games/{game_id}/orders", {"orders": {}}, me["token"])
    assert status == 200, answer
    status, answer = stack("PUT", f"/games/{game_id}/orders", {"orders": None}, me["token"])
    assert status == 200 and answer["orders"] is None, answer
    view = stack("GET", f"/games/{game_id}", token=accounts[1]["token"])[1]
    assert view["decision"]["player"] == 1                  # the table moved without seat 0

    page = open_as(pages, stack, me, "/", "phone-portrait")
    page.goto(f"{stack.base}/#/game/{game_id}")
    expect(page.get_by_test_id("turn-status")).to_be_visible(timeout=20_000)

    # What the orders did: a summary in the feed's words, the list, dismissable.
    card = page.get_by_test_id("orders-did")
    expect(card).to_be_visible()
    expect(page.get_by_test_id("orders-did-summary")).to_have_text(re.compile(
        r"^Your orders made 3 moves for you: rolled 5 \+ 6, moved to NCWSC, paid the bank "
        r"([\d,]+) SFR, bought NCWSC for \1 SFR, ended the turn\.$"))
    expect(page.get_by_test_id("orders-did-list").locator("li")).to_have_count(5)  # an event a line
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "orders-did-mtaani-phone")
    page.get_by_test_id("orders-did-dismiss").click()
    expect(card).to_have_count(0)

    button = page.get_by_test_id("orders-button")
    expect(button).to_have_text("Ordersoff")
    panel = _open_panel(page)
    expect(page.get_by_test_id("orders-status")).to_have_text(re.compile("^You have no orders"))
    # The schema's fields as a person reads them: a switch, an amount with its unit, a select.
    roll = panel.get_by_role("switch", name="Roll at my turn's start")
    expect(roll).to_be_checked()
    buy = panel.get_by_label(re.compile(r"^Buy properties priced up to"))
    expect(buy).to_have_value("700000")
    expect(panel.locator('[data-field="buy_up_to"] .unit')).to_have_text("SFR")
    expect(panel.locator('[data-field="buy_up_to"]')).to_contain_text("Recommended: 700,000 SFR")
    jail = panel.get_by_label("In jail", exact=True)
    expect(jail.locator("option")).to_have_text(["Pay bail", "Bail when fees low", "Roll for doubles", "Ask me"])
    # Nothing of the panel is wider than the phone.
    assert panel.evaluate("(p) => p.scrollWidth <= p.clientWidth + 1 && p.getBoundingClientRect().right <= innerWidth")

    buy.fill("300000")
    roll.uncheck()
    jail.select_option(label="Pay bail")
    page.get_by_test_id("orders-save").click()
    expect(page.get_by_test_id("orders-status")).to_have_text(re.compile("^Saved"))
    saved = _orders(stack, game_id, me)["orders"]
    assert (saved["buy_up_to"], saved["roll"], saved["jail"], saved["buy_keep"]) == (300_000, False, "pay_bail", 100_000)
    screenshot(page, "orders-panel-mtaani-phone")
    page.get_by_test_id("orders-close").click()
    expect(button).to_have_text("Orderson")

    # A reload shows them; a bad value is refused in words beside its field and changes nothing.
    page.reload()
    expect(page.get_by_test_id("turn-status")).to_be_visible(timeout=20_000)
    panel = _open_panel(page)
    expect(page.get_by_test_id("orders-status")).to_have_text("Your orders are on.")
    expect(panel.get_by_label(re.compile(r"^Buy properties priced up to"))).to_have_value("300000")
    expect(panel.get_by_role("switch", name="Roll at my turn's start")).not_to_be_checked()
    panel.get_by_label(re.compile(r"^Buy properties priced up to")).fill("200000000")
    with page.expect_response(lambda r: r.request.method == "PUT" and r.url.endswith("/orders")) as answer:
        page.get_by_test_id("orders-save").click()
    assert answer.value.status == 422
    error = page.get_by_test_id("orders-error-buy_up_to")
    expect(error).to_have_text("Buy properties priced up to: at most 100,000,000 SFR")
    assert error.evaluate(IN_VIEW)
    # An emptied amount is refused by name too, never saved as the recommended value.
    panel.get_by_label(re.compile(r"^Buy properties priced up to")).fill("")
    page.get_by_test_id("orders-save").click()
    expect(error).to_have_text("Buy properties priced up to: type a whole number")
    # (the browser logs each refused request; those two lines are expected, nothing else)
    refused = [e for e in pages.errors if "status of 422" in e]
    assert len(refused) == 2, pages.errors
    pages.errors[:] = [e for e in pages.errors if e not in refused]
    assert _orders(stack, game_id, me)["orders"]["buy_up_to"] == 300_000
    screenshot(page, "orders-refused-mtaani-phone", top=False)

    # Use recommended fills the form (nothing saved yet); Clear clears.
    page.get_by_test_id("orders-recommended").click()
    expect(panel.get_by_label(re.compile(r"^Buy properties priced up to"))).to_have_value("700000")
    expect(error).to_be_hidden()
    assert _orders(stack, game_id, me)["orders"]["buy_up_to"] == 300_000
    page.get_by_test_id("orders-clear").click()
    expect(page.get_by_test_id("orders-status")).to_have_text(re.compile("^Cleared"))
    assert _orders(stack, game_id, me)["orders"] is None
    page.get_by_test_id("orders-close").click()
    expect(button).to_have_text("Ordersoff")
    # On a laptop the button is in the bar as well, in view.
    page.set_viewport_size({"width": 1366, "height": 768})
    page.evaluate("window.scrollTo(0, 0)")
    expect(button).to_be_visible()
    assert button.evaluate(IN_VIEW), "the Orders button is off a laptop's screen"


def test_what_the_orders_did_is_told_when_the_look_that_carries_it_lands_last(pages, stack):
    """Two looks at the opening race: the first GET /games/{id} (the one the server tells what
    the orders did: a look is told once) is held back until the second (a return to the page)
    has been answered, without it, and the screen has loaded from that one. The card still
    shows the orders' moves: they were in the log the page first read."""
    accounts, game_id = seated_table(stack, SCRIPT)
    me = accounts[0]
    assert stack("PUT", f"/games/{game_id}/orders", {"orders": {}}, me["token"])[0] == 200
    assert stack("PUT", f"/games/{game_id}/orders", {"orders": None}, me["token"])[0] == 200
    page = open_as(pages, stack, me, "/", "phone-portrait")
    held, answered = [], []

    def hold_the_first(route):
        if held:
            answered.append(route.fetch())
            route.fulfill(response=answered[-1])
        else:
            held.append((route, route.fetch()))     # the server has answered: told once

    page.route(re.compile(rf"/games/{game_id}$"), hold_the_first)
    page.goto(f"{stack.base}/#/game/{game_id}")
    for _ in range(200):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the first look never went out"
    assert held[0][1].json().get("orders_did"), "the first look was not told what the orders did"
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # back to the page
    expect(page.get_by_test_id("turn-status")).to_be_visible(timeout=20_000)
    assert answered and "orders_did" not in answered[0].json()
    expect(page.get_by_test_id("orders-did")).to_have_count(0)
    route, response = held[0]
    route.fulfill(response=response)
    expect(page.get_by_test_id("orders-did-summary")).to_have_text(re.compile(
        r"^Your orders made 3 moves for you: rolled 5 \+ 6, moved to NCWSC"))
    page.unroute(re.compile(rf"/games/{game_id}$"))


def test_mulodi_orders_on_a_laptop_choices_save_and_reload(pages, stack):
    accounts, game_id = mulodi_table(stack)
    me = accounts[1]  # the seat waiting: its bar still shows the Orders button
    page = open_as(pages, stack, me, f"/game/{game_id}", "desktop-1366")
    panel = _open_panel(page)
    stops = panel.locator('[data-field="stop_on"]')
    expect(stops.locator("legend")).to_have_text("Wake me for these instead")
    expect(stops.get_by_role("checkbox")).to_have_count(8)
    expect(panel.get_by_role("switch", name="Neda a Yaaye Deal")).to_be_checked()
    amount = panel.get_by_label(re.compile(r"^Neda a charge of at least"))
    expect(amount).to_have_value("50")
    expect(panel.locator('[data-field="neda_charges_from"] .unit')).to_have_text("M")
    stops.get_by_label("Banja", exact=True).check()
    amount.fill("80")
    panel.get_by_label("Neda a Land Grab", exact=True).select_option(label="Always")
    page.get_by_test_id("orders-save").click()
    expect(page.get_by_test_id("orders-status")).to_have_text(re.compile("^Saved"))
    saved = _orders(stack, game_id, me)["orders"]
    assert (saved["stop_on"], saved["neda_charges_from"], saved["neda_land_grab"]) == (["banja"], 80, "always")
    screenshot(page, "orders-panel-mulodi-laptop")
    assert_accessible(page)  # every control of the panel named, its text at 4.5:1
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("orders-panel")).to_have_count(0)

    page.reload()
    expect(page.get_by_test_id("turn-status")).to_be_visible(timeout=20_000)
    expect(page.get_by_test_id("orders-button")).to_have_text("Orderson")
    panel = _open_panel(page)
    expect(panel.locator('[data-field="stop_on"]').get_by_label("Banja", exact=True)).to_be_checked()
    expect(panel.get_by_label(re.compile(r"^Neda a charge of at least"))).to_have_value("80")
    page.keyboard.press("Escape")
    # The other seat, on a phone: the button is in its bar too, in view.
    other = open_as(pages, stack, accounts[0], f"/game/{game_id}", "phone-portrait")
    _open_panel(other)
    expect(other.get_by_test_id("orders-status")).to_have_text(re.compile("^You have no orders"))


def test_jijis_orders_on_a_phone_from_its_own_schema(pages, stack):
    """Jiji's pinned bar shows the Orders button in a phone's view; the panel is drawn from
    Jiji's own order fields (proxy bids on by default), and a change saves: rolling left to
    the person, so the seat's turn still waits for them."""
    accounts, game_id, first = jiji_table(stack, {})
    me = accounts[first]
    assert _orders(stack, game_id, me)["schema"]["title"] == "JijiOrders"
    page = open_as(pages, stack, me, "/", "phone-portrait")
    page.goto(f"{stack.base}/#/game/{game_id}")
    expect(page.get_by_test_id("turn-status")).to_be_visible(timeout=20_000)
    panel = _open_panel(page)
    expect(panel.get_by_role("switch", name="Proxy bids")).to_be_checked()
    roll = panel.get_by_role("switch", name="Roll for me")
    expect(roll).to_be_checked()
    roll.click()
    page.get_by_test_id("orders-save").click()
    expect(page.get_by_test_id("orders-status")).to_have_text(re.compile("^Saved"))
    saved = _orders(stack, game_id, me)["orders"]
    assert (saved["roll"], saved["proxy_bids"]) == (False, True)


def test_jijis_recommended_orders_play_the_turn_and_say_what_they_did(pages, stack):
    """The starter, at its roll, picks Use recommended and saves on a phone; the table plays the
    turn in the PUT's write. Worked out from the text and jiji.toml: it rolls 1+2 onto
    Korogocho (space 3, M700k, nobody's) and buys it (M37.7M of starting bills less 700k
    keeps the M2M reserve); Construction grants 2 blocks (the script), placed residential
    (rent gain per M: a residential block, 200k, counts 65% of the gain for the nuisance risk,
    0.65/200k; an industrial one, 400k, 1/400k); then it ends the turn: 5 moves. The other
    seat, a person without orders, then holds the turn; the card lists the moves in the
    feed's words (the summary found none of them before: it looked for "j2f8ff5 rolled" where
    Jiji's feed then said "J2f8ff5 rolled"; a handle now keeps its case)."""
    from tests.browser.test_jiji_table import SCRIPT, jiji_table

    accounts, game_id, first = jiji_table(stack, {"scripted": SCRIPT})
    me = accounts[first]
    page = open_as(pages, stack, me, f"/game/{game_id}", "phone-portrait")
    expect(page.get_by_test_id("turn-status")).to_have_text("Your turn: roll")
    panel = _open_panel(page)
    page.get_by_test_id("orders-recommended").click()
    page.get_by_test_id("orders-save").click()
    expect(page.get_by_test_id("orders-status")).to_have_text(re.compile("^Saved"))
    page.get_by_test_id("orders-close").click()
    expect(panel).to_have_count(0)
    other = accounts[1 - first]["handle"]
    expect(page.get_by_test_id("turn-status")).to_contain_text(other)   # the table moved on
    view = stack("GET", f"/games/{game_id}", token=me["token"])[1]
    mine = view["state"]["players"][first]
    assert (mine["cash"], mine["pos"]) == (37_700_000 - 700_000 - 400_000, 3)
    assert view["state"]["districts"]["3"]["residential"] == 2
    # The summary: the seat's sentences grouped by event type in the order first said (the two
    # payments to the bank together), six phrases at most; the list: every event, a line each.
    expect(page.get_by_test_id("orders-did-summary")).to_have_text(
        "Your orders made 5 moves for you: rolled 1 + 2, moved to Korogocho, paid the bank "
        "M700k, paid the bank M400k, bought Korogocho for M700k, pressed Construction, and more.")
    name = me["handle"]   # a line that starts with a handle keeps its case (issue 32)
    expect(page.get_by_test_id("orders-did-list").locator("li")).to_have_text([
        f"{name} rolled 1 + 2", f"{name} moved to Korogocho",
        f"{name} paid the bank M700k: a purchase (Korogocho)", f"{name} bought Korogocho for M700k",
        f"{name} pressed Construction: 2 blocks", f"{name} paid the bank M400k: blocks (Korogocho)",
        f"{name} built 2 residential blocks on Korogocho for M400k: 2 residential, 0 industrial there",
        f"{name} ended the turn"])
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "orders-did-jiji-phone")


def _mulodi_move(stack, game_id, account, move, body):
    status, answer = stack("POST", f"/games/{game_id}/mulodi/{move}", body, account["token"])
    assert status == 200, (move, answer)
    return answer["game"]


def _card(stack, game_id, account, face) -> str:
    view = stack("GET", f"/games/{game_id}", token=account["token"])[1]
    return next(c["id"] for c in view["state"]["hand"] if c["face"] == face)


def test_mulodis_orders_answer_a_banja_and_say_what_they_did(pages, stack):
    """B (seat 1) sets the recommended orders; A plays its Banja on B (demand 50M), and B's
    orders answer in the Banja's own write: their rule reads only what the table shows (the
    charge, B's table), so the answer's time tells nothing of B's hand. Worked out from the
    text and the orders' defaults: B banked 50M and 20M on its turn, so the Banja would take
    50M of B's 70M table, at least the 50M from which the orders Neda a charge; B holds a
    Neda, so its orders play it, and the Banja waits on A's answer to the Neda. On B's
    laptop, the card says what the orders did: one move, the Neda, in the feed's words."""
    (a, b), game_id = mulodi_table(stack)
    assert stack("PUT", f"/games/{game_id}/orders", {"orders": {}}, b["token"])[0] == 200
    _mulodi_move(stack, game_id, a, "bank", {"card": _card(stack, game_id, a, "money-20")})
    _mulodi_move(stack, game_id, a, "end-turn", {"returned": []})
    for face in ("money-50", "money-20"):
        _mulodi_move(stack, game_id, b, "bank", {"card": _card(stack, game_id, b, face)})
    _mulodi_move(stack, game_id, b, "end-turn", {"returned": []})
    _mulodi_move(stack, game_id, a, "banja", {"card": _card(stack, game_id, a, "banja"), "target": 1})
    # As A sees B (B's own look would take the card away: it shows what happened since):
    # 5 cards dealt, 2 drawn, 2 banked, the Neda played; the 70M banked, nothing paid.
    seat = stack("GET", f"/games/{game_id}", token=a["token"])[1]["state"]["seats"][1]
    assert (seat["hand_count"], seat["bank_value"]) == (4, 70)
    page = open_as(pages, stack, b, f"/game/{game_id}", "desktop-1366")
    expect(page.get_by_test_id("orders-did-summary")).to_have_text(
        f"Your orders made 1 move for you: played a Neda against {a['handle']}'s Banja.")
    expect(page.get_by_test_id("orders-did-list").locator("li").first).to_contain_text(
        f"played a Neda against {a['handle']}'s Banja")
    assert page.get_by_test_id("orders-did").evaluate(IN_VIEW)
    screenshot(page, "orders-did-mulodi-laptop")
