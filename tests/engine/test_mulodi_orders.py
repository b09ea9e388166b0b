"""Mulodi's standing orders (issue 31 section 1, engine/mulodi/orders.py), worked out by hand from
the seed ("Neda: Play it at any time to cancel an action card played against you"; "There is
no change in the game. You pay with what you have on the table"; the hand limit) and the
decisions file ("Paying"; "Neda and response windows"), with the orders' numbers of
data/mulodi.toml ``[orders]`` (a Neda against a charge of 50M or more)."""

import engine
from engine import orders
from engine.mulodi.cards import deck
from tests.engine.mulodi_helpers import (
    RS,
    act,
    bank_faces,
    card,
    decision,
    events_of,
    faces,
    prop_faces,
    table,
)

D = deck()
NOW = 1_800_000_000


def mine(**fields):
    """One seat's orders: the recommended ones with ``fields`` changed."""
    return orders.parse_orders(RS, fields)


def banja_on_a_full_set(hand1):
    """Seat 0 plays a Banja (50M) on seat 1, whose table is a 10M bank and the full dark blue
    set (Karen and Muthaiga, 40M each): 90M in all, so seat 1 has a payment to choose."""
    state = table(2, hands={0: ["banja"], 1: list(hand1)}, banks={1: ["money-10"]},
                  props={1: {"dark_blue": ["property-karen", "property-muthaiga"]}})
    state, _ = act(state, "banja", 0, card=card(state, 0, "banja"), target=1)
    return state


FULL_SET_NEDA = {"neda_charges_from": 0, "neda_charge_that_takes": "full_set"}
"""The issue's "Neda a Banja on a full set": a Neda only for a charge that takes a full set."""


def test_a_banja_on_a_full_set_is_answered_with_a_neda_when_one_is_held():
    state = banja_on_a_full_set(["neda"])
    # The bank (10M) cannot cover 50M and there is nothing outside the full set: paying would
    # break it, so the order asks for a Neda, and seat 1 holds one.
    move = RS.order_action(state, 1, mine(**FULL_SET_NEDA), NOW)
    assert (move.type, move.decision) == ("neda", decision(state, 1, "respond"))
    followed = orders.follow(state, {1: mine(**FULL_SET_NEDA)}, NOW)
    assert [(m.seat, m.action.type) for m in followed.moves] == [(1, "neda")]
    after = followed.state
    assert faces(after.middle) == ["banja", "neda"]
    assert prop_faces(after, 1, "dark_blue") == ["property-karen", "property-muthaiga"]
    # Seat 0 (no orders) decides whether to answer the Neda: the orders stop there.
    assert [(d.player, d.kind) for d in RS.pending(after)] == [(0, "respond")]


def test_a_banja_on_a_full_set_stands_and_is_paid_in_the_orders_order_when_no_neda_is_held():
    state = banja_on_a_full_set(["money-20"])
    followed = orders.follow(state, {1: mine(**FULL_SET_NEDA)}, NOW)
    assert [(m.seat, m.action.type) for m in followed.moves] == [(1, "accept"), (1, "pay")]
    after = followed.state
    # Keep my sets: the whole bank (10M) first, then (nothing outside a full set) the set's
    # cheaper card; both are 40M, so the deck's first, Karen: 10M + 40M = 50M, no change.
    paid = events_of(followed.moves[1].result.events, "Paid")[0]
    assert (paid["debt"], paid["paid"], paid["to_bank"], paid["to_properties"]) == (
        50, 50, ["money-10"], ["property-karen"])
    assert bank_faces(after, 0) == ["money-10"] and prop_faces(after, 0, "dark_blue") == ["property-karen"]
    assert bank_faces(after, 1) == [] and prop_faces(after, 1, "dark_blue") == ["property-muthaiga"]
    assert faces(after.hands[1]) == ["money-20"]          # cards in hand never pay
    # The answer came at once, as it did with a Neda in hand: its timing tells nothing.
    assert RS.order_action(state, 1, mine(**FULL_SET_NEDA), NOW) is not None


def test_a_charge_is_paid_with_money_first_giving_the_exact_cards():
    """Seat 0 charges the rent of its 2 red properties: 30M (decisions file, the red rents
    20M, 30M, 60M). Seat 1's bank of 10M, 20M and 50M covers it: the bank cards that overpay
    least are the 10M and the 20M (30M exactly); its orange property stays."""
    state = table(2, hands={0: ["rent-red-yellow"]},
                  props={0: {"red": ["property-ngong_road", "property-hurlingham"]},
                         1: {"orange": ["property-buruburu"]}},
                  banks={1: ["money-10", "money-20", "money-50"]})
    state, _ = act(state, "rent", 0, card=card(state, 0, "rent-red-yellow"), colour="red", doubles=0)
    followed = orders.follow(state, {1: mine()}, NOW)
    # 30M is below the recommended Neda threshold (50M) and the bank covers it: it stands.
    assert [m.action.type for m in followed.moves] == ["accept", "pay"]
    pay = followed.moves[1].action
    assert faces([int(c[1:]) for c in pay.cards]) == ["money-10", "money-20"]
    after = followed.state
    assert bank_faces(after, 1) == ["money-50"] and prop_faces(after, 1, "orange") == ["property-buruburu"]
    assert bank_faces(after, 0) == ["money-10", "money-20"]
    # Seat 0's turn goes on (2 plays left): its own turn is a stop.
    assert RS.pending(after)[0].kind == "play" and RS.order_action(after, 0, mine(), NOW) is None


