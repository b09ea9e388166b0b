"""Mulodi's standing orders (issue 31, section 1: "answers to action cards aimed at me ...; the
hand limit's discards"): the model of one seat's orders (:class:`MulodiOrders`, every default
the guide's recommended order, numbers in ``data/mulodi.toml`` ``[orders]``) and what they do
(:func:`order_action`, the ruleset's ``order_action``; the one driver is
:func:`engine.orders.follow`).

What the orders answer, and when (the timing rule: "an order must not tell the table anything
about a hidden hand"): whether the orders answer a decision now is decided from what every
seat sees (the card played, by whom, on whom, the amount, the tables, the orders' own
settings), never from the seat's hand; what they answer may use the hand (a Neda when the
rule asks for one and one is held, else the card stands), and it is given at once either way.
So an answer by order comes at the same moment whether or not the seat holds a Neda.

- A card aimed at me (``respond``): answered unless its kind is in ``stop_on`` (then the
  person decides). A Neda when a Neda rule (below) asks for one and I hold one; else I let it
  stand.
- A Neda against my card (``respond`` as its player): answered unless ``stop_on`` has
  ``"neda"``; a Neda back by ``neda_back``.
- A payment (``pay``): paid at once in the order of ``pay_with``, unless
  ``stop_before_breaking_a_full_set`` and the payment would take a card of a full set.
- My turn (``play``): not played by orders, but for its end: with no plays left
  (``end_turn_after_third_play``), the turn ends at once, the cards over the hand limit
  returned by ``return_first``. Playing cards, moving wildcards and ending a turn with plays
  left are always the person's.

Sources: the seed's "Neda", "There is no change in the game. You pay with what you have on the
table" and the hand limit; the decisions file's "Paying" and "Neda and response windows".
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.mulodi import actions as act
from engine.mulodi import payment, sets
from engine.mulodi.cards import ACTION, MONEY, PAYMENT_ACTIONS, card_id, deck
from engine.mulodi.flow import returns_needed
from engine.mulodi.state import STAGE_PAY, STAGE_RESPOND, Chain, MulodiState, Play

D = deck()
DATA = D.data["orders"]

StopOn = Literal["rent", "multi_rent", "banja", "wedding_meeting", "land_grab", "land_trade",
                 "yaaye_deal", "neda"]
"""What a seat's orders may stop on instead of answering: each action card aimed at it, and
(``"neda"``) a Neda played against its own card."""
LandNeda = Literal["never", "near_full", "always"]


class MulodiOrders(BaseModel):
    """One seat's standing orders at a Mulodi table (module docstring). Amounts in M."""

    model_config = ConfigDict(extra="forbid", strict=True)

    stop_on: list[StopOn] = Field(
        default_factory=list, max_length=8, title="Wake me for these instead",
        description="The cards aimed at you that you answer yourself (the orders wait for you): "
                    "rent, multi_rent (Multi-coloured Rent), banja, wedding_meeting, land_grab, "
                    "land_trade, yaaye_deal, and neda (a Neda against your own card). The orders "
                    "answer every other card at once.")
    neda_yaaye_deal: bool = Field(
        True, title="Neda a Yaaye Deal",
        description="Answer a Yaaye Deal on one of your full sets with a Neda when you hold one.")
    neda_land_grab: LandNeda = Field(
        "near_full", title="Neda a Land Grab",
        description="never; near_full: when the card comes from a colour you are one card from a "
                    "full set in, or would complete the player's set; always (when you hold a Neda).")
    neda_land_trade: LandNeda = Field(
        "near_full", title="Neda a Land Trade",
        description="As for a Land Grab, for the card a Land Trade takes from you.")
    neda_charges_from: int = Field(
        DATA["neda_charges_from"], ge=0, le=1000, title="Neda a charge of at least (M)",
        description="Answer a rent, a Banja or a Wedding Meeting with a Neda when it would cost "
                    "you at least this many M (what you can pay at most); 0: never for its amount.")
    neda_charge_that_takes: Literal["never", "full_set", "property"] = Field(
        "property", title="Neda a charge that would take",
        description="property: Neda a charge your bank cannot cover (it would take one of your "
                    "properties, Apartments or Arcades); full_set: only one that would take a card "
                    "of a full set; never.")
    neda_back: Literal["never", "big", "always"] = Field(
        "big", title="Neda back a Neda on my card",
        description="When a Neda cancels your card: big: Neda back for a Yaaye Deal, a charge that "
                    "would cost its target at least the amount above, or a Land Grab or Land "
                    "Trade whose card completes one of your sets; always; never.")
    pay_with: Literal["keep_sets", "table"] = Field(
        "keep_sets", title="Pay with",
        description="keep_sets: the bank cards that overpay least; if the bank is short, the "
                    "bank, then your properties outside full sets (never first one that completes "
                    "the receiver's set), then Apartments and Arcades, a full set last. table: as "
                    "the table pays for an absent player.")
    stop_before_breaking_a_full_set: bool = Field(
        False, title="Wake me before paying with a full set",
        description="Wait for you when a payment would take a card of one of your full sets.")
    end_turn_after_third_play: bool = Field(
        True, title="End my turn after my third play",
        description="With no plays left, end your turn at once (after the answers to your last "
                    "card are in), returning the cards over the hand limit as below.")
    return_first: Literal["keep_best", "table"] = Field(
        "keep_best", title="At the hand limit, return",
        description="keep_best: the lowest values first, action cards before money of the same "
                    "value; your properties, Nedas and Yaaye Deals last. table: as the table "
                    "returns them (the same, but Nedas and Yaaye Deals go with the other cards).")


