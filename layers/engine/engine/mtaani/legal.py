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

from collections.abc import Iterator, Mapping
from typing import Any

from engine.core import EngineError, LegalActions
from engine.mtaani.flow import RULES, ActionRule, Ctx, check_action

SYSTEM_ACTIONS = frozenset({"timeout"})
"""Actions the table (the service's timers) applies, never a player: ``apply`` accepts them
when valid, but they are neither listed nor ``in`` a player's legal actions; the one that
applies now is :func:`engine.deadline_action`."""

_RULES_FOR: dict[tuple[str | None, int], list[tuple[str, ActionRule]]] = {}


def rules_for(kind: str | None) -> list[tuple[str, ActionRule]]:
    """The rules (``(type, rule)`` in registration order, system actions excluded) a seat may
    use while holding a decision of ``kind`` (``None``: holding none, only the free ones)."""
    key = (kind, len(RULES))
    found = _RULES_FOR.get(key)
    if found is None:
        found = _RULES_FOR[key] = [
            (name, rule) for name, rule in RULES.items()
            if name not in SYSTEM_ACTIONS and (
                rule.kinds == "free" if kind is None
                else rule.kinds in (None, "free") or kind in rule.kinds)]
    return found


def _listed(ctx: Ctx, rule: ActionRule, player: int) -> list:
    """``rule``'s candidates for ``player`` that its check accepts (the common checks passed)."""
    if rule.exact or not rule.checked:
        return list(rule.candidates(ctx, player))
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
    return rules_for(decision.kind if holds else None), not s.players[player].bankrupt


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
            actions += _listed(ctx, rule, player)
        if rule.spec is not None:
            spec = rule.spec(ctx, player)
            if spec:
                specs[name] = spec
    ctx.memo = None
    return LegalActions(actions, _checker(ctx, player), specs)


class _LazySpecs(Mapping):
    """The specs of a :class:`LazyLegalActions`, each described when first asked for."""

    __slots__ = ("_ctx", "_done", "_player", "_rules", "_specs")

    def __init__(self, ctx: Ctx, player: int, rules: dict[str, ActionRule]):
        self._ctx = ctx
        self._player = player
        self._rules = rules
        self._specs: dict[str, Any] = {}
        self._done = False

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


class LazyLegalActions(LegalActions):
    """:func:`legal_actions`, listed by type as it is read: :meth:`of_type` lists one type;
    iterating, indexing, ``len`` or :meth:`types` list them all (in the same order as
    :func:`legal_actions`); ``action in legal`` runs the check as always."""

    __slots__ = ("_acts", "_by_type", "_ctx", "_kind", "_open", "_player")

    def __init__(self, ctx: Ctx, player: int):
        rules, acts = _seat_rules(ctx, player)
        decision = ctx.s.decision
        self._kind = decision.kind if decision is not None and decision.player == player else None
        self._ctx = ctx
        self._player = player
        self._open: dict[str, ActionRule] = dict(rules)
        self._acts = acts
        self._by_type: dict[str, list] = {}
        super().__init__(None, _checker(ctx, player), None)  # type: ignore[arg-type]
        self.specs = _LazySpecs(ctx, player, self._open)  # type: ignore[assignment]

    def of_type(self, name: str) -> list:
        """The listed actions of type ``name`` (in listing order; ``[]`` when none)."""
        found = self._by_type.get(name)
        if found is None:
            rule = self._open.get(name)
            if rule is None or not self._acts:
                found = []
            else:
                ctx = self._ctx
                ctx.memo = {} if ctx.memo is None else ctx.memo
                found = _listed(ctx, rule, self._player)
            self._by_type[name] = found
        return found

    def _everything(self) -> list:
        if self._actions is None:
            self._actions = [a for name in self._open for a in self.of_type(name)]
        return self._actions

    def __contains__(self, action: object) -> bool:
        # An action this listing handed out is legal (it was listed on this very state);
        # anything else goes through the check, as in any listing.
        listed = self._by_type.get(getattr(action, "type", None))  # type: ignore[arg-type]
        if listed:
            for found in listed:
                if found is action:
                    return True
        return super().__contains__(action)

    def __bool__(self) -> bool:
        if self._actions is not None:
            return bool(self._actions)
        # The answers made for the decision held (roll, end the turn, ...) first: one of them
        # is nearly always listed, so the other types are rarely listed for this.
        return any(self.of_type(name) for name in _answers_first(self._kind))

    def __getitem__(self, index):  # type: ignore[override]
        return self._everything()[index]

    def __len__(self) -> int:
        return len(self._everything())

    def __iter__(self):
        return iter(self._everything())

    def types(self) -> list[str]:
        seen = dict.fromkeys(name for name in self._open if self.of_type(name))
        for name in self.specs:
            seen.setdefault(name, None)
        return list(seen)


_ANSWERS_FIRST: dict[tuple[str | None, int], list[str]] = {}


def _answers_first(kind: str | None) -> list[str]:
    """The types of :func:`rules_for` ``kind``, those made for one decision kind first (their
    rule names kinds)."""
    key = (kind, len(RULES))
    found = _ANSWERS_FIRST.get(key)
    if found is None:
        found = _ANSWERS_FIRST[key] = sorted(
            (name for name, _ in rules_for(kind)),
            key=lambda name: not isinstance(RULES[name].kinds, set | frozenset))
    return found


def lazy_legal_actions(ctx: Ctx, player: int) -> LazyLegalActions:
    """:func:`legal_actions` read by type as it is asked for (see :class:`LazyLegalActions`)."""
    return LazyLegalActions(ctx, player)
