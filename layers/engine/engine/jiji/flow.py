"""The Jiji turn machine: the apply context, money transfers, debts, turns and the rule registry.

Every action runs in a :class:`Ctx`. Money moves only through :meth:`Ctx.transfer` (between a
seat and the bank, or between two seats), so the sum of the players' cash and the bank's never
changes. A payment a player cannot make becomes a :class:`~engine.jiji.state.Debt` (rulebook
"Deals, Mortgages and Bankruptcy": "If you cannot pay a rent or a tax demanded of you, you may
mortgage one or more of your districts"); the game waits for it, and it is paid as soon as the
debtor holds the amount (:func:`settle`).

Each action type has a check (raises, changes nothing) and a perform (changes the state),
registered with :func:`register` by the rule modules; :func:`check_action` is the one legality
check that ``apply`` and ``LegalActions.__contains__`` share.

Rule source: ``shared/seeds/002_c447a5e4840630ef.txt`` "How to Play" (steps A, B, C; doubles
roll again; the turn passes to the left) and the decisions file ("Table").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import context
from engine.context import Ctx as BaseCtx
from engine.context import Rule, Rules
from engine.core import Event, GameOver, IllegalAction, NotYourDecision
from engine.jiji.data import Book
from engine.jiji.state import Debt, JijiState

BANK = context.BANK
"""The bank as a party to a transfer or a debt (:data:`engine.context.BANK`)."""


class Ctx(BaseCtx):
    """One action's working context (:class:`engine.context.Ctx`, whose ``transfer`` moves
    money between seats and the bank, ``s.bank``): the data ``b``, the (copied) state ``s``,
    the events so far, ``now`` (the action's time, Unix seconds, or ``None`` when it carries
    none) and ``mark`` (where the turn stood before the action's rule: :func:`progress`)."""

    __slots__ = ("b", "mark", "now")
    s: JijiState
    events: list[Event]

    def __init__(self, book: Book, state: JijiState, now: int | None = None):
        super().__init__(state, [])
        self.b = book
        self.now = now
        self.mark: tuple[Any, ...] | None = None

    def charge(self, debtor: int, creditor: int | None, amount: int, reason: str) -> bool:
        """A payment ``debtor`` must make: paid now when they hold it and owe nothing earlier,
        else a debt the game waits on (event ``DebtOwed``). Returns whether it was paid now."""
        if amount <= 0:
            return True
        s = self.s
        if not any(d.debtor == debtor for d in s.debts) and s.players[debtor].cash >= amount:
            self.transfer(debtor, creditor, amount, reason)
            return True
        debt = Debt(s.next_id(), debtor, creditor, amount, reason)
        s.debts.append(debt)
        self.emit("DebtOwed", debtor=debtor, creditor="bank" if creditor is BANK else creditor,
                  amount=amount, reason=reason)
        return False

    def pay_salary(self, seat: int) -> None:
        """Passing (or landing on) GO: the salary plus M1M per stadium the player owns.
        Source: rulebook "Stadiums": "You receive M1M per stadium you own each time you pass
        the GO space (in addition to your salary)"; decisions "Salary for passing GO: 2M"."""
        b, s = self.b, self.s
        stadiums = sum(1 for d in s.districts.values() if d.stadium and d.owner == seat)
        self.transfer(BANK, seat, b.salary, "salary")
        if stadiums:
            self.transfer(BANK, seat, stadiums * b.stadium_go_bonus, "stadiums")
        self.emit("PassedGo", player=seat, salary=b.salary, stadiums=stadiums,
                  bonus=stadiums * b.stadium_go_bonus)


# ---------------------------------------------------------------------- the rule registry
Check = Callable[[Ctx, Any], None]
Perform = Callable[[Ctx, Any], None]

RULES: Rules[Rule] = Rules("Jiji")
"""Action ``type`` -> its :class:`engine.context.Rule` (the game's :class:`engine.context.Rules`)."""


def register(type_: str, check: Check, perform: Perform) -> None:
    """Make ``check`` (raises, changes nothing) and ``perform`` the rule of action ``type_``
    (``ValueError`` when it has one already)."""
    RULES.add(type_, Rule(check, perform))


UPPER: dict[str, Callable[..., Any]] = {}
"""Rules of the modules above that the ones below them call back, by ``"module.function"``:
each rule module imports only the ones below it (this one first), so a lower rule that
hands on to a higher one (a landing to the Chance card it draws, the table to the game
clock's end) reaches it here. Filled by :func:`upper` as the higher modules are imported (the
ruleset imports them all): ``clock.start``, ``clock.finish``, ``clock.ran_out``,
``idle.autoplay``, ``cards.draw``, ``build.permit_options``, ``jail.send_to_jail``,
``jail.roll_in_jail``."""


def upper(module: str, *functions: Callable[..., Any]) -> None:
    """Put ``functions`` of rule module ``module`` (its short name) in :data:`UPPER`."""
    for function in functions:
        UPPER[f"{module}.{function.__name__}"] = function


def check_action(ctx: Ctx, action: Any) -> Rule:
    """Run the check of ``action``'s rule; returns the rule. Raises :class:`InvalidAction`
    for an unknown type and the check's error otherwise."""
    rule = RULES.of(action)
    rule.check(ctx, action)
    return rule


def progress(s: JijiState) -> tuple[Any, ...]:
    """Where the turn stands: its holder, phase and number, whether an auction is open, the
    debts owed, a roll again and a building grant. Only progress (a change of it) gives the
    turn holder a new decision (issue 15)."""
    return (s.cur, s.phase, s.turn, s.auction is None, len(s.debts), s.again, s.grant)


# ---------------------------------------------------------------------- common checks
def live(ctx: Ctx) -> None:
    """The game is on and not saved; raises :class:`GameOver` or :class:`IllegalAction`."""
    s = ctx.s
    if s.over is not None:
        raise GameOver("the game is over")
    if s.paused_at is not None:
        raise IllegalAction("the game is saved: resume it first")


def seated(ctx: Ctx, seat: int) -> None:
    """``seat`` is a seat of this game still playing; raises :class:`IllegalAction`."""
    if not 0 <= seat < len(ctx.s.players):
        raise IllegalAction(f"there is no seat {seat} at this table")
    if ctx.s.players[seat].out:
        raise IllegalAction("you are bankrupt and out of the game")


def no_auction(ctx: Ctx) -> None:
    """Raises :class:`IllegalAction` while an auction is open (the game waits for it)."""
    if ctx.s.auction is not None:
        raise IllegalAction("an auction is open: the game waits for it to close")


def turn_holder(ctx: Ctx, player: int, *phases: str) -> None:
    """``player`` holds the turn's decision now, in one of ``phases`` (any when empty).
    Raises :class:`GameOver`, :class:`NotYourDecision` or :class:`IllegalAction`."""
    live(ctx)
    no_auction(ctx)
    s = ctx.s
    if s.debts:
        raise IllegalAction("a payment is owed: the game waits for it to be made")
    if player != s.cur:
        raise NotYourDecision("it is not your turn")
    if phases and s.phase not in phases:
        raise IllegalAction(f"not now: the turn is at {s.phase!r}")


def owned_by(ctx: Ctx, player: int, space: int) -> None:
    """``space`` is a district ``player`` owns; raises :class:`IllegalAction`."""
    d = ctx.s.districts.get(space)
    if d is None:
        raise IllegalAction(f"space {space} is not a district")
    if d.owner != player:
        raise IllegalAction(f"{ctx.b.name[space]} is not yours")


def amount_in_steps(ctx: Ctx, amount: int, what: str) -> None:
    """Raises :class:`IllegalAction` unless ``amount`` is a multiple of M10k."""
    if amount % ctx.b.step:
        raise IllegalAction(f"{what} must be a multiple of M10k")


# ---------------------------------------------------------------------- turns
def start_turn(ctx: Ctx, seat: int) -> None:
    """``seat``'s turn begins: step A (roll) is next. Source: rulebook "How to Play"."""
    s = ctx.s
    s.cur = seat
    s.phase = "roll"
    s.turn += 1
    s.doubles = 0
    s.again = False
    s.pressed = False
    s.grant = 0
    s.free_kind = None
    s.jump = False
    s.via = "dice"
    s.auction_space = False
    s.rent = None
    s.auto = False
    ctx.emit("TurnStarted", player=seat, turn=s.turn)


def next_turn(ctx: Ctx) -> None:
    """The turn passes to the next seat still playing ("The player to your left rolls the
    dice next")."""
    s = ctx.s
    n = len(s.players)
    for step in range(1, n + 1):
        seat = (s.cur + step) % n
        if not s.players[seat].out:
            ctx.emit("TurnEnded", player=s.cur, turn=s.turn)
            start_turn(ctx, seat)
            return


def after_landing(ctx: Ctx) -> None:
    """The landing is settled: step C (build, and the turn's other choices). A jump is open
    when the player landed on a district with a station by dice or card (rulebook
    "Stations": "When you stop on a space with a station, you may move to ANY other space
    that also has a station"; decisions: one jump per landing, no chains)."""
    s = ctx.s
    s.phase = "turn"
    space = s.players[s.cur].pos
    d = s.districts.get(space)
    s.jump = (d is not None and d.station and s.via != "jump"
              and any(o.station for k, o in s.districts.items() if k != space))


def pay_debts(ctx: Ctx) -> None:
    """Pay every debt whose debtor now holds the amount, oldest first (a debtor's later debts
    wait behind the earlier one)."""
    s = ctx.s
    if not s.debts:
        return
    blocked: set[int] = set()
    kept = []
    for debt in s.debts:
        payer = s.players[debt.debtor]
        if debt.debtor not in blocked and payer.cash >= debt.amount:
            ctx.transfer(debt.debtor, debt.creditor, debt.amount, debt.reason)
            ctx.emit("DebtPaid", debtor=debt.debtor,
                     creditor="bank" if debt.creditor is BANK else debt.creditor,
                     amount=debt.amount, reason=debt.reason)
        else:
            blocked.add(debt.debtor)
            kept.append(debt)
    s.debts = kept


def settle(ctx: Ctx) -> None:
    """After every action: pay what can be paid, end the game when one player is left, and
    let the table go on playing an idle turn (:func:`engine.jiji.idle.autoplay`)."""
    s = ctx.s
    if s.over is not None:
        return
    pay_debts(ctx)
    if len(s.active()) <= 1:
        UPPER["clock.finish"](ctx, "bankruptcy")
        return
    if s.auto and s.auction is None and not s.debts:
        UPPER["idle.autoplay"](ctx)
