"""Mtaani's standing orders: the routine decisions a seat lets the table make for it, and the
stops where the table waits for the person (issue 31, section 1; ``engine.orders`` drives them).

A service feature, not a rule of the printed guide: the orders only choose among the moves the
rules allow (``shared/seeds/000_fe1744ded917b034.txt``: "Flow of play", "Economy and fees",
"Building and development", "Loans and mortgages", "Jail", "Fortune", "Municipal"). What they
do, decision by decision (:func:`order_action`):

- ``turn``: roll (:attr:`MtaaniOrders.roll`); in jail, the jail order (pay bail, pay bail
  while the opponents' fees are low, roll for doubles, or ask me). Never a bribe, never a
  renovation.
- ``buy``: buy what completes my set or blocks an opponent's last piece (``buy_sets``), and
  any property priced at most ``buy_up_to`` while ``buy_keep`` SFR is left after paying;
  the rest is declined (its fee paid to the bank) or, with ``over_limit = "ask_me"``, left
  to the person when the price is over the limit (or a set's piece costs more than my cash).
- ``end``: lift the mortgages on my complete sets, then build the unit with the best fee gain
  per SFR, while ``build_keep`` SFR stays in hand; then end the turn.
- ``deck``: the Fortune deck of the order (``better_deck``: the one whose printed cards are
  worth more to me now, each card counted alike: the order of the piles is hidden).
- ``municipal``: the rule best for me (the default), ask me, or a named rule.
- ``debt``: mortgage (properties outside my complete sets first, the lowest fee first), then,
  with ``debt_sell_units``, sell units (the least fee lost per SFR first). A debt that
  mortgaging cannot cover is left to the person (``debt_sell_units`` off), as is one that
  nothing the orders may do covers: a loan, insurance, a trade or bankruptcy is the person's.
  Never bankruptcy by order.
- Trade and loan offers made to me: left to the person (``offers = "ask_me"``, the stop on
  any offer to me), declined when worth less than ``offers_below`` SFR to me
  (``offers = "decline_below"``, :func:`offer_worth`; the rest left to the person), or all
  declined (``offers = "decline"``); a decline is made at the next decision the orders make
  for me anyway (never out of turn: whether my orders move must not tell another seat that
  an offer it cannot see was made to me).

Whether :func:`order_action` is ``None`` depends only on what every seat sees: the board, the
cash, the decision and the orders; never the deck order, the seed or offers between others.
Every move it returns is one the listing of the seat's legal actions holds
(:func:`engine.mtaani.legal.lazy_legal_actions`). It imports nothing from the bots (bots
import rules, never the reverse). The recommended values are house values in
``data/orders.toml``.
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.mtaani import choices
from engine.mtaani import properties as prop
from engine.mtaani.actions import (
    ChooseDeck,
    ChooseMunicipal,
    Decline,
    DeclineLoan,
    DeclineTrade,
    EndTurn,
    PayBail,
    Roll,
)
from engine.mtaani.cards import card_amount
from engine.mtaani.data import DATA_DIR, Rulebook
from engine.mtaani.flow import Ctx
from engine.mtaani.legal import lazy_legal_actions
from engine.mtaani.specials import price as special_price
from engine.mtaani.state import LoanOffer, MtaaniState, TradeOffer

MOST_SFR = 100_000_000
"""The largest amount an order takes (SFR): far above any price or fee on the board."""


@cache
def recommended_values() -> dict[str, Any]:
    """The recommended orders (``data/orders.toml``), field -> value."""
    return tomllib.loads((DATA_DIR / "orders.toml").read_text())


@cache
def _municipal_rules() -> tuple[str, ...]:
    """The Municipal rules of the current rules (read from the data file alone, so importing
    this module loads no rulebook)."""
    return tuple(tomllib.loads((DATA_DIR / "rules-current.toml").read_text())["municipal"]["rules"])


if TYPE_CHECKING:
    MunicipalOrder = str  # the checker's view: the Literal below is read from the data file
else:
    MunicipalOrder = Literal[("ask_me", "best_for_me", *_municipal_rules())]
"""What the Municipal order may say: ask me, the rule best for me, or one of the rules (a rule
a table's rules do not have, such as the classic preset's missing ban, asks me there)."""

_R = recommended_values()


def _sfr(default: int, title: str, description: str) -> Any:
    return Field(default, ge=0, le=MOST_SFR, title=title, description=description)


class MtaaniOrders(BaseModel):
    """One seat's standing orders in Mtaani (amounts in SFR; defaults: the recommended orders,
    ``data/orders.toml``). Validated like table options: unknown fields are refused."""

    model_config = ConfigDict(extra="forbid", title="Mtaani standing orders")

    roll: bool = Field(_R["roll"], title="Roll at my turn's start",
                       description="Roll the dice when my turn starts and again after doubles "
                                   "(in jail the jail order decides).")
    buy_up_to: int = _sfr(_R["buy_up_to"], "Buy properties priced up to (SFR)",
                          "Buy an unowned property I land on when its price is at most this "
                          "many SFR.")
    buy_keep: int = _sfr(_R["buy_keep"], "Cash to keep after buying (SFR)",
                         "Buy at or under the price limit only while at least this many SFR "
                         "stay in hand; otherwise decline.")
    buy_sets: bool = Field(_R["buy_sets"], title="Always buy what completes or blocks a set",
                           description="Buy a property that completes one of my sets, or is the "
                                       "last piece an opponent needs, whatever its price (when "
                                       "my cash covers it).")
    over_limit: Literal["decline", "ask_me"] = Field(
        _R["over_limit"], title="A property over my limit",
        description="decline: decline it and pay its fee to the bank; ask_me: wait for me to "
                    "decide.")
    build: bool = Field(_R["build"], title="Build on my complete sets",
                        description="At the end of my turn lift the mortgages on my complete "
                                    "sets, then build units, the best fee gain per SFR first.")
    build_keep: int = _sfr(_R["build_keep"], "Cash to keep when building (SFR)",
                           "Lift mortgages and build only while at least this many SFR stay "
                           "in hand.")
    end_turn: bool = Field(_R["end_turn"], title="End my turn",
                           description="End my turn when nothing else is queued.")
    jail: Literal["pay_bail", "bail_when_fees_low", "roll_for_doubles", "ask_me"] = Field(
        _R["jail"], title="In jail",
        description="pay_bail: pay bail at once; bail_when_fees_low: pay bail unless the fees "
                    "on my opponents' properties add up to more than the jail limit (then roll "
                    "for doubles and let the sentence run); roll_for_doubles: never pay bail; "
                    "ask_me: wait for me. Never a bribe.")
    jail_fees_limit: int = _sfr(_R["jail_fees_limit"], "Stay in jail when opponents' fees pass (SFR)",
                                "With bail_when_fees_low: stay in jail while the fees my "
                                "opponents' properties charge add up to more than this.")
    fortune: Literal["mtaani", "mathree", "better_deck", "ask_me"] = Field(
        _R["fortune"], title="On Fortune",
        description="Draw a Mtaani card, a Mathree card, the deck whose printed cards are worth "
                    "more to me now (better_deck; the order of the piles is never looked at), "
                    "or wait for me (ask_me).")
    municipal: MunicipalOrder = Field(
        _R["municipal"], title="On Municipal",
        description="ask_me: wait for me to choose the table's rule; best_for_me: double the "
                    "rent when my properties earn the most fees, halve it when an opponent's "
                    "earn more, else double the salary; or always the rule named.")
    debt_mortgage: bool = Field(_R["debt_mortgage"], title="In debt, mortgage",
                                description="When I owe more than I hold, mortgage properties "
                                            "to pay: those outside my complete sets first, the "
                                            "lowest fee first. Never bankruptcy by order.")
    debt_sell_units: bool = Field(_R["debt_sell_units"], title="In debt, sell units too",
                                  description="When mortgaging cannot cover what I owe, sell "
                                              "units, the least fee lost per SFR first (off: "
                                              "wait for me when units must be sold).")
    offers: Literal["ask_me", "decline_below", "decline"] = Field(
        _R["offers"], title="Trade and loan offers to me",
        description="ask_me: leave every offer for me to answer; decline_below: decline an "
                    "offer worth less to me than the offer limit and leave the rest for me; "
                    "decline: decline them all. A decline is made at my next move made by "
                    "these orders.")
    offers_below: int = Field(
        _R["offers_below"], ge=-MOST_SFR, le=MOST_SFR, title="Decline offers worth less than (SFR)",
        description="With decline_below: a trade is worth what I receive less what I hand over "
                    "(cash, properties at price less the cost of lifting a mortgage, cards at "
                    "their price); a loan is worth the interest I would earn, less the interest "
                    "I would pay. Below this many SFR it is declined.")


# ------------------------------------------------------------------ the policy
class _Seat:
    """The state as ``seat``'s orders read it: a read-only context and the legal listing."""

    __slots__ = ("book", "ctx", "legal", "me", "s", "seat")

    def __init__(self, book: Rulebook, state: MtaaniState, seat: int):
        self.book = book
        self.s = state
        self.seat = seat
        self.me = state.players[seat]
        self.ctx = Ctx(book, state)
        self.legal = lazy_legal_actions(self.ctx, seat)

    def listed(self, type_: str) -> list:
        return list(self.legal.of_type(type_))

    def one(self, action: BaseModel) -> BaseModel | None:
        """``action`` when the listing holds it (the same check ``apply`` runs), else ``None``."""
        return action if action in self.legal else None

    def opponents(self) -> list[int]:
        return [i for i, p in enumerate(self.s.players) if not p.bankrupt and i != self.seat]

    def fees_of(self, seats: list[int]) -> int:
        """What the properties of ``seats`` charge a visitor now, added up (SFR)."""
        wanted = set(seats)
        return sum(prop.fee(self.ctx, tile) for tile, p in self.s.props.items() if p.owner in wanted)

    def completes(self, tile: int, seat: int) -> bool:
        """Whether owning ``tile`` gives ``seat`` the whole set of ``tile``."""
        tiles = self.book.set_tiles[self.book.set_of[tile]]
        return all(self.s.props[i].owner == seat for i in tiles if i != tile)


