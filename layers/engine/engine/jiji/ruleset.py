"""Jiji, the city-building game, behind the engine interface (ruleset ``jiji``).

Rule source: ``shared/seeds/002_c447a5e4840630ef.txt`` (the rulebook) and
``shared/spec/jiji-decisions.md``; every number is in ``data/jiji.toml``. The rules live in
the modules beside this one (:mod:`~engine.jiji.board`, :mod:`~engine.jiji.jail`,
:mod:`~engine.jiji.cards`, :mod:`~engine.jiji.auction`, :mod:`~engine.jiji.build`,
:mod:`~engine.jiji.mortgage`, :mod:`~engine.jiji.deals`, :mod:`~engine.jiji.bankruptcy`,
:mod:`~engine.jiji.clock`, :mod:`~engine.jiji.idle`); ``docs/rules.md`` (section "Jiji")
traces each rule sentence to them and to its test.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.core import (
    Deadline,
    Decision,
    Event,
    InvalidAction,
    LegalActions,
    Notice,
    Outcome,
    Ruleset,
    register,
)
from engine.jiji import actions as act

# Importing the rule modules registers their rules.
from engine.jiji import (  # noqa: F401
    auction,
    bankruptcy,
    board,
    build,
    cards,
    clock,
    deals,
    idle,
    jail,
    mortgage,
)
from engine.jiji.data import Book, book
from engine.jiji.flow import RULES, Ctx, check_action, progress, settle, start_turn
from engine.jiji.legal import legal_actions as _legal_actions
from engine.jiji.state import District, JijiState, Options, Player
from engine.jiji.view import EVENT_SHAPES
from engine.jiji.view import view as _view

DAY = 24 * 3600
CLOCK_SECONDS = 14 * DAY
"""A slow table's game clock when the lobby sets none (house: two weeks; the rulebook's hour
is a live table's)."""
AUCTION_SECONDS = 12 * 3600
"""A slow table's auction window (decisions file: 12 hours; the rulebook's 50 seconds live)."""
DEAL_SECONDS = DAY
"""A slow table's time to answer a deal (house: a day)."""
IDLE_TIMEOUT_SECONDS = DAY
"""How long a turn holder's decision waits before the table plays the turn out (a day)."""


class GameOptions(BaseModel):
    """Options of a Jiji table (``new_game``'s ``options``).

    ``end``: ``"last_standing"`` (play until one player is left) or ``"clock"`` (a game clock of
    ``clock_seconds``, started at the first roll; then the richest wins). ``auction_seconds``:
    an auction's window (rulebook: 50 s live); ``deal_seconds``: how long a deal offer stands;
    ``idle_timeout_seconds``: how long the turn holder's decision waits before the table plays
    the turn out (the lobby's own setting, filled in by the service: a lobby may set 60 s to 7
    days, the bounds the service enforces and this field's schema states; the engine takes any
    length from a second up to that, since a deployment's default may be seconds). ``scripted``: fixed outcomes per random stream, used first, for tests and
    bug reports (``dice``: ``[[3, 4], ...]``; ``construction``: ``"blocks_1"``, ``"blocks_2"``,
    ``"blocks_3"``, ``"station"``).
    """

    model_config = ConfigDict(extra="forbid", strict=True)
    end: Literal["last_standing", "clock"] = "last_standing"
    clock_seconds: int = Field(CLOCK_SECONDS, ge=60, le=365 * DAY)
    auction_seconds: int = Field(AUCTION_SECONDS, ge=10, le=7 * DAY)
    deal_seconds: int = Field(DEAL_SECONDS, ge=10, le=30 * DAY)
    idle_timeout_seconds: int = Field(IDLE_TIMEOUT_SECONDS, ge=1, le=7 * DAY,
                                      json_schema_extra={"minimum": 60})
    scripted: dict[Literal["dice", "construction"], list[Any]] = Field(default_factory=dict)


def _check_scripted(b: Book, scripted: dict[Literal["dice", "construction"], list[Any]]) -> None:
    for stream, values in scripted.items():
        for value in values:
            if stream == "dice":
                ok = (isinstance(value, list) and len(value) == b.dice
                      and all(type(v) is int and 1 <= v <= b.sides for v in value))
            else:
                ok = value in dict(b.odds)
            if not ok:
                raise InvalidAction(f"scripted {stream!r}: {value!r} does not fit that stream")


