"""Mulodi's guide (GET /rulesets/mulodi/guide), notifications and interface declarations."""

import json

import engine
from engine.mulodi.cards import deck
from tests.engine.mulodi_helpers import RS, act, card, table

D = deck()


def test_the_guide_lists_the_cards_counts_values_and_rents_from_the_data():
    guide = RS.guide()
    assert json.loads(json.dumps(guide)) == guide
    assert guide["deck_size"] == 106
    assert sum(c["count"] for c in guide["cards"]) == 106
    cards = {c["face"]: c for c in guide["cards"]}
    assert (cards["neda"]["count"], cards["neda"]["value"]) == (3, 40)
    assert (cards["yongeza"]["count"], cards["yongeza"]["value"]) == (10, 10)
    assert cards["master"]["value"] == 0 and cards["master"]["count"] == 2
    assert "Can also be banked as money." in cards["banja"]["text"]
    colours = {c["id"]: c for c in guide["colours"]}
    assert colours["dark_blue"]["rent"] == [30, 80] and colours["dark_blue"]["size"] == 2
    assert colours["taxi_park"]["properties"] == ["Kencom stage", "Railways stage", "Odeon stage",
                                                  "Ambassadeur stage"]
    assert colours["taxi_park"]["buildings"] is False
    assert "rules" not in guide   # the rules are the prose sections below, not a flat list


MULODI_SECTIONS = ["aim", "setup", "turn", "money", "properties", "rent", "actions", "paying",
                   "neda", "hand_limit", "end", "slow", "orders", "fairness", "colours", "deck"]
"""What a player reads, in order: the game and how to win, setting up, a turn, each kind of
card, paying, Neda and response windows, the end, how this service plays it slowly, standing
orders, fair play, then the data tables (colours and rents, every card)."""


def words(section: dict) -> str:
    return " ".join(section["text"] + section["items"] + section["example"])


def test_the_guide_reads_in_sections_in_order_every_placeholder_filled():
    prose = RS.guide()["prose"]
    assert [s["id"] for s in prose] == MULODI_SECTIONS
    for section in prose:
        assert section["title"] and section["text"], section["id"]
        for line in section["text"] + section["items"] + section["example"]:
            assert "{" not in line and "}" not in line, line


def test_the_numbers_in_the_words_are_the_rule_texts():
    """Figures worked out by hand from the seed and the decisions file."""
    prose = {s["id"]: s for s in RS.guide()["prose"]}
    assert "for 2 to 5 players" in words(prose["aim"])          # decisions "Players and deal"
    assert "3 full sets of different colours" in words(prose["aim"])
    assert "The 2 rule cards are taken out; the other 106 cards are shuffled and 5 dealt" in words(prose["setup"])
    turn = words(prose["turn"])
    assert "you pick up 2 cards from the draw pile (5 when your hand is empty)" in turn
    assert "play up to 3 cards" in turn
    assert "can't hold more than 7 cards" in words(prose["hand_limit"])   # seed: the hand limit
    actions = words(prose["actions"])
    assert "Banja (3 cards): demand 50M from one other player." in actions
    assert "every other player pays you 20M" in actions
    assert "30M for the Apartment and 40M for the Arcade" in actions
    assert "never on taxi parks or utilities" in actions
    assert "Yongeza (10): pick up 2 more cards" in actions
    assert "from 2 cards (brown, dark blue and utility) to 4 (taxi park)" in words(prose["properties"])
    assert "money cards are worth 10M, 20M, 30M, 40M, 50M and 100M" in words(prose["money"])
    assert "with 2 Doubles a rent is multiplied by 4" in words(prose["rent"])
    # The worked rent: the full red set (3 cards) rents 60M, the Apartment adds 30M (90M),
    # one Double the Rent doubles it (180M); two other players pay 180M each (360M); the Rent
    # and the Double are 2 of the 3 plays.
    assert prose["rent"]["example"] and prose["neda"]["example"]   # shown as worked examples
    rent = " ".join(prose["rent"]["example"])
    for figure in ("The red rent for 3 cards is 60M", "the Apartment adds 30M, making 90M",
                   "the Double makes it 180M", "Baraka and Chebet each owe her 180M, 360M in all",
                   "used 2 of her 3 plays, so she has 1 left"):
        assert figure in rent, figure
    # The worked Neda chain: a 50M Banja paid with a 20M and a 40M (60M, no change); had the
    # window passed, the table pays from 10M, 20M, 40M the cards that overpay least: 10M + 40M.
    neda = " ".join(prose["neda"]["example"])
    assert "she hands over both, 60M for a 50M debt, and gets no change" in neda
    assert "the 10M and the 40M (50M)" in neda
    slow = words(prose["slow"])
    assert "A response window and a payment wait 1 day" in slow      # decisions: 1 day slow
    assert "a live table: 1 minute" in slow                          # 1 minute live
    assert "Your turn waits for the table's idle timeout, set in its lobby (the game's default: 1 day)" in slow
    assert ("106 cards of the deck: 20 money cards, 37 action cards, 10 two-colour Rent cards, "
            "28 properties, 9 two-colour wildcards and 2 Master wildcards") in words(prose["deck"])


