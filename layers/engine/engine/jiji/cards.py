"""The Chance deck: 25 cards (house values in ``data/jiji.toml``), shuffled face down.

Source: rulebook "Setup" ("Shuffle the Chance cards and make a face-down pile"), "The Spaces of
the Board" ("CHANCE: Take the Chance card from the top of the pile and follow its
instructions"), "Jail" (a Chance card that sends you to jail, "Get Out of Jail" cards) and
"Bankruptcy" (Get Out of Jail cards go "back at the bottom of the Chance deck").

A drawn card goes face up on the discard (open to all); a Get Out of Jail card stays with its
drawer until used, then goes on the discard. When the pile runs out the discard is shuffled
into a new pile (seeded). Only the pile's order is hidden.
"""

from __future__ import annotations

from engine import rng
from engine.context import take_card
from engine.jiji import build, jail
from engine.jiji.board import BOARD, after_landing, land, move_to
from engine.jiji.flow import BANK, Ctx, upper
from engine.jiji.state import JijiState


def new_pile(state: JijiState, card_ids: tuple[str, ...]) -> list[str]:
    """The whole deck shuffled from the seed."""
    return rng.shuffled(state, list(card_ids))


def draw(ctx: Ctx) -> None:
    """The turn holder draws the top card and follows it."""
    b, s = ctx.b, ctx.s
    seat = s.cur
    if not s.pile:
        s.pile = rng.shuffled(s, s.discard)
        s.discard = []
        ctx.emit("ChanceShuffled", cards=len(s.pile))
    card_id = s.pile[0]
    card = b.cards[card_id]
    ctx.emit("CardDrawn", player=seat, card=card_id, text=card.text, effect=card.effect)
    take_card(s.pile, s.players[seat].cards if card.effect == "get_out" else s.discard, 0)
    follow(ctx, card_id)


def follow(ctx: Ctx, card_id: str) -> None:
    """Do what card ``card_id`` says for the turn holder."""
    b, s = ctx.b, ctx.s
    card = b.cards[card_id]
    seat = s.cur
    effect = card.effect
    if effect == "advance":
        move_to(ctx, card.space, "card")  # type: ignore[arg-type]  # an advance card names its space (data/jiji.toml)
        return
    if effect == "back":
        p = s.players[seat]
        start = p.pos
        p.pos = (p.pos - card.spaces) % BOARD
        ctx.emit("Moved", player=seat, start=start, end=p.pos, via="card")
        s.via = "card"
        land(ctx)
        return
    if effect == "jail":
        jail.send_to_jail(ctx, "chance")
        return
    if effect == "collect":
        ctx.transfer(BANK, seat, card.amount, "chance", extra={"card": card_id})
    elif effect == "pay":
        ctx.charge(seat, BANK, card.amount, "chance")
    elif effect == "collect_each":
        for other in s.active():
            if other != seat:
                ctx.charge(other, seat, card.amount, "chance")
    elif effect == "pay_each":
        for other in s.active():
            if other != seat:
                ctx.charge(seat, other, card.amount, "chance")
    elif effect == "repairs":
        res = sum(d.res for d in s.districts.values() if d.owner == seat)
        ind = sum(d.ind for d in s.districts.values() if d.owner == seat)
        ctx.charge(seat, BANK, res * card.residential + ind * card.industrial, "chance")
    elif effect == "free_block":
        if build.free_block_targets(ctx, seat):
            s.phase = "free_block"
            s.free_kind = card.kind
            return
    elif effect == "permit":
        if build.permit_options(ctx, seat):
            s.phase = "permit"
            return
    elif effect == "construction" and build.can_press(ctx, seat):
        build.press(ctx, seat)
        if s.phase == "place":
            return
    after_landing(ctx)


upper("cards", draw)
