"""The Advanced bot: a strategic game built on fixed rules.

Guide, "Bots and solo play": "Advanced bots play strategically: they build units, request
loans, propose mutually beneficial portfolio trades, and are stricter lenders." Its rules:

- keep a cash reserve sized to the fees opponents' tiles can charge (:meth:`reserve`);
- buy what completes a set or blocks an opponent's last piece, otherwise buy only while the
  reserve survives the price;
- build on complete sets, the unit with the best fee gain per SFR first, above the reserve;
- lift mortgages on complete sets first;
- in jail, stay put (roll for doubles) while the opponents' tiles are expensive to visit,
  otherwise pay bail; never bribe (bail is cheaper and certain);
- on Fortune, draw from the deck whose expected value is higher now;
- in debt, mortgage what matters least, sell units losing the least fee, then the rest.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.bots.policy import Bot, first_of
from engine.bots.table import LANDING_CHANCE_PER_TURN, Table
from engine.mtaani import properties as prop


@dataclass(frozen=True)
class Style:
    """The Advanced bot's dials (SFR and plain ratios). Self-play varies them to explore."""

    reserve_floor: int = 100_000
    danger_share: float = 0.5
    """Part of the largest fee I could be charged that the reserve keeps back."""
    turns_covered: float = 4.0
    """Turns of expected fees the reserve keeps back."""
    build_reserve_share: float = 1.0
    """Multiplier of the reserve when building (below 1 builds more aggressively)."""
    jail_stay_cost: int = 120_000
    """Stay in jail while a turn outside is expected to cost more than this in fees."""
    buy_below_reserve_share: float = 0.5
    """Buy an uncontested property while cash after the price stays above this share of the
    reserve."""


class AdvancedBot(Bot):
    """See the module docstring."""

    kind = "advanced"

    def __init__(self, seed: int, style: Style | None = None, explore: bool = False):
        super().__init__(seed)
        self.style = style or Style()
        self.explore = explore
        """Training data only: buy and build at random (half the time each) where a real
        choice exists, so completed games show what each choice is worth."""

    # ------------------------------------------------------------------ figures
    def reserve(self, t: Table) -> int:
        """Cash kept back for the fees ahead (SFR)."""
        st = self.style
        expected = t.rent_out * LANDING_CHANCE_PER_TURN * st.turns_covered
        return int(st.reserve_floor + st.danger_share * t.danger + expected)

    # ------------------------------------------------------------------ decisions
    def on_turn(self, t: Table, legal):
        if t.me.jail_turns:
            expected = t.rent_out * LANDING_CHANCE_PER_TURN * 2
            bail = first_of(legal, "pay_bail")
            if bail is not None and expected < self.style.jail_stay_cost:
                return bail
            return first_of(legal, "roll")
        return self.improve(t, legal) or first_of(legal, "roll")

    def on_end(self, t: Table, legal):
        return self.improve(t, legal) or first_of(legal, "end_turn")

    def on_buy(self, t: Table, legal):
        buy = first_of(legal, "buy")
        if buy is None:
            return first_of(legal, "decline")
        if self.explore:
            return buy if self.rng(t.s, t.seat).random() < 0.5 else first_of(legal, "decline")
        tile = t.s.decision.tile
        after = t.cash - prop.purchase_price(t.ctx, tile)
        reserve = self.reserve(t)
        set_id = t.book.set_of[tile]
        if t.completes_set(tile) or t.blocks_opponent(tile):
            return buy
        if after >= reserve:
            return buy
        if after >= reserve * self.style.buy_below_reserve_share and not t.contested(set_id):
            return buy
        return first_of(legal, "decline")

    def on_deck(self, t: Table, legal):
        mtaani, mathree = deck_values(t)
        deck = "mtaani" if mtaani >= mathree else "mathree"
        return next((a for a in legal if a.type == "choose_deck" and a.deck == deck), None)

    def on_debt(self, t: Table, legal):
        return self.raise_funds(t, legal)

    # ------------------------------------------------------------------ improving
    def improve(self, t: Table, legal):
        """A build or an unmortgage worth doing now, or ``None``."""
        reserve = self.reserve(t)
        lift = self.unmortgage_choice(t, legal, reserve)
        if lift is not None:
            return lift
        if self.explore:
            option = best_build(t, legal, t.cash - OPPORTUNITY_FLOOR)
            return option if option is not None and self.rng(t.s, t.seat).random() < 0.5 else None
        return best_build(t, legal, t.cash - int(reserve * self.style.build_reserve_share))

    def unmortgage_choice(self, t: Table, legal, reserve: int):
        complete = set(t.complete_sets)
        options = []
        for a in legal:
            if a.type != "unmortgage":
                continue
            cost = prop.unmortgage_cost(t.ctx, a.tile)
            needed = t.book.set_of[a.tile] in complete
            if t.cash - cost >= (reserve if needed else 2 * reserve):
                options.append((needed, t.value_to_me(a.tile), a))
        if not options:
            return None
        return max(options, key=lambda o: (o[0], o[1]))[2]


