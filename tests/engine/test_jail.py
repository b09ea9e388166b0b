"""Jail, trespass arrests and muggings, figures worked out by hand.

Guide (shared/seeds/000_fe1744ded917b034.txt): "Jail", "The seedy side". Tiles: 12 Jail,
3 Kibra, 1 Eastleigh, 6/8/9 Kinoo/Umoja/Ngara, 14/45 Faiba/Safaricom, 26 Mathree,
35 Lavington, 41 Muthaiga, 44 Karen, 46 Runda.
"""

import itertools

import pytest

import engine
from tests.engine.helpers import (
    act,
    at,
    drive,
    events_of,
    game,
    legal_types,
    own,
    payments,
    set_cash,
)

JAIL, KIBRA, EASTLEIGH, KINOO, UMOJA, NGARA = 12, 3, 1, 6, 8, 9
FAIBA, SAFARICOM, LAVINGTON, MUTHAIGA, KAREN, RUNDA = 14, 45, 35, 41, 44, 46


def jailed(turns=3, **scripted):
    """p0 in jail with ``turns`` left, deciding its turn."""
    state = game(**scripted)
    state.players[0].position = JAIL
    state.players[0].jail_turns = turns
    return state


# ------------------------------------------------------------------------------- jail
def test_landing_on_jail_by_dice_is_only_a_visit():
    state, events = act(game(dice=[[6, 6]]), "roll")  # 0 + 12 = Jail, doubles
    assert state.players[0].position == JAIL and state.players[0].jail_turns == 0
    assert events_of(events, "Jailed") == []
    assert state.decision.kind == "turn"  # the doubles' extra turn


def test_a_jailed_player_may_roll_pay_bail_or_bribe():
    state = jailed()
    assert set(legal_types(state, 0)) == {"roll", "pay_bail", "bribe"}


def test_the_sentence_ticks_down_one_turn_at_a_time_then_the_player_walks_free():
    # Turns alternate p0, p1: p0 rolls 1+2, 1+2, 2+3 in jail (no doubles), then 1+2; p1 rolls
    # 2+4, 1+2, 1+2 (Kinoo, Ngara, Jail: a visit) and declines what it lands on.
    dice = [[1, 2], [2, 4], [1, 2], [1, 2], [2, 3], [1, 2], [1, 2]]
    state = jailed(3, dice=dice, mugging=[False] * 4)
    served = []
    for _ in range(3):
        state, events = act(state, "roll")
        served += [e["turns_left"] for e in events_of(events, "SentenceServed")]
        assert state.players[0].position == JAIL  # the token does not move
        state, events = drive(state, lambda s: s.decision.player == 0 and s.decision.kind == "turn")
    assert served == [2, 1, 0]
    assert state.players[0].jail_turns == 0
    state, _ = act(state, "roll")  # the next roll (1 + 2) moves as usual
    assert state.players[0].position == JAIL + 3


def test_doubles_release_at_once_and_move_by_the_roll_without_an_extra_turn():
    state = jailed(3, dice=[[2, 2]])
    state, events = act(state, "roll")
    assert events_of(events, "Released") == [{"type": "Released", "player": 0, "how": "doubles"}]
    assert state.players[0].jail_turns == 0 and state.players[0].position == 16  # 12 + 4: Imara
    state, events = act(state, "decline")
    assert state.decision.kind == "end" and events_of(events, "ExtraTurn") == []


def test_bail_costs_20_000_and_the_player_then_rolls_as_usual():
    state = jailed(3, dice=[[1, 2]])
    state, events = act(state, "pay_bail")
    assert payments(events) == [(0, "pool", 20_000, "bail")]
    assert state.players[0].jail_turns == 0 and state.decision.kind == "turn"
    state, _ = act(state, "roll")
    assert state.players[0].position == 15  # 12 + 3: Buruburu


def test_bail_needs_a_sentence_and_the_cash():
    with pytest.raises(engine.IllegalAction, match="not in jail"):
        act(game(), "pay_bail")
    state = set_cash(jailed(), 0, 19_999)
    with pytest.raises(engine.IllegalAction, match="20,000"):
        act(state, "pay_bail")
    assert "pay_bail" not in legal_types(state, 0)


def test_a_successful_bribe_frees_the_player_onto_a_mathree_tile_and_ends_the_turn():
    state = jailed(3, bribe=[True], bribe_tile=[26])
    state, events = act(state, "bribe", minute=12_345)
    assert payments(events) == [(0, "pool", 50_000, "bribe")]
    assert state.players[0].jail_turns == 0 and state.players[0].position == 26
    assert events_of(events, "CardDrawn") == []  # released there, not landing: no card
    assert state.decision.kind == "end"


