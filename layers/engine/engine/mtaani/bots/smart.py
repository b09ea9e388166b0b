"""The Smart bot: decides buys, builds and which property to mortgage with a trained model.

Guide, "Bots and solo play": "Smart bots learn from completed games: they evaluate trades,
builds, and loans with a model trained on real play instead of fixed rules."

- **Buy or decline** and **build one more unit or wait**: the model's decision models
  (:class:`engine.mtaani.bots.model.Uplift`, fitted on self-play games where explorer seats made these
  choices at random) estimate how the choice changes the chance of winning from this
  position; the Smart bot buys when that uplift is positive. It builds what the Advanced rules
  build (above the cash reserve), and below the reserve builds the unit with the best fee
  gain per SFR (leaving :data:`~engine.mtaani.bots.advanced.OPPORTUNITY_FLOOR`) when the build model
  expects a clear gain (:data:`BUILD_BELOW_RESERVE_UPLIFT`). Letting the build model also veto
  or replace the Advanced builds lost games in self-play (docs/bots.md).
- **Raising funds**: among the properties outside its complete sets it may mortgage, it
  mortgages the one after which the value network rates its position best (each applied to a
  private copy of the open position with the engine's own rule code; these actions draw no
  randomness, so nothing hidden is revealed); then it follows the Advanced order.
- **Trades**: it accepts an offer when the value network rates its position after the trade
  better than before (by :data:`MARGIN`), and proposes the Advanced bot's portfolio trades
  only when the value network says the trade helps it.
- Jail, the Fortune deck, lifting mortgages, loans, insurance, renovation, Municipal and the
  special cards follow the Advanced bot's rules.
"""

from __future__ import annotations

from engine.mtaani.actions import AcceptTrade
from engine.mtaani.bots import model as mdl
from engine.mtaani.bots.advanced import (
    OPPORTUNITY_FLOOR,
    AdvancedBot,
    best_build,
    unit_gain,
)
from engine.mtaani.bots.policy import first_of, of_type
from engine.mtaani.bots.table import Table, scratch
from engine.mtaani.flow import RULES, Ctx
from engine.mtaani.state import TradeOffer

BUILD_BELOW_RESERVE_UPLIFT = 0.05
"""Below the Advanced reserve, build only when the build model expects at least this gain in
win log-odds."""
MARGIN = 0.01
"""A trade must raise the value network's win chance by this much (its noise level)."""


class SmartBot(AdvancedBot):
    """See the module docstring. ``model_path`` selects another model file (training)."""

    kind = "smart"

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
        return max(scored, key=lambda x: x[0])[1] if scored else None

    def uplift(self, name: str, x: list[float]) -> float | None:
        """The decision model ``name``'s uplift at ``x`` (``None`` when the model has none)."""
        decision = self.model.decisions.get(name)
        return None if decision is None else decision.uplift(x)

    # ------------------------------------------------------------------ decisions
    def on_buy(self, t: Table, legal):
        buy = first_of(legal, "buy")
        if buy is None:
            return first_of(legal, "decline")
        tile = t.s.decision.tile
        gain = self.uplift("buy", mdl.buy_features(t.book, t.ctx, t.seat, tile))
        if gain is None:
            return super().on_buy(t, legal)
        return buy if gain > 0 else first_of(legal, "decline")

    def build_choice(self, t: Table, legal, reserve: int):
        option = super().build_choice(t, legal, reserve)
        if option is not None:
            return option
        option = best_build(t, legal, t.cash - OPPORTUNITY_FLOOR)
        if option is None:
            return None
        x = mdl.build_features(t.book, t.ctx, t.seat, option.tile, unit_gain(t, option.tile), t.danger)
        gain = self.uplift("build", x)
        return option if gain is not None and gain > BUILD_BELOW_RESERVE_UPLIFT else None

    def liquidation_order(self, t: Table, legal):
        complete = set(t.complete_sets)
        outside = [a for a in of_type(legal, "mortgage") if t.book.set_of[a.tile] not in complete]
        if len(outside) > 1:
            return [max(outside, key=lambda a: (self.value_after(t, a), -a.tile))]
        return super().liquidation_order(t, legal)
