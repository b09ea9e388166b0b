"""The rules pages of Mulodi and Jiji read as guides (issue 32.3), in headless Chromium against
the local stack, on a phone (390x844) and a laptop (1366x768): each game's sections in reading
order as prose (a heading, paragraphs and lists, sentences that start as sentences: no
flattened lower-case dump of data), the worked examples with their figures (worked out by hand
from the rule texts, see tests/engine/test_mulodi_guide.py and test_jiji_guide.py), the data
tables after the prose, and nothing wider than the screen. Screenshots go to
``test-artifacts/guide-<game>-<layout>*.png``."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, screenshot
from tests.engine.test_jiji_guide import JIJI_SECTIONS
from tests.engine.test_mulodi_guide import MULODI_SECTIONS

LAYOUTS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 768}},
}

# The tables' rows, by hand from the decisions files: Mulodi's 10 colours and its card faces
# (6 money + 11 actions + 5 two-colour Rents + 28 properties + 7 wildcards + the Master = 58);
# Jiji's 40 spaces and 25 Chance cards.
GAMES = {
    # ruleset: (sections in order, {section: a sentence with figures}, the sections with a
    # worked example, the data tables after the prose with their rows, the section to photograph)
    # (The service adds its "Ratings" section after each game's own: docs/ratings.md.)
    "mulodi": ([*MULODI_SECTIONS, "ratings"],
               {"rent": "The red rent for 3 cards is 60M; the Apartment adds 30M, making 90M; the Double makes it 180M.",
                "neda": "she hands over both, 60M for a 50M debt, and gets no change",
                "actions": "Banja (3 cards): demand 50M from one other player.",
                "hand_limit": "you can't hold more than 7 cards"},
               ["rent", "neda"], {"colour-table": 10, "card-table": 58}, "rent"),
    "jiji": ([*JIJI_SECTIONS, "ratings"],
             {"setup": "Every player starts on GO with M37.7M",
              "auctions": "the close moves to 36 minutes after her bid: 16 minutes later than it was",
              "rent": "the skyscraper doubles it: M7M to pay"},
             ["auctions", "rent"], {"board-table": 40, "chance-list": 25}, "auctions"),
}

PROSE = """
(article) => [...article.querySelectorAll('section.prose[data-section]')].map((s) => ({
  id: s.dataset.section,
  title: s.querySelector('h2')?.textContent || '',
  lines: [...s.querySelectorAll(':scope > p, :scope > ul > li, :scope > .example > p')].map((x) => x.textContent.trim()),
}))
"""

OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


@pytest.mark.parametrize("layout", list(LAYOUTS))
@pytest.mark.parametrize("ruleset", list(GAMES))
def test_each_games_guide_shows_its_sections_as_prose(pages, stack, ruleset, layout):
    order, examples, worked, tables, photo = GAMES[ruleset]
    page = pages.open(f"/#/guide/{ruleset}", **LAYOUTS[layout])
    article = page.locator("article.guide")
    expect(article.locator(f"[data-section={order[-1]}]")).to_be_visible()
    sections = article.evaluate(PROSE)
    assert [s["id"] for s in sections] == order
    for section in sections:
        assert section["title"][:1].isupper(), section
        assert section["lines"], f"{section['id']} has no prose"
        for line in section["lines"]:
            # A sentence, not a dump: it starts with a capital (or a figure) and has no
            # placeholder or raw field left in it.
            assert line[:1].isupper() or line[:1].isdigit(), f"{section['id']}: {line!r}"
            assert "{" not in line and "_" not in line, f"{section['id']}: {line!r}"
    # No section of the old data dump (its "Rules" list of flattened lower-case text).
    expect(article.locator("h2", has_text="Rules")).to_have_count(0)
    for section, sentence in examples.items():
        expect(article.locator(f"[data-section={section}]")).to_contain_text(sentence)
    # Each worked example is a box of its own after the rules it works through.
    for section in worked:
        box = article.get_by_test_id(f"example-{section}")
        expect(box.locator("h3")).to_have_text("Worked example")
        expect(box.locator("p").first).to_be_visible()
    # The data tables come after the prose of the rules (the fair-play section is the last prose).
    fairness = order.index("fairness")
    for testid, rows in tables.items():
        table = article.get_by_test_id(testid)
        holder = table.evaluate("(el) => el.closest('[data-section]').dataset.section")
        assert order.index(holder) > fairness, (testid, holder)
        expect(table.locator("tbody tr, li")).to_have_count(rows)
    # The table of contents names every section, and nothing is wider than the screen.
    expect(page.locator("nav.toc li")).to_have_count(len(order))
    assert page.evaluate(OVERFLOW) <= 0
    screenshot(page, f"guide-{ruleset}-{layout}")
    page.locator(f"[data-section={photo}]").screenshot(path=str(ARTIFACTS / f"guide-{ruleset}-{layout}-{photo}.png"))
