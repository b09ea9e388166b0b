"""The Smart bot: the Advanced bot's rules, with a trained model and a look-ahead deciding.

Guide, "Bots and solo play": "Smart bots learn from completed games: they evaluate trades,
builds, and loans with a model trained on real play instead of fixed rules."

- **Buy or decline**: the ``buy`` decision model (:class:`engine.mtaani.bots.model.Uplift`,
  fitted on self-play games where explorer seats bought at random) estimates how buying
  changes the chance of winning from this position; the Smart bot buys when that uplift is
  clearly positive and declines when it is clearly negative; a close call (within
  :data:`BUY_SEARCH_BAND`) goes to the look-ahead.
- **The look-ahead** (:mod:`engine.mtaani.bots.search`): the candidates are played on in
  sampled worlds with every seat modelled by the bot its open seat id names (Base or else
  Advanced), and the best-scored is taken. It chooses between paying the bail and rolling in
  jail, among the Municipal rules, between the Mtaani and Mathree decks on Fortune, and it vets what the Advanced rules
  would do against going on without it (rolling or ending the turn): a build below the cash
  reserve (the unit with the best fee gain per SFR, leaving
  :data:`~engine.mtaani.bots.advanced.OPPORTUNITY_FLOOR`), a bank loan, buying or playing a
  special card, a renovation. Builds above the reserve follow the Advanced rules (letting a
  model veto them lost games in self-play: docs/bots.md).
- **Raising funds**: among the properties outside its complete sets it may mortgage, it
  mortgages the one after which the value network rates its position best (each applied to a
  private copy of the open position with the engine's own rule code; these actions draw no
  randomness, so nothing hidden is revealed); then it follows the Advanced order.
- **Trades**: it accepts an offer when the value network rates its position after the trade
  better than before (by :data:`MARGIN`). It looks for a trade to propose on every turn
  (with the Advanced bot's seeded chance, so a declined idea does not come back every time):
  the Advanced bot's portfolio trades and wider swaps (:meth:`SmartBot.wide_swaps`: one or two
  properties each way, each side completing a set) and set sales (:meth:`SmartBot.set_sales`:
  the last piece of an opponent's set for all the cash its bot model would pay, alone or with
  that opponent's pieces of my sets); the value network keeps those it says help, and the
  look-ahead weighs its :data:`TRADE_CANDIDATES` best against ending the turn: the one it
  scores best is proposed when it scores above ending the turn.
- Answering loan offers, lifting mortgages, buying and using
  insurance and the order of a liquidation follow the Advanced bot's rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.bots import kind_of
from engine.mtaani.actions import AcceptTrade, ProposeTrade, TradeItems
from engine.mtaani.bots import model as mdl
from engine.mtaani.bots import search
from engine.mtaani.bots.advanced import (
    OPPORTUNITY_FLOOR,
    AdvancedBot,
    best_build,
)
from engine.mtaani.bots.policy import first_of, of_type
from engine.mtaani.bots.table import Table, scratch
from engine.mtaani.flow import RULES, Ctx
from engine.mtaani.state import TradeOffer
from engine.mtaani.trading import tradeable

TRADE_LEAD = 0.0
"""A proposal is made when the look-ahead scores it above ending the turn by this much."""
TRADE_CANDIDATES = 5
"""The look-ahead weighs this many of the ideas the value network rates best (and ending the
turn); the value network's single best lost to this in self-play (docs/bots.md)."""
MARGIN = 0.01
"""A trade must raise the value network's win chance by this much (its noise level)."""
BUY_SEARCH_BAND = 0.15
"""The ``buy`` model decides alone when its uplift is further from zero than this (in win
log-odds; about two buys in three); closer calls go to the look-ahead."""


SALE_MULTIPLE = 3
"""A set's last piece is offered for cash alone when the buyer can spare at least this many
times its price (:meth:`SmartBot.set_sales`)."""


def spare_cash(t: Table, seat: int) -> int:
    """The most cash (SFR, may be negative) the bot model of ``seat`` hands over in a trade
    (its :meth:`~engine.mtaani.bots.policy.Bot.trade_cash_limit`): the model the look-ahead
    plays for the seat's open id (:func:`engine.mtaani.bots.search.model_of`: Base for a
    ``bot:base:n`` seat, else Advanced)."""
    return search.model_of(t.s.players[seat].id, 0).trade_cash_limit(Table(t.book, t.s, seat))


