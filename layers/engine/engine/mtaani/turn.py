"""The turn: rolling, doubles, ending the turn, and the table ending an idle decision.

Sources (``shared/seeds/000_fe1744ded917b034.txt``): "Flow of play" (two dice; doubles give an
immediate extra turn; "A turn left idle can be ended by the table after 5 minutes"); the idle
action is specified by the decisions file: the turn ends without the absent player losing
anything they had not chosen (roll if not yet rolled, decline optional buys, never declare
bankruptcy for them).
"""

from __future__ import annotations

from engine import rng
from engine.core import IllegalAction
from engine.mtaani import board, end_date, jail
from engine.mtaani.actions import ChooseDeck, Decline, EndTurn, Roll, Timeout
from engine.mtaani.board import DICE_HOOKS, dice_total  # noqa: F401 (callers of turn.*)
from engine.mtaani.flow import RULES, Ctx, action_rule, advance, finish, next_seat, start_turn

roll = action_rule(Roll, {"turn"})


@roll.performer
def _roll(ctx: Ctx, a: Roll) -> None:
    s, rules = ctx.s, ctx.rules.dice
    if s.scripted:
        dice = rng.dice(s, rules.count, rules.sides)
    else:
        # What rng.dice does without scripted dice (tests/engine/test_fast_paths.py holds
        # the two to the same numbers).
        dice = rng.faces(s, rules.count, rules.sides)
    doubles = bool(dice) and dice.count(dice[0]) == len(dice)  # every die alike
    s.dice = dice
    s.rolled = True
    s.decision = None
    if ctx.events is not None:
        ctx.events.append({"player": a.player, "dice": dice, "doubles": doubles,
                           "type": "DiceRolled"})
    player = s.players[a.player]
    if player.jail_turns:
        jail.roll_in_jail(ctx, a.player, dice, doubles)
        return
    s.extra_turn = doubles
    total = sum(dice)  # dice_total, spelled out
    for hook in DICE_HOOKS:
        total = hook(ctx, total)
    board.move_forward(ctx, a.player, total, "dice", last=True)


end_turn = action_rule(EndTurn, {"end"})


@end_turn.performer
def _end_turn(ctx: Ctx, a: EndTurn) -> None:
    end_current_turn(ctx, a.now)


def end_current_turn(ctx: Ctx, now: int = 0) -> None:
    """Pass the turn to the next active seat (or end a capped game, or one whose end date has
    come by ``now``: :mod:`engine.mtaani.end_date`)."""
    s = ctx.s
    s.decision = None
    if ctx.events is not None:
        ctx.events.append({"player": s.current, "turn": s.turn, "type": "TurnEnded"})
    cap = s.options.max_turns
    if cap is not None and s.turn >= cap:
        finish(ctx, "turn_cap", end_date.richest(ctx))
        return
    if s.options.end_by is not None and end_date.ends_by_date(ctx, now):  # a table end date
        return
    players = s.players
    seat = (s.current + 1) % len(players)
    if players[seat].bankrupt:
        seat = next_seat(ctx, s.current)  # type: ignore[assignment]  # the next seat in play (the one after is out); a game with one left is over
    s.turn += 1
    start_turn(ctx, seat)


timeout = action_rule(Timeout)


@timeout.checker
def _check_timeout(ctx: Ctx, a: Timeout) -> None:
    if ctx.s.decision.id != a.decision:  # type: ignore[union-attr]  # the actor's (check_action)
        raise IllegalAction("that decision has already been made")
    if ctx.s.decision.kind == "debt":  # type: ignore[union-attr]  # the actor's (check_action)
        raise IllegalAction("a payment is owed: only the player can raise funds or declare "
                            "bankruptcy, so the table cannot end this decision")


IDLE_SKIPS: dict = {}
"""Decision kind -> ``skip(ctx, player)`` for idle decisions the table resolves without an
action of the player's (Municipal: no rule is chosen)."""

IDLE_STEPS = 64
"""Upper bound of idle actions the table applies for one timeout (a doubles chain is short)."""


@timeout.performer
def _timeout(ctx: Ctx, a: Timeout) -> None:
    ctx.emit("TurnTimedOut", player=a.player, decision=a.decision, kind=ctx.s.decision.kind)  # type: ignore[union-attr]  # the actor's (check_action)
    for _ in range(IDLE_STEPS):
        decision = ctx.s.decision
        if decision is None or decision.player != a.player or decision.kind == "debt":
            return
        if decision.kind in IDLE_SKIPS:
            IDLE_SKIPS[decision.kind](ctx, a.player)
        else:
            action = idle_action_for(ctx)
            if isinstance(action, EndTurn):
                action = EndTurn(player=action.player, now=a.now)
            RULES[action.type].check(ctx, action)
            RULES[action.type].perform(ctx, action)
        advance(ctx)
        if decision.kind == "end":
            return


def idle_action_for(ctx: Ctx):
    """The action the table takes for the pending decision (decisions file): roll when the
    turn has not rolled, decline optional buys (paying the fee, as declining does), draw from
    a seeded choice of deck, end the turn after the roll. ``None`` for
    a debt; Municipal is resolved by :data:`IDLE_SKIPS`."""
    d = ctx.s.decision
    if d is None or d.kind == "debt":
        return None
    if d.kind == "turn":
        return Roll(player=d.player)
    if d.kind == "buy":
        return Decline(player=d.player)
    if d.kind == "deck":
        return ChooseDeck(player=d.player, deck=rng.pick(ctx.s, "idle_deck", ["mtaani", "mathree"]))
    if d.kind == "end":
        return EndTurn(player=d.player)
    raise IllegalAction(f"no idle action for {d.kind!r}")
