"""The Mulodi card table (issue 17), in headless Chromium against the local stack.

- Two people at one table in two browser contexts play turns by clicking: A lays a property
  and banks money, B banks money; A plays a Banja on B; B's screen, without reloading, says
  who played what and what it costs (pay 50M) and offers the Neda; B plays it; A's screen,
  without reloading, shows the Neda against the Banja; A lets it stand and plays on.
- A phone held upright (390x844) plays a whole turn (choose a card, play it, choose the next,
  end the turn) and pays a debt choosing the cards (the running total, no change given), every
  control it uses in sight without scrolling.
- A card is chosen and played by keyboard alone; text meets 4.5:1 and every control has a
  name. (Every Mulodi event type has words: ``test_table.py::test_every_event_has_words``,
  run for every game with a screen module.)

Screenshots of each layout go to ``test-artifacts/``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.test_table import IN_VIEW, handle, open_as
from tests.browser.test_web_client import assert_accessible

# A: Banja, Neda, 10M, 20M, Karen (and draws 30M and Muthaiga); B: Neda, 50M, 20M, two 10Ms
# (and draws 40M and Kibera); A's second turn draws 40M and Runda.
HANDS = [["banja", "money-10", "money-20", "property-karen", "yongeza"],
         ["neda", "money-50", "money-20", "money-10", "money-10"]]
DRAWS = ["money-30", "property-muthaiga", "money-40", "property-kibera", "money-40", "property-runda"]


def mulodi_table(stack, hands=HANDS, draws=DRAWS, window: int = 600, prefix: str = "m") -> tuple[list[dict], str]:
    """A scripted Mulodi table of ``len(hands)`` people (two by default), the accounts by seat;
    each handle is ``prefix`` and 6 hex digits."""
    accounts = []
    for _ in range(len(hands)):
        status, body = stack("POST", "/sessions", {"handle": handle(prefix)})
        assert status == 201, body
        accounts.append(body)
    owner = accounts[0]["token"]
    status, lobby = stack("POST", "/lobbies", {"table_size": len(hands), "ruleset": "mulodi",
                                               "options": {"response_window_seconds": window}}, owner)
    assert status == 201, lobby
    for other in accounts[1:]:
        assert stack("POST", f"/lobbies/{lobby['lobby_id']}/invites", {"handle": other["handle"]}, owner)[0] == 201
        assert stack("POST", f"/lobbies/{lobby['lobby_id']}/join", {}, other["token"])[0] == 200
    status, game = stack("POST", f"/lobbies/{lobby['lobby_id']}/start",
                         {"options": {"scripted": {"hands": hands, "draws": draws}}}, owner)
    assert status == 201, game
    return accounts, game["game_id"]


def pick(page, face: str):
    """Choose the first card of ``face`` in the hand strip."""
    card = page.locator(f'[data-testid="hand"] button.pcard[data-face="{face}"]').first
    card.click()
    expect(card).to_have_attribute("aria-pressed", "true")
    return card


def press(page, text: str, in_view: bool = False):
    """Click the action bar's button whose label contains ``text`` and wait for the answer."""
    button = page.get_by_test_id("action-bar").locator("button.action", has_text=text).first
    if in_view:
        assert button.evaluate(IN_VIEW), f"{text!r} is not on screen"
    with page.expect_response(re.compile(r"/games/[^/]+/mulodi/[a-z-]+$")) as answer:
        button.click()
    assert answer.value.status == 200, answer.value.text()
    page.wait_for_function("() => !document.getElementById('app').hasAttribute('data-busy')")


