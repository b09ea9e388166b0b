"""Jail.

Source: rulebook "Jail": sent by the "Go to jail" space, a Chance card or "three doubles in a
row"; "Your turn stops when you are sent to jail ... do not collect a salary when you pass
the GO space on the way there"; out by "a fine of M500k", "a Get Out of Jail card" or "a
double, when it is your turn"; "If you have not rolled a double after three turns, pay the
banker M500k, then move your token according to your last roll of the dice"; "While you are
in jail, you may collect your rents and construct buildings". Decisions ("Readings decided"):
the fine or the card comes before rolling, and that roll moves the player the same turn;
doubles rolled to leave jail move the player and give no extra roll.
"""

from __future__ import annotations

from engine.context import take_card
from engine.core import IllegalAction
from engine.jiji import actions as act
from engine.jiji.board import move_forward, roll_dice
from engine.jiji.flow import BANK, Ctx, next_turn, register, turn_holder, upper


def send_to_jail(ctx: Ctx, reason: str) -> None:
    """Put the turn holder in jail (no salary on the way) and end their turn."""
    s = ctx.s
    p = s.players[s.cur]
    p.pos = ctx.b.jail_space
    p.jailed = True
    p.tries = 0
    s.again = False
    ctx.emit("Jailed", player=s.cur, reason=reason)
    next_turn(ctx)


def roll_in_jail(ctx: Ctx) -> None:
    """A jailed player's roll: a double frees and moves them (no extra roll); the third miss
    costs the fine and moves them by that roll; other misses keep them in jail for the turn
    (they may still build)."""
    s = ctx.s
    seat = s.cur
    p = s.players[seat]
    dice = roll_dice(ctx)
    s.again = False
    if dice[0] == dice[1]:
        p.jailed = False
        p.tries = 0
        ctx.emit("Released", player=seat, how="double")
        move_forward(ctx, dice[0] + dice[1], "dice")
        return
    p.tries += 1
    if p.tries >= ctx.b.max_tries:
        p.jailed = False
        p.tries = 0
        ctx.emit("Released", player=seat, how="third_turn")
        ctx.charge(seat, BANK, ctx.b.fine, "jail_fine")
        move_forward(ctx, dice[0] + dice[1], "dice")
        return
    ctx.emit("StillJailed", player=seat, tries=p.tries)
    s.phase = "turn"


def _check_fine(ctx: Ctx, a: act.PayFine) -> None:
    turn_holder(ctx, a.player, "roll")
    p = ctx.s.players[a.player]
    if not p.jailed:
        raise IllegalAction("you are not in jail")
    if p.cash < ctx.b.fine:
        raise IllegalAction("you cannot pay the M500k fine")


def _pay_fine(ctx: Ctx, a: act.PayFine) -> None:
    p = ctx.s.players[a.player]
    ctx.transfer(a.player, BANK, ctx.b.fine, "jail_fine")
    p.jailed = False
    p.tries = 0
    ctx.emit("Released", player=a.player, how="fine")


def _check_card(ctx: Ctx, a: act.UseCard) -> None:
    turn_holder(ctx, a.player, "roll")
    p = ctx.s.players[a.player]
    if not p.jailed:
        raise IllegalAction("you are not in jail")
    if not p.cards:
        raise IllegalAction("you hold no Get Out of Jail card")


def _use_card(ctx: Ctx, a: act.UseCard) -> None:
    s = ctx.s
    p = s.players[a.player]
    card = take_card(p.cards, s.discard, 0)
    p.jailed = False
    p.tries = 0
    ctx.emit("Released", player=a.player, how="card", card=card)


register("pay_fine", _check_fine, _pay_fine)
register("use_card", _check_card, _use_card)


upper("jail", send_to_jail, roll_in_jail)