OPPORTUNITY_FLOOR = 20_000
"""A build is a real choice when it leaves at least this much cash (SFR)."""


def best_build(t: Table, legal, spare: int):
    """The listed unit with the best fee gain per SFR among those costing at most
    ``spare`` (ties: the larger gain, then the lower tile), or ``None``."""
    builds = [a for a in legal if a.type == "build" and t.book.unit_cost[a.tile] <= spare]
    if not builds:
        return None
    gains = {a.tile: unit_gain(t, a.tile) for a in builds}
    return max(builds, key=lambda a: (gains[a.tile] / t.book.unit_cost[a.tile], gains[a.tile], -a.tile))


JAIL_TURN_COST = 40_000
"""What a turn in jail costs a bot in lost chances (SFR, a working estimate)."""


def unit_gain(t: Table, tile: int) -> int:
    """The fee increase one more unit on ``tile`` brings (SFR per visit)."""
    book, rules = t.book, t.ctx.rules.property
    units = t.s.props[tile].units
    after = prop.unit_fee(book.purchase[tile], book.unit_cost[tile], units + 1, rules.unit_fee_divisor)
    return after - t.fee(tile)


def deck_values(t: Table) -> tuple[float, float]:
    """Expected SFR value to me of a Mtaani draw and of a Mathree draw, from each deck's
    printed contents (the order of the piles is hidden, so every card counts equally)."""
    from engine.mtaani.cards import card_amount

    book, ctx = t.book, t.ctx
    opponents = len(t.opponents)
    my_units = sum(t.s.props[i].units for i in t.owned())
    values = []
    for card in book.mtaani_cards.values():
        amount = card_amount(ctx, card.amount)
        values.append({
            "gain": amount,
            "pay": -amount,
            "pay_each": -amount * opponents,
            "collect_each": amount * opponents,
            "per_unit": -amount * my_units,
        }.get(card.effect, 0))
    mtaani = sum(values) / max(1, len(values))
    position = t.me.position
    salary = ctx.rules.payday.salary
    moves = []
    for card in book.mathree_cards.values():
        if card.effect == "go_to_jail":
            # Jail loses the turns' buying chances (a house estimate) but skips their fees.
            turns = ctx.rules.jail.card_sentence
            moves.append(turns * (t.rent_out * LANDING_CHANCE_PER_TURN - JAIL_TURN_COST))
            continue
        if card.effect == "move_back":
            dest = (position - (card.steps or 0)) % book.size
            passes = False
        else:
            dest = card.tile
            passes = dest < position or (dest == book.payday and position != dest)
        value = salary if passes else 0
        owner = t.s.props[dest].owner if dest in t.s.props else None
        if owner is not None and owner != t.seat:
            value -= t.fee(dest)
        moves.append(value)
    mathree = sum(moves) / max(1, len(moves))
    return mtaani, mathree
