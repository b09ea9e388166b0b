"""Jail: sentences, rolling for doubles, bail and bribes.

Source: ``shared/seeds/000_fe1744ded917b034.txt``, section "Jail". Landing on the Jail tile in
the normal course of play is a visit. A sentence ticks down one turn at a time; rolling doubles
releases at once (the token then moves by that roll); bail (20,000) frees the player, who then
rolls as usual; a bribe (50,000) succeeds with odds drifting minute to minute between about 20%
and 80% (toward a new seeded target every 20 minutes: house value), hinted by the guards' mood:
success releases the player onto a random Mathree tile and ends the turn, failure costs a
further 100,000 fine and extends the sentence to 4 turns (never shortens it; and ends the turn:
house value).
"""

from __future__ import annotations

from hashlib import blake2b

from engine import rng
from engine.core import IllegalAction
from engine.mtaani import board
from engine.mtaani.actions import Bribe, PayBail
from engine.mtaani.flow import POOL, Ctx, action_rule


def send_to_jail(ctx: Ctx, player: int, turns: int, why: str) -> None:
    """Jail ``player`` for ``turns`` turns: the token goes straight to Jail (no salary) and
    the doubles' extra turn, if any, is lost."""
    s = ctx.s
    board.place(ctx, player, ctx.book.jail, "jail")
    s.players[player].jail_turns = max(turns, 1)
    if player == s.current:
        s.extra_turn = False
    ctx.emit("Jailed", player=player, turns=turns, reason=why)


def release(ctx: Ctx, player: int, how: str) -> None:
    """Free ``player`` (the token stays on the Jail tile)."""
    ctx.s.players[player].jail_turns = 0
    ctx.emit("Released", player=player, how=how)


def roll_in_jail(ctx: Ctx, player: int, dice: list[int], doubles: bool) -> None:
    """A jailed player's roll: doubles release and move by the roll (no extra turn);
    otherwise the sentence ticks down one turn and the token stays."""
    p = ctx.s.players[player]
    ctx.s.extra_turn = False
    if doubles:
        release(ctx, player, "doubles")
        board.move_forward(ctx, player, board.dice_total(ctx, dice), "dice")
        return
    p.jail_turns -= 1
    ctx.emit("SentenceServed", player=player, turns_left=p.jail_turns)
    if p.jail_turns == 0:
        release(ctx, player, "served")


def _bribe_target(ctx: Ctx, k: int) -> int:
    """The odds (percent) the drift passes through at the ``k``-th mark: drawn from the game's
    seed, between the rules' minimum and maximum."""
    rules = ctx.rules.jail
    span = rules.bribe_odds_max_percent - rules.bribe_odds_min_percent
    digest = blake2b(f"{ctx.s.seed}:bribe:{k}".encode(), digest_size=4).digest()
    return rules.bribe_odds_min_percent + int.from_bytes(digest, "big") % (span + 1)


def bribe_odds(ctx: Ctx, minute: int) -> int:
    """The bribe's chance of success in percent at wall-clock ``minute`` (minutes since the
    Unix epoch). Every ``jail.bribe_drift_minutes`` minutes the odds pass through a new target
    drawn from the seed (:func:`_bribe_target`), drifting in a straight line between targets:
    at most 3 points a minute with the data's 20 minutes and 20% to 80%, and no pattern to
    learn (a fixed wave's phase could be read from two bribes and the next minute's odds then
    predicted exactly). Integer arithmetic only, so replays agree everywhere."""
    step = ctx.rules.jail.bribe_drift_minutes
    k, into = divmod(minute, step)
    start = _bribe_target(ctx, k)
    return start + (_bribe_target(ctx, k + 1) - start) * into // step


def guard_mood(ctx: Ctx, minute: int) -> str:
    """The guards' mood at wall-clock ``minute`` (minutes since the Unix epoch): a hint of the
    bribe odds. The moods and the odds they start at are house values in the rules data
    (``jail.bribe_moods`` / ``jail.bribe_mood_from_percent``: hostile below 40%, wary below
    60%, friendly from 60%)."""
    rules = ctx.rules.jail
    odds = bribe_odds(ctx, minute)
    mood = rules.bribe_moods[0]
    for start, name in zip(rules.bribe_mood_from_percent, rules.bribe_moods[1:], strict=True):
        if odds >= start:
            mood = name
    return mood


pay_bail = action_rule(PayBail, {"turn"})


@pay_bail.checker
def _check_bail(ctx: Ctx, a: PayBail) -> None:
    p = ctx.s.players[a.player]
    if not p.jail_turns:
        raise IllegalAction("you are not in jail")
    if p.cash < ctx.rules.jail.bail:
        raise IllegalAction(f"bail is {ctx.rules.jail.bail:,} SFR")


@pay_bail.lister
def _list_bail(ctx: Ctx, player: int) -> tuple[PayBail, ...]:
    return (pay_bail.make(player),) if ctx.s.players[player].jail_turns else ()  # jailed only


@pay_bail.performer
def _bail(ctx: Ctx, a: PayBail) -> None:
    ctx.transfer(a.player, POOL, ctx.rules.jail.bail, "bail")
    release(ctx, a.player, "bail")
    ctx.s.decision = None


bribe = action_rule(Bribe, {"turn"})


@bribe.checker
def _check_bribe(ctx: Ctx, a: Bribe) -> None:
    p = ctx.s.players[a.player]
    if not p.jail_turns:
        raise IllegalAction("you are not in jail")
    if p.cash < ctx.rules.jail.bribe_cost:
        raise IllegalAction(f"a bribe costs {ctx.rules.jail.bribe_cost:,} SFR")


@bribe.lister
def _list_bribe(ctx: Ctx, player: int) -> tuple[Bribe, ...]:
    return (bribe.make(player),) if ctx.s.players[player].jail_turns else ()  # jailed only


@bribe.performer
def _bribe(ctx: Ctx, a: Bribe) -> None:
    rules, s = ctx.rules.jail, ctx.s
    ctx.transfer(a.player, POOL, rules.bribe_cost, "bribe")
    odds = bribe_odds(ctx, a.minute)
    success = rng.chance(s, "bribe", odds)
    ctx.emit("BribeOffered", player=a.player, odds=odds, mood=guard_mood(ctx, a.minute),
             success=success)
    s.decision = None
    s.rolled = True
    s.extra_turn = False
    if success:
        release(ctx, a.player, "bribe")
        board.place(ctx, a.player, rng.pick(s, "bribe_tile", ctx.book.tiles_of_kind["mathree"]), "bribe")
        return
    # "extends the sentence to 4 turns": a longer sentence left (an arrest of 5) is kept.
    p = s.players[a.player]
    p.jail_turns = max(p.jail_turns, rules.bribe_fail_sentence)
    ctx.emit("SentenceExtended", player=a.player, turns_left=p.jail_turns)
    ctx.charge(a.player, POOL, rules.bribe_fine, "bribe_fine")


board.SEND_TO_JAIL.append(send_to_jail)