def test_two_people_play_turns_and_a_banja_is_answered_with_a_neda_seen_without_reloading(pages, stack):
    (a, b), game_id = mulodi_table(stack)
    pa = open_as(pages, stack, a, f"/game/{game_id}", "desktop-1366")
    pb = open_as(pages, stack, b, f"/game/{game_id}", "desktop-1366")
    expect(pa.get_by_test_id("turn-status")).to_have_text("Your turn: play up to 3 cards, then end your turn")
    expect(pb.get_by_test_id("turn-status")).to_contain_text(f"{a['handle']} is playing")
    # A's hand reads as cards: name, colour, value and what it does.
    karen = pa.locator('[data-testid="hand"] .pcard[data-face="property-karen"]')
    expect(karen).to_contain_text("Karen")
    expect(karen).to_contain_text("40M")
    expect(karen).to_contain_text("dark blue")
    expect(pa.locator('[data-testid="hand"] .pcard[data-face="banja"]')).to_contain_text("Demand 50M from another player")
    # By keyboard: focus Karen, Enter chooses it, Tab reaches "Lay Karen", Enter plays it.
    karen_button = pa.locator('[data-testid="hand"] button.pcard[data-face="property-karen"]')
    karen_button.focus()
    pa.keyboard.press("Enter")
    expect(karen_button).to_have_attribute("aria-pressed", "true")
    for _ in range(12):
        pa.keyboard.press("Tab")
        if pa.evaluate("() => document.activeElement?.dataset?.action") == "play_property":
            break
    assert "Lay Karen" in pa.evaluate("() => document.activeElement.textContent")
    with pa.expect_response(re.compile(r"/mulodi/play-property$")) as answer:
        pa.keyboard.press("Enter")
    assert answer.value.status == 200
    expect(pa.get_by_test_id("plays-left")).to_have_text("2 plays left this turn")
    pick(pa, "money-20")
    press(pa, "Bank 20M")
    expect(pa.get_by_test_id("plays-left")).to_have_text("1 play left this turn")
    press(pa, "End turn")
    # B, without reloading: its turn; it banks 50M and 20M and ends.
    expect(pb.get_by_test_id("turn-status")).to_have_text("Your turn: play up to 3 cards, then end your turn", timeout=15_000)
    expect(pb.get_by_test_id("opponent-0")).to_contain_text("dark blue 1/2")
    expect(pb.get_by_test_id("bank-0")).to_have_text("20M")
    pick(pb, "money-50")
    press(pb, "Bank 50M")
    pick(pb, "money-20")
    press(pb, "Bank 20M")
    press(pb, "End turn")
    # A's Banja on B: with one opponent, the card asks for nothing more.
    expect(pa.get_by_test_id("turn-status")).to_contain_text("Your turn", timeout=15_000)
    pick(pa, "banja")
    expect(pa.get_by_test_id("card-prompt").locator("select")).to_have_count(0)
    press(pa, f"Banja on {b['handle']}")
    expect(pa.get_by_test_id("turn-status")).to_contain_text(f"{b['handle']} to answer your Banja")
    # B sees it without reloading: who played what, what it costs, the Neda it holds.
    prompt = pb.get_by_test_id("neda-prompt")
    expect(prompt).to_contain_text(f"{a['handle']} played Banja on you", timeout=15_000)
    expect(prompt).to_contain_text("If you let it stand, you pay 50M from your table")
    expect(prompt).to_contain_text("you hold 1 Neda")
    expect(pb.get_by_test_id("deadline")).to_contain_text("(in 10 minutes), or the table answers for you: no Neda")
    screenshot(pb, "mulodi-neda-prompt")
    assert_accessible(pb)
    # Each dashboard says whose answer the table waits for, and until when.
    dash_b = open_as(pages, stack, b, "/", "desktop-1366")
    expect(dash_b.get_by_test_id("dash-in-progress")).to_contain_text(re.compile(r"Your answer, by (\w{3} )?\d\d:\d\d"))
    dash_a = open_as(pages, stack, a, "/", "desktop-1366")
    expect(dash_a.get_by_test_id("dash-in-progress")).to_contain_text(f"{b['handle']}'s answer, by ")
    dash_a.close()
    dash_b.close()
    press(pb, "Play your Neda")
    # A sees the Neda without reloading, and what letting it stand means.
    prompt = pa.get_by_test_id("neda-prompt")
    expect(prompt).to_contain_text(f"{b['handle']} played a Neda against your Banja", timeout=15_000)
    expect(prompt).to_contain_text(f"your Banja is cancelled for {b['handle']}")
    expect(prompt).to_contain_text("You hold no Neda")
    # The middle says who answers now: the Banja's player, no longer its target.
    expect(pa.get_by_test_id("play-in-middle")).to_have_text(
        f"You played Banja (50M): {b['handle']} played a Neda, you to answer")
    expect(pb.get_by_test_id("play-in-middle")).to_have_text(
        f"{a['handle']} played Banja (50M): you played a Neda, {a['handle']} to answer")
    screenshot(pa, "mulodi-after-a-neda-desktop")
    press(pa, "Let it stand")
    expect(pa.get_by_test_id("turn-status")).to_contain_text("Your turn")
    expect(pb.get_by_test_id("turn-status")).to_contain_text(f"{a['handle']} is playing (2 plays left)",
                                                             timeout=15_000)
    # Nothing was paid: B's bank is still 50 + 20 = 70M, A's 20M.
    expect(pa.get_by_test_id("bank-1")).to_have_text("70M")
    screenshot(pa, "mulodi-desktop")
    # A's last two plays (the Banja was the first): then the bar says there are none left, not
    # "play up to 0 cards" (issue 32.4).
    pick(pa, "money-10")
    press(pa, "Bank 10M")
    pick(pa, "money-30")
    press(pa, "Bank 30M")
    expect(pa.get_by_test_id("turn-status")).to_have_text("Your turn: no plays left, so end your turn")


