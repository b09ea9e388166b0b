"""What the Jiji bots share: a read-only look at the table for one seat (:class:`Look`), the
valuations they decide with, and the heuristic bot (:class:`Bot`) whose choices the three
levels tune with :class:`Params`.

Bots read only open information (what every seat's view shows): ownership, buildings, cash,
positions, the auction, debts, the clock's end and the table's last known time. Rents come
from the engine's own rule functions (:mod:`engine.jiji.rent`), so the bots and the rules
never disagree on a figure. Every choice is checked against the legal actions before it is
returned (``action in legal``), and a choice that is not legal falls back to a listed one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields
from functools import cached_property
from typing import Any

from engine.jiji import actions as act
from engine.jiji import build, choices
from engine.jiji.auction import minimum_next
from engine.jiji.choices import first
from engine.jiji.data import Book, book
from engine.jiji.flow import Ctx
from engine.jiji.rent import rent_value, wealth

VISIT = 1 / 36
"""A bot's working estimate of the chance that one opponent's turn ends on a given district
(40 spaces, about 7 spaces a roll, doubles and cards add a little): not a rule."""


@dataclass
class Params:
    """The knobs of the heuristic bot (money in M, shares as fractions)."""

    reserve_min: int = 2_000_000
    """Cash kept back when spending on a turn (never below this)."""
    reserve_rent_share: float = 0.6
    """...nor below this share of the largest rent an opponent can charge now."""
    bid_factor: float = 1.0
    """Bid up to the district's value to the bot times this."""
    bid_jump: float = 0.5
    """Each bid jumps this share of the way from the least bid the auction takes to what the
    bot expects to win with (:meth:`Bot.on_bid`; 0: the least raise). Raising by the least
    step against another bot took a hundred bids or more, and past the window's end every
    late bid moved the close (issue 32): by halves, two bidders settle in a handful."""
    group_bonus: float = 0.8
    """Extra value (share of the group's prices) of a district that completes a group."""
    pair_bonus: float = 0.25
    """Extra value (share of the price) of a district that joins one the bot owns."""
    deny_bonus: float = 0.4
    """Extra value (share of the price) of a district an opponent needs for a whole group."""
    nuisance_risk: float = 0.35
    """How much a residential block's rent is discounted while the district is unprotected and
    the bank still holds nuisances."""
    leader_weight: float = 1.6
    """How much more a nuisance on the leader's district is worth than on another player's."""
    exemption_min: int = 600_000
    """Play the rent exemption card on a rent of at least this."""
    lift_margin: float = 1.5
    """Lift a mortgage when cash exceeds the reserve by this many times its cost."""
    fine_unowned: int = 5
    """Leave jail at once (card or fine) while at least this many districts are unowned."""
    open_share: float = 0.5
    """Opening bid (share of the value) when the bot puts a district up for auction."""
    stadiums: bool = True
    landmarks: bool = True
    jumps: bool = True
    remove_nuisances: bool = True
    industrial_share: float = 0.0
    """Extra preference for industrial blocks (0: by expected rent only)."""
    deal_margin: float = 0.2
    """Accept a deal when what the bot receives is worth this much more than what it gives."""
    auction_space: bool = True
    """Open auctions from the Auction space."""
    clock_build_all: bool = True
    """At a clock table near the end, spend the reserve on blocks (wealth counts rent values)."""
    propose_deals: bool = False
    """Offer cash for the one district missing from a group (on its own turn, now and then)."""
    offer_margin: float = 0.3
    """Offer the owner this much more than what the district is worth to keep."""
    offer_chance: float = 0.35
    """The chance, at an end of turn, of making such an offer (so a refusal is not repeated
    every turn; the bot keeps no memory between decisions)."""

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Params:
        """The knobs named in ``data`` (unknown names ignored), defaults for the rest."""
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in names})


