"""Legal actions: candidates from every action rule, kept when the rule's check passes.

This is the one source of legality: :func:`engine.mtaani.ruleset.MtaaniRuleset.apply` runs the
same :func:`~engine.mtaani.flow.check_action` on the action it is given, so the listed actions
are exactly those ``apply`` accepts (actions with free parameters are also described in
``LegalActions.specs``).

``check_action`` is the common checks (the game is on, the seat is active and holds a decision
of the rule's kinds) followed by the rule's own check. A listing settles the common part once
for the seat and each rule (:func:`rules_for`) and runs only the rule's check on each
candidate. Two forms:

- :func:`legal_actions`: the whole listing, made at once (``engine.legal_actions``, the
  service);
- :func:`lazy_legal_actions`: the same listing read by type as it is asked for
  (:meth:`LazyLegalActions.of_type`); the bots ask for the few types they weigh, so a decision
  does not list every mortgage and build it will not take. It is read on the state as it is
  when read: read it before changing the state in place.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from engine.core import EngineError, LegalActions
from engine.mtaani.data import Rulebook
from engine.mtaani.flow import RULES, ActionRule, Ctx, check_action, new_ctx
from engine.mtaani.state import MtaaniState

SYSTEM_ACTIONS = frozenset({"timeout"})
"""Actions the table (the service's timers) applies, never a player: ``apply`` accepts them
when valid, but they are neither listed nor ``in`` a player's legal actions; the one that
applies now is :func:`engine.deadline_action`."""

_RULES_FOR: dict[str | None, list[tuple[str, ActionRule]]] = {}


def rules_for(kind: str | None) -> list[tuple[str, ActionRule]]:
    """The rules (``(type, rule)`` in ``RULES``'s order, system actions excluded) a seat may
    use while holding a decision of ``kind`` (``None``: holding none, only the free ones)."""
    found = _RULES_FOR.get(kind)
    if found is None:
        found = _RULES_FOR[kind] = [
            (name, rule) for name, rule in RULES.items()
            if name not in SYSTEM_ACTIONS and (
                rule.kinds == "free" if kind is None
                else rule.kinds in (None, "free") or kind in rule.kinds)]
    return found


def _listed(ctx: Ctx, rule: ActionRule, player: int) -> list:
    """``rule``'s candidates for ``player`` that its check accepts (the common checks passed)."""
    if rule.exact or not rule.checked:
        found = rule.candidates(ctx, player)
        return found if type(found) is list else list(found)
    check = rule.check
    out = []
    for action in rule.candidates(ctx, player):
        try:
            check(ctx, action)
        except EngineError:
            continue
        out.append(action)
    return out


def _seat_rules(ctx: Ctx, player: int) -> tuple[list[tuple[str, ActionRule]], bool]:
    """The rules open to ``player`` now and whether the seat may act (``([], False)`` when
    the seat does not exist or the game is over). A bankrupt seat acts on nothing, but its
    rules still describe their specs."""
    s = ctx.s
    if not 0 <= player < len(s.players) or s.winner is not None or s.termination is not None:
        return [], False
    decision = s.decision
    holds = decision is not None and decision.player == player
    return rules_for(decision.kind if holds else None), not s.players[player].bankrupt  # type: ignore[union-attr]  # holds: not None


def _checker(ctx: Ctx, player: int):
    def check(action) -> None:
        if action.player != player:
            raise EngineError("not this player's action")
        if action.type in SYSTEM_ACTIONS:
            raise EngineError("the table's action, not a player's (see engine.deadline_action)")
        check_action(ctx, action)

    return check


def legal_actions(ctx: Ctx, player: int) -> LegalActions:
    """Every action seat ``player`` may apply in ``ctx.s`` (system actions excluded)."""
    actions: list = []
    specs: dict[str, dict[str, Any]] = {}
    rules, acts = _seat_rules(ctx, player)
    ctx.memo = {}
    for name, rule in rules:
        if acts:
            # _listed, with its two quick cases spelled out: one default action with no check
            # (always legal here), and an exact lister (no check to run).
            alone = rule.alone
            if alone is not None and not rule.checked:
                found = alone[player]
                actions.append((found if found is not None else rule.singleton(player))[0])
            elif rule.exact:
                if rule.none_when is None or not rule.none_when(ctx.s, player):
                    actions += rule.candidates(ctx, player)
            else:
                actions += _listed(ctx, rule, player)
        if rule.spec is not None:
            spec = rule.spec(ctx, player)
            if spec:
                specs[name] = spec
    ctx.memo = None
    return LegalActions(actions, _checker(ctx, player), specs)


class _LazySpecs(Mapping):
    """The specs of a :class:`LazyLegalActions`, each described when first asked for."""

    __slots__ = ("_ctx", "_player", "_rules", "_specs")

    def __init__(self, ctx: Ctx, player: int, rules: dict[str, ActionRule]):
        self._ctx = ctx
        self._player = player
        self._rules = rules
        self._specs: dict[str, Any] = {}

    def _spec(self, name: str) -> Any:
        if name not in self._specs:
            rule = self._rules.get(name)
            self._specs[name] = rule.spec(self._ctx, self._player) if rule is not None and \
                rule.spec is not None else None
        return self._specs[name]

    def __getitem__(self, name: str) -> dict[str, Any]:
        spec = self._spec(name)
        if not spec:
            raise KeyError(name)
        return spec

    def get(self, name: str, default: Any = None) -> Any:
        return self._spec(name) or default

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and bool(self._spec(name))

    def _all(self) -> dict[str, Any]:
        return {name: spec for name in self._rules if (spec := self._spec(name))}

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


class _Seat:
    """What a seat may use now: its rules by type (``rules``), the same types ordered for a
    quick "anything listed?" (``answers_first``: the answers made for the decision held, the
    rarest first, unchecked ones before checked), and whether the first of those is always
    listed (``sure``: one action with no check, such as rolling or ending the turn), for each
    decision kind and for holding none."""

    __slots__ = ("answers_first", "rules", "simple", "sure")

    def __init__(self, kind: str | None):
        listed = rules_for(kind)
        self.rules: dict[str, ActionRule] = dict(listed)
        self.simple: dict[str, ActionRule] = {
            name: rule for name, rule in listed if rule.alone is not None and not rule.checked}
        """The rules whose one default action is always legal for the seat (``singleton``)."""

        def rarity(name: str) -> tuple[int, bool]:
            rule = self.rules[name]
            kinds = rule.kinds
            return (len(kinds) if isinstance(kinds, set | frozenset) else 99), rule.checked

        self.answers_first = sorted(self.rules, key=rarity)
        first = self.rules[self.answers_first[0]] if self.answers_first else None
        self.sure = first is not None and first.alone is not None and not first.checked


_SEATS: dict[str | None, _Seat] = {}
_NOTHING = _Seat.__new__(_Seat)
_NOTHING.rules, _NOTHING.simple, _NOTHING.answers_first, _NOTHING.sure = {}, {}, [], False


def _forget() -> None:
    """The rules changed: work the tables out again when next asked."""
    _RULES_FOR.clear()
    _SEATS.clear()
    _SURE.clear()


RULES.changed.append(_forget)


class LazyLegalActions(LegalActions):
    """:func:`legal_actions`, listed by type as it is read: :meth:`of_type` lists one type;
    iterating, indexing, ``len`` or :meth:`types` list them all (in the same order as
    :func:`legal_actions`); ``action in legal`` runs the check as always (an action this
    listing handed out is known to pass it); ``specs`` are described as they are asked for.
    ``surely`` is true when something is listed for sure (the answer made for the decision
    held, such as rolling or ending the turn), known without listing."""

    __slots__ = ("_acts", "_book", "_by_type", "_ctx", "_listed", "_player", "_seat", "_specs",
                 "_state", "surely")
    _specs: _LazySpecs | None

    def __init__(self, book: Rulebook, s: MtaaniState, player: int, ctx: Ctx | None = None):
        # Not LegalActions.__init__: the listing, its check (``_check``), whether anything is
        # listed (``_listed``), the specs (``_specs``) and the engine context (``_ctx``) are
        # made when first needed.
        self._book = book
        self._state = s
        self._ctx = ctx
        self._player = player
        self._by_type: dict[str, Sequence] | None = None
        self._actions = self._check = self._specs = None  # type: ignore[assignment]  # made when first read
        if not 0 <= player < len(s.players) or s.winner is not None or s.termination is not None:
            self._seat, self._acts, self._listed = _NOTHING, False, None
            self.surely = False
            return
        decision = s.decision
        kind = decision.kind if decision is not None and decision.player == player else None
        seat = _SEATS.get(kind)
        if seat is None:
            seat = _SEATS[kind] = _Seat(kind)
        self._seat = seat
        acts = self._acts = not s.players[player].bankrupt
        # The decision's own answer (rolling, ending the turn, ...) is always listed.
        self.surely = acts and seat.sure
        self._listed = True if self.surely else None

    def _context(self) -> Ctx:
        ctx = self._ctx
        if ctx is None:
            ctx = self._ctx = new_ctx(self._book, self._state, quiet=True)
        return ctx

    @property
    def specs(self) -> Mapping[str, dict[str, Any]]:  # type: ignore[override]  # core: an attribute; here described when read
        if self._specs is None:
            self._specs = _LazySpecs(self._context(), self._player, self._seat.rules)
        return self._specs

    def of_type(self, name: str) -> Sequence:
        """The listed actions of type ``name``, in listing order (a list or tuple; do not
        change it)."""
        if not self._acts:
            return ()
        seat = self._seat
        rule = seat.simple.get(name)
        if rule is not None:
            # One action, always legal here: the rule's shared 1-tuple (ActionRule.singleton).
            found = rule.alone[self._player]  # type: ignore[index]  # a simple rule keeps its alone
            return found if found is not None else rule.singleton(self._player)
        by_type = self._by_type
        if by_type is not None:
            found = by_type.get(name)
            if found is not None:
                return found
        rule = seat.rules.get(name)
        if rule is None:
            return ()
        if rule.none_when is not None and rule.none_when(self._state, self._player):
            return ()
        ctx = self._ctx
        if ctx is None:
            ctx = self._ctx = new_ctx(self._book, self._state, quiet=True)  # listers emit nothing
        if rule.exact:
            found = rule.candidates(ctx, self._player)  # _listed, spelled out for exact listers
        else:
            if ctx.memo is None:
                ctx.memo = {}
            found = _listed(ctx, rule, self._player)
        if found:  # kept, so that ``in`` knows the actions handed out (nothing to know of none)
            if by_type is None:
                by_type = self._by_type = {}
            by_type[name] = found
        return found

    def _everything(self) -> list:
        if self._actions is None:
            ctx = self._context()
            if ctx.memo is None:
                ctx.memo = {}  # every type is listed: let the listers share what they work out
            self._actions = [a for name in self._seat.rules for a in self.of_type(name)]
        return self._actions

    def __contains__(self, action: object) -> bool:
        # An action this listing handed out is known to be legal here.
        if self._acts:
            name = getattr(action, "type", None)
            rule = self._seat.simple.get(name)  # type: ignore[arg-type]  # None (no type) finds none
            if rule is not None:
                found = rule.alone[self._player]  # type: ignore[index]  # a simple rule keeps its alone
                if found is not None and found[0] is action:
                    return True
            elif self._by_type is not None:
                for found in self._by_type.get(name, ()):  # type: ignore[arg-type]  # None finds none
                    if found is action:
                        return True
        if not isinstance(action, BaseModel):
            return False
        check = self._check
        if check is None:
            check = self._check = _checker(self._context(), self._player)
        try:
            check(action)
        except EngineError:
            return False
        return True

    def __bool__(self) -> bool:
        if self._listed is not None:
            return self._listed
        if self._actions is not None:
            self._listed = bool(self._actions)
        else:
            self._listed = False
            for name in self._seat.answers_first:
                if self.of_type(name):
                    self._listed = True
                    break
        return self._listed

    def __getitem__(self, index):
        return self._everything()[index]

    def __len__(self) -> int:
        return len(self._everything())

    def __iter__(self):
        return iter(self._everything())

    def types(self) -> list[str]:
        seen = dict.fromkeys(name for name in self._seat.rules if self.of_type(name))
        for name in self.specs:
            seen.setdefault(name, None)
        return list(seen)


def sure(kind: str, name: str, player: int) -> Any:
    """The one listed action of type ``name`` when it is always legal for the seat holding a
    decision of ``kind`` (an active seat, the game on): the rule's shared instance, the one
    :meth:`LazyLegalActions.of_type` hands out; ``None`` when a listing must decide. Bots
    answer the decisions that need no listing with it (``turn``: roll; ``end``: end the
    turn)."""
    try:
        return _SURE[kind][name][player]  # (nested: no key tuple made for each answer)
    except KeyError:
        pass
    seat = _SEATS.get(kind)
    if seat is None:
        seat = _SEATS[kind] = _Seat(kind)
    rule = seat.simple.get(name)
    found = None if rule is None else rule.singleton(player)[0]
    _SURE.setdefault(kind, {}).setdefault(name, {})[player] = found
    return found


_SURE: dict[str, dict[str, dict[int, Any]]] = {}
"""kind -> type -> seat -> what :func:`sure` answers (worked out again when the rules change)."""


def listed(book: Rulebook, state: MtaaniState, player: int, kind: str, name: str) -> Sequence:
    """The listed actions of type ``name`` for seat ``player`` holding a decision of ``kind``
    (an active seat, the game on, no offer waiting for it): what
    ``LazyLegalActions(book, state, player).of_type(name)`` lists, the same shared instances
    in the same order, without the listing object (bots' quick answers). A tuple or a list;
    do not change it."""
    seat = _SEATS.get(kind)
    if seat is None:
        seat = _SEATS[kind] = _Seat(kind)
    rule = seat.simple.get(name)
    if rule is not None:
        found = rule.alone[player]  # type: ignore[index]  # a simple rule keeps its alone
        return found if found is not None else rule.singleton(player)
    rule = seat.rules.get(name)
    if rule is None or (rule.none_when is not None and rule.none_when(state, player)):
        return ()
    ctx = new_ctx(book, state, quiet=True)
    if rule.exact:
        return rule.candidates(ctx, player)
    ctx.memo = {}
    return _listed(ctx, rule, player)


def lazy_legal_actions(ctx: Ctx, player: int) -> LazyLegalActions:
    """:func:`legal_actions` read by type as it is asked for (see :class:`LazyLegalActions`)."""
    return LazyLegalActions(ctx.book, ctx.s, player, ctx)


# ------------------------------------------------------------------ who the table waits on
def has_offers(state, seat: int) -> bool:
    """Whether a trade or loan offer made to ``seat`` waits for its answer."""
    trades = getattr(state, "trades", ())
    loans = getattr(state, "loan_offers", ())
    return (any(t.to == seat for t in trades)
            or any(seat in (o.lender, o.borrower) and o.proposer != seat for o in loans))


def waiting_seats(state) -> list[int]:
    """Seats the game waits on now: every seat with an offer to answer, then the holder of
    the pending decision (``Ruleset.waiting_seats``; self-play and the service's bot timer
    ask each in turn)."""
    decision = state.decision
    if not state.trades and not state.loan_offers:
        return [] if decision is None else [decision.player]  # no offer waits for anyone
    seats = [i for i, p in enumerate(state.players) if not p.bankrupt and has_offers(state, i)]
    if decision is not None and decision.player not in seats:
        seats.append(decision.player)
    return seats