def test_events_name_the_reader_as_you_in_the_right_case(pages):
    """'paid you', 'on you', 'from you': the reader is "You" only as a sentence's subject
    (issue 32.4 saw "paid You")."""
    page = pages.open("/", viewport={"width": 1366, "height": 768})
    got = page.evaluate("""async () => {
      const { describeEvent } = await import('/js/games/mulodi/events.js');
      const guide = await (await fetch('/rulesets/mulodi/guide')).json();
      const view = { seats: [{ seat: 0, name: 'Amani' }, { seat: 1, name: 'Baraka' }], seat: 1 };
      return [
        { type: 'Paid', payer: 0, payee: 1, paid: 50, debt: 50, to_bank: ['money-50'], to_properties: [] },
        { type: 'Paid', payer: 1, payee: 0, paid: 20, debt: 20, to_bank: ['money-20'], to_properties: [] },
        { type: 'Paid', payer: 0, payee: 1, paid: 0, debt: 20 },
        { type: 'ActionPlayed', player: 0, card: 'banja', targets: [1], amount: 50 },
        { type: 'ActionCancelled', action: 'banja', target: 1 },
        { type: 'PropertyTaken', player: 0, card: 'property-karen', target: 1 },
        { type: 'Paid', payer: 0, payee: 1, paid: 60, debt: 80, to_bank: ['money-20'], to_properties: ['property-karen'] },
        { type: 'Paid', payer: 1, payee: 0, paid: 90, debt: 80, to_bank: ['money-50', 'money-40'], to_properties: [] },
        { type: 'Paid', payer: 1, payee: 0, paid: 30, debt: 50, to_bank: ['money-30'], to_properties: [], how: 'table' },
      ].map((e) => describeEvent(e, view, guide));
    }""")
    assert got == ["Amani paid you the 50M owed (50M)", "You paid Amani the 20M owed (20M)",
                   "Amani had nothing on the table to pay you", "Amani played Banja on you: 50M",
                   "The Banja is cancelled for you", "Amani took Karen from you",
                   # Issue 32's trial read "paid you 60M for 80M" and "paid you 90M for 80M".
                   # The seed: "There is no change in the game. You pay with what you have on
                   # the table": a part payment is all the payer had (20M + Karen's 40M = 60M of
                   # 80M); 50M + 40M = 90M pays 80M with 10M over, never given back.
                   "Amani paid you 60M of the 80M owed (20M, Karen): all they had on the table to pay with",
                   "You paid Amani 90M for a debt of 80M (50M, 40M): 10M over, as there is no change in the game",
                   "You paid Amani 30M of the 50M owed (30M): all you had on the table to pay with, chosen by the table"]


