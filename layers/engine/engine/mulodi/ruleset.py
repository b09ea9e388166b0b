"""Mulodi behind the engine interface (:class:`engine.core.Ruleset`): ruleset ``mulodi``.

The rules are in :mod:`engine.mulodi.flow`, the legal actions in :mod:`engine.mulodi.legal`,
what each seat sees in :mod:`engine.mulodi.view`, the words of notifications in
:mod:`engine.mulodi.messages`, the guide in :mod:`engine.mulodi.guide` and the bots in
:mod:`engine.mulodi.bots`. Numbers and cards: ``data/mulodi.toml``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Annotated, Any

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
)
from engine.mulodi import actions as act
from engine.mulodi import flow, legal, messages
from engine.mulodi import orders as _orders
from engine.mulodi.cards import PAYMENT_ACTIONS, card_id, deck
from engine.mulodi.flow import RULES, Ctx
from engine.mulodi.state import STAGE_DONE, MulodiState, load
from engine.mulodi.view import EVENT_SHAPES, card
from engine.mulodi.view import view as _view

D = deck()


Face = Annotated[str, Field(min_length=1, max_length=40, description="a card's face, e.g. banja")]


class MulodiScript(BaseModel):
    """A fixed deal (table option ``scripted``): ``hands``: by seat, faces dealt to that seat
    (at most 5; the rest of its hand comes from the shuffle); ``draws``: faces the draw pile
    gives next, in order (the first player's two turn-start cards first). Every other card is
    shuffled from the seed as usual. Not kept in the state's options (a view would show it)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    hands: list[Annotated[list[Face], Field(max_length=5)]] = Field(default_factory=list,
                                                                     max_length=5)
    draws: list[Face] = Field(default_factory=list, max_length=60)


class MulodiOptions(BaseModel):
    """The table options of a Mulodi lobby (:meth:`MulodiRuleset.new_game`).

    ``response_window_seconds``: how long each response window and each payment waits for
    its holder (decisions file: 1 day on a slow table, 1 minute on a live one);
    ``idle_timeout_seconds``: how long a turn waits before the table ends it (the lobby's own
    setting, filled in by the service: a lobby may set 60 s to 7 days, the bounds the service
    enforces and this field's schema states; the engine takes any length from a second up to
    that, as Mtaani's and Jiji's, since a deployment's default may be seconds); ``max_turns``: end the game after that many turns
    (the most colours with a full set, then the most table value, wins; none by default:
    Mulodi games end by themselves); ``scripted``: a fixed deal for tests, demos and bug
    reports (:class:`MulodiScript`; the service allows it only where the deployment does).
    """

    model_config = ConfigDict(extra="forbid", strict=True)
    response_window_seconds: int = Field(D.table["response_window_seconds"], ge=5, le=7 * 86_400)
    idle_timeout_seconds: int = Field(D.table["idle_timeout_seconds"], ge=1, le=7 * 86_400,
                                      json_schema_extra={"minimum": 60})
    max_turns: int | None = Field(None, ge=2, le=100_000)
    scripted: MulodiScript | None = None


