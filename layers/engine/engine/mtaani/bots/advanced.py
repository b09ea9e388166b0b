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
- in debt, mortgage what matters least, sell units losing the least fee, then the rest; an
  insurance card covers a large payment first; a bank loan before bankruptcy;
- requests bank loans to build on a complete set, and repays once nothing is left to build;
- proposes portfolio trades that complete a set for both sides (a swap, the price difference
  in cash), or buys the last piece of a set for twice its price; accepts a trade that completes
  a set for it unless it completes a richer one for the proposer;
- lends strictly (10% interest or more, 3 revolutions at most, a quarter of its cash at most,
  to a borrower worth three times the loan); borrows from players only to pay a debt;
- buys insurance when rich and the board is dangerous; renovates a property it stands on when
  the extra fee pays back the cost well within the game; on Municipal doubles the rent when
  it earns the most, halves it when an opponent does; buys and plays Zoning against an
  opponent's heavily built set, the Injunction to shield its own from a held Zoning or
  Syndicate, and the Syndicate when the skim pays for it; never buys the Teleport.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.mtaani import choices
from engine.mtaani import properties as prop
from engine.mtaani import renovation as reno
from engine.mtaani.actions import ProposeTrade, TradeItems
from engine.mtaani.bots.base import completes_a_set
from engine.mtaani.bots.policy import Bot, first_of, of_type, of_types
from engine.mtaani.bots.table import LANDING_CHANCE_PER_TURN, Table
from engine.mtaani.cards import card_amount
from engine.mtaani.specials import price, shielded
from engine.mtaani.trading import tradeable

if TYPE_CHECKING:
    from engine.mtaani.data import MathreeCard, MtaaniCard

