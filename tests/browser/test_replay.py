"""The replay route in the browser (issue 22): a finished game stepped through move by move
with the game's own screen and no action buttons, what was hidden during play shown after
the end, the fairness check in words; at phone (390x844) and desktop (1366x768) sizes.
Screenshots go to ``test-artifacts/replay-*.png`` (docs/img has a copy of one:
``replay-mulodi-after-end.png``)."""

from __future__ import annotations

import re
import secrets

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot

pytestmark = pytest.mark.browser

DESKTOP = {"viewport": {"width": 1366, "height": 768}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
PREFERRED = ("roll", "decline", "end_turn", "choose_deck", "choose_municipal", "pay_bail", "draw")
"""What the players answer when they may, in this order (else their first legal action). The
Municipal rule is in the list because a free move may come first in the listing: about one
Mtaani game in a hundred met a Municipal decision with a bank loan to repay, and repaid 20% of
it move after move until the 400 moves ran out (3,000 seeds played on the engine with this
list: none stuck, at most 23 moves)."""


def dealt(stack, ruleset: str, options: dict) -> tuple[str, list[tuple[str, str]]]:
    """A started two-seat ``ruleset`` game of two new accounts: ``(game_id, [(handle, token)])``."""
    names = [f"replay{secrets.token_hex(3)}" for _ in range(2)]
    tokens = [stack("POST", "/sessions", {"handle": n})[1]["token"] for n in names]
    status, lobby = stack("POST", "/lobbies", {"table_size": 2, "ruleset": ruleset}, tokens[0])
    assert status == 201, lobby
    lobby_id = lobby["lobby_id"]
    assert stack("POST", f"/lobbies/{lobby_id}/invites", {"handle": names[1]}, tokens[0])[0] == 201
    assert stack("POST", f"/lobbies/{lobby_id}/join", {}, tokens[1])[0] == 200
    status, game = stack("POST", f"/lobbies/{lobby_id}/start", {"options": options}, tokens[0])
    assert status == 201, game
    return lobby_id, list(zip(names, tokens, strict=True))


def play(stack, game_id: str, tokens: list[str], moves: int = 400,
         preferred: tuple[str, ...] = PREFERRED) -> bool:
    """Up to ``moves`` moves through the API, every decision answered with the first of
    ``preferred`` its holder may make (else their first legal action); whether it is over."""
    for _ in range(moves):
        status, view = stack("GET", f"/games/{game_id}", token=tokens[0])
        if view["outcome"]:
            return True
        seat = view["decision"]["player"]
        status, mine = stack("GET", f"/games/{game_id}", token=tokens[seat])
        legal = mine["legal_actions"]
        action = next((a for kind in preferred for a in legal if a["type"] == kind), legal[0])
        body = {k: v for k, v in action.items() if k != "type"}
        status, answer = stack("POST", f"/games/{game_id}/{view['game']}/"
                               f"{action['type'].replace('_', '-')}", body, tokens[seat])
        assert status == 200, answer
    return stack("GET", f"/games/{game_id}", token=tokens[0])[1]["outcome"] is not None


def played_to_the_end(stack, ruleset: str, options: dict) -> tuple[str, list[tuple[str, str]]]:
    """A two-seat ``ruleset`` game played through the API (:func:`play`) until it is over."""
    game_id, seats = dealt(stack, ruleset, options)
    assert play(stack, game_id, [token for _, token in seats]), "the game did not end"
    return game_id, seats


def sign_in(page, name: str) -> None:
    page.fill("#handle", name)
    page.get_by_role("button", name="Sign in or claim").click()
    expect(page.get_by_test_id("signed-in-as")).to_have_text(f"@{name}")


def test_a_finished_mtaani_game_steps_through_with_its_draw_piles_revealed(pages, stack):
    game_id, ((name, _token), _) = played_to_the_end(stack, "mtaani", {"max_turns": 4})
    steps = stack("GET", f"/games/{game_id}/replay", token=_token)[1]["steps"]
    page = pages.open("/", **DESKTOP)
    sign_in(page, name)
    # From the dashboard's finished games to the replay, at the deal.
    page.get_by_test_id("dash-finished").get_by_test_id("dash-replay").first.click()
    status = page.get_by_test_id("replay-status")
    expect(status).to_contain_text(f"Step 0 of {steps} (the deal)")
    expect(status).to_contain_text("everything hidden during play is shown")
    expect(page.get_by_test_id("replay-prev")).to_be_disabled()
    page.get_by_test_id("replay-next").click()
    expect(page.locator("#app[data-step='1']")).to_have_count(1)
    expect(status).to_contain_text(f"Step 1 of {steps}")
    assert re.search(r"#/game/[^/]+/replay\?step=1$", page.url)
    # The game's own screen draws the step, with no action to take.
    expect(page.locator(".board")).to_be_visible()
    expect(page.locator("button[data-action]")).to_have_count(0)
    # The pinned bar says what the table waited for at this step, never "Your turn".
    expect(page.get_by_test_id("turn-status")).to_contain_text("At this step: ")
    expect(page.get_by_test_id("turn-status")).not_to_contain_text("Your turn")
    # Each deck's draw pile, hidden during play, is named card by card.
    revealed = page.get_by_test_id("revealed")
    expect(revealed).to_contain_text("Revealed after the end")
    expect(revealed).to_contain_text("Draw piles")
    expect(page.get_by_test_id("fair-verdict")).to_contain_text("Checked: the game's luck (every roll, draw and shuffle) was sealed at the deal")
    screenshot(page, "replay-desktop-1366")
    page.get_by_test_id("replay-last").click()
    expect(status).to_contain_text(f"Step {steps} of {steps}")
    expect(page.get_by_test_id("replay-next")).to_be_disabled()
    expect(page.locator("button[data-action]")).to_have_count(0)
    page.keyboard.press("ArrowLeft")
    expect(status).to_contain_text(f"Step {steps - 1} of {steps}")

    phone = pages.open("/", **PHONE)
    sign_in(phone, name)
    phone.goto(f"{stack.base}/#/game/{game_id}/replay?step=2")
    expect(phone.get_by_test_id("replay-status")).to_contain_text(f"Step 2 of {steps}")
    expect(phone.locator("button[data-action]")).to_have_count(0)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the replay is {width} px wide on a 390 px phone"
    screenshot(phone, "replay-phone-390")


MULODI = ("play_property", "bank", "end_turn", "accept", "pay")
"""What Mulodi players do when they may: lay a property, bank a card, end the turn, accept
an action card, pay (else their first legal move)."""


def test_a_finished_mulodi_game_shows_every_hand_only_after_the_end(pages, stack):
    """During play the replay shows the player only what they saw (their own hand, the
    other's card count); after the end every hand and the draw pile are shown, step by step.
    At the deal (step 0) the deck's 106 cards are 5 in each hand, and seat 0 has drawn 2 to
    start its turn: 7 and 5 in hand, 106 - 12 = 94 in the draw pile."""
    game_id, ((name, token), (other, other_token)) = dealt(stack, "mulodi", {"max_turns": 4})
    assert not play(stack, game_id, [token, other_token], moves=3, preferred=MULODI)
    during = stack("GET", f"/games/{game_id}/replay?step=0", token=token)[1]
    assert during["revealed"] is False and "revealed" not in during["view"]["state"]
    assert during["view"]["state"]["seats"][1]["hand_count"] == 5
    assert len(during["view"]["state"]["hand"]) == 7

    page = pages.open("/", **DESKTOP)
    sign_in(page, name)
    page.goto(f"{stack.base}/#/game/{game_id}/replay?step=0")
    status = page.get_by_test_id("replay-status")
    expect(status).to_contain_text(f"Step 0 of {during['steps']} (the deal)")
    expect(status).to_contain_text("as you saw it during play")
    expect(page.get_by_test_id("revealed")).to_be_empty()
    expect(page.get_by_test_id("fair-verdict")).to_have_count(0)
    expect(page.locator("button[data-action]")).to_have_count(0)
    screenshot(page, "replay-mulodi-during-play")

    assert play(stack, game_id, [token, other_token], preferred=MULODI), "the game did not end"
    after = stack("GET", f"/games/{game_id}/replay?step=0", token=token)[1]
    shown = after["view"]["state"]["revealed"]
    assert after["revealed"] is True
    assert [len(shown["hands"]["0"]), len(shown["hands"]["1"]), len(shown["draw_pile"])] == [7, 5, 94]
    assert [c["id"] for c in shown["hands"]["0"]] == [c["id"] for c in during["view"]["state"]["hand"]]
    their_hand = ", ".join(c["name"] for c in shown["hands"]["1"])

    page.goto(f"{stack.base}/#/game/{game_id}/blank")
    page.goto(f"{stack.base}/#/game/{game_id}/replay?step=0")
    expect(status).to_contain_text(f"Step 0 of {after['steps']} (the deal)")
    expect(status).to_contain_text("everything hidden during play is shown")
    revealed = page.get_by_test_id("revealed")
    expect(revealed).to_contain_text("Revealed after the end")
    hands = revealed.locator("li[data-key='1']")
    expect(hands).to_have_text(f"{other}: 5 cards: {their_hand}")
    expect(revealed.locator("li[data-key='0']")).to_contain_text(f"{name}: 7 cards: ")
    expect(revealed).to_contain_text("Draw pile94 cards: ")
    expect(page.get_by_test_id("fair-verdict")).to_contain_text("Checked: the game's luck (every roll, draw and shuffle) was sealed at the deal")
    screenshot(page, "replay-mulodi-after-end")
    # A step on: the hands as they were then, still all shown, and no move to make.
    page.get_by_test_id("replay-next").click()
    expect(page.locator("#app[data-step='1']")).to_have_count(1)
    step1 = stack("GET", f"/games/{game_id}/replay?step=1", token=token)[1]
    expect(hands).to_contain_text(
        ", ".join(c["name"] for c in step1["view"]["state"]["revealed"]["hands"]["1"]))
    expect(page.locator("button[data-action]")).to_have_count(0)


@pytest.mark.parametrize("ruleset", ["mtaani", "mtaani-classic", "jiji", "mulodi"])
def test_every_guide_page_explains_fair_play(pages, stack, ruleset):
    page = pages.open(f"/#/guide/{ruleset}", **DESKTOP)
    section = page.locator("section[data-section='fairness']")
    expect(section.get_by_role("heading", name="Fair dice and cards")).to_be_visible()
    expect(section).to_contain_text("When the game ends, the log shows the seed and the salt")
    expect(page.locator("nav.toc")).to_contain_text("Fair dice and cards")