@pytest.mark.parametrize("layout", ["phone-portrait", "phone-landscape"])
def test_a_phone_plays_a_whole_turn_and_pays_without_scrolling_to_find_the_actions(pages, stack, layout):
    """A lays Karen, banks 20M and plays a Banja on B, every control in sight; B pays the 50M
    choosing 20M, 10M and 10M (running total 20M, 30M, 40M: not enough) and then the 50M
    instead (50M of 50M); A ends the turn."""
    hands = [["banja", "money-10", "money-20", "property-karen", "yongeza"],
             ["money-50", "money-20", "money-10", "money-10", "neda"]]
    (a, b), game_id = mulodi_table(stack, hands)
    # Through the API: A ends its first turn at once; B banks 50M, 10M and 10M and ends.
    for token, faces in ((a["token"], []), (b["token"], ["money-50", "money-10", "money-10"])):
        for face in faces:
            view = stack("GET", f"/games/{game_id}", None, token)[1]
            card = next(c["id"] for c in view["state"]["hand"] if c["face"] == face)
            status, body = stack("POST", f"/games/{game_id}/mulodi/bank", {"card": card}, token)
            assert status == 200, body
        status, body = stack("POST", f"/games/{game_id}/mulodi/end-turn", {}, token)
        assert status == 200, body
    pa = open_as(pages, stack, a, f"/game/{game_id}", layout)
    expect(pa.get_by_test_id("turn-status")).to_contain_text("Your turn")
    for face, label in (("property-karen", "Lay Karen"), ("money-20", "Bank 20M"), ("banja", "Banja on")):
        card = pa.locator(f'[data-testid="hand"] button.pcard[data-face="{face}"]').first
        card.scroll_into_view_if_needed()      # the hand strip scrolls sideways inside the bar
        assert pa.evaluate("() => window.scrollY") == 0
        assert card.evaluate(IN_VIEW), f"{face} is not on screen"
        card.click()
        press(pa, label, in_view=True)
    screenshot(pa, f"mulodi-{layout}-a")
    pb = open_as(pages, stack, b, f"/game/{game_id}", layout)
    expect(pb.get_by_test_id("neda-prompt")).to_be_visible()
    screenshot(pb, f"mulodi-{layout}-neda")
    press(pb, "Let it stand", in_view=True)
    pay = pb.get_by_test_id("pay-prompt")
    expect(pay).to_contain_text(f"You owe {a['handle']} 50M")
    total = pb.get_by_test_id("pay-total")
    expect(total).to_have_text("Chosen: 0M of 50M")
    boxes = pay.locator("input[type=checkbox]")
    labels = [pay.locator("label.pay-card").nth(i).inner_text().strip() for i in range(boxes.count())]
    assert sorted(labels) == ["10M (10M)", "10M (10M)", "50M (50M)"], labels
    chosen = pb.get_by_test_id("action-bar").locator('button[data-key="pay-chosen"]')
    for i, running in ((1, "10M"), (2, "20M")):
        pay.locator("label.pay-card", has_text="10M (10M)").nth(i - 1).locator("input").check()
        expect(total).to_have_text(f"Chosen: {running} of 50M")
        expect(chosen).to_be_disabled()
    pay.locator("label.pay-card", has_text="50M (50M)").locator("input").check()
    expect(total).to_have_text("Chosen: 70M of 50M")
    expect(chosen).to_contain_text("20M more than the debt: no change is given")
    for i in range(2):
        pay.locator("label.pay-card", has_text="10M (10M)").nth(i).locator("input").uncheck()
    expect(total).to_have_text("Chosen: 50M of 50M")
    screenshot(pb, f"mulodi-{layout}-pay")
    assert chosen.evaluate(IN_VIEW)
    assert_accessible(pb)
    press(pb, "Pay 50M", in_view=True)
    expect(pa.get_by_test_id("turn-status")).to_contain_text("Your turn", timeout=15_000)
    press(pa, "End turn", in_view=True)
    expect(pb.get_by_test_id("turn-status")).to_contain_text("Your turn", timeout=15_000)
    assert pa.evaluate("() => window.scrollY") == 0