REVOLUTIONS_AHEAD = 10
"""How far ahead (game revolutions) the Advanced bot weighs lasting investments."""
PROPOSE_EVERY = 5
"""Propose a trade on one turn in this many (so a declined idea is not repeated each turn)."""
PROPOSE_CHANCE = 0.35
"""Bots keep no memory between calls, so after a declined offer the same idea may come back
in the same turn: each chance to propose is taken with this probability (seeded), which
bounds the repeats (0.54 proposals per turn on average, rarely more than two)."""


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
    propose_every = PROPOSE_EVERY
    """Look for a trade to propose on one turn in this many (Smart may look more often)."""

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
        return self.improve(t, legal) or self.renovation(t, legal) or first_of(legal, "roll")

    def on_end(self, t: Table, legal):
        return self.improve(t, legal) or self.propose(t, legal) or first_of(legal, "end_turn")

    def on_municipal(self, t: Table, legal):
        mine = t.rent_in()
        theirs = max((t.rent_in(o) for o in t.opponents), default=0)
        rule = "double_salary"
        if mine > theirs * 1.2 and mine > 0:
            rule = "double_rent"
        elif theirs > mine * 1.2:
            rule = "halve_rent"
        return next((a for a in of_type(legal, "choose_municipal") if a.rule == rule), None)

    def on_buy(self, t: Table, legal):
        buy = first_of(legal, "buy")
        if buy is None:
            return first_of(legal, "decline")
        if self.explore:
            return buy if self.rng(t.s, t.seat).random() < 0.5 else first_of(legal, "decline")
        tile: int = t.s.decision.tile  # type: ignore[union-attr, assignment]  # a buy decision's tile
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
        return next((a for a in of_type(legal, "choose_deck") if a.deck == deck), None)

    def on_debt(self, t: Table, legal):
        insurance = first_of(legal, "use_insurance")
        if insurance is not None and t.owed() >= INSURE_PAYMENTS_FROM:
            return insurance
        for option in self.liquidation_order(t, legal):
            if option is not None:
                return option
        return (self.borrow_for(t, legal, self.shortfall(t)) or insurance
                or first_of(legal, "declare_bankruptcy"))

    # ------------------------------------------------------------------ improving
    def improve(self, t: Table, legal):
        """A build, an unmortgage, a card or a loan worth taking now, or ``None``."""
        reserve = self.reserve(t)
        lift = self.unmortgage_choice(t, legal, reserve)
        if lift is not None:
            return lift
        card = self.special_card(t, legal, reserve)
        if card is not None:
            return card
        insurance = first_of(legal, "buy_insurance")
        if (insurance is not None and t.me.insurance == 0 and t.danger * 2 >= t.s.insurance_price
                and t.cash - t.s.insurance_price >= 3 * reserve):
            return insurance
        loan = self.loan_choice(t, legal, reserve)
        if loan is not None:
            return loan
        return self.build_choice(t, legal, reserve)

    def build_choice(self, t: Table, legal, reserve: int):
        """The unit worth building now (above the reserve), or ``None``."""
        if self.explore:
            option = best_build(t, legal, t.cash - OPPORTUNITY_FLOOR)
            return option if option is not None and self.rng(t.s, t.seat).random() < 0.5 else None
        return best_build(t, legal, t.cash - int(reserve * self.style.build_reserve_share))

    def buildable_sets(self, t: Table) -> list[str]:
        """My complete sets with room for units and no building ban."""
        return [s for s in t.complete_sets if min(prop.set_units(t.ctx, s)) < t.ctx.rules.property.max_units
                and not any(ban(t.ctx, s) for ban in prop.BUILD_BANS)
                and not any(t.s.props[i].mortgaged for i in t.book.set_tiles[s])]

    def loan_choice(self, t: Table, legal, reserve: int):
        """Request a bank loan to build, or repay it once nothing is left to build."""
        loan = t.me.bank_loan
        buildable = self.buildable_sets(t)
        if loan is not None:
            if not buildable and t.cash - (loan.principal + loan.interest) >= 2 * reserve:
                return next((a for a in of_type(legal, "repay_loan") if a.loan is None and a.max), None)
            return None
        spec = legal.specs.get("take_loan")
        if not buildable or not spec:
            return None
        cheapest = min(t.book.unit_cost[i] for s in buildable for i in t.book.set_tiles[s])
        spare = t.cash - int(reserve * self.style.build_reserve_share)
        if spare >= cheapest or spare + spec["max"] < cheapest:
            return None
        return self.borrow_for(t, legal, spec["max"])

    def renovation(self, t: Table, legal):
        """Renovate the property I stand on when its extra fee repays the cost well within
        :data:`REVOLUTIONS_AHEAD` revolutions."""
        action = first_of(legal, "renovate")
        if action is None:
            return None
        tile = t.me.position
        cost = reno.cost(t.ctx, tile)
        level = t.s.props[tile].renovations
        step = t.ctx.rules.renovation.fee_step_percent
        gain = t.fee(tile) * step / (100 + step * level)
        landings = len(t.opponents) * REVOLUTIONS_AHEAD * LANDING_CHANCE_PER_TURN * t.book.size / 7
        if gain * landings >= 1.5 * cost and t.cash - cost >= self.reserve(t):
            return action
        return None

    # ------------------------------------------------------------------ special cards
    def set_unit_value(self, t: Table, set_id: str) -> int:
        return sum(t.s.props[i].units * t.book.unit_cost[i] for i in t.book.set_tiles[set_id])

    def zoning_target(self, t: Table) -> str | None:
        """The opponent's set with the most units by build cost (not shielded)."""
        best, value = None, 0
        for set_id, tiles in t.book.set_tiles.items():
            owner = t.s.props[tiles[0]].owner
            if owner is None or owner == t.seat or shielded(t.ctx, set_id):
                continue
            v = self.set_unit_value(t, set_id)
            if v > value:
                best, value = set_id, v
        return best

    def special_card(self, t: Table, legal, reserve: int):
        """Buy or play a special card when it clearly pays (see module docstring)."""
        held = {card for card, seat in t.s.specials.items() if seat == t.seat}
        opponents_hold = {card for card, seat in t.s.specials.items() if seat is not None and seat != t.seat}
        target = self.zoning_target(t)
        mine = max(t.complete_sets, key=lambda s: self.set_unit_value(t, s), default=None)
        for a in of_types(legal, "play_zoning", "play_injunction", "play_syndicate"):
            if a.type == "play_zoning" and a.set == target and self.set_unit_value(t, target) >= 1_000_000:  # type: ignore[arg-type]  # == a.set: a set
                return a
            if (a.type == "play_injunction" and a.set == mine and opponents_hold & {"zoning", "syndicate"}
                    and self.set_unit_value(t, mine) > 0):  # type: ignore[arg-type]  # == a.set: a set
                return a
            if a.type == "play_syndicate":
                return a
        for a in of_type(legal, "buy_special"):
            if a.card in held:
                continue
            cost = price(t.ctx, a.card)
            if t.cash - cost < 2 * reserve:
                continue
            if a.card == "zoning" and target and self.set_unit_value(t, target) >= cost * 0.6:
                return a
            if (a.card == "injunction" and mine and opponents_hold & {"zoning", "syndicate"}
                    and self.set_unit_value(t, mine) >= cost):
                return a
            if a.card == "syndicate" and self.syndicate_take(t) >= cost:
                return a
        return None

    def syndicate_take(self, t: Table) -> float:
        """Rough SFR the Syndicate would skim from opponents over its revolutions."""
        rules = t.ctx.rules.specials
        fees = sum(t.fee(i) for o in t.opponents for i in t.owned(o)
                   if t.book.sets[t.book.set_of[i]].kind in rules.syndicate_families)
        visits = (len(t.s.players) - 1) * rules.syndicate_revolutions * LANDING_CHANCE_PER_TURN * t.book.size / 7
        return fees * rules.syndicate_percent / 100 * visits

    # ------------------------------------------------------------------ trades and loans
    def trade_ideas(self, t: Table) -> list:
        """Portfolio trades worth proposing now (see module docstring), best first."""
        ideas = []
        reserve = self.reserve(t)
        for set_id, tiles in t.book.set_tiles.items():
            owners = [t.s.props[i].owner for i in tiles]
            missing = [i for i, o in zip(tiles, owners, strict=True) if o != t.seat]
            if len(missing) != 1 or t.seat not in owners:
                continue
            x = missing[0]
            other = t.s.props[x].owner
            if other is None or other not in t.opponents or not t.s.players[other].trade_open:
                continue
            if tradeable(t.ctx, other, x) is not None:
                continue
            swaps = [y for y in t.owned() if t.completes_set(y, other) and tradeable(t.ctx, t.seat, y) is None
                     and t.book.set_of[y] != set_id]
            if swaps:
                y = max(swaps, key=lambda i: -t.book.purchase[i])
                diff = t.book.purchase[x] - t.book.purchase[y]
                give = TradeItems(properties=[y], cash=max(0, diff) if t.cash - max(0, diff) >= reserve else 0)
                get = TradeItems(properties=[x], cash=max(0, -diff) if t.s.players[other].cash >= -diff else 0)
                ideas.append(ProposeTrade(player=t.seat, to=other, give=give, get=get))
                continue
            if t.completes_set(x, other):
                continue
            offer = 2 * t.book.purchase[x]
            if t.cash - offer >= reserve:
                ideas.append(ProposeTrade(player=t.seat, to=other, give=TradeItems(cash=offer),
                                          get=TradeItems(properties=[x])))
        return ideas

    def may_propose(self, t: Table, legal) -> bool:
        """Whether to look for a trade to propose now (see :data:`PROPOSE_CHANCE`)."""
        if (t.s.turn + t.seat) % self.propose_every or "propose_trade" not in legal.specs:
            return False
        if any(offer.proposer == t.seat for offer in t.s.trades):
            return False
        return self.rng(t.s, t.seat).random() < PROPOSE_CHANCE

    def propose(self, t: Table, legal):
        """A trade proposal, on one turn in :data:`PROPOSE_EVERY`, when none of mine is open."""
        if not self.may_propose(t, legal):
            return None
        for idea in self.trade_ideas(t):
            if idea in legal:
                return idea
        return None

    def trade_cash_limit(self, t: Table) -> int:
        """The most cash I hand over in a trade (SFR, negative when I hold less): what I hold
        above half my reserve."""
        return t.cash - self.reserve(t) // 2

    def accepts_trade(self, t: Table, offer) -> bool:
        gained, lost = offer.give.properties, offer.get.properties
        paid = offer.get.cash
        if paid and paid > self.trade_cash_limit(t):
            return False
        mine = completes_a_set(t, t.seat, gained, lost)
        theirs = completes_a_set(t, offer.proposer, lost, gained)
        if mine:
            return not theirs or set_potential(t, gained) >= set_potential(t, lost)
        if theirs:
            return False
        value_in = sum(t.book.purchase[i] for i in gained) + offer.give.cash
        value_out = sum(t.book.purchase[i] for i in lost) + paid
        near = any(t.set_share(i) > 0.5 and not t.contested(t.book.set_of[i]) for i in lost)
        return not near and value_in >= 1.5 * value_out

    def accepts_loan(self, t: Table, offer) -> bool:
        if offer.lender == t.seat:
            borrower = offer.borrower
            return (offer.interest_percent >= 10 and offer.term <= 3 and offer.amount * 4 <= t.cash
                    and t.cash - offer.amount >= self.reserve(t)
                    and t.net_worth(borrower) >= 3 * offer.amount)
        return self.shortfall(t) > 0 and offer.amount >= self.shortfall(t) and offer.interest_percent <= 20

    def unmortgage_choice(self, t: Table, legal, reserve: int):
        complete = set(t.complete_sets)
        options = []
        for a in of_type(legal, "unmortgage"):
            cost = prop.unmortgage_cost(t.ctx, a.tile)
            needed = t.book.set_of[a.tile] in complete
            if t.cash - cost >= (reserve if needed else 2 * reserve):
                options.append((needed, t.value_to_me(a.tile), a))
        if not options:
            return None
        return max(options, key=lambda o: (o[0], o[1]))[2]


