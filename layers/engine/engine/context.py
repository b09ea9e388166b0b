"""What every game's rules run in: the working context with the transfers that conserve totals,
and the one rule registry.

- :class:`Ctx`: one action's working context (:meth:`engine.core.Ruleset.context`): the state
  ``s`` and the events so far. Money moves only through :meth:`Ctx.transfer` (between two
  seats, or between a seat and the bank: Mtaani's ATM pool, Jiji's bank), cards only through
  :func:`move_card` (out of one pile, into another), so the sum of the money and the multiset
  of the cards never change after the deal (the hypothesis tests of
  ``tests/engine/test_table_invariants.py`` and ``test_mulodi_invariants.py`` check it).
  Each game subclasses it with its own data and its own rules' helpers (a payment that becomes
  a debt, a salary).
- :class:`Rules`: action ``type`` -> its rule (:class:`engine.core.Rule`), each type registered
  once, in the order the game declares its actions; :meth:`Rules.of` gives an action's rule
  or the one error every game gives for an action it does not know.

Imports nothing of any game; every ruleset imports it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, MutableSequence
from typing import Any, ClassVar

from engine.core import Event, InvalidAction

BANK = None
"""The bank (Mtaani's ATM pool) as a party to a transfer."""


class Ctx:
    """One action's working context: the state ``s`` (the copy the action changes) and the
    ``events`` so far (``None`` in a quiet context: nothing is recorded, self-play reads none).

    A subclass names where its state keeps the bank's money (:attr:`bank_field`), how a
    payment event names the bank (:attr:`bank_name`) and whether the bank can run short
    (:attr:`bank_limited`); its seats' money is ``s.players[seat].cash``."""

    __slots__ = ("events", "s")

    bank_field: ClassVar[str] = "bank"
    """The state attribute holding the bank's money (``"pool"``: Mtaani's ATM pool)."""
    bank_name: ClassVar[str] = "bank"
    """The bank's name as a payer or payee of a ``Payment`` event."""
    bank_limited: ClassVar[bool] = False
    """Whether the bank holds a fixed sum that a payment may not overdraw (Mtaani's pool:
    the caller pays out only what is left); Jiji's bank never runs out."""

    def __init__(self, state: Any, events: list[Event] | None = None) -> None:
        self.s = state
        self.events = events

    # ------------------------------------------------------------------ events
    def emit(self, type_: str, **data: Any) -> None:
        """Record an event ``{**data, "type": type_}`` (in the game's terms: seats, spaces,
        money), unless the context is quiet."""
        events = self.events
        if events is not None:
            data["type"] = type_
            events.append(data)

    # ------------------------------------------------------------------ money
    def transfer(self, src: int | None, dst: int | None, amount: int, reason: str,
                 tile: int | None = None, extra: dict[str, Any] | None = None) -> int:
        """Move ``amount`` (the game's money: SFR, M) from ``src`` to ``dst``, each a seat or
        :data:`BANK`; the only place a seat's cash or the bank's money changes after the deal.

        The caller guarantees the payer holds the amount: ``AssertionError`` ("cash
        overdraft", "bank overdraft" for a :attr:`bank_limited` bank) otherwise, with
        nothing changed. Nothing moves for an amount of 0 or less. Emits ``Payment`` (payer,
        payee, amount, reason, then ``tile`` when given and the fields of ``extra``: a dict,
        not keywords, so the payments that have none, most of them, make no dict); returns
        the amount moved."""
        if amount <= 0:
            return 0
        s = self.s
        if src is BANK:
            field = self.bank_field
            held = getattr(s, field)
            if self.bank_limited and held < amount:
                raise AssertionError("bank overdraft")
            setattr(s, field, held - amount)
        else:
            payer = s.players[src]
            if payer.cash < amount:
                raise AssertionError("cash overdraft")
            payer.cash -= amount
        if dst is BANK:
            field = self.bank_field
            setattr(s, field, getattr(s, field) + amount)
        else:
            s.players[dst].cash += amount
        events = self.events
        if events is None:
            return amount
        bank = self.bank_name
        event = {"payer": bank if src is BANK else src, "payee": bank if dst is BANK else dst,
                 "amount": amount, "reason": reason}
        if tile is not None:
            event["tile"] = tile
        if extra:
            event.update(extra)
        event["type"] = "Payment"
        events.append(event)
        return amount


# ---------------------------------------------------------------------- cards
def move_card(card: Any, src: MutableSequence[Any], dst: MutableSequence[Any],
              at: int | None = None) -> Any:
    """Move ``card`` out of pile ``src`` into pile ``dst`` (a hand, a bank, a property set, a
    draw or discard pile): appended, or inserted at index ``at`` (``0``: the bottom of a pile
    whose top is last). The only way a card changes place after the deal, so none is made or
    lost. ``AssertionError`` ("card not in its pile") when ``src`` does not hold it, with
    nothing changed. Returns the card."""
    try:
        src.remove(card)
    except ValueError:
        raise AssertionError(f"card {card!r} not in its pile") from None
    if at is None:
        dst.append(card)
    else:
        dst.insert(at, card)
    return card


def take_card(src: MutableSequence[Any], dst: MutableSequence[Any], index: int = -1) -> Any:
    """Move the card at ``index`` of pile ``src`` (default its last: the top of a draw pile
    whose top is last) to the end of ``dst``; returns it. ``IndexError`` on an empty pile."""
    card = src.pop(index)
    dst.append(card)
    return card


# ---------------------------------------------------------------------- hooks
class Hooks[F](list[F]):
    """Functions that rule modules plug into another rule (at a revolution, a bankruptcy, a
    fee's percent, ...), run in the order of their modules' names (``engine.mtaani.credit``
    before ``engine.mtaani.municipal``), several of one module in the order they were added:
    the same order whichever module a process imported first, so the same actions give the
    same events and state in every process (a service handler, a verifier, a bot's process).

    A list (iterated as fast as one): :meth:`append` puts a function in its place."""

    def append(self, fn: F) -> None:
        """Add ``fn`` after every hook of a module whose name sorts before or equal to its
        own (``fn.__module__``), before the others."""
        module = getattr(fn, "__module__", "") or ""
        at = len(self)
        while at and (getattr(self[at - 1], "__module__", "") or "") > module:
            at -= 1
        self.insert(at, fn)


# ---------------------------------------------------------------------- the rule registry
class Rule:
    """An action type's rule as most games write it (:class:`engine.core.Rule`): ``check``
    (``(ctx, action)``: raises :class:`engine.IllegalAction` or another engine error with a
    message a player understands, changes nothing) and ``perform`` (``(ctx, action)``: changes
    the state)."""

    __slots__ = ("check", "perform")

    def __init__(self, check: Callable[[Any, Any], Any], perform: Callable[[Any, Any], None]):
        self.check = check
        self.perform = perform


class Rules[R](dict[str, R]):
    """The one rule registry of a game: action ``type`` -> its rule (what
    :attr:`engine.core.Ruleset.rules` holds, whose ``perform`` the reducer runs).

    ``game``: its readable name, for the error of an unknown action; ``order``: the action
    types in the order the game declares them: the registry iterates in it whatever order
    the rule modules were imported in (listings, and so bots' and random games' choices,
    follow it). A type is registered once (``ValueError`` for a second time); ``changed``:
    functions called after each registration (what was worked out from the rules starts
    again: Mtaani's listing tables)."""

    def __init__(self, game: str, order: Iterable[str] = ()) -> None:
        super().__init__()
        self.game = game
        self.rank = {name: i for i, name in enumerate(order)}
        self.changed: list[Callable[[], None]] = []

    def add(self, type_: str, rule: R) -> R:
        """Register ``rule`` as action ``type_``'s; returns it. ``ValueError`` when ``type_``
        already has one."""
        if type_ in self:
            raise ValueError(f"{self.game} action {type_!r} registered twice")
        self[type_] = rule
        if self.rank:
            rank, last = self.rank, len(self.rank)
            ordered = sorted(self.items(), key=lambda item: rank.get(item[0], last))
            self.clear()
            self.update(ordered)
        self.note_change()
        return rule

    def note_change(self) -> None:
        """Call every :attr:`changed` function (a rule was registered or changed)."""
        for hook in self.changed:
            hook()

    def of(self, action: Any) -> R:
        """The rule of ``action`` (any object with a ``type``). Raises
        :class:`engine.InvalidAction` ("not a <game> action") for a type with no rule."""
        rule = self.get(getattr(action, "type", ""))
        if rule is None:
            raise InvalidAction(f"not a {self.game} action")
        return rule
