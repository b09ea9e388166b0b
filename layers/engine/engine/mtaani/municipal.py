"""Municipal: the lander chooses one temporary rule for the whole table.

Source: ``shared/seeds/000_fe1744ded917b034.txt``, "Municipal" and "Special Tiles": double or
halve salary, rent, Mtaani cards, dice rolls, property prices or ATM amounts, or ban all special
card use; the rule takes effect immediately and lasts until the next revolution is completed;
if a municipal rule is already active when you land here, nothing happens.
Classic preset (``001``): the rule stays dormant until the lander next passes Payday, then runs
for one full revolution before expiring.

House values: halved amounts round to the nearest SFR; halved dice move at least one tile; the
idle action (the table ending an absent player's decision) chooses no rule.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import IllegalAction
from engine.mtaani import board, cards, properties, turn
from engine.mtaani.actions import ChooseMunicipal
from engine.mtaani.bankruptcy import BANKRUPTCY_HOOKS
from engine.mtaani.flow import Ctx, action_rule
from engine.mtaani.state import MunicipalRule

AFTER_MUNICIPAL: list[Callable[[Ctx, int], None]] = []
"""Called with the lander's seat after the Municipal tile's usual flow (special-card offers)."""


def in_force(ctx: Ctx) -> str | None:
    """The municipal rule in force now, or ``None``."""
    rule = ctx.s.municipal
    return rule.rule if rule is not None and rule.active else None


def percent(ctx: Ctx, subject: str) -> int:
    """200 while "double_<subject>" is in force, 50 for "halve_<subject>", else 100."""
    rule: MunicipalRule | str | None  # the table's rule, then its name
    rule = ctx.s.municipal
    if rule is None or not rule.active:
        return 100
    rule = rule.rule
    if rule == f"double_{subject}":
        return 200
    if rule == f"halve_{subject}":
        return 50
    return 100


def _land(ctx: Ctx, player: int, tile: int) -> None:
    if ctx.s.municipal is not None:
        ctx.emit("MunicipalBusy", player=player, rule=ctx.s.municipal.rule)
        after_flow(ctx, player)
        return
    ctx.decide(player, "municipal", tile)


def after_flow(ctx: Ctx, player: int) -> None:
    for hook in AFTER_MUNICIPAL:
        hook(ctx, player)


choose = action_rule(ChooseMunicipal, {"municipal"}, fields=("rule",))


@choose.checker
def _check(ctx: Ctx, a: ChooseMunicipal) -> None:
    if a.rule not in ctx.rules.municipal.rules:
        raise IllegalAction(f"choose one of: {', '.join(ctx.rules.municipal.rules)}")


@choose.performer
def _choose(ctx: Ctx, a: ChooseMunicipal) -> None:
    s = ctx.s
    s.decision = None
    immediate = ctx.rules.municipal.activation == "immediate"
    s.municipal = MunicipalRule(rule=a.rule, by=a.player, active=immediate,
                                ends_after=s.revolutions + 1 if immediate else None)
    ctx.emit("MunicipalRuleSet", player=a.player, rule=a.rule, active=immediate,
             ends_after=s.municipal.ends_after)
    after_flow(ctx, a.player)


@choose.lister
def _list(ctx: Ctx, player: int) -> list[ChooseMunicipal]:
    return [choose.make(player, r) for r in ctx.rules.municipal.rules]


def skip(ctx: Ctx, player: int) -> None:
    """The table ends an idle Municipal decision: no rule is chosen."""
    ctx.s.decision = None
    ctx.emit("MunicipalSkipped", player=player)
    after_flow(ctx, player)


def _on_payday(ctx: Ctx, player: int) -> None:
    rule = ctx.s.municipal
    if rule is not None and not rule.active and rule.by == player:
        rule.active = True
        rule.ends_after = ctx.s.revolutions + 2
        ctx.emit("MunicipalRuleActive", rule=rule.rule, by=player, ends_after=rule.ends_after)


def _on_revolution(ctx: Ctx, revolution: int) -> None:
    rule = ctx.s.municipal
    if rule is not None and rule.active and rule.ends_after is not None and revolution >= rule.ends_after:
        ctx.s.municipal = None
        ctx.emit("MunicipalRuleExpired", rule=rule.rule, revolution=revolution)


def _forget(ctx: Ctx, seat: int) -> None:
    """Bankruptcy: a dormant rule (classic) waits for its lander's next Payday, which will never
    come, so it lapses; otherwise it would keep Municipal closed for the rest of the game."""
    rule = ctx.s.municipal
    if rule is not None and not rule.active and rule.by == seat:
        ctx.s.municipal = None
        ctx.emit("MunicipalRuleExpired", rule=rule.rule, revolution=ctx.s.revolutions)


def _dice(ctx: Ctx, total: int) -> int:
    if ctx.s.municipal is None:
        return total  # no rule in force (percent() would say 100)
    p = percent(ctx, "dice")
    return total * 2 if p == 200 else max(1, total // 2) if p == 50 else total


def _card_amount(ctx: Ctx, amount: int) -> int:
    return board.scaled(amount, [percent(ctx, "mtaani_cards")])


board.LANDING["municipal"] = _land
board.PAYDAY_HOOKS.append(_on_payday)
BANKRUPTCY_HOOKS.append(_forget)
board.REVOLUTION_HOOKS.append(_on_revolution)
board.SALARY_PERCENT_HOOKS.append(lambda ctx: percent(ctx, "salary"))
board.ATM_PERCENT_HOOKS.append(lambda ctx: percent(ctx, "atm"))
def _rent(ctx: Ctx, tile: int) -> int:
    return 100 if ctx.s.municipal is None else percent(ctx, "rent")


properties.FEE_PERCENT_HOOKS.append(_rent)
properties.PRICE_PERCENT_HOOKS.append(lambda ctx, tile: percent(ctx, "prices"))
cards.MTAANI_AMOUNT_HOOKS.append(_card_amount)
turn.DICE_HOOKS.append(_dice)
turn.IDLE_SKIPS["municipal"] = skip