class MulodiRuleset(Ruleset):
    """Mulodi (seed ``shared/seeds/004_e3b57fc1098b0004.txt``; decisions
    ``shared/spec/mulodi-decisions.md``)."""

    name = "mulodi"
    game = "mulodi"
    bots_module = "engine.mulodi.bots"
    title = D.title
    game_title = D.title
    game_summary = ("A card game of property sets with hidden hands: bank money, lay properties, "
                    "charge rent and answer action cards with a Neda; the first to three full "
                    "sets of different colours wins.")
    min_players = D.deal["min_players"]
    max_players = D.deal["max_players"]
    actions = act.PLAYER_ACTIONS
    system_actions = act.SYSTEM_ACTIONS
    table_options = MulodiOptions
    bus_events = frozenset({"GameFinished"})
    event_shapes = EVENT_SHAPES
    short_game_options: dict[str, Any] = {}
    # 2: moving a wildcard keeps the turn's decision (no new id, no DecisionPending); an
    # abandoned table ends (the state counts the turns no person moved in).
    rules_version = 2
    standing_orders = _orders.MulodiOrders
    """A seat's standing orders (:mod:`engine.mulodi.orders`): answers to the cards aimed at
    it, its payments and its hand limit's returns; the defaults are the guide's."""
    free_actions = frozenset({"move_wildcard"})
    """Moving a wildcard (a Master too) is free and not a play (decisions file, "Readings
    decided after the first conformance run"): it keeps the turn's decision."""

    def notice_key(self, state: MulodiState, decision: Decision) -> str:
        """A turn's ``play`` decisions (a new one after each card, and after the others
        answered the turn holder's action card) are one turn: told once; each answer
        (``respond``, ``pay``) is its own."""
        if decision.kind == "play":
            return f"turn-{state.turn}"
        return str(decision.id)

    def closed_words(self, state: MulodiState, action: BaseModel) -> str:
        """Why a move answering a decision that is no longer pending no longer applies: a
        Neda or an accept after its response window closed, a payment already made or made
        by the table, a play after the turn moved on."""
        kind = getattr(action, "type", None)
        if kind in ("neda", "accept"):
            return "the window has closed"
        if kind == "pay":
            return "the payment is no longer due: it was made, or the table made it"
        if state.current != getattr(action, "player", None):
            return "your turn has ended"
        return "your turn has moved on since you looked: see what it asks now"

    # ------------------------------------------------------------------ the game
    def new_game(self, players: Sequence[str], seed: int, options: dict[str, Any]) -> MulodiState:
        """Deal (seed, set-up): 106 cards shuffled from ``seed``, 5 to each of 2 to 5 players,
        seat 0 to play. Raises :class:`InvalidAction` for a bad player count, duplicate or
        empty ids, or options :class:`MulodiOptions` refuses."""
        players = list(players)
        if not self.min_players <= len(players) <= self.max_players:
            raise InvalidAction(f"Mulodi seats {self.min_players} to {self.max_players} players, "
                                f"not {len(players)}")
        if any(not isinstance(p, str) or not p for p in players) or len(set(players)) != len(players):
            raise InvalidAction("players must be distinct, non-empty ids")
        try:
            opts = MulodiOptions.model_validate(options)
        except ValidationError as exc:
            raise InvalidAction(f"invalid options: {exc.errors()[0]['msg']}") from None
        script = opts.scripted
        if script is not None and len(script.hands) > len(players):
            raise InvalidAction(f"scripted: {len(script.hands)} hands for {len(players)} players")
        state, _events = flow.deal(players, int(seed), opts.model_dump(exclude={"scripted"}),
                                    script.hands if script else (), script.draws if script else ())
        return state

    def load_state(self, data: dict[str, Any] | str | bytes) -> MulodiState:
        return load(data)

    def parse_action(self, data: dict[str, Any]) -> BaseModel:
        return act.parse(data)

    def legal_actions(self, state: MulodiState, player: int) -> LegalActions:
        return legal.legal_actions(state, player)

    # ------------------------------------------------------------------ the reducer's steps
    action_types = act.ACTION_TYPES
    rules = RULES
    counts_steps = False
    """A Mulodi state keeps no count of the actions applied (see :attr:`Ruleset.counts_steps`)."""

    def context(self, state: MulodiState, quiet: bool) -> Ctx:
        """An action's :class:`~engine.mulodi.flow.Ctx` (the events are kept even when quiet:
        the rules append to them)."""
        return Ctx(state)

    def check(self, ctx: Ctx, action: BaseModel) -> None:
        """The game is on, the seat exists, then the rule's own check, whose plan the context
        keeps for the rule (:func:`engine.mulodi.flow.check_known`)."""
        ctx.plan = flow.check_known(ctx.s, action)

    def begin(self, ctx: Ctx, action: BaseModel) -> None:
        """A person's move (not the table's timeouts) marks the turn as attended (see
        :func:`engine.mulodi.flow.end_turn`)."""
        if action.type not in act.SYSTEM_ACTIONS:  # type: ignore[attr-defined]
            ctx.s.moved = True

    def pending(self, state: MulodiState) -> tuple[Decision, ...]:
        """The decisions the game waits for: the current player's turn (``play``, idle-turn
        deadline) or, while an action card is in play, each target's ``respond`` or ``pay``
        (and the actor's ``respond`` after a Neda), each with a response-window deadline."""
        if state.termination is not None:
            return ()
        opts = state.options
        if state.action is None:
            if not state.turn_decision:
                return ()
            deadline = Deadline("idle_turn", "idle_timeout_seconds",
                                seconds=opts["idle_timeout_seconds"])
            return (Decision(state.turn_decision, state.current, "play", deadline,
                             flow.decision_detail(state, "play", state.current)),)
        window = Deadline("response_window", "response_window_seconds",
                          seconds=opts["response_window_seconds"])
        return tuple(
            Decision(c.decision, c.holder, c.stage, window,
                     flow.decision_detail(state, c.stage, c.holder, c))
            for c in state.action.chains if c.stage != STAGE_DONE)

    def outcome(self, state: MulodiState) -> Outcome | None:
        if state.termination is None:
            return None
        return Outcome(state.termination, state.winner)

    def standing_keys(self, state: MulodiState) -> list[tuple]:
        """The ranking of a game ended without 3 full sets (``flow.ranking_winner``): the
        most colours with a full set, then the most table value."""
        from engine.mulodi import sets

        return [(len(sets.full_colours(state, i)), sets.table_value(state, i))
                for i in range(len(state.players))]

    def deadline_action(self, state: MulodiState, decision: Decision, now: int) -> BaseModel | None:
        """``timeout`` for ``decision`` while it is pending (the table answers: no Neda, the
        house payment, the turn ended), else ``None``."""
        for d in self.pending(state):
            if d.id == decision.id and d.player == decision.player:
                return act.make(act.Timeout, player=d.player, decision=d.id)
        return None

    def order_action(self, state: MulodiState, seat: int, orders: BaseModel,
                     now: int) -> BaseModel | None:
        """The move ``seat``'s standing ``orders`` (:class:`engine.mulodi.orders.MulodiOrders`)
        make now, or ``None`` (a stop, or nothing waiting): :func:`engine.mulodi.orders.order_action`.
        Whether it is ``None`` never depends on the seat's hand (issue 31's timing rule)."""
        return _orders.order_action(state, seat, orders)  # type: ignore[arg-type]  # orders: this ruleset's standing_orders model

    # ------------------------------------------------------------------ what each seat sees
    def view(self, state: MulodiState, viewer: int | None, *, reveal: bool = False) -> dict[str, Any]:
        pending = [{"id": d.id, "player": d.player, "kind": d.kind, "detail": dict(d.detail),
                    "deadline": {"kind": d.deadline.kind, "seconds": d.deadline.seconds}
                    if d.deadline else None} for d in self.pending(state)]
        return _view(state, viewer, pending, self._play(state), reveal)

    @staticmethod
    def _play(state: MulodiState) -> dict[str, Any] | None:
        p = state.action
        if p is None:
            return None
        out: dict[str, Any] = {"actor": p.actor, "card": card(p.card), "action": p.kind,
                               "doubles": len(p.doubles), "colour": p.colour or None,
                               "chains": [{"target": c.target, "holder": c.holder, "stage": c.stage,
                                           "nedas": c.nedas, "decision": c.decision or None,
                                           "debt": c.debt} for c in p.chains]}
        if p.kind in PAYMENT_ACTIONS:
            out["amount"] = p.amount
        if p.prop >= 0:
            out["property"] = card(p.prop)
        if p.give >= 0:
            out["give"] = card(p.give)
        if p.kind == "yaaye_deal":
            out["set"] = p.set
        return out

    def rename_player(self, state: MulodiState, seat: int, new_id: str) -> MulodiState:
        """``players[seat]`` is the only place a Mulodi state names an account."""
        copy = state.copy()
        copy.players[seat] = new_id
        return copy

    def redeterminize(self, state: MulodiState, seat: int | None, rng: random.Random) -> MulodiState:
        """``state`` as ``seat`` could imagine it (decisions file, "Hidden information"): the
        other hands and the draw pile dealt again from their cards together, each hand keeping
        its size; a card whose place ``seat`` knows (one it returned to the bottom of the draw
        pile, wherever it went since) stays; a new seed. ``state`` is not changed."""
        copy = state.copy()
        copy.seed = rng.getrandbits(63)
        copy.scripted = {}
        zones = [h for i, h in enumerate(copy.hands) if i != seat]
        zones.append(copy.pile)
        mask = 0 if seat is None else 1 << seat
        fixed = {c for c, m in copy.known.items() if m & mask}
        free = [c for zone in zones for c in zone if c not in fixed] if fixed else [
            c for zone in zones for c in zone]
        keys = [rng.random() for _ in free]
        free = [c for _, c in sorted(zip(keys, free, strict=True))]
        k = 0
        for zone in zones:
            if fixed:
                for i, c in enumerate(zone):
                    if c not in fixed:
                        zone[i] = free[k]
                        k += 1
            else:
                zone[:] = free[k:k + len(zone)]
                k += len(zone)
        return copy

    def secrets(self, state: MulodiState, seat: int | None) -> set[str]:
        """The seed and the ids of every card hidden from ``seat``: the other hands and the
        draw pile."""
        hidden = {card_id(c) for c in state.pile}
        for i, hand in enumerate(state.hands):
            if i != seat:
                hidden.update(card_id(c) for c in hand)
        hidden.add(str(state.seed))
        return hidden

    # ------------------------------------------------------------------ around the game
    def notice(self, event: Event, seat: int, names: Sequence[str],
               deadline: str | None = None) -> Notice | None:
        return messages.notice(event, seat, names, deadline)

    def guide(self) -> dict[str, Any]:
        from engine.mulodi.guide import (
            guide,  # imported on first use: the cold start reads no guide
        )

        return guide(MulodiOptions)


MULODI = MulodiRuleset()