def test_keeping_my_sets_never_hands_the_receiver_the_card_that_completes_its_set():
    """A Banja (50M) on a 20M bank with Mathare (brown, 10M) and two orange properties (20M
    each) loose, from a player with Kibera (brown: Mathare would complete the pair). Keep my
    sets: the bank, then the oranges (20M + 20M + 20M = 60M, no change), Mathare kept. As the
    table pays: the bank, then the lowest values, Mathare (10M) and Buruburu (20M): 50M, and
    seat 0's brown set is full."""
    def banja():
        state = table(2, hands={0: ["banja"]}, banks={1: ["money-20"]},
                      props={0: {"brown": ["property-kibera"]},
                             1: {"brown": ["property-mathare"],
                                 "orange": ["property-buruburu", "property-south_b"]}})
        state, _ = act(state, "banja", 0, card=card(state, 0, "banja"), target=1)
        return state

    kept = orders.follow(banja(), {1: mine()}, NOW).state
    assert prop_faces(kept, 1, "brown") == ["property-mathare"] and prop_faces(kept, 1, "orange") == []
    assert prop_faces(kept, 0, "orange") == ["property-buruburu", "property-south_b"]
    assert bank_faces(kept, 0) == ["money-20"]
    as_table = orders.follow(banja(), {1: mine(pay_with="table")}, NOW).state
    assert prop_faces(as_table, 0, "brown") == ["property-kibera", "property-mathare"]
    assert prop_faces(as_table, 1, "orange") == ["property-south_b"]


def test_a_land_grab_from_a_colour_one_card_from_full_is_answered_with_a_neda():
    """Seat 1 has 2 of the 3 reds (one card from full) and 1 of the 3 oranges."""
    def grab(prop, hand1=("neda",)):
        state = table(2, hands={0: ["land_grab"], 1: list(hand1)},
                      props={1: {"red": ["property-ngong_road", "property-hurlingham"],
                                 "orange": ["property-buruburu"]}})
        state, _ = act(state, "land_grab", 0, card=card(state, 0, "land_grab"), target=1,
                       property=card(state, 1, prop, "props"))
        return state

    assert RS.order_action(grab("property-hurlingham"), 1, mine(), NOW).type == "neda"
    # An orange (two cards from full; seat 0 has none): the card stands, Neda kept.
    assert RS.order_action(grab("property-buruburu"), 1, mine(), NOW).type == "accept"
    assert RS.order_action(grab("property-buruburu"), 1, mine(neda_land_grab="always"), NOW).type == "neda"
    # Without a Neda in hand the order lets it stand, at the same moment.
    assert RS.order_action(grab("property-hurlingham", ("money-10",)), 1, mine(), NOW).type == "accept"


def test_a_neda_on_my_card_is_answered_back_for_a_big_charge():
    """Seat 0's Banja (50M) on a 60M bank is cancelled by seat 1's Neda: seat 0's orders Neda
    back (it would cost seat 1 50M, the threshold); a Wedding Meeting (20M) they let go."""
    def cancelled(kind):
        state = table(2, hands={0: [kind, "neda"], 1: ["neda"]}, banks={1: ["money-50", "money-10"]})
        fields = {"target": 1} if kind == "banja" else {}
        state, _ = act(state, kind, 0, card=card(state, 0, kind), **fields)
        state, _ = act(state, "neda", 1, decision=decision(state, 1, "respond"))
        return state

    followed = orders.follow(cancelled("banja"), {0: mine()}, NOW)
    assert [(m.seat, m.action.type) for m in followed.moves] == [(0, "neda")]
    assert [(d.player, d.kind) for d in RS.pending(followed.state)] == [(1, "respond")]
    assert RS.order_action(cancelled("wedding_meeting"), 0, mine(), NOW).type == "accept"
    assert RS.order_action(cancelled("wedding_meeting"), 0, mine(stop_on=["neda"]), NOW) is None


HAND = ["neda", "yaaye_deal", "banja", "money-50", "money-100", "property-karen",
        "property-muthaiga", "property-kibera", "property-mathare", "property-runda"]
"""10 cards at the end of a turn: 3 over the hand limit of 7."""


