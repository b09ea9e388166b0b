"""The lobby's pace picker (issue 31.2), on a phone (390x844) and a laptop (1366x768): live,
daily and weekly in words, each setting every deadline of the table; the lobby then shows them."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.test_table import handle, open_as


@pytest.mark.parametrize("layout", ["phone-portrait", "desktop-1366"])
def test_a_pace_is_picked_in_words_and_sets_every_deadline(pages, stack, layout):
    status, me = stack("POST", "/sessions", {"handle": handle("pace")})
    assert status == 201, me
    page = open_as(pages, stack, me, "/new", layout)
    expect(page.locator("#ruleset option").first).to_be_attached(timeout=20_000)
    daily = page.get_by_label(re.compile(r"^Daily"))
    daily.check()                                   # picked first: changing the game keeps it
    page.select_option("#ruleset", "jiji")
    expect(page.locator("#seats-help")).to_contain_text("Jiji")   # Jiji's options are in
    picker = page.get_by_test_id("pace")
    expect(picker).to_contain_text("Custom")
    expect(picker).to_contain_text("a Jiji auction 50 seconds")           # live, in words
    expect(picker).to_contain_text("a turn and an answer wait a day")     # daily
    expect(picker).to_contain_text("a turn waits a week")                 # weekly
    expect(daily).to_be_checked()
    left, right = picker.evaluate("(e) => { const r = e.getBoundingClientRect(); return [r.left, r.right]; }")
    assert left >= 0 and right <= page.viewport_size["width"]          # no sideways scrolling
    screenshot(page, f"pace-picker-{layout}", top=False)
    with page.expect_request(re.compile(r"/lobbies$")) as sent:
        page.get_by_role("button", name="Create lobby").click()
    assert sent.value.post_data_json["options"]["pace"] == "daily"
    shown = page.get_by_test_id("lobby-options").locator("li")
    expect(shown).to_contain_text(["Clock: none (to the last player standing)", "Auction time: 12 hours",
                                   "Deal time: 1 day"])
    expect(page.locator("body")).to_contain_text("an idle turn ends after 1 day")
    screenshot(page, f"pace-lobby-{layout}")