def order_action(book: Rulebook, state: MtaaniState, seat: int, orders: MtaaniOrders) -> BaseModel | None:
    """The move ``seat``'s ``orders`` make in ``state``: an action the seat's legal listing
    holds, or ``None`` (a stop: the person decides; or nothing of the seat's waits). See the
    module docstring for what each decision gets."""
    if state.termination is not None or not 0 <= seat < len(state.players):
        return None
    decision = state.decision
    if decision is None or decision.player != seat or state.players[seat].bankrupt:
        return None  # offers alone wait for the person: answering them out of turn would tell
    t = _Seat(book, state, seat)
    handler = _HANDLERS.get(decision.kind)
    move = handler(t, orders) if handler is not None else None
    if move is None:
        return None
    if orders.offers != "ask_me":
        answer = _decline_an_offer(t, orders)
        if answer is not None:
            return answer
    return move


def _decline_an_offer(t: _Seat, orders: MtaaniOrders) -> BaseModel | None:
    """The first offer to ``t.seat`` the offers order declines (trades first, then loans, each
    in the order made), as a listed move, or ``None``."""
    every = orders.offers == "decline"
    offer: TradeOffer | LoanOffer
    for offer in t.s.trades:
        if offer.to == t.seat and (every or offer_worth(t.ctx, t.seat, offer) < orders.offers_below):
            return t.one(DeclineTrade(player=t.seat, trade=offer.id))
    for offer in t.s.loan_offers:
        if (t.seat in (offer.lender, offer.borrower) and offer.proposer != t.seat
                and (every or offer_worth(t.ctx, t.seat, offer) < orders.offers_below)):
            return t.one(DeclineLoan(player=t.seat, offer=offer.id))
    return None