def test_an_answer_pressed_on_a_view_another_answer_made_old_goes_through(pages, stack):
    """Issue 32.1: A plays a Wedding Meeting (each other seat pays 20M); B's page shows "Let it
    stand". C answers first (through the API), which moves the game on, and B's page does not
    hear of it (its reads are held back). B's press is made on the older view: the decision it
    answers is still pending and letting it stand is still legal, so it goes through (200) and
    B owes the 20M, not "the game has moved on"."""
    accounts = []
    for _ in range(3):
        status, body = stack("POST", "/sessions", {"handle": handle("w")})
        assert status == 201, body
        accounts.append(body)
    owner = accounts[0]["token"]
    status, lobby = stack("POST", "/lobbies", {"table_size": 3, "ruleset": "mulodi",
                                               "options": {"response_window_seconds": 600}}, owner)
    assert status == 201, lobby
    for other in accounts[1:]:
        assert stack("POST", f"/lobbies/{lobby['lobby_id']}/invites", {"handle": other["handle"]}, owner)[0] == 201
        assert stack("POST", f"/lobbies/{lobby['lobby_id']}/join", {}, other["token"])[0] == 200
    hands = [["wedding_meeting", "money-10", "money-20", "property-karen", "yongeza"],
             ["money-50", "money-20", "money-10", "money-10", "money-30"],
             ["money-50", "money-20", "money-10", "money-10", "money-30"]]
    status, game = stack("POST", f"/lobbies/{lobby['lobby_id']}/start",
                         {"options": {"scripted": {"hands": hands, "draws": DRAWS}}}, owner)
    assert status == 201, game
    game_id = game["game_id"]

    def view(account):
        return stack("GET", f"/games/{game_id}", token=account["token"])[1]

    def play(account, move, face=None, **body):
        if face is not None:
            body["card"] = next(x["id"] for x in view(account)["state"]["hand"] if x["face"] == face)
        if move == "end-turn":
            hand = view(account)["state"]["hand"]
            body["returned"] = [x["id"] for x in hand[:max(0, len(hand) - 7)]]
        status, answer = stack("POST", f"/games/{game_id}/mulodi/{move}", body, account["token"])
        assert status == 200, (move, answer)

    a, b, c = sorted(accounts, key=lambda x: view(x)["seat"])
    play(a, "end-turn")
    for other in (b, c):                                   # each banks 50M: they have money to pay
        play(other, "bank", "money-50")
        play(other, "end-turn")
    play(a, "wedding-meeting", "wedding_meeting")
    page = open_as(pages, stack, b, f"/game/{game_id}", "phone-portrait")
    stand = page.get_by_test_id("action-bar").locator("button.action", has_text="Let it stand").first
    expect(stand).to_be_visible(timeout=20_000)
    before = view(b)["version"]
    # From here B's page hears nothing new: its reads of the game and its events are held.
    page.route(re.compile(rf".*/games/{game_id}(/events.*)?$"),
               lambda route: route.abort() if route.request.method == "GET" else route.continue_())
    mine = next(p for p in view(c)["pending"] if p["player"] == 2 and p["kind"] == "respond")
    play(c, "accept", decision=mine["id"])
    assert view(b)["version"] > before                       # B's page is showing an older game
    with page.expect_response(re.compile(rf"/games/{game_id}/mulodi/accept$")) as pressed:
        stand.click()
    assert pressed.value.status == 200, pressed.value.text()
    assert pressed.value.request.post_data_json["version"] == before  # made on the older view
    page.unroute(re.compile(rf".*/games/{game_id}(/events.*)?$"))
    assert any(p["player"] == 1 and p["kind"] == "pay" for p in view(b)["pending"])
    screenshot(page, "mulodi-answer-on-an-older-view-phone")


# The fullest bar (issue 32.4): A lays Karen (dark blue) and Kibera (brown) and plays a Yongeza
# on its first turn, so on its second it holds eight cards (one over the hand limit: End turn
# first asks for the card to put back) with three plays and a Double the Rent: a Multi-coloured
# Rent asks a player, a colour and the Doubles (3 choices, and Bank), a Land Trade a player, their
# property and yours to give (3 choices, and Bank), a Land Grab a player and a property, the
# Master wildcard one of ten colours. B and C each lay a property (a Land Grab's target).
FULL_HANDS = [["property-karen", "property-kibera", "multi_rent", "double_rent", "yongeza"],
              ["property-south_c", "money-10", "money-20", "money-10", "money-20"],
              ["property-lavington", "money-10", "money-20", "money-10", "money-20"]]
FULL_DRAWS = ["land_trade", "wild-dark_blue-green",     # A's first turn
              "rent-dark_blue-green", "master",         # A's Yongeza
              "money-30", "money-30", "money-40", "money-40",
              "land_grab", "money-50"]                  # A's second turn

BAR_SPAN = """
(bar) => {
  // What the bar takes of the screen's height: from its top edge to the foot of what it holds
  // (a bar pinned to the bottom: its own height; a column held sideways: what its content fills).
  const r = bar.getBoundingClientRect();
  const kids = [...bar.querySelectorAll("*")].filter((el) => el.getClientRects().length);
  const foot = Math.max(...kids.map((el) => el.getBoundingClientRect().bottom)) + parseFloat(getComputedStyle(bar).paddingBottom);
  const height = Math.min(r.bottom, foot) - Math.max(0, r.top);
  return { height: Math.round(height), share: height / innerHeight, full: Math.round(r.height),
           scrolls: bar.scrollHeight > bar.clientHeight + 1, left: r.left, top: r.top };
}
"""


