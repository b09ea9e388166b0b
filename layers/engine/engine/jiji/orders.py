"""Jiji's standing orders and proxy bids (issue 31 section 1, the Jiji bullet): the model of
one seat's orders (:class:`JijiOrders`, ``JijiRuleset.standing_orders``) and the move they make
(:func:`order_action`, ``JijiRuleset.order_action``), driven by :func:`engine.orders.follow`.

What the orders do, decision by decision (every figure of the recommended orders is in
``data/jiji.toml`` ``[orders]``, house values):

- **Proxy bids** ("bid for me up to X"): while an auction is open and the seat may bid, its
  orders bid the least bid the auction takes (the current bid plus M10k: "Each player may
  make a bid higher than the current one") as long as that stays within the seat's limit: the
  district's worth to the seat (:func:`worth`: its price, more when it completes, joins or
  blocks a colour group) times ``bid_percent``, never leaving less than half the reserve; or,
  for the one district named in ``limit_district``, exactly ``limit`` (within the cash). An
  order's bid is a bid made at the moment the table makes it: the close and the anti-sniping
  extension are the auction's own. Two proxies race by the least step, so the higher limit
  wins at one step above the lower limit's last bid; with equal limits the seat that reached
  that amount first holds it (a bid must exceed the current one).
- **The turn**: roll (and leave jail early by card or fine while districts are for sale),
  buy a district landed on when the reserve stays (half of it for one worth more than its
  price), else put it up for auction from ``opening_percent`` of its worth; play the rent
  exemption card on a rent of ``exemption_from`` or more; press Construction and place what it
  grants by a rule (blocks where they add the most rent per M, a station on the best
  district); build stadiums, skyscrapers and the tower, remove costly nuisances and lift
  mortgages while the reserve stays; auction from an Auction space a district worth more than
  its price; end the turn.
- **Stops** (``None``: the person decides), as the issue lists them for Jiji: every deal
  offered to the seat (never answered by order; the seat's turn goes on meanwhile, since deals
  are private to their two parties and a turn that stopped for one would tell the other seats
  a deal exists), a Building Permit's building, a station jump, a debt, and a declaration of
  bankruptcy (never by order). The recommended orders stop on each; ``permits``,
  ``station_jumps`` and ``debts`` can be set to ``by_rule``/``mortgage`` instead (a nuisance
  where it costs the leader most, or a bonus guarding residential rent; a jump toward an
  unowned district or one's own; mortgaging the district that covers the shortfall most
  closely). ``buy`` and ``construction`` may stop too, and ``roll``/``end_turn`` may be off.

Whether the orders move depends only on the open table (ownership, buildings, cash, the
auction, debts, the time) and the orders themselves, never on the seed, the Chance pile or
deals: the ruleset kit checks it by redeterminizing. The rules import nothing of the bots.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from engine.jiji import actions as act
from engine.jiji import board, build, choices
from engine.jiji.auction import minimum_next
from engine.jiji.choices import first
from engine.jiji.data import Book, book
from engine.jiji.flow import Ctx
from engine.jiji.legal import legal_actions
from engine.jiji.rent import rent_value, wealth
from engine.jiji.state import Auction, JijiState

NO_DISTRICT = "none"
"""``limit_district`` when no district has its own limit."""
VISIT_ROUND = 1 / 36
"""The orders' working estimate of the chance one other player's turn ends on a given
district (40 spaces, about 7 a roll): used only to weigh a nuisance's removal."""


