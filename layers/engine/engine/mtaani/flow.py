"""The Mtaani turn machine: the apply context, money transfers, the step queue and decisions.

Every action runs in a :class:`Ctx`. Money moves only through :meth:`Ctx.transfer` (between a
seat and the ATM pool, or between two seats), so the sum of cash and pool never changes after
the deal. Work inside an action is a queue of :class:`~engine.mtaani.state.Step` items run by
:func:`advance`, which stops when a player must decide something (a pending decision) and
resumes when that player acts; payments a player cannot cover become debts that hold the
queue until the debtor raises the funds or declares bankruptcy.

Rule sources: ``shared/seeds/000_fe1744ded917b034.txt`` (sections "Flow of play", "The bank
and the money supply", "Loans and mortgages": mandatory payments, "Bankruptcy and winning").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.context import BANK, Hooks, Rules
from engine.context import Ctx as BaseCtx
from engine.core import GameOver, IllegalAction, NotYourDecision
from engine.mtaani.actions import ACTION_TYPES, Instances
from engine.mtaani.data import Rulebook
from engine.mtaani.state import Debt, DecisionKind, MtaaniState, PendingDecision, Step, step_of

if TYPE_CHECKING:
    from engine.mtaani.actions import _Action

_new = object.__new__

POOL = BANK
"""The ATM pool as a party to a transfer (:data:`engine.context.BANK`)."""


class Ctx(BaseCtx):
    """One action's working context (:class:`engine.context.Ctx`, whose ``transfer`` moves
    money between seats and the ATM pool, ``s.pool``, which cannot be overdrawn): the
    rulebook, the (copied) state and the events so far (``events`` is ``None`` for a quiet
    context, :func:`new_ctx`: self-play records none).

    ``memo`` is ``None`` while the state may change (applying an action); a listing of legal
    actions, which changes nothing, sets it to a dict where figures many checks share (each
    seat's tiles, :func:`engine.mtaani.properties.owned`) are kept for the listing's length.

    ``made`` is the decision object a quiet context made last (:meth:`decide` reuses it)."""

    __slots__ = ("book", "made", "memo", "rules")
    s: MtaaniState
    bank_field = "pool"
    bank_name = "pool"
    bank_limited = True

    def __init__(self, book: Rulebook, state: MtaaniState):
        super().__init__(state, [])
        self.book = book
        self.rules = book.rules
        self.memo: dict[Any, Any] | None = None
        self.made: PendingDecision | None = None

    # ------------------------------------------------------------------ money
    def pay_out(self, player: int, amount: int, reason: str, tile: int | None = None,
                **extra: Any) -> int:
        """The bank pays ``player`` up to ``amount`` from the pool (what is left when it is short).

        Source: "if the pool cannot cover an ATM windfall you receive whatever is left"; the
        decisions file extends it to everything the bank owes.
        """
        paid = min(amount, self.s.pool)
        if paid < amount and self.events is not None:  # (a quiet context records none)
            self.emit("PoolShort", player=player, owed=amount, paid=paid, reason=reason)
        return self.transfer(POOL, player, paid, reason, tile, extra)

    def charge(self, payer: int, payee: int | None, amount: int, reason: str, tile: int | None = None) -> None:
        """A mandatory payment: paid now when ``payer`` has the cash, else it becomes a debt and
        the game pauses for the payer to raise funds or declare bankruptcy (nothing is
        borrowed on a human's behalf)."""
        if amount <= 0:
            return
        s = self.s
        if not s.debts and s.players[payer].cash >= amount:
            self.transfer(payer, payee, amount, reason, tile)
            return
        s.debts.append(Debt(debtor=payer, creditor=payee, amount=amount, reason=reason, tile=tile))
        extra = {"tile": tile} if tile is not None else {}
        self.emit("DebtOwed", debtor=payer, creditor="pool" if payee is None else payee,
                  amount=amount, reason=reason, **extra)

    # ------------------------------------------------------------------ queue
    def push(self, *steps: Step) -> None:
        """Run ``steps`` next, before anything already queued, in the order given."""
        self.s.queue[0:0] = steps

    def then(self, op: str, player: int, tile: int | None = None, card: str | None = None,
             **fields: Any) -> None:
        """Queue one step to run next (``fields``: the other :class:`Step` fields)."""
        item = Step(op=op, player=player, tile=tile, card=card, **fields) if fields else \
            step_of(op, player, tile, card)
        self.s.queue.insert(0, item)

    # ------------------------------------------------------------------ decisions
    def decide(self, player: int, kind: DecisionKind, tile: int | None = None) -> None:
        """Wait for ``player`` to decide ``kind``: a new decision with the next id.

        A quiet context (self-play's, which reads only the state as it is now: no events)
        writes the decision into the object it made for its previous decision, which the
        state no longer holds once that decision was answered (one object per context, not
        one per decision: making and freeing it was a tenth of what a decision cost). So a
        reference to ``state.decision`` kept across a quiet action sees the new decision;
        read its fields first (states copied from it hold copies, never this object)."""
        s = self.s
        seq = s.decision_seq = s.decision_seq + 1
        events = self.events
        if events is None:
            decision = self.made
            if decision is None:
                decision = self.made = _new(PendingDecision)
        else:
            decision = _new(PendingDecision)  # without __init__: once per action
        s.decision = decision
        decision.id = seq
        decision.player = player
        decision.kind = kind
        decision.tile = tile
        if events is None:
            return
        if tile is None:
            events.append({"player": player, "kind": kind, "decision": seq,
                           "type": "DecisionPending"})
        else:
            events.append({"player": player, "kind": kind, "decision": seq, "tile": tile,
                           "type": "DecisionPending"})

    def active_seats(self) -> list[int]:
        """Seats still in the game, in seat order."""
        return [i for i, p in enumerate(self.s.players) if not p.bankrupt]


def new_ctx(book: Rulebook, state: MtaaniState, quiet: bool = False) -> Ctx:
    """``Ctx(book, state)`` without the call to ``__init__`` (the apply path makes one per
    action); ``quiet``: it records no events (self-play reads none; the rules never read
    them)."""
    ctx = _new(Ctx)
    ctx.book = book
    ctx.rules = book.rules
    ctx.s = state
    ctx.events = None if quiet else []
    ctx.memo = None
    ctx.made = None
    return ctx


StepHandler = Callable[[Ctx, Step], None]
STEPS: dict[str, StepHandler] = {}
"""Step op -> handler; rule modules register theirs with :func:`step`."""


def step(op: str) -> Callable[[StepHandler], StepHandler]:
    """Register the handler of queued step ``op``."""

    def register(fn: StepHandler) -> StepHandler:
        if op in STEPS:
            raise ValueError(f"step {op!r} registered twice")
        STEPS[op] = fn
        return fn

    return register


TURN_START_HOOKS: Hooks[Callable[[Ctx, int], None]] = Hooks()
"""Called with the seat at the start of each turn (before its first decision)."""


def require_actor(ctx: Ctx, player: int, kinds: set[str] | None = None) -> None:
    """The common checks: the game is on, ``player`` is seated and active and holds the pending
    decision (of one of ``kinds`` when given). Raises :class:`IllegalAction` subclasses."""
    require_seated(ctx, player)
    decision = ctx.s.decision
    if decision is None or decision.player != player:
        waiting = "nobody" if decision is None else f"seat {decision.player}"
        raise NotYourDecision(f"it is not your decision: the game is waiting for {waiting}")
    if kinds is not None and decision.kind not in kinds:
        raise IllegalAction(f"not now: the game is waiting for your '{decision.kind}' decision")


def advance(ctx: Ctx) -> None:
    """Run queued work until the game needs a player's decision or is over.

    Order: debts first (paid automatically once the debtor has the cash), then queued steps,
    then the turn's own decisions (roll, extra roll after doubles, end turn).
    """
    s = ctx.s
    while True:
        if s.winner is not None or s.termination is not None:
            s.decision = None
            s.queue.clear()
            s.debts.clear()
            return
        decision = s.decision
        if decision is not None and decision.kind != "debt":
            return
        if s.debts:
            debt = s.debts[0]
            debtor = s.players[debt.debtor]
            if debtor.bankrupt:
                s.debts.pop(0)
                continue
            if debtor.cash >= debt.amount:
                s.debts.pop(0)
                s.decision = None
                creditor = debt.creditor
                if creditor is not None and s.players[creditor].bankrupt:
                    creditor = POOL
                ctx.transfer(debt.debtor, creditor, debt.amount, debt.reason, debt.tile)
                continue
            if s.decision is None or s.decision.player != debt.debtor:
                ctx.decide(debt.debtor, "debt", debt.tile)
            return
        s.decision = None
        if s.queue:
            item = s.queue.pop(0)
            if s.players[item.player].bankrupt:
                continue
            STEPS[item.op](ctx, item)
            continue
        if not s.rolled:
            ctx.decide(s.current, "turn")
        elif s.extra_turn and s.players[s.current].jail_turns == 0:
            s.rolled = False
            s.extra_turn = False
            if ctx.events is not None:
                ctx.events.append({"player": s.current, "type": "ExtraTurn"})
            ctx.decide(s.current, "turn")
        else:
            ctx.decide(s.current, "end")
        return


def start_turn(ctx: Ctx, seat: int) -> None:
    """Make ``seat`` the current player and start a turn (queue its start-of-turn work)."""
    s = ctx.s
    s.current = seat
    s.rolled = False
    s.extra_turn = False
    s.dice = None
    if ctx.events is not None:
        ctx.events.append({"player": seat, "turn": s.turn, "type": "TurnStarted"})
    for hook in TURN_START_HOOKS:
        hook(ctx, seat)


def next_seat(ctx: Ctx, after: int) -> int | None:
    """The next active seat after ``after`` in turn order (``None`` when nobody is left)."""
    n = len(ctx.s.players)
    for k in range(1, n + 1):
        seat = (after + k) % n
        if not ctx.s.players[seat].bankrupt:
            return seat
    return None


def finish(ctx: Ctx, termination: str, winner: int | None) -> None:
    """End the game: ``termination`` says how, ``winner`` is the winning seat."""
    s = ctx.s
    s.winner = winner
    s.termination = termination
    s.decision = None
    s.queue.clear()
    s.debts.clear()
    ctx.emit("GameFinished", winner=winner, termination=termination, turn=s.turn,
             revolutions=s.revolutions)


class ActionRule:
    """How one action type is checked, performed and listed.

    ``check(ctx, action)`` raises :class:`IllegalAction` with the reason a player reads;
    ``perform(ctx, action)`` changes the state (it runs only after ``check`` passed);
    ``candidates(ctx, player)`` yields the concrete actions worth checking for ``player``
    (:func:`engine.mtaani.legal.legal_actions` keeps those ``check`` accepts, so listing and
    applying can never disagree). ``kinds`` are the decision kinds the actor must hold
    (``None``: any decision the actor holds; ``"free"``: no decision needed).

    A lister may leave out candidates its rule's check would refuse (it knows cheaply that
    they fail), never one the check accepts; an *exact* lister (:meth:`exact_lister`) lists
    only actions the check accepts, so a listing does not run the check on them again.
    ``tests/engine/test_listing.py`` compares every listing with the check run over each
    type's whole domain. ``checked`` is false while the rule has no checker (its candidates
    need no check); ``free`` is ``kinds == "free"``. ``none_when(state, player)``, when set, is
    a quick test on the state, true when the lister would list nothing (a listing then does
    not run it). ``make`` hands out the rule's shared action instances
    (:class:`~engine.mtaani.actions.Instances`, keyed by the player and the rule's
    ``fields``); ``alone`` holds, by seat, the default candidate as a shared 1-tuple
    (:meth:`singleton`; ``None`` once a lister is set).
    """

    __slots__ = ("alone", "candidates", "check", "checked", "cls", "exact", "free", "kinds", "make",
                 "none_when", "perform", "spec", "type")

    def __init__(self, cls: type[_Action], kinds: set[str] | str | None, fields: tuple[str, ...] = ()):
        self.cls = cls
        self.type: str = cls.model_fields["type"].default
        self.kinds = kinds
        self.free = kinds == "free"
        self.make = Instances(cls, *fields)
        self.check: Callable[[Ctx, Any], None] = lambda ctx, action: None
        self.checked = False
        self.exact = False
        self.perform: Callable[[Ctx, Any], None] = self._unperformed
        self.candidates: Callable[[Ctx, int], Any] = self.one
        self.none_when: Callable[[MtaaniState, int], bool] | None = None
        self.alone: list[tuple[Any] | None] | None = [None] * 8
        self.spec: Callable[[Ctx, int], dict[str, Any] | None] | None = None

    def _unperformed(self, ctx: Ctx, action: Any) -> None:
        """The performer of a rule given none (:meth:`performer`): no action of its type
        can be applied."""
        raise NotImplementedError(f"action {self.type!r} has no performer")

    def one(self, ctx: Ctx, player: int) -> list:
        """The default candidates: the action with ``player`` alone."""
        return [self.make(player)]

    def singleton(self, player: int) -> tuple[Any]:
        """The default candidates of seat ``player``: a shared 1-tuple."""
        alone = self.alone
        if alone is None or not 0 <= player < len(alone):
            return (self.make(player),)
        found = alone[player]
        if found is None:
            found = alone[player] = (self.make(player),)
        return found

    def checker(self, fn: Callable[[Ctx, Any], None]) -> Callable[[Ctx, Any], None]:
        self.check = fn
        self.checked = True
        RULES.note_change()
        return fn

    def performer(self, fn: Callable[[Ctx, Any], None]) -> Callable[[Ctx, Any], None]:
        self.perform = fn
        return fn

    def lister(self, fn: Callable[[Ctx, int], Any]) -> Callable[[Ctx, int], Any]:
        self.candidates = fn
        self.alone = None
        RULES.note_change()
        return fn

    def exact_lister(self, fn: Callable[[Ctx, int], Any]) -> Callable[[Ctx, int], Any]:
        """Register a lister that lists exactly the candidates the check accepts (when the
        common checks have passed)."""
        self.candidates = fn
        self.exact = True
        self.alone = None
        RULES.note_change()
        return fn

    def describer(self, fn: Callable[[Ctx, int], dict[str, Any] | None]) -> Callable[[Ctx, int], dict[str, Any] | None]:
        self.spec = fn
        return fn


RULES: Rules[ActionRule] = Rules("Mtaani", ACTION_TYPES)
"""Action ``type`` -> its :class:`ActionRule` (the game's :class:`engine.context.Rules`), in
the order ``actions.ACTION_TYPES`` declares the actions (whichever rule module was imported
first: the listing, and so the bots' and random games' choices, follow this order). Its
``changed`` functions are called when a rule is registered or given its checker or lister:
what was worked out from the rules (:mod:`engine.mtaani.legal`'s tables) starts again."""


def action_rule(cls: type[_Action], kinds: set[str] | str | None = None, fields: tuple[str, ...] = ()) -> ActionRule:
    """Register and return the :class:`ActionRule` of action class ``cls`` (``fields``: the
    fields besides ``player`` its listed instances are told apart by, see ``ActionRule.make``;
    ``ValueError`` when its type has a rule already)."""
    rule = ActionRule(cls, kinds, fields)
    return RULES.add(rule.type, rule)


def check_action(ctx: Ctx, action: Any) -> ActionRule:
    """Every check ``action`` must pass (common ones, then its rule's); returns the rule.
    Raises :class:`InvalidAction` for a type with no rule (the reducer's error for an action
    it does not know, :meth:`engine.core.Ruleset.recognise`)."""
    rule = RULES.of(action)
    if rule.free:
        require_seated(ctx, action.player)
    else:
        kinds = rule.kinds
        # require_actor, spelled out: this runs for every action applied.
        s, player = ctx.s, action.player
        if s.winner is not None or s.termination is not None or not 0 <= player < len(s.players) \
                or s.players[player].bankrupt:
            require_seated(ctx, player)
        decision = s.decision
        if decision is None or decision.player != player or (
                kinds is not None and decision.kind not in kinds):
            require_actor(ctx, player, kinds)  # type: ignore[arg-type]  # not free: a set or None
    if rule.checked:
        rule.check(ctx, action)
    return rule


def owes(ctx: Ctx, player: int) -> bool:
    """Whether ``player`` owes a mandatory payment they could not cover (a debt)."""
    debts = ctx.s.debts
    return bool(debts) and any(d.debtor == player and d.amount for d in debts)


def require_not_owing(ctx: Ctx, player: int, doing: str) -> None:
    """Raise :class:`IllegalAction` when ``player`` owes a mandatory payment they could not
    cover: their cash goes to what they owe first, so ``doing`` (lending, repaying a loan early,
    buying a card) waits until it is paid. Raising funds (borrowing, mortgaging, selling units,
    trading) stays open, as the guide's "Loans and mortgages" says."""
    debts = ctx.s.debts
    owed = sum(d.amount for d in debts if d.debtor == player) if debts else 0
    if owed:
        raise IllegalAction(f"you owe {owed:,} SFR: pay it (raise funds or declare bankruptcy) "
                            f"before {doing}")


def require_seated(ctx: Ctx, player: int, *, other: bool = False) -> None:
    """The game is on and ``player`` is an active seat (for actions needing no decision).
    ``other``: ``player`` is the one an offer goes to, not the actor (the words say so)."""
    s = ctx.s
    if s.winner is not None or s.termination is not None:
        raise GameOver("the game is over")
    if not 0 <= player < len(s.players):
        raise IllegalAction(f"there is no seat {player} at this table")
    if s.players[player].bankrupt:
        raise IllegalAction("that player is bankrupt and out of the game" if other
                            else "you are bankrupt and out of the game")