def test_a_successful_bribe_lands_on_one_of_the_two_mathree_tiles():
    tiles = set()
    for seed in range(40):
        state = jailed(3, bribe=[True])
        state.seed = seed
        state, _ = act(state, "bribe")
        tiles.add(state.players[0].position)
    assert tiles == {7, 26}


def test_a_failed_bribe_costs_a_further_100_000_and_extends_the_sentence_to_4_turns():
    state = jailed(2, bribe=[False])
    state, events = act(state, "bribe")
    assert payments(events) == [(0, "pool", 50_000, "bribe"), (0, "pool", 100_000, "bribe_fine")]
    assert state.players[0].jail_turns == 4
    assert state.players[0].position == JAIL and state.decision.kind == "end"  # house: turn ends


def test_a_failed_bribe_never_shortens_a_longer_sentence():
    state, _ = act(jailed(5, bribe=[False]), "bribe")
    assert state.players[0].jail_turns == 5


def test_a_failed_bribe_fine_the_player_cannot_cover_must_be_raised():
    state = set_cash(jailed(2, bribe=[False]), 0, 60_000)
    state, events = act(state, "bribe")
    # 60,000 - 50,000 = 10,000 left: the 100,000 fine is owed.
    assert events_of(events, "DebtOwed")[0]["amount"] == 100_000
    assert state.decision.kind == "debt"


def test_bribe_odds_drift_minute_to_minute_between_about_20_and_80_percent():
    from engine.mtaani.data import rulebook
    from engine.mtaani.flow import Ctx
    from engine.mtaani.jail import bribe_odds

    ctx = Ctx(rulebook("current"), game(seed=5))
    start = 29_000_000  # minutes since the epoch: late 2025
    day = [bribe_odds(ctx, minute) for minute in range(start, start + 24 * 60)]
    # 72 targets a day drawn from 20..80: the drift reaches near both ends.
    assert 20 <= min(day) <= 25 and 75 <= max(day) <= 80
    # Toward a target 20 minutes away: at most (80 - 20) / 20 = 3 points a minute.
    assert max(abs(a - b) for a, b in itertools.pairwise(day)) <= 3  # a drift, not a jump
    other = Ctx(rulebook("current"), game(seed=6))
    assert day != [bribe_odds(other, minute) for minute in range(start, start + 24 * 60)]


def test_the_bribe_odds_follow_no_pattern_a_player_could_learn():
    # Issue 15: with a fixed wave, two bribes fixed its phase and the next minute's odds were
    # predicted exactly. No shift of up to half a day repeats the same odds through the day.
    from engine.mtaani.data import rulebook
    from engine.mtaani.flow import Ctx
    from engine.mtaani.jail import bribe_odds

    ctx = Ctx(rulebook("current"), game(seed=5))
    odds = [bribe_odds(ctx, minute) for minute in range(36 * 60)]
    for shift in range(1, 12 * 60):
        assert any(odds[m] != odds[m + shift] for m in range(24 * 60)), shift


def test_the_guards_mood_hints_at_the_odds():
    from engine.mtaani.data import rulebook
    from engine.mtaani.flow import Ctx
    from engine.mtaani.jail import bribe_odds

    state = game(seed=5)
    ctx = Ctx(rulebook("current"), state)
    ruleset = engine.get_ruleset("mtaani")
    moods = {}
    for minute in range(200):
        odds = bribe_odds(ctx, minute)
        expected = "hostile" if odds < 40 else "wary" if odds < 60 else "friendly"
        moods[minute] = ruleset.guard_mood(state, minute)
        assert moods[minute] == expected
    assert set(moods.values()) == {"hostile", "wary", "friendly"}


def test_the_bribe_succeeds_about_as_often_as_the_odds_say():
    from engine.mtaani.data import rulebook
    from engine.mtaani.flow import Ctx
    from engine.mtaani.jail import bribe_odds

    freed = 0
    odds_seen = []
    for seed in range(300):
        state = jailed(3)
        state.seed = seed
        minute = next(m for m in range(10_000) if bribe_odds(Ctx(rulebook("current"), state), m) == 50)
        state, events = act(state, "bribe", minute=minute)
        offer = events_of(events, "BribeOffered")[0]
        odds_seen.append(offer["odds"])
        freed += offer["success"]
    assert set(odds_seen) == {50}
    assert 120 <= freed <= 180  # 50% of 300 = 150, well within 3.5 standard deviations (8.7)