INSURE_PAYMENTS_FROM = 400_000
"""An insurance card covers a mandatory payment this large or larger (SFR)."""


def set_potential(t: Table, tiles: list[int]) -> int:
    """The fee the sets of ``tiles`` would charge with three units on every property (SFR per
    visit summed over the sets): how much a set is worth completing."""
    rules = t.ctx.rules.property
    sets = {t.book.set_of[i] for i in tiles}
    return sum(prop.unit_fee(t.book.purchase[i], t.book.unit_cost[i], 3, rules.unit_fee_divisor)
               for s in sets for i in t.book.set_tiles[s])


OPPORTUNITY_FLOOR = 20_000
"""A build is a real choice when it leaves at least this much cash (SFR)."""


def best_build(t: Table, legal, spare: int):
    """The listed unit with the best fee gain per SFR among those costing at most
    ``spare`` (ties: the larger gain, then the lower tile), or ``None``
    (:func:`engine.mtaani.choices.best_unit`, as the standing orders choose)."""
    return choices.best_unit(t.ctx, of_type(legal, "build"), spare)


JAIL_TURN_COST = 40_000
"""What a turn in jail costs a bot in lost chances (SFR, a working estimate)."""


def deck_values(t: Table) -> tuple[float, float]:
    """Expected SFR value to me of a Mtaani draw and of a Mathree draw, from each deck's
    printed contents (the order of the piles is hidden, so every card counts equally)."""
    book, ctx = t.book, t.ctx
    opponents = len(t.opponents)
    my_units = sum(t.s.props[i].units for i in t.owned())
    values = []
    card: MtaaniCard | MathreeCard
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
            dest = card.tile  # type: ignore[assignment]  # a move card names its tile (data.MathreeCard)
            passes = dest < position or (dest == book.payday and position != dest)
        value = salary if passes else 0
        owner = t.s.props[dest].owner if dest in t.s.props else None
        if owner is not None and owner != t.seat:
            value -= t.fee(dest)
        moves.append(value)
    mathree = sum(moves) / max(1, len(moves))
    return mtaani, mathree