class SmartBot(AdvancedBot):
    """See the module docstring. ``model_path`` selects another model file (training)."""

    kind = "smart"

    propose_every = 1
    """Smart looks for a trade on every turn (the look-ahead filters); the Advanced bot on
    one in five."""

    def __init__(self, seed: int, model_path: str | None = None, **options):
        super().__init__(seed, **options)
        self.model = mdl.load(model_path)

    # ------------------------------------------------------------------ evaluation
    def value(self, t: Table, state) -> float:
        """The value network's win chance for my seat in ``state`` (current or a copy)."""
        return self.model.value(mdl.features(t.book, Ctx(t.book, state), t.seat))

    def value_after(self, t: Table, action) -> float:
        """The value network's win chance for my seat after ``action``, applied to a copy
        with the engine's rule code (only for actions that draw no randomness)."""
        copy = scratch(t.s)
        copy.debts = list(copy.debts)
        copy.queue = list(copy.queue)
        RULES[action.type].perform(Ctx(t.book, copy), action)
        return self.value(t, copy)

    def value_after_trade(self, t: Table, proposer: int, to: int, give, get, seat: int | None = None) -> float:
        """The value network's win chance for ``seat`` (default: mine) after ``proposer``
        hands ``give`` to ``to`` for ``get`` (the engine's accept rule, run on a copy)."""
        copy = scratch(t.s)
        copy.specials = dict(copy.specials)
        offer_id = copy.next_offer_id
        copy.trades = [*copy.trades, TradeOffer(id=offer_id, proposer=proposer, to=to, give=give, get=get)]
        RULES["accept_trade"].perform(Ctx(t.book, copy), AcceptTrade(player=to, trade=offer_id))
        seat = t.seat if seat is None else seat
        return self.model.value(mdl.features(t.book, Ctx(t.book, copy), seat))

    def accepts_trade(self, t: Table, offer) -> bool:
        after = self.value_after_trade(t, offer.proposer, offer.to, offer.give, offer.get)
        return after > self.value(t, t.s) + MARGIN

    def trade_ideas(self, t: Table) -> list:
        """The Advanced bot's ideas, :meth:`wide_swaps` and :meth:`set_sales` (the value
        network and the look-ahead pick)."""
        ideas = super().trade_ideas(t)
        return ideas + self.wide_swaps(t, ideas) + self.set_sales(t)

    def set_sales(self, t: Table) -> list:
        """Selling an opponent the last piece of one of its sets, at the most its bot model
        (:func:`engine.mtaani.bots.search.model_of`) pays for a piece that completes a set
        (:func:`spare_cash`): for cash alone when that is at least :data:`SALE_MULTIPLE`
        times the piece's price, and for that cash (if any) plus the opponent's pieces of
        the other sets I hold part of. Taking the buyer's spare cash leaves it unable to build
        on the set at once (an Advanced bot builds above its reserve; a Base bot never
        builds); the look-ahead judges whether the sale pays. Only bot seats are offered sales:
        the look-ahead models a person as an Advanced bot, which pays any price it can spare
        for a set's last piece, and a person would rather be asked a fair one."""
        ideas = []
        my_sets = {t.book.set_of[i] for i in t.owned()}
        for other in t.opponents:
            if not t.s.players[other].trade_open or kind_of(t.s.players[other].id) is None:
                continue
            cash = spare_cash(t, other)
            wanted = [x for x in t.owned(other) if t.book.set_of[x] in my_sets and tradeable(t.ctx, other, x) is None]
            for piece in t.owned():
                if not t.completes_set(piece, other) or tradeable(t.ctx, t.seat, piece) is not None:
                    continue
                give = TradeItems(properties=[piece])
                if cash >= SALE_MULTIPLE * t.book.purchase[piece]:
                    ideas.append(ProposeTrade(player=t.seat, to=other, give=give, get=TradeItems(cash=cash)))
                get = [x for x in wanted if t.book.set_of[x] != t.book.set_of[piece]]
                if get:
                    ideas.append(ProposeTrade(player=t.seat, to=other, give=give,
                                              get=TradeItems(properties=get, cash=max(0, cash))))
        return ideas

    def wide_swaps(self, t: Table, known: list) -> list:
        """Swaps that complete a set for both sides where either side hands over up to two
        properties (the Advanced bot swaps one for one): for each opponent, my sets whose
        missing pieces it all holds against its sets whose missing pieces I all hold; the
        price difference in cash when the payer can afford it."""
        def missing_by(seat: int) -> dict[int, dict[str, list[int]]]:
            """For ``seat``: holder -> {set: the pieces that holder has}, for sets ``seat``
            owns part of whose other pieces (one or two) all sit with that one holder."""
            out: dict[int, dict[str, list[int]]] = {}
            for set_id, tiles in t.book.set_tiles.items():
                owners = [t.s.props[i].owner for i in tiles]
                if seat not in owners:
                    continue
                lack = [i for i, o in zip(tiles, owners, strict=True) if o != seat]
                holders = {t.s.props[i].owner for i in lack}
                if not 1 <= len(lack) <= 2 or len(holders) != 1 or None in holders:
                    continue
                out.setdefault(holders.pop(), {})[set_id] = lack  # type: ignore[arg-type]  # None is not in holders
            return out

        mine = missing_by(t.seat)
        reserve = self.reserve(t)
        seen = {(tuple(i.give.properties), tuple(i.get.properties), i.to) for i in known}
        ideas = []
        for other, wants in mine.items():
            if other not in t.opponents or not t.s.players[other].trade_open:
                continue
            theirs = missing_by(other).get(t.seat, {})
            for set_id, get in wants.items():
                if any(tradeable(t.ctx, other, x) is not None for x in get):
                    continue
                for their_set, give in theirs.items():
                    if their_set == set_id or any(tradeable(t.ctx, t.seat, y) is not None for y in give):
                        continue
                    if (tuple(give), tuple(get), other) in seen:
                        continue
                    diff = sum(t.book.purchase[x] for x in get) - sum(t.book.purchase[y] for y in give)
                    pay = diff if diff > 0 and t.cash - diff >= reserve else 0
                    ask = -diff if diff < 0 and t.s.players[other].cash >= -diff else 0
                    ideas.append(ProposeTrade(player=t.seat, to=other, give=TradeItems(properties=give, cash=pay),
                                              get=TradeItems(properties=get, cash=ask)))
        return ideas

    def propose(self, t: Table, legal):
        if not self.may_propose(t, legal):
            return None
        now = self.value(t, t.s)
        scored = []
        for idea in self.trade_ideas(t):
            if idea not in legal:
                continue
            gain = self.value_after_trade(t, t.seat, idea.to, idea.give, idea.get) - now
            if gain > MARGIN:
                scored.append((gain, idea))
        if not scored:
            return None
        scored.sort(key=lambda x: -x[0])  # stable: equal gains keep the ideas' order
        end = first_of(legal, "end_turn")
        if end is None:
            return scored[0][1]
        top = [idea for _, idea in scored[:TRADE_CANDIDATES]]
        scores = search.search(self, t.book, t.s, t.seat, [end, *top], "trade")
        best = max(range(len(top)), key=lambda i: scores[i + 1])
        return top[best] if scores[best + 1] > scores[0] + TRADE_LEAD else None

    def uplift(self, name: str, x: list[float]) -> float | None:
        """The decision model ``name``'s uplift at ``x`` (``None`` when the model has none)."""
        decision = self.model.decisions.get(name)
        return None if decision is None else decision.uplift(x)

    # ------------------------------------------------------------------ decisions
    def on_buy(self, t: Table, legal):
        buy = first_of(legal, "buy")
        if buy is None:
            return first_of(legal, "decline")
        tile: int = t.s.decision.tile  # type: ignore[union-attr, assignment]  # a buy decision's tile
        gain = self.uplift("buy", mdl.buy_features(t.book, t.ctx, t.seat, tile))
        if gain is None:
            return super().on_buy(t, legal)
        if abs(gain) < BUY_SEARCH_BAND:
            return self.searched(t, [buy, first_of(legal, "decline")], "buy")
        return buy if gain > 0 else first_of(legal, "decline")

    def build_choice(self, t: Table, legal, reserve: int):
        option = super().build_choice(t, legal, reserve)
        if option is not None:
            return option
        option = best_build(t, legal, t.cash - OPPORTUNITY_FLOOR)
        if option is None:
            return None
        return self.vetted(t, legal, option, "build")

    def loan_choice(self, t: Table, legal, reserve: int):
        option = super().loan_choice(t, legal, reserve)
        if option is not None and option.type == "take_loan":
            return self.vetted(t, legal, option, "loan")
        return option

    def special_card(self, t: Table, legal, reserve: int):
        return self.vetted(t, legal, super().special_card(t, legal, reserve), "special")

    def renovation(self, t: Table, legal):
        return self.vetted(t, legal, super().renovation(t, legal), "renovation")

    # ------------------------------------------------------------------ look-ahead choices
    def searched(self, t: Table, candidates: Sequence[Any], salt: str):
        """The candidate the look-ahead (:func:`engine.mtaani.bots.search.search`) scores
        best (the first of equals)."""
        scores = search.search(self, t.book, t.s, t.seat, candidates, salt)
        return candidates[max(range(len(candidates)), key=lambda i: (scores[i], -i))]

    def vetted(self, t: Table, legal, option, kind: str):
        """``option`` (an Advanced rule's choice, or ``None``) if the look-ahead scores it
        above going on without it (rolling or ending the turn), else ``None``."""
        if option is None:
            return None
        going_on = first_of(legal, "roll") or first_of(legal, "end_turn")
        if going_on is None:
            return option
        return option if self.searched(t, [going_on, option], kind) is option else None

    def on_turn(self, t: Table, legal):
        if t.me.jail_turns:
            bail, roll = first_of(legal, "pay_bail"), first_of(legal, "roll")
            if bail is not None and roll is not None:
                return self.searched(t, [roll, bail], "jail")
        return super().on_turn(t, legal)

    def on_municipal(self, t: Table, legal):
        options = of_type(legal, "choose_municipal")
        if len(options) > 1:
            return self.searched(t, options, "municipal")
        return super().on_municipal(t, legal)

    def on_deck(self, t: Table, legal):
        options = of_type(legal, "choose_deck")
        if len(options) > 1:
            return self.searched(t, options, "deck")
        return super().on_deck(t, legal)

    def liquidation_order(self, t: Table, legal):
        complete = set(t.complete_sets)
        outside = [a for a in of_type(legal, "mortgage") if t.book.set_of[a.tile] not in complete]
        if len(outside) > 1:
            return [max(outside, key=lambda a: (self.value_after(t, a), -a.tile))]
        return super().liquidation_order(t, legal)