class Look:
    """The table seen from ``seat`` (figures computed on first use; build a new one after the
    state changes). Attributes: ``s`` (the state), ``b`` (the data), ``seat``, ``ctx``."""

    def __init__(self, state, seat: int):
        self.s = state
        self.b: Book = book()
        self.seat = seat
        self.ctx = Ctx(self.b, state)

    @property
    def me(self):
        """The bot's own :class:`~engine.jiji.state.Player`."""
        return self.s.players[self.seat]

    @property
    def cash(self) -> int:
        """The bot's cash (M)."""
        return self.s.players[self.seat].cash

    @cached_property
    def opponents(self) -> list[int]:
        """Seats still playing other than the bot's."""
        return [i for i in self.s.active() if i != self.seat]

    @cached_property
    def wealth(self) -> dict[int, int]:
        """Every active seat's wealth (M, :func:`engine.jiji.rent.wealth`)."""
        return {i: wealth(self.b, self.s, i) for i in self.s.active()}

    @cached_property
    def leader(self) -> int | None:
        """The richest opponent."""
        if not self.opponents:
            return None
        return max(self.opponents, key=lambda i: self.wealth[i])

    @cached_property
    def max_threat(self) -> int:
        """The largest rent an opponent's district charges now."""
        best = 0
        for space, d in self.s.districts.items():
            if d.owner is not None and d.owner != self.seat:
                best = max(best, rent_value(self.b, self.s, space))
        return best

    @cached_property
    def unowned(self) -> list[int]:
        """Districts nobody owns."""
        return [k for k, d in self.s.districts.items() if d.owner is None]

    def mine(self, seat: int | None = None) -> list[int]:
        """Districts ``seat`` (default: the bot) owns."""
        seat = self.seat if seat is None else seat
        return [k for k, d in self.s.districts.items() if d.owner == seat]

    def time_left_share(self) -> float | None:
        """At a clock table, the share of the clock still to run (``None``: no clock)."""
        s = self.s
        if s.clock_end is None or not s.options.clock_seconds:
            return None
        left = max(0, s.clock_end - s.time)
        return min(1.0, left / s.options.clock_seconds)

    # ------------------------------------------------------------------ rents
    def rent_with(self, space: int, res: int = 0, ind: int = 0, nuisance: bool | None = None) -> int:
        """The rent of ``space`` if it had ``res``/``ind`` more blocks (and a nuisance or not):
        :func:`engine.jiji.choices.rent_with`."""
        return choices.rent_with(self.b, self.s, space, res, ind, nuisance)

    def nuisances_left(self) -> bool:
        """Whether the bank still holds a nuisance building."""
        return choices.nuisances_left(self.b, self.s)