# ------------------------------------------------------------------------------ the policy
def order_action(s: MulodiState, seat: int, orders: MulodiOrders) -> act._Action | None:
    """The move ``seat``'s ``orders`` make now (a legal action of that seat), or ``None``: a
    stop (the person decides), or nothing of the seat's is waiting. Whether it is ``None``
    depends only on what every seat sees (module docstring)."""
    if s.termination is not None or not 0 <= seat < len(s.players):
        return None
    play = s.action
    if play is None:
        if seat == s.current and s.turn_decision and s.plays_left == 0 \
                and orders.end_turn_after_third_play:
            return act.make(act.EndTurn, player=seat,
                            returned=[card_id(c) for c in returns(s, seat, orders)])
        return None
    for chain in play.chains:
        if chain.holder != seat:
            continue
        if chain.stage == STAGE_RESPOND:
            return _answer(s, seat, play, chain, orders)
        if chain.stage == STAGE_PAY:
            return _pay(s, seat, play, chain, orders)
    return None


def _answer(s: MulodiState, seat: int, play: Play, chain: Chain,
            orders: MulodiOrders) -> act._Action | None:
    against_mine = chain.nedas % 2 == 1  # a Neda cancelled seat's own card: seat is its player
    if (against_mine and "neda" in orders.stop_on) or (
            not against_mine and play.kind in orders.stop_on):
        return None
    wanted = (neda_back(s, seat, play, chain, orders) if against_mine
              else neda_wanted(s, seat, play, orders))
    if wanted and any(D.action[c] == "neda" for c in s.hands[seat]):
        return act.make(act.Neda, player=seat, decision=chain.decision)
    return act.make(act.Accept, player=seat, decision=chain.decision)


def _pay(s: MulodiState, seat: int, play: Play, chain: Chain,
         orders: MulodiOrders) -> act._Action | None:
    cards = paying(s, seat, chain.debt, play.actor, orders)
    if orders.stop_before_breaking_a_full_set and takes_a_full_set(s, seat, cards):
        return None
    return act.make(act.Pay, player=seat, decision=chain.decision, cards=[card_id(c) for c in cards])


def paying(s: MulodiState, seat: int, debt: int, receiver: int, orders: MulodiOrders) -> list[int]:
    """The cards ``seat``'s orders pay ``debt`` (M) to ``receiver`` with (``pay_with``)."""
    if orders.pay_with == "table":
        return payment.house_payment(s, seat, debt)
    return payment.keeping_sets(s, seat, debt, receiver)


def takes_a_full_set(s: MulodiState, seat: int, cards: list[int]) -> bool:
    """Whether paying ``cards`` takes a card of one of ``seat``'s full sets (a property in a
    full set, or an Apartment or Arcade on one)."""
    loose = {c for c, _ in sets.loose(s, seat)}
    for c in cards:
        where = sets.locate(s, seat, c)
        if where is None or where[0] == "bank":
            continue
        if where[0] != "property" or c not in loose:
            return True
    return False


def _costs(s: MulodiState, seat: int, amount: int) -> int:
    """What a charge of ``amount`` (M) would cost ``seat`` at most (no more than its table)."""
    return min(amount, sets.table_value(s, seat))


def neda_wanted(s: MulodiState, seat: int, play: Play, orders: MulodiOrders) -> bool:
    """Whether ``seat``'s Neda rules ask for a Neda against ``play``, the card aimed at it
    (public facts only: the card, the amounts, the tables)."""
    kind = play.kind
    if kind == "yaaye_deal":
        return orders.neda_yaaye_deal
    if kind in ("land_grab", "land_trade"):
        rule = orders.neda_land_grab if kind == "land_grab" else orders.neda_land_trade
        if rule == "near_full":
            return (sets.missing(s, seat, play.colour) <= 1
                    or sets.missing(s, play.actor, play.colour) == 1)
        return rule == "always"
    if kind in PAYMENT_ACTIONS:
        if orders.neda_charges_from and _costs(s, seat, play.amount) >= orders.neda_charges_from:
            return True
        if orders.neda_charge_that_takes == "never":
            return False
        cards = paying(s, seat, play.amount, play.actor, orders)
        if orders.neda_charge_that_takes == "full_set":
            return takes_a_full_set(s, seat, cards)
        return any(sets.locate(s, seat, c)[0] != "bank" for c in cards)  # type: ignore[index]  # paying() gives cards of seat's table
    return False


def neda_back(s: MulodiState, seat: int, play: Play, chain: Chain, orders: MulodiOrders) -> bool:
    """Whether ``seat``'s orders answer a Neda against its own card ``play`` with a Neda
    (``neda_back``)."""
    if orders.neda_back != "big":
        return orders.neda_back == "always"
    if play.kind == "yaaye_deal":
        return True
    if play.kind in PAYMENT_ACTIONS:
        return bool(orders.neda_charges_from) and \
            _costs(s, chain.target, play.amount) >= orders.neda_charges_from
    if play.kind in ("land_grab", "land_trade"):
        return sets.missing(s, seat, play.colour) == 1
    return False


def returns(s: MulodiState, seat: int, orders: MulodiOrders) -> list[int]:
    """The cards over the hand limit ``seat``'s orders return at the end of its turn
    (``return_first``; none within the limit)."""
    need = returns_needed(s, seat)
    if not need:
        return []
    hand = s.hands[seat]
    if orders.return_first == "table":
        return payment.house_returns(hand, need)
    keep = set(DATA["keep_at_hand_limit"])

    def key(c: int) -> tuple[int, int, int, int]:
        kind = D.kind[c]
        last = 1 if kind not in (ACTION, MONEY) or D.action[c] in keep else 0
        return (last, D.value[c], 0 if kind == ACTION else 1, c)

    return sorted(hand, key=key)[:need]