def test_a_changed_number_in_the_data_changes_the_page(monkeypatch):
    monkeypatch.setitem(D.amounts, "banja", 70)
    monkeypatch.setitem(D.deal, "hand_limit", 8)
    prose = {s["id"]: s for s in RS.guide()["prose"]}
    assert "Banja (3 cards): demand 70M from one other player." in words(prose["actions"])
    assert "can't hold more than 8 cards" in words(prose["hand_limit"])
    # The Neda example's payment follows: a 70M Banja from 10M, 20M and 40M takes all three.
    assert "the 10M, the 20M and the 40M (70M)" in words(prose["neda"])


def test_the_guide_text_types_no_number():
    """Every figure in data/guide.toml's words is a placeholder, so the data alone sets it."""
    import re

    from engine import guidetext

    for section in guidetext.load("engine.mulodi")["sections"]:
        for line in [section["title"], *section.get("text", []), *section.get("example", []),
                     *(i if isinstance(i, str) else i["text"] for i in section.get("items", []))]:
            assert not re.search(r"\d", guidetext.PLACEHOLDER.sub("", line)), line


def test_notices_tell_a_target_who_played_what_and_what_it_costs():
    state = table(3, hands={0: ["banja"]}, banks={1: ["money-50", "money-10"]})
    state, events = act(state, "banja", 0, card=card(state, 0, "banja"), target=1)
    pending = next(e for e in events if e["type"] == "DecisionPending")
    names = ["Achieng", "Baraka", "Chebet"]
    notice = RS.notice(pending, 1, names, "18:00")
    assert notice.body == "Achieng played Banja on you: Neda or pay 50M by 18:00."
    assert RS.notice(pending, 2, names, "18:00") is None


def test_notices_of_a_counter_a_payment_a_turn_and_the_end():
    names = ["Achieng", "Baraka"]
    counter = {"type": "DecisionPending", "player": 0, "kind": "respond", "decision": 5,
               "detail": {"action": "banja", "card": "banja", "by": 1, "target": 1, "nedas": 1,
                          "amount": 50, "against": "neda"}}
    assert RS.notice(counter, 0, names).body == (
        "Baraka played a Neda against your Banja: Neda back or let it stand.")
    pay = {"type": "DecisionPending", "player": 1, "kind": "pay", "decision": 6,
           "detail": {"to": 0, "amount": 30}}
    assert RS.notice(pay, 1, names, "09:30").body == "Pay Achieng 30M from your table by 09:30."
    turn = {"type": "DecisionPending", "player": 1, "kind": "play", "decision": 7,
            "detail": {"plays_left": 3}}
    assert RS.notice(turn, 1, names).body == "Your turn: play up to 3 cards."
    finished = {"type": "GameFinished", "winner": 1, "termination": "three_sets"}
    assert RS.notice(finished, 1, names).body == "You won!"
    assert RS.notice(finished, 0, names).body == "Baraka won."


def test_every_deadline_setting_is_a_table_option_and_every_route_takes_json():
    options = RS.table_options.model_fields
    assert {"response_window_seconds", "idle_timeout_seconds"} <= set(options)
    assert RS.table_options().response_window_seconds == 86_400
    for cls in RS.actions:
        schema = cls.model_json_schema()
        assert schema.get("additionalProperties") is False
        assert "player" in schema["properties"]
    assert engine.game_of("mulodi") == "mulodi" and RS.title == "Mulodi"