class Bot:
    """The heuristic bot: one method per kind of decision, tuned by :class:`Params`.
    ``kind`` names the level; ``rng`` is seeded per bot (used only to break ties)."""

    kind = "heuristic"

    def __init__(self, seed: int, params: Params | None = None, **options: Any):
        self.rng = random.Random(seed)
        self.p = params or Params()

    # ------------------------------------------------------------------ entry
    def act(self, state, seat: int, decisions, legal):
        """The action for ``seat``'s pending ``decisions`` (deals first, then a bid, a debt or the turn's phase), from ``legal``; ``None`` for no bid now."""
        t = Look(state, seat)
        kinds = [d.kind for d in decisions]
        if "deal" in kinds:
            answer = self.on_deals(t, legal)
            if answer is not None:
                return answer
        if "bid" in kinds:
            return self.on_bid(t, legal)
        if "debt" in kinds:
            return self.on_debt(t, legal)
        phase = state.phase
        handler = getattr(self, f"on_{phase}", None)
        choice = handler(t, legal) if handler is not None else None
        return choice if choice is not None else self.default(legal)

    def default(self, legal):
        """A safe listed action: end the turn, roll, decline, pay."""
        for name in ("end_turn", "roll", "decline_build", "pay_rent"):
            for a in legal:
                if a.type == name:
                    return a
        return legal[0] if len(legal) else None

    # ------------------------------------------------------------------ values
    def reserve(self, t: Look) -> int:
        """Cash kept back (M): the knob's minimum or a share of the largest rent an opponent charges now."""
        return max(self.p.reserve_min, int(self.p.reserve_rent_share * t.max_threat))

    def district_value(self, t: Look, space: int, seat: int | None = None) -> int:
        """What ``space`` is worth to the bot (M), or by the bot's measure to ``seat``: its
        price, more when it completes or joins a group of the seat's or blocks an opponent's
        group."""
        b, s = t.b, t.s
        seat = t.seat if seat is None else seat
        price = b.price[space]
        group = b.group_spaces(space)
        owners = [s.districts[g].owner for g in group if g != space]
        value = float(price)
        if owners and all(o == seat for o in owners):
            value += self.p.group_bonus * sum(b.price[g] for g in group)
        elif seat in owners:
            value += self.p.pair_bonus * price
        others = [o for o in owners if o is not None and o != seat]
        if others and len(set(others)) == 1 and len(others) == len(owners):
            value += self.p.deny_bonus * price
        return int(value)

    # ------------------------------------------------------------------ decisions
    def on_deals(self, t: Look, legal):
        """Accept a deal worth ``deal_margin`` more than it costs; else decline."""
        for a in legal:
            if a.type == "accept_deal":
                deal = next(d for d in t.s.deals if d.id == a.deal)
                if self.deal_gain(t, deal) > 0:
                    return a
        for a in legal:
            if a.type == "decline_deal":
                return a
        return None

    def deal_gain(self, t: Look, deal) -> float:
        """What accepting ``deal`` gains the bot (M): cash, district values and cards received, less (1 + margin) times what it gives up."""
        gets, gives = deal.give, deal.get  # the proposer's give is what the bot receives
        got = gets.cash + sum(self.district_value(t, k) for k in gets.districts) \
            + 500_000 * gets.cards
        lost = gives.cash + sum(self._keep_value(t, k) for k in gives.districts) \
            + 500_000 * gives.cards
        return got - (1 + self.p.deal_margin) * lost

    def _keep_value(self, t: Look, space: int) -> int:
        b = t.b
        d = t.s.districts[space]
        sunk = b.price[space] + d.res * b.res_price[space] + d.ind * b.ind_price[space]
        return max(sunk, 3 * rent_value(b, t.s, space, ignore_mortgage=True))

    def on_bid(self, t: Look, legal):
        """Bid while the least bid stays within the bot's limit (the district's value to the
        bot times ``bid_factor``, and the cash above half the reserve); else no bid (``None``).
        The bid jumps ``bid_jump`` of the way from the least bid to a target, rounded down to
        the bid step: the least the bot expects to beat every rival with (one step over
        :meth:`rival_limit`), or, once a rival has bid past that, the bot's own limit; never
        past the limit."""
        a = t.s.auction
        least = minimum_next(t.ctx)
        limit = min(int(self.district_value(t, a.space) * self.p.bid_factor),
                    t.cash - self.reserve(t) // 2)
        if least > limit:
            return None
        step = t.b.step
        rival = self.rival_limit(t, a.space)
        target = limit if least > rival else min(limit, rival + step)
        jump = int((target - least) * self.p.bid_jump) // step * step
        return act.make(act.Bid, player=t.seat, amount=least + jump)

    def rival_limit(self, t: Look, space: int) -> int:
        """The most the bot expects another seat to bid for ``space`` (M): the district's
        value to that seat by the bot's own measure (:meth:`district_value`, times
        ``bid_factor``), no more than the seat's cash; 0 with no other seat."""
        return max((min(int(self.district_value(t, space, seat) * self.p.bid_factor),
                        t.s.players[seat].cash) for seat in t.opponents), default=0)

    def on_debt(self, t: Look, legal):
        """Owing: mortgage the district whose value covers the shortfall most closely (else the largest), and declare bankruptcy when nothing is left."""
        choice = choices.covering_mortgage(t.b, t.s, t.seat, legal)
        return choice if choice is not None else next(a for a in legal if a.type == "declare_bankruptcy")

    def on_roll(self, t: Look, legal):
        """Before rolling: leave jail at once (card, then fine) while districts are still for sale, lift a mortgage when rich, then roll."""
        if t.me.jailed and len(t.unowned) >= self.p.fine_unowned:
            for name in ("use_card", "pay_fine"):
                for a in legal:
                    if a.type == name and (name == "use_card" or t.cash - t.b.fine >= self.reserve(t)):
                        return a
        lift = self.lift(t, legal)
        if lift is not None:
            return lift
        return first(legal, "roll")

    def lift(self, t: Look, legal):
        """Lift the largest mortgage the cash above the reserve covers ``lift_margin`` times over."""
        reserve = self.reserve(t)
        lifts = [a for a in legal if a.type == "lift_mortgage"
                 and t.cash - reserve >= self.p.lift_margin * t.s.districts[a.district].mortgage]
        if lifts:
            return max(lifts, key=lambda a: t.s.districts[a.district].mortgage)
        return None

    def on_buy(self, t: Look, legal):
        """Buy when the price leaves the reserve (half of it for a district worth more than its price); else auction it from ``open_share`` of its value."""
        space = t.me.pos
        price = t.b.price[space]
        value = self.district_value(t, space)
        buy = first(legal, "buy")
        if buy is not None and (t.cash - price >= self.reserve(t)
                                or (value > price and t.cash - price >= self.reserve(t) // 2)):
            return buy
        opening = int(value * self.p.open_share) // t.b.step * t.b.step
        opening = max(t.b.minimum_bid, min(opening, t.cash - self.reserve(t) // 2))
        opening = opening // t.b.step * t.b.step
        choice = act.make(act.Auction, player=t.seat, opening_bid=opening)
        if choice in legal:
            return choice
        return min((a for a in legal if a.type == "auction"), key=lambda a: a.opening_bid)

    def on_exemption(self, t: Look, legal):
        """Play the rent exemption card on a rent of ``exemption_min`` or more (or one the cash cannot pay); else pay."""
        _owner, amount, _space = t.s.rent
        if amount >= self.p.exemption_min or amount > t.cash:
            return first(legal, "use_exemption")
        return first(legal, "pay_rent")

    def on_permit(self, t: Look, legal):
        """Place the permit building that hurts most (a nuisance where it takes the most rent, more on the leader's districts, the biggest nuisance the bank holds) or protects most (a bonus on the bot's own residential rent at risk)."""
        risk = self.p.nuisance_risk if t.nuisances_left() else 0.0
        return choices.permit_choice(t.b, t.s, legal, t.leader, self.p.leader_weight, risk)

    def on_free_block(self, t: Look, legal):
        """Put the free block where it adds the most rent."""
        return choices.free_block(t.b, t.s, legal)

    def spend_limit(self, t: Look) -> int:
        """What the bot may spend on blocks now: cash above the reserve, or all of it in the clock's last 10%."""
        share = t.time_left_share()
        if share is not None and share < 0.1 and self.p.clock_build_all:
            return t.cash
        return t.cash - self.reserve(t)

    def on_place(self, t: Look, legal):
        """Place the granted blocks one at a time where they add the most expected rent per M (residential discounted by the nuisance risk unless a bonus protects the district), within the spend limit; a station on the district with the highest rent."""
        risk = self.p.nuisance_risk if t.nuisances_left() else 0.0
        return choices.placement(t.ctx, t.seat, legal, self.spend_limit(t), risk=risk,
                                 industrial_bonus=self.p.industrial_share)

    def on_turn(self, t: Look, legal):
        """After a roll: press Construction, build the tower, a skyscraper or a stadium when it leaves the reserve, remove a costly nuisance, lift a mortgage, jump, auction from the Auction space, offer a deal (Smart), then roll again or end the turn."""
        p, b = self.p, t.b
        press = first(legal, "construction")
        if press is not None and self.spend_limit(t) >= min(
                (b.res_price[k] for k in t.mine()), default=0):
            return press
        reserve = self.reserve(t)
        if p.landmarks:
            landmark = build.tower_or_skyscraper(t.ctx, legal, t.cash, reserve)
            if landmark is not None:
                return landmark
        if p.stadiums:
            options = [a for a in legal if a.type == "build_stadium"]
            if options and t.cash - b.stadium_price >= reserve:
                return options[0]
        if p.remove_nuisances:
            for a in legal:
                if a.type == "remove_nuisance":
                    cost = build.removal_cost(t.ctx, a.district)
                    gain = t.rent_with(a.district, nuisance=False) - t.rent_with(a.district)
                    if gain * 8 * VISIT * max(1, len(t.opponents)) * 10 >= cost \
                            and t.cash - cost >= reserve:
                        return a
        lift = self.lift(t, legal)
        if lift is not None:
            return lift
        if p.jumps:
            jump = self.choose_jump(t, legal)
            if jump is not None:
                return jump
        if p.auction_space:
            choice = self.choose_auction_space(t, legal)
            if choice is not None:
                return choice
        if p.propose_deals and first(legal, "end_turn") is not None:
            offer = self.propose(t, legal)
            if offer is not None:
                return offer
        return first(legal, "roll") or first(legal, "end_turn")

    def propose(self, t: Look, legal):
        """An offer of cash for the one district missing from one of the bot's groups."""
        if "propose_deal" not in legal.specs or any(d.proposer == t.seat for d in t.s.deals):
            return None
        if self.rng.random() >= self.p.offer_chance:
            return None
        b, s = t.b, t.s
        best = None
        for group in b.groups.values():
            owners = [s.districts[g].owner for g in group.spaces]
            missing = [g for g, o in zip(group.spaces, owners, strict=True) if o != t.seat]
            if len(missing) != 1 or owners.count(t.seat) < 1:
                continue
            space = missing[0]
            owner = s.districts[space].owner
            if owner is None or owner == t.seat:
                continue
            price = int(self._keep_value(t, space) * (1 + self.p.offer_margin))
            price = -(-price // b.step) * b.step
            if t.cash - price < self.reserve(t):
                continue
            gain = self.p.group_bonus * sum(b.price[g] for g in group.spaces) - price
            if best is None or gain > best[0]:
                best = (gain, owner, space, price)
        if best is None:
            return None
        _gain, owner, space, price = best
        offer = act.make(act.ProposeDeal,
            player=t.seat, to=owner, give_cash=price, give_districts=[], give_cards=0,
            get_cash=0, get_districts=[space], get_cards=0)
        return offer if offer in legal else None

    def choose_jump(self, t: Look, legal):
        """Jump to an unowned district (to buy it) or one of the bot's own (safe), best when it passes GO; never onto another player's rent."""
        return choices.best_jump(t.b, t.s, t.seat, legal)

    def choose_auction_space(self, t: Look, legal):
        """From the Auction space, auction the unowned district worth most above its price to the bot (none when none is)."""
        options = [a for a in legal if a.type == "auction_district"]
        if not options or t.cash - self.reserve(t) < t.b.minimum_bid:
            return None
        best = max(options, key=lambda a: self.district_value(t, a.district) - t.b.price[a.district])
        if self.district_value(t, best.district) <= t.b.price[best.district]:
            return None
        return best