def test_a_jailed_owner_still_collects_fees():
    state = own(game(dice=[[1, 2]], mugging=[False]), 1, KIBRA)
    state.players[1].position, state.players[1].jail_turns = JAIL, 3
    state, events = act(state, "roll")
    assert payments(events) == [(0, 1, 1_300, "fee")]


def test_a_jailed_player_can_still_build_and_mortgage():
    state = own(jailed(3), 0, EASTLEIGH, KIBRA)
    own(state, 0, KINOO)
    assert {"build", "build_batch", "mortgage"} <= set(legal_types(state, 0))
    state, _ = act(state, "build", tile=EASTLEIGH)
    state, _ = act(state, "mortgage", tile=KINOO)
    assert state.props[EASTLEIGH].units == 1 and state.props[KINOO].mortgaged
    assert state.players[0].jail_turns == 3 and state.decision.kind == "turn"


# ------------------------------------------------------------------------------- trespass
def to_rich(start, dice, **scripted):
    return at(game(dice=[dice], **scripted), 0, start)


def test_trespass_arrest_comes_after_the_fee_and_jails_for_the_drawn_turns():
    state = own(to_rich(34, [4, 6], arrest=[True], arrest_turns=[4]), 1, KAREN)  # 34 + 10 = 44
    state, events = act(state, "roll")
    kinds = [e["type"] for e in events if e["type"] in ("Payment", "Jailed")]
    assert kinds == ["Payment", "Jailed"]
    assert payments(events) == [(0, 1, 40_000, "fee")]
    assert events_of(events, "Jailed")[0] == {"type": "Jailed", "player": 0, "turns": 4,
                                             "reason": "trespass"}
    assert state.players[0].position == JAIL and state.players[0].jail_turns == 4
    assert state.decision.kind == "end"


def test_an_arrest_lasts_a_random_2_to_5_turns():
    turns = set()
    for seed in range(60):
        state = own(to_rich(34, [4, 6], arrest=[True]), 1, KAREN)
        state.seed = seed
        state, _ = act(state, "roll")
        turns.add(state.players[0].jail_turns)
    assert turns == {2, 3, 4, 5}


def test_about_one_trespass_in_ten_is_arrested():
    arrests = 0
    for seed in range(600):
        state = own(to_rich(34, [4, 6]), 1, KAREN)
        state.seed = seed
        state, _ = act(state, "roll")
        arrests += state.players[0].jail_turns > 0
    assert 35 <= arrests <= 85  # 10% of 600 = 60, sd 7.3


def test_a_fee_raised_in_the_raise_funds_state_is_still_followed_by_the_arrest_chance():
    state = own(to_rich(34, [4, 6], arrest=[True], arrest_turns=[2]), 1, KAREN)
    own(state, 0, RUNDA)
    set_cash(state, 0, 10_000)
    state, _ = act(state, "roll")
    assert state.decision.kind == "debt" and state.players[0].jail_turns == 0
    state, events = act(state, "mortgage", tile=RUNDA)
    assert payments(events) == [("pool", 0, 255_000, "mortgage"), (0, 1, 40_000, "fee")]
    assert state.players[0].jail_turns == 2


def test_owners_of_a_complete_rich_hood_are_never_arrested_there():
    state = own(to_rich(31, [4, 6], arrest=[True]), 1, MUTHAIGA)  # 31 + 10 = 41
    own(state, 0, KAREN, RUNDA)
    state, events = act(state, "roll")
    assert payments(events) == [(0, 1, 32_200, "fee")]
    assert state.players[0].jail_turns == 0
    assert state.scripted["arrest"] == [True]  # the arrest chance was never drawn


@pytest.mark.parametrize("holdings", [(KAREN,), (FAIBA, SAFARICOM)],
                         ids=["unfinished hood", "complete non-residential set"])
def test_a_single_tile_or_a_non_residential_set_is_not_enough(holdings):
    state = own(to_rich(31, [4, 6], arrest=[True], arrest_turns=[3]), 1, MUTHAIGA)
    own(state, 0, *holdings)
    state, _ = act(state, "roll")
    assert state.players[0].jail_turns == 3


def test_no_arrest_off_the_rich_side_on_an_unowned_or_on_ones_own_property():
    state = own(to_rich(25, [4, 6], arrest=[True]), 1, LAVINGTON)  # 35: side 3
    state, _ = act(state, "roll")
    assert state.players[0].jail_turns == 0 and state.scripted["arrest"] == [True]
    state, _ = act(to_rich(34, [4, 6], arrest=[True]), "roll")  # Karen unowned
    state, _ = act(state, "decline")
    assert state.players[0].jail_turns == 0 and state.scripted["arrest"] == [True]
    state, _ = act(own(to_rich(34, [4, 6], arrest=[True]), 0, KAREN), "roll")
    assert state.players[0].jail_turns == 0 and state.scripted["arrest"] == [True]


