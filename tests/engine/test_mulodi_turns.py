"""Mulodi: the deck, the deal, drawing, plays, the hand limit and idle turns, with figures
worked out by hand from the seed (shared/seeds/004_e3b57fc1098b0004.txt) and the decisions
file (shared/spec/mulodi-decisions.md, "Players and deal", "The deck", "Plays")."""

import pytest

import engine
from engine.mulodi.cards import deck
from tests.engine.mulodi_helpers import RS, act, card, events_of, faces, table, where_all

D = deck()


# ------------------------------------------------------------------------------ the deck
def test_the_deck_has_the_decisions_files_106_cards():
    kinds = {k: D.kind.count(k) for k in ("money", "action", "property", "wild", "master")}
    # money 6 + 5 + 3 + 3 + 2 + 1 = 20; action cards 2 + 3 + 3 + 3 + 3 + 3 + 10 + 3 + 2 + 2 = 34,
    # two-colour rents 5 x 2 = 10, Multi-coloured Rent 3: 47; properties 28;
    # wildcards 1 + 1 + 2 + 2 + 1 + 1 + 1 = 9; Masters 2. 20 + 47 + 28 + 9 + 2 = 106.
    assert kinds == {"money": 20, "action": 47, "property": 28, "wild": 9, "master": 2}
    assert D.size == 106
    # Money: 6x10 + 5x20 + 3x30 + 3x40 + 2x50 + 100 = 60 + 100 + 90 + 120 + 100 + 100 = 570.
    assert sum(v for v, k in zip(D.value, D.kind, strict=True) if k == "money") == 570
    counts = D.faces()
    assert (counts["yaaye_deal"], counts["neda"], counts["land_grab"], counts["land_trade"],
            counts["banja"], counts["wedding_meeting"], counts["yongeza"], counts["apartment"],
            counts["arcade"], counts["double_rent"], counts["multi_rent"]) == (2, 3, 3, 3, 3, 3, 10, 3, 2, 2, 3)
    values = {D.face[c]: D.value[c] for c in range(D.size)}
    assert (values["yaaye_deal"], values["neda"], values["land_grab"], values["land_trade"],
            values["banja"], values["wedding_meeting"], values["yongeza"], values["apartment"],
            values["arcade"], values["double_rent"], values["multi_rent"],
            values["rent-red-yellow"]) == (50, 40, 30, 30, 30, 20, 10, 30, 40, 10, 30, 10)
    assert (values["wild-light_blue-brown"], values["wild-light_blue-taxi_park"],
            values["wild-pink-orange"], values["wild-red-yellow"], values["wild-dark_blue-green"],
            values["wild-green-taxi_park"], values["wild-taxi_park-utility"], values["master"]) == (
        10, 40, 20, 30, 40, 40, 20, 0)


def test_colours_sizes_values_and_rents_are_the_decisions_files():
    table_ = {c.id: (c.size, c.value, c.rent) for c in D.colour.values()}
    assert table_ == {
        "brown": (2, 10, (10, 20)), "light_blue": (3, 10, (10, 20, 30)),
        "pink": (3, 20, (10, 20, 40)), "orange": (3, 20, (10, 30, 50)),
        "red": (3, 30, (20, 30, 60)), "yellow": (3, 30, (20, 40, 60)),
        "green": (3, 40, (20, 40, 70)), "dark_blue": (2, 40, (30, 80)),
        "taxi_park": (4, 20, (10, 20, 30, 40)), "utility": (2, 20, (10, 20)),
    }
    # 2 + 3 x 6 + 2 + 4 + 2 = 28 properties, each colour's count its set size.
    per_colour = {}
    for c in range(D.size):
        if D.kind[c] == "property":
            per_colour[D.colours[c][0]] = per_colour.get(D.colours[c][0], 0) + 1
    assert per_colour == {c.id: c.size for c in D.colour.values()}


# ------------------------------------------------------------------------------ the deal
def test_the_deal_gives_5_each_and_the_first_player_draws_2():
    state = engine.new_game("mulodi", ["a", "b", "c"], 11)
    # 3 x 5 dealt, then seat 0 draws 2: 7 in seat 0's hand, 5 in the others',
    # 106 - 15 - 2 = 89 in the draw pile.
    assert [len(h) for h in state.hands] == [7, 5, 5]
    assert len(state.pile) == 89 and state.middle == []
    assert sorted(where_all(state)) == list(range(106))
    assert state.current == 0 and state.plays_left == 3


