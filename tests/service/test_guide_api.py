"""GET /rulesets/{name}/guide: the guide page's data comes from the engine's data files, so the
figures below (worked out by hand from the guide's own text) must match it."""

from __future__ import annotations


def test_the_guide_prints_the_guides_own_figures(api):
    reply = api.call("GET", "/rulesets/mtaani/guide")
    assert reply.status == 200, reply.body
    guide = reply.body
    rules = guide["rules"]
    # "Quick Facts": starting cash, salary (landing doubles it), bank reserves, 48 tiles.
    assert rules["deal"]["starting_cash"] == 2_000_000
    assert rules["payday"]["salary"] == 400_000 and rules["payday"]["landing_multiplier"] == 2
    assert rules["deal"]["pool"] == 6_000_000
    assert guide["edition"]["board_size"] == 48 and len(guide["tiles"]) == 48
    # "Special Tiles" and "Jail": PAYE 35%, ATM 750,000, bail 20,000, bribe 50,000.
    assert rules["paye"]["percent"] == 35 and rules["atm"]["amount"] == 750_000
    assert rules["jail"]["bail"] == 20_000 and rules["jail"]["bribe_cost"] == 50_000
    eastleigh = guide["tiles"][1]
    assert eastleigh["name"] == "Eastleigh" and eastleigh["side"] == "seedy"
    # Mortgage 12,500, so purchase 25,000; lifting the mortgage costs 12,500 + 10% = 13,750;
    # a unit (22,500) sells back at half: 11,250.
    assert eastleigh["purchase"] == 25_000
    assert eastleigh["unmortgage_cost"] == 13_750
    assert eastleigh["unit_refund"] == 11_250
    # Fee with units: (25,000 + 22,500 x u) x u / 5; complete unbuilt set doubles 1,000.
    assert eastleigh["fees"] == [1_000, 9_500, 28_000, 55_500, 92_000, 137_500]
    assert eastleigh["set_fee"] == 2_000
    # Five units: "charges its entire value plus all five units": 25,000 + 5 x 22,500.
    assert eastleigh["fees"][5] == 25_000 + 5 * 22_500
    sets = {s["id"]: s for s in guide["sets"]}
    assert sets["estates-1"]["tiles"] == [1, 3] and sets["utilities"]["tiles"] == [11, 32]
    assert guide["tiles"][0] == {"index": 0, "name": "Payday", "kind": "payday", "set": None,
                                 "side": None, "short": "Payday"}
    texts = [c["text"] for c in guide["cards"]["mtaani"]]
    assert "Your MansaX deposit gets doubled." in texts
    assert "mtaani-classic" in guide["rulesets"]
    # Readable names for every ruleset, from the rules files' titles (the web client shows
    # these, never the ids).
    import engine

    assert guide["ruleset_titles"]["mtaani"] == "Mtaani (current rules)"
    assert guide["ruleset_titles"]["mtaani-classic"] == "Mtaani (classic rules)"
    assert guide["ruleset_titles"] == {name: engine.get_ruleset(name).title
                                       for name in engine.rulesets()}


def test_every_guide_says_what_each_game_is(api):
    """The sign-in page tells a new player what the three games are (issue 32.6), from any
    guide: each game once, by its readable name, with a sentence in its own terms."""
    summaries = api.call("GET", "/rulesets/mulodi/guide").body["game_summaries"]
    assert list(summaries) == ["jiji", "mtaani", "mulodi"]
    assert [s["title"] for s in summaries.values()] == ["Jiji", "Mtaani", "Mulodi"]
    assert "auctions" in summaries["jiji"]["summary"]
    assert "Nairobi" in summaries["mtaani"]["summary"]
    assert "Neda" in summaries["mulodi"]["summary"] and "three full sets" in summaries["mulodi"]["summary"]
    assert api.call("GET", "/rulesets/mtaani-classic/guide").body["game_summaries"] == summaries


def test_the_classic_preset_has_its_own_figures(api):
    guide = api.call("GET", "/rulesets/mtaani-classic/guide").body
    assert guide["rules"]["payday"]["salary"] == 500_000
    sgr = next(t for t in guide["tiles"] if t["name"] == "SGR")
    assert sgr["base_fee"] == 10_000


def test_the_guide_is_cacheable_and_unknown_rulesets_are_404(api):
    first = api.call("GET", "/rulesets/mtaani/guide")
    etag = first.headers["etag"]
    assert "public" in first.headers["cache-control"]
    again = api.call("GET", "/rulesets/mtaani/guide", headers={"if-none-match": etag})
    assert again.status == 304
    missing = api.call("GET", "/rulesets/chess/guide")
    assert missing.status == 404 and missing.error == "not_found"


def test_the_game_view_quotes_bank_fees_and_describes_free_parameter_actions(api):
    game_id, seats = api.new_game(2, options={"scripted": {"dice": [[2, 4]], "mugging": [False]}})
    rolled = api.call("POST", f"/games/{game_id}/mtaani/roll", token=seats[0][1]).body["game"]
    # Landed on Kinoo (6): declining pays its base fee, 3,000, to the bank.
    assert rolled["decision"]["kind"] == "buy"
    assert rolled["state"]["derived"]["bank_fees"]["6"] == 3_000
    assert rolled["state"]["derived"]["prices"]["6"] == 60_000
    assert isinstance(rolled["legal_specs"], dict)


def test_mulodi_and_jiji_guides_read_as_guides(api):
    """Issue 32.3: the rules pages of Mulodi and Jiji are sections a person reads in order, with
    the figures of the rule texts in the words (worked out by hand: tests/engine/
    test_mulodi_guide.py and test_jiji_guide.py say how), not a flat list of lower-case text."""
    from tests.engine.test_jiji_guide import JIJI_SECTIONS
    from tests.engine.test_mulodi_guide import MULODI_SECTIONS

    def sections(name: str) -> dict[str, str]:
        guide = api.ok("GET", f"/rulesets/{name}/guide")
        assert "rules" not in guide
        prose = guide["prose"]
        assert all(s["title"][:1].isupper() and s["text"] for s in prose)
        return {s["id"]: " ".join(s["text"] + s["items"] + s["example"]) for s in prose}

    mulodi = sections("mulodi")
    assert list(mulodi) == [*MULODI_SECTIONS, "ratings"]   # the service adds its ratings section
    assert "Banja (3 cards): demand 50M from one other player." in mulodi["actions"]  # seed: 50M
    assert "can't hold more than 7 cards" in mulodi["hand_limit"]                    # seed: 7
    assert "the Double makes it 180M" in mulodi["rent"]     # red 3 cards 60M + 30M, doubled
    jiji = sections("jiji")
    assert list(jiji) == [*JIJI_SECTIONS, "ratings"]
    assert "starts on GO with M37.7M" in jiji["setup"]      # the rulebook's bills
    assert "the close moves to 36 minutes after her bid" in jiji["auctions"]  # 5% of 12 hours
    assert "the skyscraper doubles it: M7M to pay" in jiji["rent"]            # 2 x M3.5M
