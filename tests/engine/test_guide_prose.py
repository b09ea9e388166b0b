"""The guide's prose (``data/guide.toml`` through ``engine.mtaani.guide``): a section for every
section of the printed guide (shared/seeds/000), every placeholder filled from the ruleset's
own rule values, and the classic preset leaving out what it does not have."""

from __future__ import annotations

import engine

SEED_SECTIONS = {
    "Quick Facts": "quick_facts", "Overview": "overview", "Flow of play": "flow",
    "Gameplay UI": "screen", "Lobbies and invites": "lobbies", "Mtaani on mobile": "mobile",
    "The bank and the money supply": "bank", "Economy and fees": "economy",
    "Loans and mortgages": "loans", "Building and development": "building",
    "Renovating properties": "renovation", "Cards you buy and hold": "held_cards",
    "Special cards": "specials", "Jail": "jail", "The seedy side": "seedy",
    "Trading and the no-trade rule": "trading", "Bots and solo play": "bots",
    "Fortune": "fortune", "Bankruptcy and winning": "bankruptcy",
    "Account management": "accounts", "Special Tiles": "special_tiles", "Municipal": "municipal",
    "Property Guide": "property_guide", "Cards and Events": "cards",
    "Global Events": "global_events", "About This Edition": "edition",
}


def prose(name: str) -> dict[str, dict]:
    return {s["id"]: s for s in engine.get_ruleset(name).guide()["prose"]}


def test_every_section_of_the_printed_guide_has_prose():
    sections = prose("mtaani")
    assert set(SEED_SECTIONS.values()) <= set(sections)
    for section in sections.values():
        assert section["title"] and (section["text"] or section["items"]), section["id"]
        for line in section["text"] + section["items"]:
            assert "{" not in line and "}" not in line, line


def test_the_figures_are_the_rulesets_own():
    current, classic = prose("mtaani"), prose("mtaani-classic")
    assert "Passing Payday pays 400,000 SFR; landing exactly there pays 800,000 SFR." in current["flow"]["items"]
    assert "Passing Payday pays 500,000 SFR; landing exactly there pays 1,000,000 SFR." in classic["flow"]["items"]
    assert any("after you pass Payday 3 times" in item for item in classic["loans"]["items"])
    assert any("Chamber of Commerce" in item for item in current["trading"]["items"])
    assert not any("Chamber of Commerce" in item for item in classic["trading"]["items"])
    # The classic preset has no renovations and no special cards.
    assert {"renovation", "specials"} <= set(current) and not {"renovation", "specials"} & set(classic)


def test_the_standing_orders_section_reads_the_recommended_orders():
    """The figures of data/orders.toml (buy up to 700,000 keeping 100,000, build keeping
    200,000, bail unless the opponents' fees pass 2,400,000) and the rules' 20,000 bail, in
    both presets; what the orders never do is said in words."""
    for name in ("mtaani", "mtaani-classic"):
        section = prose(name)["orders"]
        items = section["items"]
        assert section["title"] == "Standing orders"
        assert ("Buy a property you land on when its price is at most 700,000 SFR and at least "
                "100,000 SFR stays in hand after paying.") in items
        assert any("while at least 200,000 SFR stays in hand" in item for item in items)
        assert any("pay the 20,000 SFR bail, unless the fees on your opponents' properties add up "
                   "to more than 2,400,000 SFR" in item for item in items)
        assert "Anything else is declined, and its fee paid to the bank." in items
        assert any(line.startswith("What orders never do: declare bankruptcy") for line in section["text"])
        assert any("a debt that needs units sold" in line for line in section["text"])