def test_the_shuffle_is_seeded():
    one = engine.new_game("mulodi", ["a", "b"], 5)
    again = engine.new_game("mulodi", ["a", "b"], 5)
    other = engine.new_game("mulodi", ["a", "b"], 6)
    assert engine.dump_state(one) == engine.dump_state(again)
    assert one.hands != other.hands


def test_a_scripted_deal_fixes_the_named_cards_and_shuffles_the_rest():
    """Table option ``scripted`` (tests and demos): seat 1 holds a Neda and a Banja among its
    5, seat 0 draws Karen then a Yongeza at its first turn; everything else is the seed's."""
    script = {"hands": [[], ["neda", "banja"]], "draws": ["property-karen", "yongeza"]}
    state = engine.new_game("mulodi", ["a", "b"], 5, {"scripted": script})
    faces = [sorted(D.face[c] for c in hand) for hand in state.hands]
    assert len(state.hands[1]) == 5 and {"neda", "banja"} <= set(faces[1])
    # Seat 0: 5 dealt, then its turn's 2 draws, the scripted ones.
    assert len(state.hands[0]) == 7 and [D.face[c] for c in state.hands[0][-2:]] == [
        "property-karen", "yongeza"]
    assert sorted(where_all(state)) == list(range(106))
    assert "scripted" not in state.options      # a view shows the options: never the script
    again = engine.new_game("mulodi", ["a", "b"], 5, {"scripted": script})
    assert engine.dump_state(again) == engine.dump_state(state)
    # Three Nedas in the deck: a fourth is refused, as is a hand of 6 or a hand too many.
    for bad, message in (({"hands": [["neda"] * 4]}, "no 'neda' card left"),
                         ({"hands": [["yongeza"] * 6]}, "invalid options"),
                         ({"hands": [[], [], ["neda"]]}, "3 hands for 2 players")):
        with pytest.raises(engine.InvalidAction, match=message):
            engine.new_game("mulodi", ["a", "b"], 5, {"scripted": bad})


def test_two_to_five_players():
    for n in (2, 5):
        assert len(engine.new_game("mulodi", [f"p{i}" for i in range(n)], 1).players) == n
    for n in (1, 6):
        with pytest.raises(engine.InvalidAction, match="2 to 5"):
            engine.new_game("mulodi", [f"p{i}" for i in range(n)], 1)


# ------------------------------------------------------------------------------ drawing
def test_a_turn_starts_by_drawing_2_cards():
    state = table(2, hands={0: ["money-10"], 1: ["money-20", "money-30"]},
                  pile=["banja", "yongeza", "neda"])
    state, events = act(state, "end_turn", 0)
    drawn = events_of(events, "CardsDrawn")[0]
    assert drawn["player"] == 1 and drawn["count"] == 2
    assert faces(state.hands[1]) == ["banja", "money-20", "money-30", "yongeza"]
    assert D.face[state.pile[-1]] == "neda"


def test_a_player_with_an_empty_hand_draws_5():
    state = table(2, hands={0: ["money-10"]},
                  pile=["banja", "yongeza", "neda", "money-50", "land_grab", "arcade"])
    state, events = act(state, "end_turn", 0)
    assert events_of(events, "CardsDrawn")[0]["count"] == 5
    assert faces(state.hands[1]) == ["banja", "land_grab", "money-50", "neda", "yongeza"]
    assert D.face[state.pile[-1]] == "arcade"


def test_the_middle_is_shuffled_into_a_new_draw_pile_when_it_runs_out():
    state = table(2, hands={0: ["money-10"], 1: ["money-20"]},
                  middle=["banja", "yongeza", "land_grab", "neda"], rest="middle", pile=["arcade"])
    # The pile holds 1 card; the middle holds the rest of the deck.
    middle_before = len(state.middle)
    state, events = act(state, "end_turn", 0)
    assert events_of(events, "DrawPileReshuffled")[0]["count"] == middle_before
    # Seat 1 drew the arcade, then 1 card of the reshuffled middle: 3 in hand,
    # the new pile is the middle less that card.
    assert len(state.hands[1]) == 3 and "arcade" in faces(state.hands[1])
    assert len(state.pile) == middle_before - 1 and state.middle == []