def test_the_hand_limit_returns_the_lowest_values_keeping_nedas_and_yaaye_deals():
    state = table(2, hands={0: HAND}, plays_left=0)
    move = RS.order_action(state, 0, mine(), NOW)
    # Keep best: the lowest values outside the properties, Nedas and Yaaye Deals: the Banja
    # (30M), the 50M and the 100M.
    assert move.type == "end_turn"
    assert faces([int(c[1:]) for c in move.returned]) == ["banja", "money-100", "money-50"]
    # As the table returns them: lowest values, action cards before money: the Banja (30M),
    # the Neda (40M), the Yaaye Deal (50M, an action card before the 50M).
    table_move = RS.order_action(state, 0, mine(return_first="table"), NOW)
    assert faces([int(c[1:]) for c in table_move.returned]) == ["banja", "neda", "yaaye_deal"]
    after = engine.apply(state, move).state
    assert faces(after.pile[:3]) == ["banja", "money-100", "money-50"]   # under the draw pile
    assert after.current == 1 and len(after.hands[0]) == 7
    # Within the limit nothing is returned.
    assert RS.order_action(table(2, hands={0: HAND[:7]}, plays_left=0), 0, mine(), NOW).returned == []


def test_my_turn_with_plays_left_is_mine_and_the_orders_end_it_after_the_third_play():
    state = table(2, hands={0: ["banja", "money-10"], 1: []}, banks={1: ["money-50", "money-20"]},
                  plays_left=1)
    assert RS.order_action(state, 0, mine(), NOW) is None           # plays left: the person's
    state, _ = act(state, "banja", 0, card=card(state, 0, "banja"), target=1)
    followed = orders.follow(state, {0: mine(), 1: mine()}, NOW)
    # Seat 1 lets it stand (no Neda in hand) and pays the 50M exactly; seat 0, with no plays
    # left, ends its turn; seat 1's turn (3 plays) is seat 1's own: the orders stop there.
    assert [(m.seat, m.action.type) for m in followed.moves] == [
        (1, "accept"), (1, "pay"), (0, "end_turn")]
    assert followed.state.current == 1 and RS.pending(followed.state)[0].kind == "play"
    off = mine(end_turn_after_third_play=False)
    assert [m.action.type for m in orders.follow(state, {0: off, 1: mine()}, NOW).moves] == [
        "accept", "pay"]


def test_a_card_the_orders_do_not_cover_is_a_stop_whatever_the_hand():
    """``stop_on``: the Yaaye Deal on seat 1's full set waits for seat 1, with or without a Neda
    in hand; with the recommended orders it is answered at once either way."""
    def yaaye(hand1):
        state = table(2, hands={0: ["yaaye_deal"], 1: [hand1]},
                      props={1: {"dark_blue": ["property-karen", "property-muthaiga"]}})
        state, _ = act(state, "yaaye_deal", 0, card=card(state, 0, "yaaye_deal"), target=1,
                       colour="dark_blue")
        return state

    for hand1, answer in (("neda", "neda"), ("money-40", "accept")):
        state = yaaye(hand1)
        assert RS.order_action(state, 1, mine(stop_on=["yaaye_deal"]), NOW) is None
        assert orders.follow(state, {1: mine(stop_on=["yaaye_deal"])}, NOW).moves == []
        assert RS.order_action(state, 1, mine(), NOW).type == answer


def test_a_payment_that_would_break_a_full_set_can_wait_for_me():
    state = banja_on_a_full_set(["money-20"])
    wait = mine(neda_charges_from=0, neda_charge_that_takes="never", stop_before_breaking_a_full_set=True)
    followed = orders.follow(state, {1: wait}, NOW)
    assert [m.action.type for m in followed.moves] == ["accept"]
    assert [(d.player, d.kind, d.detail["amount"]) for d in RS.pending(followed.state)] == [(1, "pay", 50)]


def test_the_recommended_orders_come_from_the_data_and_read_in_the_games_terms():
    recommended = orders.recommended(RS)
    assert recommended["neda_charges_from"] == D.data["orders"]["neda_charges_from"] == 50
    assert recommended["stop_on"] == [] and recommended["pay_with"] == "keep_sets"
    fields = orders.schema(RS)["properties"]
    assert all(f.get("title") and f.get("description") for f in fields.values())
    assert "Neda" in fields["neda_yaaye_deal"]["title"]


def test_the_guide_says_what_the_recommended_orders_do_and_what_orders_never_do():
    section = next(s for s in RS.guide()["prose"] if s["id"] == "orders")
    words = " ".join(section["text"] + section["items"])
    # The data's threshold (50M) and the seed's hand limit (7), filled in from the data.
    assert "a Neda when it would cost you 50M or more" in words
    assert "a charge that would cost its target 50M or more" in words
    assert "Over the hand limit of 7, the cards go back lowest value first" in words
    assert "they answer at once whether or not you hold a Neda" in words
    assert "they never play your turn" in words