def _items_worth(ctx: Ctx, items: Any) -> int:
    """Cash + properties (purchase price, less the cost of lifting the mortgage when mortgaged,
    as :func:`engine.mtaani.properties.net_worth` counts them; units at build cost) +
    insurance cards at today's price + special cards at their price (SFR)."""
    s, book = ctx.s, ctx.book
    worth = items.cash + items.insurance * s.insurance_price
    for tile in items.properties:
        p = s.props[tile]
        worth += book.purchase[tile] - (prop.unmortgage_cost(ctx, tile) if p.mortgaged else 0)
        worth += p.units * book.unit_cost[tile]
    return worth + sum(special_price(ctx, card) for card in items.specials)


def offer_worth(ctx: Ctx, seat: int, offer: TradeOffer | LoanOffer) -> int:
    """What ``offer`` made to ``seat`` is worth to ``seat`` (SFR, a house measure for the
    offers order): a trade, what ``seat`` receives (the proposer's ``give``) less what it
    hands over (the proposer's ``get``), :func:`_items_worth`; a loan, the interest
    (``amount`` x ``interest_percent`` / 100, rounded down) the seat earns as lender, or minus
    it as borrower."""
    if isinstance(offer, TradeOffer):
        return _items_worth(ctx, offer.give) - _items_worth(ctx, offer.get)
    interest = offer.amount * offer.interest_percent // 100
    return interest if offer.lender == seat else -interest