class JijiRuleset(Ruleset):
    """Jiji for 2 to 6 players (see the module doc)."""

    name = "jiji"
    game = "jiji"
    bots_module = "engine.jiji.bots"
    title = "Jiji"
    game_title = "Jiji"
    game_summary = ("A city-building game: buy districts or win them at timed auctions, construct "
                    "buildings to raise their rents, and grow the richest city.")
    # 2: the clocks' events are ClocksStopped / ClocksRestarted (a saved game's log reads so).
    # 3: deal and auction ids have their own namespaces (issue 28), DealCompleted has no id.
    rules_version = 3
    min_players = 2
    max_players = 6
    actions = act.PLAYER_ACTIONS
    system_actions = act.SYSTEM_TYPES
    table_options = GameOptions
    bus_events = frozenset({"AuctionOpened", "AuctionClosed", "DealOffered", "GameFinished"})
    event_shapes = EVENT_SHAPES
    free_actions = frozenset({
        "build_stadium", "build_skyscraper", "build_tower", "remove_nuisance", "mortgage",
        "lift_mortgage", "propose_deal", "accept_deal", "decline_deal", "withdraw_deal"})
    """Moves beside the turn (landmarks, nuisances, mortgages, deals): only progress (the
    turn, its phase, an auction, a debt paid) gives the turn holder a new decision
    (:meth:`JijiRuleset.settle`)."""
    short_game_options = {"end": "clock", "clock_seconds": 365 * DAY,
                          "auction_seconds": 2 * DAY, "deal_seconds": DAY}
    """The ruleset kit's tables: a clock table whose clock (a year of the kit's virtual time,
    which jumps by days) ends about a third of random games while the rest end by bankruptcy;
    auctions of two days, so the kit's small steps (seconds) never cross a close unseen."""

    def notice_key(self, state: JijiState, decision: Decision) -> str:
        """The turn holder's decisions (a new one at each step of the turn, and again after
        an auction or a debt of the turn closed) are one turn: told once; bids, debts and
        deals are each their own."""
        if decision.id == state.did and decision.player == state.cur:
            return f"turn-{state.turn}"
        return str(decision.id)

    decision_fields = ("decision", "deal")

    def closed_words(self, state: JijiState, action: BaseModel) -> str:
        """Why a move answering a decision that is no longer pending no longer applies: a
        bid's auction has closed (or the bidder holds the highest bid now), a deal was answered,
        withdrawn or expired, a turn's step has passed."""
        seat = getattr(action, "player", None)
        kind = getattr(action, "type", None)
        if kind == "bid":
            a = state.auction
            if a is not None and a.holder == seat:
                return f"you hold the highest bid (M{a.bid:,})"
            if a is not None and seat is not None and 0 <= seat < len(state.players):
                least = auction.minimum_next(Ctx(self.book, state))
                if state.players[seat].cash < least:
                    return f"outbid: the bid is now M{a.bid:,}, and M{least:,} is more than your cash"
            return "the auction has closed"
        if kind in ("accept_deal", "decline_deal", "withdraw_deal"):
            return "the deal is no longer open: it was answered, withdrawn or it expired"
        if state.cur != seat:
            return "your turn has ended"
        return "your turn has moved on since you looked: see what it asks now"

    @property
    def book(self) -> Book:
        """The Jiji data (:func:`engine.jiji.data.book`)."""
        return book()

    # ------------------------------------------------------------------ the game
    def new_game(self, players: Sequence[str], seed: int, options: dict[str, Any]) -> JijiState:
        """Deal: every player gets the rulebook's bills (37.7M) on GO; the rent exemption card
        lies on Free Parking; the Chance pile is shuffled; the highest opening roll (seeded,
        ties roll again) starts. Raises :class:`InvalidAction` for fewer than 2 or more than 6
        players, duplicate or empty ids, or bad options. Sources: rulebook "Contents of the
        Game", "Setup", "How to Play"; decisions "Table"."""
        b = self.book
        if not b.min_players <= len(players) <= b.max_players:
            raise InvalidAction(f"Jiji seats {b.min_players} to {b.max_players} players, "
                                f"not {len(players)}")
        if any(not isinstance(p, str) or not p for p in players) or len(set(players)) != len(players):
            raise InvalidAction("players must be distinct, non-empty ids")
        try:
            opts = GameOptions.model_validate(options)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(x) for x in err["loc"]) or "options"
            raise InvalidAction(f"invalid options: {where}: {err['msg']}") from None
        _check_scripted(b, opts.scripted)
        s = JijiState()
        s.seed = int(seed)
        s.scripted = {k: list(v) for k, v in opts.scripted.items() if v}
        s.options = Options(opts.end, opts.clock_seconds, opts.auction_seconds,
                            opts.deal_seconds, opts.idle_timeout_seconds)
        s.players = [Player(p, b.starting_cash) for p in players]
        s.districts = {space: District() for space in b.districts}
        s.bank = b.bank_cash - b.starting_cash * len(players)
        s.supply = dict(b.supply)
        s.pile = cards.new_pile(s, b.card_ids)
        ctx = Ctx(b, s)
        first = opening_roll(ctx)
        start_turn(ctx, first)
        s.did = s.next_id()
        return s

    def load_state(self, data: dict[str, Any] | str | bytes) -> JijiState:
        """Rebuild a state from its stored JSON (text or data); :class:`InvalidAction` when malformed."""
        try:
            return JijiState.load(json.loads(data) if isinstance(data, (str, bytes)) else data)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise InvalidAction(f"not a Jiji state: {exc}") from None

    def parse_action(self, data: dict[str, Any]) -> BaseModel:
        """Validate an action's JSON form (:func:`engine.jiji.actions.parse`); :class:`InvalidAction`."""
        return act.parse(data)

    def legal_actions(self, state: JijiState, player: int) -> LegalActions:
        """Every action seat ``player`` may apply now (:func:`engine.jiji.legal.legal_actions`)."""
        return _legal_actions(Ctx(self.book, state), player)

    # ------------------------------------------------------------------ the reducer's steps
    action_types = act.ACTION_TYPES
    rules = RULES

    def context(self, state: JijiState, quiet: bool) -> Ctx:
        """An action's :class:`~engine.jiji.flow.Ctx` (its ``now`` set by :meth:`begin`)."""
        return Ctx(self.book, state)

    def check(self, ctx: Ctx, action: BaseModel) -> None:
        """The check of the action's rule (:func:`engine.jiji.flow.check_action`)."""
        check_action(ctx, action)

    def begin(self, ctx: Ctx, action: BaseModel) -> None:
        """The action's time becomes the context's ``now`` and the table's (it only moves
        forward); the turn holder's own move stops the table playing their turn out; where
        the turn stands is marked for :meth:`settle`."""
        s = ctx.s
        now = ctx.now = getattr(action, "now", None)
        if action.type not in act.SYSTEM_TYPES and getattr(action, "player", None) == s.cur:  # type: ignore[attr-defined]
            s.auto = False
        if now and now > s.time:
            s.time = now
        ctx.mark = progress(s)

    def settle(self, ctx: Ctx) -> None:
        """Debts paid, the game's end, idle turns played out (:func:`engine.jiji.flow.settle`);
        then a new decision for the turn holder when the turn progressed (only progress
        restarts their clock, issue 15)."""
        settle(ctx)
        s = ctx.s
        if progress(s) != ctx.mark:
            s.did = s.next_id()

    def pending(self, state: JijiState) -> tuple[Decision, ...]:
        """What the game waits for, in order: an open auction's bidders (or, when nobody can
        bid, the table's close), else the debtors, else the turn holder; then each open deal's
        recipient (private to the deal's two parties); then the game clock (the table's). ``()``
        when over or saved."""
        s = state
        if s.over is not None or s.paused_at is not None:
            return ()
        out: list[Decision] = []
        opts = s.options
        waits = Deadline("idle_turn", "idle_timeout_seconds", seconds=opts.idle_timeout_seconds)
        b = self.book
        if s.auction is not None:
            a = s.auction
            ctx = Ctx(b, s)
            deadline = Deadline("auction_close", "auction_seconds", at=a.close)
            detail: dict[str, Any] = {"district": a.space, "name": b.name[a.space], "bid": a.bid,
                      "holder": a.holder, "minimum": auction.minimum_next(ctx), "closes": a.close,
                      "opener": a.opener, "reason": a.reason}
            seats = auction.bidders(ctx)
            for seat in seats:
                out.append(Decision(a.base + seat, seat, "bid", deadline, detail))
            if not seats:
                out.append(Decision(a.base + len(s.players), None, "auction_close", deadline, detail))
        elif s.debts:
            seen: dict[int, int] = {}
            for debt in s.debts:
                if debt.debtor not in seen:
                    seen[debt.debtor] = debt.id
            for debtor, debt_id in seen.items():
                owed = [d for d in s.debts if d.debtor == debtor]
                creditor = owed[0].creditor
                out.append(Decision(debt_id, debtor, "debt", waits, {
                    "amount": sum(d.amount for d in owed), "reason": owed[0].reason,
                    "creditor": "bank" if creditor is None else creditor}))
        else:
            p = s.players[s.cur]
            detail = {"space": p.pos}
            if s.phase == "buy":
                detail.update(district=p.pos, name=b.name[p.pos], price=b.price[p.pos])
            elif s.phase == "exemption" and s.rent:
                detail.update(owner=s.rent[0], amount=s.rent[1], district=s.rent[2])
            elif s.phase == "place":
                detail.update(grant=s.grant)
            elif s.phase == "roll" and p.jailed:
                detail.update(jailed=True, tries=p.tries)
            out.append(Decision(s.did, s.cur, s.phase, waits, detail))
        for deal in s.deals:
            out.append(Decision(deal.id, deal.to, "deal",
                                Deadline("offer_expiry", "deal_seconds", at=deal.expires),
                                {"proposer": deal.proposer, "deal": deal.id,
                                 "expires": deal.expires},
                                private=(deal.proposer, deal.to)))
        if s.clock_end is not None:
            at = s.clock_end if s.auction is None else max(s.clock_end, s.auction.close)
            out.append(Decision(s.clock_id, None, "game_clock",
                                Deadline("game_clock", "clock_seconds", at=at),
                                {"ends": s.clock_end}))
        return tuple(out)

    def outcome(self, state: JijiState) -> Outcome | None:
        """``Outcome(termination, winner)`` once over (``bankruptcy`` or ``clock``), else ``None``."""
        if state.over is None:
            return None
        return Outcome(termination=state.over["termination"], winner=state.over["winner"])

    def standing_keys(self, state: JijiState) -> list[tuple]:
        """The clock's ranking (``clock.finish``): seats still in before the bankrupt, then
        wealth, then cash (M), from the standings kept at the end."""
        rows = {row["player"]: row for row in (state.over or {}).get("standings", [])}
        return [(not rows[i]["out"], rows[i]["wealth"], rows[i]["cash"]) if i in rows else (False, 0, 0)
                for i in range(len(state.players))]

    def deadline_action(self, state: JijiState, decision: Decision, now: int) -> BaseModel | None:
        """The table's action when ``decision``'s deadline has passed at ``now``: close the
        auction (bidders' and the table's close), end the game (the clock), expire the deal,
        or play an idle turn out (:mod:`engine.jiji.idle`); ``None`` for a debt (only the
        debtor can raise the money or declare bankruptcy) or a decision no longer pending."""
        s = state
        if s.over is not None or s.paused_at is not None:
            return None
        kind = decision.kind
        if kind in ("bid", "auction_close"):
            a = s.auction
            if a is None or not a.base <= decision.id <= a.base + len(s.players):
                return None
            return act.CloseAuction(now=now)
        if kind == "game_clock":
            if s.clock_end is None or decision.id != s.clock_id:
                return None
            return act.EndGame(now=now)
        if kind == "deal":
            if not any(d.id == decision.id for d in s.deals):
                return None
            return act.ExpireDeal(deal=decision.id, now=now)
        if kind == "debt":
            return None
        if s.auction is not None or s.debts or decision.id != s.did or decision.player != s.cur:
            return None
        return act.IdleEnd(player=s.cur, decision=decision.id, now=now)

    def rename_player(self, state: JijiState, seat: int, new_id: str) -> JijiState:
        """``players[seat].id`` is the only place a Jiji state names an account."""
        copy = state.copy()
        copy.players[seat].id = new_id
        return copy

    def pause_action(self, state: JijiState, now: int) -> BaseModel | None:
        """``Pause(now)``: stops the game clock, the auction's and the deals' timers."""
        if state.over is not None or state.paused_at is not None:
            return None
        return act.Pause(now=now)

    def resume_action(self, state: JijiState, now: int) -> BaseModel | None:
        """``Resume(now)``: the timers restart with the time they had left."""
        if state.over is not None or state.paused_at is None:
            return None
        return act.Resume(now=now)

    # ------------------------------------------------------------------ what each seat sees
    def view(self, state: JijiState, viewer: int | None, *, reveal: bool = False) -> dict[str, Any]:
        """What seat ``viewer`` (``None``: a spectator) sees (:func:`engine.jiji.view.view`)."""
        return _view(self, state, viewer, reveal)

    def redeterminize(self, state: JijiState, seat: int | None, rng: random.Random) -> JijiState:
        """``state`` as ``seat`` could imagine it: a fresh seed and no scripted outcomes (every
        future roll, Construction answer and shuffle resampled), the Chance pile reshuffled
        (its contents are known from the open discard and the cards held; its order is not),
        and no deals between two other players (nor their count)."""
        copy = state.copy()
        copy.seed = rng.getrandbits(63)
        copy.scripted = {}
        rng.shuffle(copy.pile)
        copy.deals = [d for d in copy.deals if seat in (d.proposer, d.to)]
        copy.dealt = {k: v for k, v in copy.dealt.items()
                      if seat is not None and str(seat) in k.split("-")}
        return copy

    def secrets(self, state: JijiState, seat: int | None) -> set[str]:
        """The seed, and the Chance pile's order as one token (never shown whole)."""
        return {str(state.seed), "pile:" + "-".join(state.pile)}

    # ------------------------------------------------------------------ standing orders
    @property
    def standing_orders(self) -> type[BaseModel]:  # type: ignore[override]  # a property: a cold start imports no orders
        """One seat's standing orders and proxy bids (:data:`engine.jiji.orders.JijiOrders`,
        imported on first use: a cold start reads no orders)."""
        from engine.jiji.orders import JijiOrders

        return JijiOrders

    def order_action(self, state: JijiState, seat: int, orders: BaseModel, now: int) -> BaseModel | None:
        """The move seat ``seat``'s ``orders`` make now, or ``None`` for a stop
        (:func:`engine.jiji.orders.order_action`)."""
        from engine.jiji.orders import order_action

        return order_action(state, seat, orders, now)  # type: ignore[arg-type]  # a JijiOrders: engine.orders validates them with standing_orders

    def orders_shortcut(self, state: JijiState, orders: Mapping[int, BaseModel],
                        now: int) -> list[tuple[int, BaseModel]]:
        """A race between the seats' proxy bids settled in its last bids
        (:func:`engine.jiji.orders.proxy_race`)."""
        from engine.jiji.orders import proxy_race

        return proxy_race(state, orders, now)  # type: ignore[arg-type]  # JijiOrders: engine.orders validates them with standing_orders

    # ------------------------------------------------------------------ around the game
    def notice(self, event: Event, seat: int, names: Sequence[str],
               deadline: str | None = None) -> Notice | None:
        """What ``seat`` is told about ``event`` (:func:`engine.jiji.messages.notice`)."""
        from engine.jiji import messages

        return messages.notice(event, seat, names, deadline)

    def guide(self) -> dict[str, Any]:
        """The guide data (:func:`engine.jiji.guide.guide`)."""
        from engine.jiji.guide import guide  # imported on first use: the cold start reads no guide

        return guide(self.book, GameOptions)


def opening_roll(ctx: Ctx) -> int:
    """Who starts: every player rolls two dice (seeded, not the scripted stream); the highest
    total starts, ties among the highest roll again. Source: rulebook "How to Play"."""
    from engine import rng

    s = ctx.s
    b = ctx.b
    contenders = list(range(len(s.players)))
    while True:
        rolls = {seat: sum(1 + rng.below(s, b.sides) for _ in range(b.dice)) for seat in contenders}
        ctx.emit("OpeningRoll", rolls={str(k): v for k, v in rolls.items()})
        best = max(rolls.values())
        contenders = [seat for seat, total in rolls.items() if total == best]
        if len(contenders) == 1:
            return contenders[0]


JIJI = register(JijiRuleset())