class _Orders(BaseModel):
    """The fields of :data:`JijiOrders` with their types, for the type checker and the code
    below: the model itself (:func:`_model`) takes each type from here and gives each field
    its title, description, default and bounds from the data (and ``limit_district`` the
    board's district names as its choices)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    roll: bool
    leave_jail: Literal["early", "card", "doubles"]
    buy: Literal["by_rule", "stop"]
    reserve: int
    reserve_rent_percent: int
    proxy_bids: bool
    bid_percent: int
    completes_percent: int
    joins_percent: int
    blocks_percent: int
    opening_percent: int
    limit_district: str
    limit: int
    construction: Literal["by_rule", "stop"]
    blocks: Literal["best_rent", "industrial", "residential"]
    landmarks: bool
    remove_nuisances: bool
    lift_mortgages: bool
    auction_space: bool
    permits: Literal["stop", "by_rule"]
    station_jumps: Literal["stop", "by_rule", "never"]
    exemption_from: int
    debts: Literal["stop", "mortgage"]
    end_turn: bool


def _m(title: str, description: str, default: int, high: int) -> Any:
    return Field(default, ge=0, le=high, title=title, description=description)


def _model() -> type[_Orders]:
    """The pydantic model of one seat's Jiji orders (every default from ``data/jiji.toml``
    ``[orders]``; ``limit_district`` lists the board's district names): built once, as
    :data:`JijiOrders`, when this module is first imported."""
    b = book()
    d = b.raw["orders"]
    names = tuple(b.name[space] for space in b.districts)
    money = 100_000_000
    fields: dict[str, Any] = {
        "roll": Field(True, title="Roll for me",
                      description="Roll at the start of my turn and again after a double."),
        "leave_jail": Field(
            "early", title="Leaving jail",
            description=f"early: use a Get Out of Jail card, else pay the fine when the reserve "
                        f"stays, while {d['jail_while_unowned']} or more districts are unowned; "
                        "card: only by a card; doubles: roll for doubles."),
        "buy": Field(
            "by_rule", title="Buying a district I land on",
            description="by_rule: buy it when my reserve stays (half of it for a district worth "
                        "more than its price to me), else put it up for auction; stop: ask me."),
        "reserve": _m("Reserve (M)", "Cash kept back when buying and building, in M; "
                      "proxy bids keep half of it.", d["reserve"], money),
        "reserve_rent_percent": _m(
            "Reserve against rents (%)", "Keep at least this percent of the largest rent another "
            "player's district charges now.", d["reserve_rent_percent"], 500),
        "proxy_bids": Field(True, title="Proxy bids",
                            description="Bid for me in every auction up to my limit, "
                                        "by the least step as others bid."),
        "bid_percent": _m(
            "Bid up to (% of worth)", "A district's worth is its price, plus the bonuses "
            "below; proxy bids go up to this percent of it.", d["bid_percent"], 500),
        "completes_percent": _m(
            "Completes a group (+% of the group)", "A district that completes one of my colour "
            "groups is worth this percent of the group's prices more.", d["completes_percent"], 500),
        "joins_percent": _m(
            "Joins my district (+% of price)", "A district of a group where I own one is worth "
            "this percent of its price more.", d["joins_percent"], 500),
        "blocks_percent": _m(
            "Blocks a group (+% of price)", "A district one other player needs to complete a group "
            "is worth this percent of its price more.", d["blocks_percent"], 500),
        "opening_percent": _m(
            "Opening bid (% of worth)", "When I put a district up for auction, open at this "
            "percent of its worth (M10k at least).", d["opening_percent"], 100),
        "limit_district": Field(
            NO_DISTRICT, title="A district with its own limit",
            description="For this district's auction, proxy bids go up to the limit below "
                        "instead of the rule above (none: no such district)."),
        "limit": _m("Its limit (M)", "Bid for me up to this on that district, in M, within "
                    "my cash (0: do not bid on it).", 0, money),
        "construction": Field(
            "by_rule", title="Construction",
            description="by_rule: press Construction each turn while I can spend above my "
                        "reserve and place what it grants; stop: ask me."),
        "blocks": Field(
            "best_rent", title="Which blocks",
            description="best_rent: where a block adds the most rent per M (residential "
                        "discounted while nuisances can fall on it); or only industrial or "
                        "only residential blocks."),
        "landmarks": Field(True, title="Stadiums, skyscrapers, the Jiji Tower",
                           description="Build them when the reserve stays."),
        "remove_nuisances": Field(True, title="Remove nuisances",
                                  description="Pay to remove a nuisance from my district "
                                              "when the rent it costs pays it back."),
        "lift_mortgages": Field(True, title="Lift mortgages",
                                description="Lift a mortgage when my cash above the reserve "
                                            "covers it with room to spare."),
        "auction_space": Field(True, title="Auction space",
                               description="On an Auction space, put up the unowned "
                                           "district worth most above its price to me."),
        "permits": Field(
            "stop", title="Building Permits",
            description="stop: ask me where the permit's building goes; by_rule: a nuisance "
                        "where it costs the leader most rent, or a bonus guarding my "
                        "residential rent."),
        "station_jumps": Field(
            "stop", title="Station jumps",
            description="stop: ask me whether to jump; by_rule: jump to an unowned district or "
                        "one of mine (better past GO), never onto another player's rent; "
                        "never: stay."),
        "exemption_from": _m(
            "Rent exemption card from (M)", "Play the card on a rent of at least this (or one "
            "my cash cannot pay), in M.", d["exemption_from"], money),
        "debts": Field(
            "stop", title="Owing a payment",
            description="stop: ask me how to raise it; mortgage: mortgage the district that "
                        "covers the shortfall most closely, then the next. Bankruptcy is "
                        "always yours."),
        "end_turn": Field(True, title="End my turn",
                          description="End my turn when nothing else is left to do."),
    }
    # Each field's type is the one _Orders declares (limit_district's: the board's names).
    types: dict[str, Any] = {name: f.annotation for name, f in _Orders.model_fields.items()}
    types["limit_district"] = Literal[(NO_DISTRICT, *names)]
    if list(fields) != list(types):
        raise AssertionError("the orders' fields and _Orders' declarations differ")
    definitions: dict[str, Any] = {name: (types[name], fields[name]) for name in types}
    model = create_model("JijiOrders", __base__=_Orders, **definitions)
    model.__doc__ = ("One seat's Jiji standing orders (:mod:`engine.jiji.orders`); the defaults "
                     "are the guide's recommended orders.")
    return model


JijiOrders = _model()
"""One seat's Jiji standing orders (``JijiRuleset.standing_orders``)."""