def _on_turn(t: _Seat, orders: MtaaniOrders) -> BaseModel | None:
    if t.me.jail_turns:
        rule = orders.jail
        if rule == "ask_me":
            return None
        if rule == "pay_bail" or (rule == "bail_when_fees_low"
                                  and t.fees_of(t.opponents()) <= orders.jail_fees_limit):
            bail = t.one(PayBail(player=t.seat))
            if bail is not None:
                return bail
        return Roll(player=t.seat)  # rolling for doubles is always open in jail
    return Roll(player=t.seat) if orders.roll else None


def _on_buy(t: _Seat, orders: MtaaniOrders) -> BaseModel | None:
    tile: int = t.s.decision.tile  # type: ignore[union-attr, assignment]  # a buy decision's tile
    price = prop.purchase_price(t.ctx, tile)
    buy = t.listed("buy")  # listed only when the cash covers the price
    decline = Decline(player=t.seat)
    if orders.buy_sets and (t.completes(tile, t.seat)
                            or any(t.completes(tile, o) for o in t.opponents())):
        if buy:
            return buy[0]
        return None if orders.over_limit == "ask_me" else decline  # the cash does not cover it
    if price <= orders.buy_up_to:
        return buy[0] if buy and t.me.cash - price >= orders.buy_keep else decline
    return None if orders.over_limit == "ask_me" else decline


def _on_end(t: _Seat, orders: MtaaniOrders) -> BaseModel | None:
    if orders.build:
        spare = t.me.cash - orders.build_keep
        improve = _lift(t, spare) or choices.best_unit(t.ctx, t.listed("build"), spare)
        if improve is not None:
            return improve
    return EndTurn(player=t.seat) if orders.end_turn else None


def _lift(t: _Seat, spare: int) -> BaseModel | None:
    """Lift the mortgage (within ``spare`` SFR) on a complete set of mine: the dearest first."""
    complete = set(prop.complete_sets(t.ctx, t.seat))
    options = [a for a in t.listed("unmortgage") if t.book.set_of[a.tile] in complete
               and prop.unmortgage_cost(t.ctx, a.tile) <= spare]
    return max(options, key=lambda a: (t.book.purchase[a.tile], -a.tile), default=None)