def test_with_the_pile_and_the_middle_empty_play_goes_on_without_drawing():
    state = table(2, hands={0: ["money-10"], 1: ["money-20"]})
    # Every card not in a hand lies in seat 1's bank: nothing to draw.
    state.banks[1] = state.pile
    state.pile = []
    state, events = act(state, "end_turn", 0)
    assert events_of(events, "CardsDrawn")[0]["count"] == 0
    assert state.current == 1 and RS.pending(state)[0].kind == "play"


# ------------------------------------------------------------------------------ plays
def test_up_to_3_plays_a_turn():
    state = table(2, hands={0: ["money-10", "money-20", "money-30", "money-40"]})
    for face in ("money-10", "money-20", "money-30"):
        state, _ = act(state, "bank", 0, card=card(state, 0, face))
    assert state.plays_left == 0
    with pytest.raises(engine.IllegalAction, match="played 3 cards"):
        act(state, "bank", 0, card=card(state, 0, "money-40"))
    assert [a.type for a in RS.legal_actions(state, 0)] == ["end_turn"]


def test_you_dont_have_to_play_all_3():
    state = table(2, hands={0: ["money-10"], 1: []}, pile=["money-20", "money-30"])
    state, events = act(state, "end_turn", 0)
    assert events_of(events, "TurnEnded")[0]["player"] == 0 and state.current == 1


def test_only_the_player_whose_turn_it_is_plays():
    state = table(2, hands={0: ["money-10"], 1: ["money-20"]})
    with pytest.raises(engine.NotYourDecision):
        act(state, "bank", 1, card=card(state, 1, "money-20"))


def test_a_card_not_in_your_hand_cannot_be_played():
    state = table(2, hands={0: ["money-10"], 1: ["money-20"]})
    with pytest.raises(engine.IllegalAction, match="not in your hand"):
        act(state, "bank", 0, card=card(state, 1, "money-20"))
    with pytest.raises(engine.InvalidAction):
        act(state, "bank", 0, card="c999")


# ------------------------------------------------------------------------------ hand limit
def test_the_hand_limit_returns_the_chosen_extra_cards_to_the_bottom_of_the_draw_pile():
    hand = ["money-10", "money-20", "yongeza", "yongeza", "banja", "neda", "land_grab",
            "property-karen", "arcade"]
    state = table(2, hands={0: hand})
    with pytest.raises(engine.IllegalAction, match="return 2"):
        act(state, "end_turn", 0)
    with pytest.raises(engine.IllegalAction, match="return 2"):
        act(state, "end_turn", 0, returned=[card(state, 0, "arcade")])
    chosen = [card(state, 0, "arcade"), card(state, 0, "neda")]
    state, events = act(state, "end_turn", 0, returned=chosen)
    # 9 - 2 = 7 kept; the two returned are the bottom of the pile, in the order named.
    assert len(state.hands[0]) == 7
    assert [f"c{c:03d}" for c in state.pile[:2]] == chosen
    returned = events_of(events, "CardsReturned")[0]
    assert returned["count"] == 2 and returned["private"] == [0]
    assert sorted(returned["cards"]) == ["arcade", "neda"]


def test_an_idle_turn_ends_returning_the_lowest_value_cards_action_cards_first():
    # 10 cards: the table returns 3. Lowest bank value first, action cards before money,
    # properties last: the two 10M action cards (yongeza, double_rent), then money-10.
    hand = ["money-50", "money-10", "property-kibera", "yongeza", "banja", "neda",
            "double_rent", "master", "money-20", "wedding_meeting"]
    state = table(2, hands={0: hand})
    d = RS.pending(state)[0]
    timeout = RS.deadline_action(state, d, 0)
    assert timeout.type == "timeout"
    state, events = act(state, "timeout", 0, decision=d.id)
    assert events_of(events, "TimedOut")[0]["kind"] == "play"
    assert sorted(D.face[c] for c in state.pile[:3]) == ["double_rent", "money-10", "yongeza"]
    assert len(state.hands[0]) == 7 and state.current == 1


def test_the_idle_rule_returns_properties_last():
    hand = ["property-kibera", "property-karen", "master", "money-100", "money-50", "money-40",
            "money-30", "money-20", "yaaye_deal"]
    state = table(2, hands={0: hand})
    d = RS.pending(state)[0]
    state, _ = act(state, "timeout", 0, decision=d.id)
    # 2 to return, properties last: money-20 (20M) then money-30 (30M).
    assert sorted(D.face[c] for c in state.pile[:2]) == ["money-20", "money-30"]