# ------------------------------------------------------------------------------- mugging
@pytest.mark.parametrize(
    ("percent", "loss"),
    [
        (5, 62_000),    # 5% of 1,234,567 = 61,728.35 -> 62,000
        (13, 160_000),  # 13% of 1,234,567 = 160,493.71 -> 160,000
        (15, 185_000),  # 15% of 1,234,567 = 185,185.05 -> 185,000
    ],
)
def test_a_mugging_takes_5_to_15_percent_of_cash_rounded_to_the_nearest_1_000(percent, loss):
    state = set_cash(game(dice=[[1, 2]], mugging=[True], mugging_percent=[percent]), 0, 1_234_567)
    state, events = act(state, "roll")  # 0 + 3 = Kibra
    assert events_of(events, "Mugged")[0]["amount"] == loss
    assert payments(events) == [(0, "pool", loss, "mugging")]
    assert state.players[0].cash == 1_234_567 - loss
    assert state.decision.kind == "buy"  # then the tile as usual


def test_the_mugged_share_is_random_between_5_and_15_percent():
    shares = set()
    for seed in range(150):
        state = game(seed=seed, dice=[[1, 2]], mugging=[True])
        state, events = act(state, "roll")
        shares.add(events_of(events, "Mugged")[0]["percent"])
    assert shares == set(range(5, 16))


def test_about_one_landing_in_ten_on_the_seedy_side_is_mugged():
    mugged = 0
    for seed in range(600):
        _state, events = act(game(seed=seed, dice=[[1, 2]]), "roll")
        mugged += bool(events_of(events, "Mugged"))
    assert 35 <= mugged <= 85


def test_every_seedy_tile_risks_a_mugging_and_other_sides_do_not():
    for dice, tile in (([1, 1], 2), ([3, 4], 7), ([5, 6], 11)):  # Mtaani, Mathree, NCWSC
        state = game(dice=[dice], mugging=[True], mugging_percent=[10], mtaani=["token-meter"],
                     mathree=["payday-express"])
        state, events = act(state, "roll")
        assert events_of(events, "Mugged")[0]["tile"] == tile
    state = at(game(dice=[[1, 2]], mugging=[True]), 0, 10)  # 10 + 3 = 13, side 2
    state, events = act(state, "roll")
    assert events_of(events, "Mugged") == [] and state.scripted["mugging"] == [True]


def test_players_holding_under_100_000_are_left_alone():
    state = set_cash(game(dice=[[1, 2]], mugging=[True], mugging_percent=[10]), 0, 99_999)
    state, events = act(state, "roll")
    assert events_of(events, "Mugged") == []
    state = set_cash(game(dice=[[1, 2]], mugging=[True], mugging_percent=[10]), 0, 100_000)
    state, events = act(state, "roll")
    assert events_of(events, "Mugged")[0]["amount"] == 10_000


def test_owners_of_a_complete_seedy_hood_are_never_mugged_there():
    state = own(game(dice=[[1, 2]], mugging=[True]), 0, KINOO, UMOJA, NGARA)
    state, events = act(state, "roll")
    assert events_of(events, "Mugged") == [] and state.scripted["mugging"] == [True]
    state = own(game(dice=[[1, 2]], mugging=[True], mugging_percent=[10]), 0, EASTLEIGH)
    state, events = act(state, "roll")  # a single tile is not enough
    assert events_of(events, "Mugged")[0]["amount"] == 200_000


def test_a_script_that_does_not_fit_its_stream_is_refused_at_the_deal():
    import engine as eng

    for bad in ({"dice": [[7, 1]]}, {"dice": [["x", 1]]}, {"dice": [[1, 2, 3]]}, {"mugging": [1]},
                {"arrest_turns": [9]}, {"mtaani": ["no-such-card"]}, {"bribe_tile": [3]},
                {"weather": [True]}):
        with pytest.raises(eng.InvalidAction):
            eng.new_game("mtaani", ["a", "b"], 1, {"scripted": bad})
    state = eng.new_game("mtaani", ["a", "b"], 1, {"scripted": {
        "dice": [[6, 6]], "mugging": [False], "arrest_turns": [5], "mtaani": ["maize-farm"],
        "bribe_tile": [26], "event_id": ["oil"], "idle_deck": ["mathree"]}})
    assert state.scripted["dice"] == [[6, 6]]