def deck_worth(t: _Seat) -> dict[str, float]:
    """What a draw from each Fortune deck is worth to ``t.seat`` now (SFR, the mean over the
    deck's printed cards: the order of the piles is hidden, so every card counts alike).
    Mtaani cards: their amount now, signed (paid to each opponent or by each, per unit for
    mine). Mathree cards: the salary when the move passes Payday, less the fee of an
    opponent's property it lands on; a go-to-jail card costs the bail."""
    book, ctx = t.book, t.ctx
    others = len(t.opponents())
    units = sum(p.units for p in t.s.props.values() if p.owner == t.seat)
    sign = {"gain": 1, "pay": -1, "pay_each": -others, "collect_each": others, "per_unit": -units}
    mtaani = [sign[card.effect] * card_amount(ctx, card.amount) for card in book.mtaani_cards.values()]
    here, salary, size = t.me.position, ctx.rules.payday.salary, book.size
    mathree = []
    for card in book.mathree_cards.values():
        if card.effect == "go_to_jail":
            mathree.append(-ctx.rules.jail.bail)
            continue
        back = card.effect == "move_back"
        to: int = (here - (card.steps or 0)) % size if back else card.tile  # type: ignore[assignment]  # a move card names its tile
        worth = salary if not back and (to < here or to == book.payday != here) else 0
        p = t.s.props.get(to)
        if p is not None and p.owner is not None and p.owner != t.seat:
            worth -= prop.fee(ctx, to)
        mathree.append(worth)
    return {"mtaani": sum(mtaani) / max(1, len(mtaani)), "mathree": sum(mathree) / max(1, len(mathree))}


def _on_deck(t: _Seat, orders: MtaaniOrders) -> BaseModel | None:
    deck = orders.fortune
    if deck == "ask_me":
        return None
    if deck == "better_deck":
        worth = deck_worth(t)
        deck = "mtaani" if worth["mtaani"] >= worth["mathree"] else "mathree"
    return ChooseDeck(player=t.seat, deck=deck)


def _on_municipal(t: _Seat, orders: MtaaniOrders) -> BaseModel | None:
    rule = orders.municipal
    if rule == "ask_me":
        return None
    if rule == "best_for_me":
        mine = t.fees_of([t.seat])
        theirs = max((t.fees_of([o]) for o in t.opponents()), default=0)
        rule = ("double_rent" if mine > 0 and mine * 5 > theirs * 6
                else "halve_rent" if theirs * 5 > mine * 6 else "double_salary")
    return t.one(ChooseMunicipal(player=t.seat, rule=rule))


def _on_debt(t: _Seat, orders: MtaaniOrders) -> BaseModel | None:
    if not orders.debt_mortgage:
        return None
    owed = sum(d.amount for d in t.s.debts if d.debtor == t.seat)
    short = owed - t.me.cash
    mortgages = t.listed("mortgage")
    raised = sum(t.book.mortgage[a.tile] for a in mortgages)
    if raised < short:
        if not orders.debt_sell_units:
            return None  # units must be sold (or more done): the person's choice
        units = sum(p.units * prop.unit_refund(t.ctx, tile) for tile, p in t.s.props.items()
                    if p.owner == t.seat)
        cover = sum(t.book.mortgage[tile] for tile, p in t.s.props.items()
                    if p.owner == t.seat and not p.mortgaged)
        if cover + units < short:
            return None  # selling everything would not cover it: a loan, a card or bankruptcy
    if mortgages:
        complete = set(prop.complete_sets(t.ctx, t.seat))
        return min(mortgages, key=lambda a: (t.book.set_of[a.tile] in complete,
                                             prop.fee(t.ctx, a.tile), a.tile))
    sales = t.listed("sell_unit")
    return min(sales, key=lambda a: (_sale_loss(t, a.tile), a.tile), default=None)


def _sale_loss(t: _Seat, tile: int) -> float:
    """The fee lost per SFR raised by selling one unit of ``tile``."""
    book, rules, p = t.book, t.ctx.rules.property, t.s.props[tile]
    after = (prop.unit_fee(book.purchase[tile], book.unit_cost[tile], p.units - 1,
                           rules.unit_fee_divisor) if p.units > 1 else book.base_fee[tile])
    return (prop.fee(t.ctx, tile) - after) / max(1, prop.unit_refund(t.ctx, tile))


_HANDLERS = {"turn": _on_turn, "buy": _on_buy, "end": _on_end, "deck": _on_deck,
             "municipal": _on_municipal, "debt": _on_debt}
"""Decision kind -> what the orders do with it (a kind not named here always stops)."""
