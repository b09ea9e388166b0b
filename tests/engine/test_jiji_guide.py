"""Jiji's guide in prose (``data/guide.toml`` through ``engine.jiji.guide``): sections a person
reads in order, every figure a placeholder filled from the data, and the figures (worked out
by hand from the rulebook, shared/seeds/002_c447a5e4840630ef.txt, and the decisions file)
where the words say them."""

import re

import engine
from engine import guidetext
from engine.jiji.data import book

JIJI_SECTIONS = ["aim", "setup", "turn", "spaces", "auctions", "construction", "landmarks",
                 "permits", "rent", "chance", "jail", "paying", "deals", "clock", "slow",
                 "orders", "fairness", "board", "districts", "chance_cards"]
"""What a player reads, in order: the game and how to win, setting up, a turn, each kind of
space, auctions, building, landmarks, permits, rent, Chance, jail, paying and bankruptcy,
deals, the game clock, how this service plays it slowly, standing orders, fair play, then the
data tables."""


def sections() -> dict[str, dict]:
    return {s["id"]: s for s in engine.get_ruleset("jiji").guide()["prose"]}


def words(section: dict) -> str:
    return " ".join(section["text"] + section["items"] + section["example"])


def test_the_guide_reads_in_sections_in_order_every_placeholder_filled():
    prose = engine.get_ruleset("jiji").guide()["prose"]
    assert [s["id"] for s in prose] == JIJI_SECTIONS
    for section in prose:
        assert section["title"] and section["text"], section["id"]
        for line in section["text"] + section["items"] + section["example"]:
            assert "{" not in line and "}" not in line, line


def test_the_numbers_in_the_words_are_the_rulebooks():
    s = sections()
    # Rulebook "Each player starts the game with": 6 x 5M + 6 x 1M + 2 x 500k + 2 x 200k +
    # 2 x 100k + 1 x 50k + 5 x 10k = 30M + 6M + 1M + 400k + 200k + 50k + 50k = M37.7M.
    assert ("starts on GO with M37.7M: the rulebook's bills, 6 x M5M, 6 x M1M, 2 x M500k, "
            "2 x M200k, 2 x M100k, 1 x M50k and 5 x M10k") in words(s["setup"])
    assert "for 2 to 6 players" in words(s["aim"])                     # decisions "Table"
    turn = words(s["turn"])
    assert "Rolling 3 doubles in a row sends you straight to jail" in turn
    assert "a salary of M2M, plus M1M for each stadium you own" in turn  # house 2M; rulebook M1M
    auctions = words(s["auctions"])
    assert "at least M10k" in auctions and "the rulebook's live auction is 50 seconds" in auctions
    assert "12 hours unless it chooses another" in auctions            # decisions: 12 hours slow
    # The worked auction: 5% of 12 hours (43,200 s) is 2,160 s = 36 minutes; a bid with 20
    # minutes left moves the close to 36 minutes after it, 16 minutes later; Mukuru's price is
    # M600k, the least raise on M300k is M310k (M10k step). Live: 5% of 50 s = 2.5 s, rounded
    # up to 3 seconds.
    example = " ".join(s["auctions"]["example"])
    for figure in ("Mukuru (price M600k)", "opening at M300k", "Baraka bids M310k, the least raise",
                   "With 20 minutes left, Chebet bids M400k",
                   "the last 5% of the auction time (36 minutes)",
                   "the close moves to 36 minutes after her bid: 16 minutes later than it was",
                   "moves the close to 3 seconds after it"):
        assert figure in example, figure
    construction = words(s["construction"])
    assert "1 block 35%, 2 blocks 30%, 3 blocks 20% or a station 15% of the time" in construction
    assert "up to 8 blocks a district" in construction                   # rulebook: 8 buildings
    landmarks = words(s["landmarks"])
    assert "Stadium (M2M; only 2 in the game" in landmarks and "The Jiji Tower (M7M; only 1" in landmarks
    permits = words(s["permits"])
    assert "landfill (2), power station (3), wastewater plant (3) and prison (4)" in permits
    assert "M500k a block" in permits
    # The rulebook's worked rent: 4 industrial blocks on Industrial Area rent M3.5M (the power
    # station voids the 2 residential ones); the skyscraper on Railways doubles it: M7M.
    # Removing the power station (3 x M500k = M1.5M) counts all 6 blocks: M7M, doubled M14M.
    rent = " ".join(s["rent"]["example"])
    for figure in ("the 4 industrial blocks give M3.5M", "the skyscraper doubles it: M7M to pay",
                   "costs M1.5M; then all 6 blocks count, M7M, doubled to M14M"):
        assert figure in rent, figure
    jail = words(s["jail"])
    assert "pay the M500k fine" in jail and "After 3 turns without a double, pay M500k" in jail
    assert "Industrial Tax (2 spaces, M1M and M1.5M)" in words(s["spaces"])
    assert "You may have 3 offers open at once" in words(s["deals"])
    assert "(1 day unless the lobby sets another)" in words(s["deals"])
    assert "14 days unless it chooses another" in words(s["clock"])
    assert "Your turn waits for the table's idle timeout, set in its lobby (the game's default: 1 day)" in words(s["slow"])
    assert "The 25 cards of the Chance pile." in words(s["chance_cards"])


def test_a_changed_number_in_the_data_changes_the_page(monkeypatch):
    b = book()
    monkeypatch.setattr(b, "starting_cash", 40_000_000)
    monkeypatch.setitem(b.raw["jail"], "fine", 600_000)
    monkeypatch.setitem(b.raw["auction"], "snipe_percent", 10)
    monkeypatch.setattr(b, "snipe_percent", 10)
    s = sections()
    assert "starts on GO with M40M" in words(s["setup"])
    assert "pay the M600k fine" in words(s["jail"])
    # 10% of 12 hours is 72 minutes: the late bid (20 minutes left) gains 52.
    assert "(72 minutes), so the close moves to 72 minutes after her bid: 52 minutes later" \
        in words(s["auctions"])


def test_the_guide_text_types_no_number():
    """Every figure in data/guide.toml's words is a placeholder, so the data alone sets it."""
    for section in guidetext.load("engine.jiji")["sections"]:
        for line in [section["title"], *section.get("text", []), *section.get("example", []),
                     *(i if isinstance(i, str) else i["text"] for i in section.get("items", []))]:
            assert not re.search(r"\d", guidetext.PLACEHOLDER.sub("", line)), line