@pytest.mark.parametrize("layout", ["phone-portrait", "phone-landscape", "desktop-1366"])
def test_the_bar_with_any_card_chosen_leaves_the_table_in_sight(pages, stack, layout):
    """Issue 32.4: each card of an eight-card hand chosen in turn (the fullest: a Multi-coloured
    Rent or a Land Trade, three choices and two buttons, with End turn asking for the card to put
    back); every choice and button of the card and End turn is whole on the screen without
    scrolling the page or the bar. Upright and on a laptop the bar takes at most half the
    screen's height (the trial's phone: 69%); held sideways it is a column beside the table."""
    # Handles of the longest kind (20 characters): a play's words name the player.
    accounts, game_id = mulodi_table(stack, FULL_HANDS, FULL_DRAWS, prefix="Wanjiku_Kamau_")
    seats = {stack("GET", f"/games/{game_id}", None, x["token"])[1]["seat"]: x for x in accounts}

    def move(seat, kind, face=None):
        token = seats[seat]["token"]
        view = stack("GET", f"/games/{game_id}", None, token)[1]
        faces = {c["id"]: c["face"] for c in view["state"]["hand"] or []}
        action = next(a for a in view["legal_actions"] if a["type"] == kind and (face is None or faces.get(a.get("card")) == face))
        status, body = stack("POST", f"/games/{game_id}/mulodi/{kind.replace('_', '-')}",
                             {k: v for k, v in action.items() if k != "type"}, token)
        assert status == 200, body

    move(0, "play_property", "property-karen")
    move(0, "play_property", "property-kibera")
    move(0, "yongeza", "yongeza")
    move(0, "end_turn")
    for seat, face in ((1, "property-south_c"), (2, "property-lavington")):
        move(seat, "play_property", face)
        move(seat, "end_turn")
    page = open_as(pages, stack, seats[0], f"/game/{game_id}", layout)
    expect(page.get_by_test_id("turn-status")).to_contain_text("Your turn")
    bar = page.get_by_test_id("action-bar")
    strip = bar.locator(".hand-cards")
    expect(strip.locator(".pcard")).to_have_count(8)
    faces = list(dict.fromkeys(strip.locator(".pcard").evaluate_all("(cards) => cards.map((c) => c.dataset.face)")))
    seen = {}
    for face in faces:
        card = strip.locator(f'button.pcard[data-face="{face}"]').first
        card.evaluate("(el) => el.scrollIntoView({ inline: 'nearest', block: 'nearest' })")  # (the strip's own scroll)
        card.click()
        expect(card).to_have_attribute("aria-pressed", "true")
        expect(bar.get_by_test_id("card-prompt")).to_be_visible()
        page.wait_for_timeout(150)
        span = bar.evaluate(BAR_SPAN)
        controls = bar.locator("[data-testid=card-prompt] button.action, [data-testid=card-prompt] select, button[data-action=end_turn]")
        seen[face] = (span["height"], controls.count())
        assert page.evaluate("() => window.scrollY") == 0, f"{layout}: choosing {face} scrolled the page"
        assert not span["scrolls"], f"{layout}: with {face} chosen the bar scrolls ({span})"
        expect(bar).to_have_attribute("data-more", "false")        # (no "More below" cue: nothing below)
        for control in controls.all():
            assert control.evaluate(IN_VIEW), f"{layout}: {face}: {control.inner_text()!r} is not wholly on screen"
            assert control.evaluate("(el) => { const r = el.getBoundingClientRect(); return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); }"), \
                f"{layout}: {face}: {control.inner_text()!r} is covered"
        if layout == "phone-landscape":
            # Sideways the table keeps the screen's full height, in its column left of the bar.
            table = page.locator(".mulodi .opponents").evaluate("(el) => el.getBoundingClientRect().right")
            assert span["left"] >= table - 0.5, f"the bar covers the table ({span}, the table ends at {table})"
        else:
            assert span["share"] <= 0.5, f"{layout}: with {face} chosen the bar takes {span['share']:.0%} of the screen's height"
        card.click()                       # (unchosen: the next card starts from the bare hand)
        expect(card).to_have_attribute("aria-pressed", "false")
    worst = max(seen, key=lambda f: seen[f])
    print(f"{layout}: the bar with a card chosen (px high, controls): {seen}; the worst: {worst}, "
          f"{seen[worst][0] / page.viewport_size['height']:.1%} of {page.viewport_size['height']} px")
    # The fullest card chosen again for the screenshot, its choices shown.
    rent = strip.locator('button.pcard[data-face="multi_rent"]')
    rent.evaluate("(el) => el.scrollIntoView({ inline: 'nearest', block: 'nearest' })")
    rent.click()
    expect(bar.locator('[data-testid=card-prompt] select')).to_have_count(3)
    screenshot(page, f"mulodi-bar-fullest-{layout}")
