"""Legal actions: candidates from every action rule, kept when the rule's check passes.

This is the one source of legality: :func:`engine.mtaani.ruleset.MtaaniRuleset.apply` runs the
same :func:`~engine.mtaani.flow.check_action` on the action it is given, so the listed actions
are exactly those ``apply`` accepts (actions with free parameters are also described in
``LegalActions.specs``).
"""

from __future__ import annotations

from engine.core import EngineError, LegalActions
from engine.mtaani.flow import RULES, Ctx, check_action

SYSTEM_ACTIONS = frozenset({"timeout"})
"""Actions the table (the service's timers) applies, never a player: ``apply`` accepts them
when valid, but they are neither listed nor ``in`` a player's legal actions; the one that
applies now is :func:`engine.deadline_action`."""


def legal_actions(ctx: Ctx, player: int) -> LegalActions:
    """Every action seat ``player`` may apply in ``ctx.s`` (system actions excluded)."""
    actions = []
    specs: dict = {}
    s = ctx.s
    if 0 <= player < len(s.players) and s.winner is None and s.termination is None:
        holds = s.decision is not None and s.decision.player == player
        for name, rule in RULES.items():
            if name in SYSTEM_ACTIONS:
                continue
            if rule.kinds != "free" and not holds:
                continue
            if rule.kinds not in (None, "free") and s.decision.kind not in rule.kinds:
                continue
            for action in rule.candidates(ctx, player):
                try:
                    check_action(ctx, action)
                except EngineError:
                    continue
                actions.append(action)
            if rule.spec is not None:
                spec = rule.spec(ctx, player)
                if spec:
                    specs[name] = spec

    def check(action) -> None:
        if action.player != player:
            raise EngineError("not this player's action")
        if action.type in SYSTEM_ACTIONS:
            raise EngineError("the table's action, not a player's (see engine.deadline_action)")
        check_action(ctx, action)

    return LegalActions(actions, check, specs)
