"""Mulodi's bots: what each level does in positions laid out by hand (issue 16: Base plays
properties and money, charges rent when it can, pays with the least valuable cards, plays a
Neda only against a Yaaye Deal or a large debt; Advanced plans sets, targets the leader with
Land Grab and Yaaye Deal, keeps Neda for what matters, banks to survive rent; Smart searches),
and the contract: pure, seeded, legal, through engine.bots.choose."""

import random

from engine import bots as engine_bots
from engine.mulodi import bots
from engine.mulodi.bots.selfplay import play
from engine.mulodi.cards import deck
from tests.engine.mulodi_helpers import RS, act, card, table

D = deck()


def face(action, field: str = "card") -> str:
    return D.face[int(getattr(action, field)[1:])]


# ------------------------------------------------------------------------------ Base
def test_base_lays_properties_first_then_charges_rent_then_banks_money():
    state = table(2, hands={0: ["money-50", "rent-red-yellow", "property-kilimani"]},
                  banks={1: ["money-20"]})
    first = bots.choose(state, 0, "base", 1)
    assert (first.type, face(first)) == ("play_property", "property-kilimani")
    state, _ = act(state, "play_property", 0, card=first.card)
    second = bots.choose(state, 0, "base", 1)
    assert (second.type, second.colour) == ("rent", "red")
    state, _ = act(state, "rent", 0, card=second.card, colour="red")
    state, _ = act(state, "accept", 1, decision=RS.pending(state)[0].id)
    assert bots.choose(state, 0, "base", 1).type == "bank"


def test_base_pays_with_its_least_valuable_cards():
    state = table(2, hands={0: ["banja"]}, banks={1: ["money-100", "money-10", "money-20", "money-30"]})
    state, _ = act(state, "banja", 0, card=card(state, 0, "banja"), target=1)
    state, _ = act(state, "accept", 1, decision=RS.pending(state)[0].id)
    paying = bots.choose(state, 1, "base", 1)
    # 50M owed, smallest first: 10 + 20 + 30 = 60M (the 100M card is kept).
    assert sorted(D.face[int(c[1:])] for c in paying.cards) == ["money-10", "money-20", "money-30"]


def test_base_plays_a_neda_only_against_a_yaaye_deal_or_a_large_debt():
    small = table(2, hands={0: ["multi_rent"], 1: ["neda"]},
                  props={0: {"brown": ["property-kibera"]}}, banks={1: ["money-50"]})
    small, _ = act(small, "multi_rent", 0, card=card(small, 0, "multi_rent"), colour="brown", target=1)
    assert bots.choose(small, 1, "base", 1).type == "accept"  # 10M: not worth a Neda
    large = table(2, hands={0: ["banja"], 1: ["neda"]}, banks={1: ["money-50", "money-10"]})
    large, _ = act(large, "banja", 0, card=card(large, 0, "banja"), target=1)
    assert bots.choose(large, 1, "base", 1).type == "neda"
    deal = table(2, hands={0: ["yaaye_deal"], 1: ["neda"]},
                 props={1: {"brown": ["property-kibera", "property-mathare"]}})
    deal, _ = act(deal, "yaaye_deal", 0, card=card(deal, 0, "yaaye_deal"), target=1, colour="brown")
    assert bots.choose(deal, 1, "base", 1).type == "neda"


# ------------------------------------------------------------------------------ Advanced
def test_advanced_aims_its_yaaye_deal_at_the_leader():
    state = table(3, hands={0: ["yaaye_deal"]},
                  props={1: {"brown": ["property-kibera", "property-mathare"]},
                         2: {"utility": ["property-kenya_power", "property-nairobi_water"],
                             "dark_blue": ["property-karen", "property-muthaiga"]}})
    action = bots.choose(state, 0, "advanced", 1)
    assert (action.type, action.target) == ("yaaye_deal", 2)


def test_advanced_grabs_the_card_that_completes_its_set():
    state = table(3, hands={0: ["land_grab"]},
                  props={0: {"dark_blue": ["property-karen"]},
                         1: {"green": ["property-runda"]}, 2: {"dark_blue": ["property-muthaiga"]}})
    action = bots.choose(state, 0, "advanced", 1)
    assert (action.type, action.target, face(action, "property")) == ("land_grab", 2, "property-muthaiga")


def test_advanced_keeps_its_neda_for_what_matters():
    small = table(2, hands={0: ["multi_rent"], 1: ["neda"]},
                  props={0: {"brown": ["property-kibera"]}}, banks={1: ["money-50"]})
    small, _ = act(small, "multi_rent", 0, card=card(small, 0, "multi_rent"), colour="brown", target=1)
    assert bots.choose(small, 1, "advanced", 1).type == "accept"  # 10M from a 50M bank
    grab = table(2, hands={0: ["land_grab"], 1: ["neda"]},
                 props={1: {"red": ["property-ngong_road", "property-hurlingham"]}})
    grab, _ = act(grab, "land_grab", 0, card=card(grab, 0, "land_grab"), target=1,
                  property=card(grab, 1, "property-hurlingham", "props"))
    # Red lacks one card for seat 1: that property matters.
    assert bots.choose(grab, 1, "advanced", 1).type == "neda"


def test_advanced_banks_to_survive_rent():
    # Seat 1 can charge 80M for dark blue (160M with a Double); seat 0's bank is empty and it
    # has no full set for its Apartment: it banks the Apartment (30M) rather than keep it.
    state = table(2, hands={0: ["apartment"]},
                  props={1: {"dark_blue": ["property-karen", "property-muthaiga"]}})
    action = bots.choose(state, 0, "advanced", 1)
    assert (action.type, face(action)) == ("bank", "apartment")
    # With 200M in the bank it keeps it for later.
    rich = table(2, hands={0: ["apartment"]}, banks={0: ["money-100", "money-50", "money-50"]},
                 props={1: {"dark_blue": ["property-karen", "property-muthaiga"]}})
    assert bots.choose(rich, 0, "advanced", 1).type == "end_turn"


# ------------------------------------------------------------------------------ every level
def test_every_level_is_seeded_and_only_chooses_legal_actions():
    for seed in range(3):
        state = RS.new_game(["a", "b", "c"], 40 + seed, {})
        rng = random.Random(seed)
        for _ in range(60):
            if state.termination is not None:
                break
            seat = RS.waiting_seats(state)[0]
            legal = RS.legal_actions(state, seat)
            for level in bots.KINDS:
                action = engine_bots.choose(state, seat, level, seed)
                assert action in legal, (level, action)
                assert engine_bots.choose(state, seat, level, seed) == action
            RS.apply_in_place(state, rng.choice(list(legal)))


def test_a_bot_not_holding_a_decision_has_nothing_to_do():
    state = table(2, hands={0: ["money-10"]})
    for level in bots.KINDS:
        assert engine_bots.choose(state, 1, level, 1) is None


def test_smart_makes_routine_plays_as_advanced_does():
    state = table(2, hands={0: ["property-karen", "money-10"]})
    assert bots.choose(state, 0, "smart", 3) == bots.choose(state, 0, "advanced", 3)


def test_self_play_games_end_with_a_winner():
    result = play(["smart", "advanced"], 11)
    assert result.termination in ("three_sets", "stalemate") and result.actions > 10