# ---------------------------------------------------------------------- figures
class Table:
    """The open table seen from ``seat`` (``s`` the state, ``b`` the data, ``o`` the orders,
    ``ctx`` a read-only context); figures are worked out on demand."""

    __slots__ = ("b", "ctx", "o", "s", "seat")

    def __init__(self, state: JijiState, seat: int, orders: _Orders):
        self.s = state
        self.b: Book = book()
        self.seat = seat
        self.o = orders
        self.ctx = Ctx(self.b, state)

    @property
    def cash(self) -> int:
        return self.s.players[self.seat].cash

    def others(self) -> list[int]:
        return [i for i in self.s.active() if i != self.seat]

    def reserve(self) -> int:
        """Cash the orders keep (M): ``reserve``, or ``reserve_rent_percent`` of the largest
        rent another player's district charges now, whichever is more."""
        threat = max((rent_value(self.b, self.s, k) for k, d in self.s.districts.items()
                      if d.owner is not None and d.owner != self.seat), default=0)
        return max(self.o.reserve, self.o.reserve_rent_percent * threat // 100)

    def spend_limit(self) -> int:
        """What the orders may spend on blocks now: the cash above the reserve, or all of it
        in a game clock's last share (``clock_build_all_percent``: wealth counts rent)."""
        s = self.s
        if s.clock_end is not None and s.options.clock_seconds:
            left = max(0, s.clock_end - s.time) * 100
            if left < self.b.raw["orders"]["clock_build_all_percent"] * s.options.clock_seconds:
                return self.cash
        return self.cash - self.reserve()

    def leader(self) -> int | None:
        """The richest other player (wealth: cash plus rent values)."""
        return max(self.others(), key=lambda i: wealth(self.b, self.s, i), default=None)


def worth(t: Table, space: int) -> int:
    """District ``space``'s worth to ``t.seat`` under its orders (M): its price, plus
    ``completes_percent`` of its group's prices when the seat owns the rest of the group, or
    ``joins_percent`` of its price when the seat owns another district of the group, plus
    ``blocks_percent`` of its price when one other player owns the rest."""
    b, s, o = t.b, t.s, t.o
    price = b.price[space]
    group = b.group_spaces(space)
    owners = [s.districts[g].owner for g in group if g != space]
    value = price * 100
    if owners and all(x == t.seat for x in owners):
        value += o.completes_percent * sum(b.price[g] for g in group)
    elif t.seat in owners:
        value += o.joins_percent * price
    others = {x for x in owners if x is not None and x != t.seat}
    if len(others) == 1 and None not in owners and t.seat not in owners:
        value += o.blocks_percent * price
    return value // 100


def proxy_limit(t: Table, space: int) -> int:
    """The most ``t.seat``'s proxy bids on district ``space`` (M): ``limit`` within the cash
    for the ``limit_district``, else :func:`worth` times ``bid_percent`` within the cash less
    half the reserve."""
    o = t.o
    if o.limit_district != NO_DISTRICT and t.b.name[space] == o.limit_district:
        return min(o.limit, t.cash)
    return min(worth(t, space) * o.bid_percent // 100, t.cash - t.reserve() // 2)


def _floor(b: Book, amount: int) -> int:
    return amount // b.step * b.step


# ---------------------------------------------------------------------- the decisions
def proxy_bid(t: Table, now: int):
    """The proxy's bid now: the least bid the auction takes when it is within
    :func:`proxy_limit` and the auction still open at ``now``; else ``None``."""
    a: Auction = t.s.auction  # type: ignore[assignment]  # order_action asks only while one is open
    if not t.o.proxy_bids or now >= a.close:
        return None
    least = minimum_next(t.ctx)
    if least > proxy_limit(t, a.space):
        return None
    return act.make(act.Bid, player=t.seat, amount=least, now=now)


def proxy_race(state: JijiState, orders: Mapping[int, _Orders], now: int) -> list[tuple[int, Any]]:
    """A race between proxy bids, settled in a few bids (``JijiRuleset.orders_shortcut``).

    One at a time, the seats' proxies (``orders``: seat -> orders) would raise each other by
    the least step, the first seat the auction waits on (seat order) whose proxy bids making
    each bid, until no proxy bids any more: a race from M1M to M2M takes about 100 bids. The
    limits do not change meanwhile (a bid moves no money), so the race is worked out here and
    only its last bids are made: the runner-up's last bid and the winner's answer, one step
    above it (and the winner's bid before that when the runner-up already holds the highest
    bid now: nobody bids over themselves). The auction ends the same: the same holder at the
    same price, the runner-up's bid next below it; each bid is one the bidder's proxy makes
    (within its limit, higher than the current bid when made: the rulebook's "Each player may
    make a bid higher than the current one at any time"), at ``now``, and the close moves by
    the auction's own rule for each. ``[]`` when fewer than three bids would be made."""
    s = state
    a = s.auction
    if a is None or s.over is not None or s.paused_at is not None or now >= a.close:
        return []
    b = book()
    limits = {seat: proxy_limit(Table(s, seat, o), a.space) for seat, o in orders.items()
              if 0 <= seat < len(s.players) and not s.players[seat].out and o.proxy_bids}
    holder, least = a.holder, minimum_next(Ctx(b, s))
    race: list[tuple[int, int]] = []
    while True:
        bidder = next((seat for seat in sorted(limits) if seat != holder
                       and least <= min(limits[seat], s.players[seat].cash)), None)
        if bidder is None:
            break
        race.append((bidder, least))
        holder, least = bidder, least + b.minimum_step
    if len(race) < 3:
        return []
    last = race[-2:] if race[-2][0] != a.holder else race[-3:]
    return [(seat, act.make(act.Bid, player=seat, amount=amount, now=now)) for seat, amount in last]


def raise_money(t: Table, legal):
    """Owing: mortgage the district whose mortgage covers the shortfall most closely (else
    the one raising most: :func:`engine.jiji.choices.covering_mortgage`, as the bots do);
    ``None`` when nothing is left to mortgage (bankruptcy is the person's)."""
    return choices.covering_mortgage(t.b, t.s, t.seat, legal)


def _lift(t: Table, legal):
    if not t.o.lift_mortgages:
        return None
    room = t.cash - t.reserve()
    cover = t.b.raw["orders"]["lift_cover_percent"]
    lifts = [a for a in legal if a.type == "lift_mortgage"
             and room * 100 >= cover * t.s.districts[a.district].mortgage]
    return max(lifts, key=lambda a: t.s.districts[a.district].mortgage, default=None)


def _roll_phase(t: Table, legal):
    o, p = t.o, t.s.players[t.seat]
    unowned = sum(1 for d in t.s.districts.values() if d.owner is None)
    if p.jailed and o.leave_jail != "doubles" and unowned >= t.b.raw["orders"]["jail_while_unowned"]:
        card = first(legal, "use_card")
        if card is not None:
            return card
        fine = first(legal, "pay_fine")
        if o.leave_jail == "early" and fine is not None and t.cash - t.b.fine >= t.reserve():
            return fine
    lift = _lift(t, legal)
    if lift is not None:
        return lift
    return first(legal, "roll") if o.roll else None


def _buy_phase(t: Table, legal):
    if t.o.buy == "stop":
        return None
    b = t.b
    space = t.s.players[t.seat].pos
    price, value, reserve = b.price[space], worth(t, space), t.reserve()
    buy = first(legal, "buy")
    left = t.cash - price
    if buy is not None and (left >= reserve or (value > price and left >= reserve // 2)):
        return buy
    opening = _floor(b, min(value * t.o.opening_percent // 100, t.cash - reserve // 2))
    choice = act.make(act.Auction, player=t.seat, opening_bid=max(b.minimum_bid, opening))
    if choice in legal:
        return choice
    return min((a for a in legal if a.type == "auction"), key=lambda a: a.opening_bid, default=None)


def _permit_phase(t: Table, legal):
    """The permit building that hurts most or guards most (:func:`engine.jiji.choices.permit_choice`):
    a nuisance where it takes the most rent (the leader's counted 1.6 times), the biggest the
    bank holds; a bonus on one's own district whose residential rent is most at risk."""
    if t.o.permits == "stop":
        return None
    risk = t.b.raw["orders"]["nuisance_risk_percent"] / 100 if choices.nuisances_left(t.b, t.s) else 0.0
    return choices.permit_choice(t.b, t.s, legal, t.leader(), 1.6, risk)


def _free_block(t: Table, legal):
    if t.o.construction == "stop":
        return None
    return choices.free_block(t.b, t.s, legal)


def _place(t: Table, legal):
    """The unit's grant (:func:`engine.jiji.choices.placement`): a station on the district
    with the highest rent; blocks one at a time where each adds the most rent per M within the
    spend limit (``blocks`` says which kinds; residential rent discounted by the nuisance risk
    unless a bonus guards it)."""
    if t.o.construction == "stop":
        return None
    kinds = {"best_rent": ("res", "ind"), "industrial": ("ind",), "residential": ("res",)}[t.o.blocks]
    risk = t.b.raw["orders"]["nuisance_risk_percent"] / 100 if choices.nuisances_left(t.b, t.s) else 0.0
    return choices.placement(t.ctx, t.seat, legal, t.spend_limit(), kinds, risk)


def _turn_phase(t: Table, legal):
    o, b, s = t.o, t.b, t.s
    reserve = t.reserve()
    # A station jump first (before any money is spent): a stop, or a jump by the rule.
    if board.jump_targets(t.ctx) and any(a.type == "jump" for a in legal):
        if o.station_jumps == "stop":
            return None
        if o.station_jumps == "by_rule":
            jump = choices.best_jump(t.b, t.s, t.seat, legal)
            if jump is not None:
                return jump
    press = first(legal, "construction")
    if press is not None:
        if o.construction == "stop":
            return None
        mine = [k for k, d in s.districts.items() if d.owner == t.seat]
        if t.spend_limit() >= min((b.res_price[k] for k in mine), default=0):
            return press
    if o.landmarks:
        landmark = build.tower_or_skyscraper(t.ctx, legal, t.cash, reserve)
        if landmark is not None:
            return landmark
        stadium = first(legal, "build_stadium")
        if stadium is not None and t.cash - b.stadium_price >= reserve:
            return stadium
    if o.remove_nuisances:
        rounds = b.raw["orders"]["removal_payback_turns"]
        for a in legal:
            if a.type == "remove_nuisance":
                cost = build.removal_cost(t.ctx, a.district)
                gain = choices.rent_with(b, s, a.district, nuisance=False) \
                    - choices.rent_with(b, s, a.district)
                if gain * b.max_blocks * VISIT_ROUND * max(1, len(t.others())) * rounds >= cost \
                        and t.cash - cost >= reserve:
                    return a
    lift = _lift(t, legal)
    if lift is not None:
        return lift
    if o.auction_space:
        options = [a for a in legal if a.type == "auction_district"]
        if options and t.cash - reserve >= b.minimum_bid:
            best = max(options, key=lambda a: worth(t, a.district) - b.price[a.district])
            if worth(t, best.district) > b.price[best.district]:
                return best
    again = first(legal, "roll")
    if again is not None:
        return again if o.roll else None
    return first(legal, "end_turn") if o.end_turn else None


def _exemption(t: Table, legal):
    _owner, amount, _space = t.s.rent  # type: ignore[misc]  # the exemption phase has a rent due
    if amount >= t.o.exemption_from or amount > t.cash:
        return first(legal, "use_exemption")
    return first(legal, "pay_rent")


PHASES = {"roll": _roll_phase, "buy": _buy_phase, "permit": _permit_phase,
          "exemption": _exemption, "free_block": _free_block, "place": _place,
          "turn": _turn_phase}
"""The turn holder's decision by phase (``JijiState.phase``)."""


def order_action(state: JijiState, seat: int, orders: _Orders, now: int) -> BaseModel | None:
    """The move seat ``seat``'s ``orders`` (a :data:`JijiOrders`) make in ``state``
    at ``now`` (Unix seconds): a proxy bid in an open auction, a mortgage for a debt, or the
    turn's next step; ``None`` for a stop (a deal, bankruptcy, a field set to ``stop``) or when
    nothing of the seat's waits. Always one of ``legal_actions(state, seat)``. Reads only the
    open table (never the seed, the Chance pile or deals), so whether it moves tells nothing
    hidden. Source: issue 31 section 1 (Jiji); the rules it plays by: the rulebook
    (``shared/seeds/002_c447a5e4840630ef.txt``) as :mod:`engine.jiji.ruleset` applies it."""
    s = state
    if s.over is not None or s.paused_at is not None or not 0 <= seat < len(s.players) \
            or s.players[seat].out:
        return None
    t = Table(s, seat, orders)
    if s.auction is not None:
        if seat == s.auction.holder or s.players[seat].cash < minimum_next(t.ctx):
            return None
        choice = proxy_bid(t, now)
    elif s.debts:
        if not any(d.debtor == seat for d in s.debts) or orders.debts == "stop":
            return None
        choice = raise_money(t, legal_actions(t.ctx, seat))
    elif seat == s.cur:
        handler = PHASES.get(s.phase)
        choice = None if handler is None else handler(t, legal_actions(t.ctx, seat))
    else:
        return None
    if choice is None:
        return None
    return choice if choice in legal_actions(Ctx(t.b, s), seat) else None
