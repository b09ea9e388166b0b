"""The four special cards: Teleport, Zoning, Injunction and Syndicate.

Source: ``shared/seeds/000_fe1744ded917b034.txt``, "Special cards": one of each exists; each is
bought once at its home tile and returns to the pool the moment its effect is spent, so it can be
bought again; they are held and traded like insurance. Teleport and Zoning are on offer from the
start, the Injunction from the 8th revolution, the Syndicate from the 15th.
- Teleport (2,000,000, offered on a Mathree tile): once, jump from a property you own to another
  you own, collecting salary if the jump passes Payday; only while standing on your own property.
- Zoning (5,000,000, offered after the Municipal tile's usual flow): demolish every unit on one
  tileset, whoever owns it, with no compensation, then ban building there for 5 revolutions.
- Syndicate (9,000,000, offered on a Mtaani tile from revolution 15): for 10 revolutions skim 20%
  of the rent paid on every fast-food, transport and comms business, from the owner's share.
- Injunction (6,000,000, offered at Municipal from revolution 8): shield one tileset you own for 7
  revolutions; shielded sets cannot be Zoned and the Syndicate cannot divert their rent. It does
  not undo effects already in place.
A municipal rule may ban all special card use until it expires. Not in the classic preset.

House values: landing on a card's home tile puts it on offer to the lander for the rest of that
turn (a "buy" action next to the turn's others, not a separate question); cards are played on your own
turn (before or after the roll); a card with a lasting effect (Zoning's ban, the Injunction's
shield, the Syndicate) is spent, and back on sale, when that effect ends; "a tileset you own"
means you own every property of it; the Teleport's jump does not resolve the destination tile.
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.mtaani import board, municipal, properties
from engine.mtaani.actions import (
    BuySpecial,
    PlayInjunction,
    PlaySyndicate,
    PlayTeleport,
    PlayZoning,
)
from engine.mtaani.bankruptcy import BANKRUPTCY_HOOKS
from engine.mtaani.board import percent_of
from engine.mtaani.flow import POOL, TURN_START_HOOKS, Ctx, action_rule, step
from engine.mtaani.properties import owns_set
from engine.mtaani.state import Step, step_of

CARDS = ("teleport", "zoning", "injunction", "syndicate")


def price(ctx: Ctx, card: str) -> int:
    return getattr(ctx.rules.specials, f"{card}_price")


def in_effect(ctx: Ctx, card: str) -> bool:
    """Whether a played ``card``'s lasting effect is still running."""
    fx = ctx.s.effects
    return {
        "teleport": False,
        "zoning": bool(fx.zoning_bans),
        "injunction": bool(fx.injunctions),
        "syndicate": fx.syndicate_holder is not None,
    }[card]


def on_sale(ctx: Ctx, card: str) -> bool:
    """``card`` is in the pool: nobody holds it and its effect is not running."""
    return card in ctx.s.specials and ctx.s.specials[card] is None and not in_effect(ctx, card)


def shielded(ctx: Ctx, set_id: str) -> bool:
    """``set_id`` is under an Injunction."""
    return set_id in ctx.s.effects.injunctions


@step("offer")
def offer(ctx: Ctx, item: Step) -> None:
    """Put special card ``item.card`` on offer to ``item.player`` for the rest of the turn, if
    it is on sale."""
    card: str = item.card  # type: ignore[assignment]  # an offer step names its card
    if item.player == ctx.s.current and on_sale(ctx, card) and card not in ctx.s.special_offers:
        ctx.s.special_offers.append(card)
        ctx.emit("SpecialCardOffered", player=item.player, card=card, price=price(ctx, card))


def _offers_on_mathree(ctx: Ctx, player: int, tile: int) -> None:
    ctx.push(step_of("offer", player, tile, "teleport"),
             step_of("draw", player, tile, "mathree"))


def _offers_on_mtaani(ctx: Ctx, player: int, tile: int) -> None:
    steps = [step_of("draw", player, tile, "mtaani")]
    if ctx.s.revolutions + 1 >= ctx.rules.specials.syndicate_from_revolution:
        steps.insert(0, step_of("offer", player, tile, "syndicate"))
    ctx.push(*steps)


def _offers_after_municipal(ctx: Ctx, player: int) -> None:
    tile = ctx.s.players[player].position
    steps = [step_of("offer", player, tile, "zoning")]
    if ctx.s.revolutions + 1 >= ctx.rules.specials.injunction_from_revolution:
        steps.append(step_of("offer", player, tile, "injunction"))
    ctx.push(*steps)


buy = action_rule(BuySpecial, {"turn", "end", "buy", "deck", "municipal"}, fields=("card",))


@buy.checker
def _check_buy(ctx: Ctx, a: BuySpecial) -> None:
    if a.player != ctx.s.current or a.card not in ctx.s.special_offers or not on_sale(ctx, a.card):
        raise IllegalAction(f"the {a.card} card is not on offer to you now")
    if ctx.s.players[a.player].cash < price(ctx, a.card):
        raise IllegalAction(f"the {a.card} card costs {price(ctx, a.card):,} SFR")


@buy.performer
def _buy(ctx: Ctx, a: BuySpecial) -> None:
    ctx.s.special_offers.remove(a.card)
    ctx.transfer(a.player, POOL, price(ctx, a.card), "special_card")
    ctx.s.specials[a.card] = a.player
    ctx.emit("SpecialCardBought", player=a.player, card=a.card, price=price(ctx, a.card))


@buy.lister
def _list_buy(ctx: Ctx, player: int) -> list[BuySpecial]:
    return [buy.make(player, c) for c in ctx.s.special_offers]


def _clear_offers(ctx: Ctx, seat: int) -> None:
    offers = ctx.s.special_offers
    if offers:  # (every turn start: most have none)
        offers.clear()


def _require_card(ctx: Ctx, player: int, card: str) -> None:
    if not ctx.rules.specials.enabled:
        raise IllegalAction("this table has no special cards")
    if ctx.s.specials.get(card) != player:
        raise IllegalAction(f"you do not hold the {card} card")
    if municipal.in_force(ctx) == "ban_special_cards":
        raise IllegalAction("a municipal rule bans special cards until the revolution completes")


def _spend(ctx: Ctx, player: int, card: str, **details) -> None:
    ctx.s.specials[card] = None
    ctx.emit("SpecialCardPlayed", player=player, card=card, **details)


def _require_set(ctx: Ctx, set_id: str) -> None:
    if set_id not in ctx.book.set_tiles:
        raise IllegalAction(f"there is no set {set_id!r}")


teleport = action_rule(PlayTeleport, {"turn", "end"}, fields=("tile",))


@teleport.checker
def _check_teleport(ctx: Ctx, a: PlayTeleport) -> None:
    _require_card(ctx, a.player, "teleport")
    here = ctx.s.players[a.player].position
    if here not in ctx.s.props or ctx.s.props[here].owner != a.player:
        raise IllegalAction("play the Teleport while standing on a property you own")
    if a.tile == here or a.tile not in ctx.s.props or ctx.s.props[a.tile].owner != a.player:
        raise IllegalAction("jump to another property you own")


@teleport.performer
def _teleport(ctx: Ctx, a: PlayTeleport) -> None:
    start = ctx.s.players[a.player].position
    _spend(ctx, a.player, "teleport", start=start, end=a.tile)
    board.move_forward(ctx, a.player, (a.tile - start) % ctx.book.size, "teleport", land=False)


@teleport.lister
def _list_teleport(ctx: Ctx, player: int) -> list[PlayTeleport]:
    if ctx.s.specials.get("teleport") != player:
        return []
    return [teleport.make(player, t) for t in properties.owned(ctx, player)]


zoning = action_rule(PlayZoning, {"turn", "end"}, fields=("set",))


@zoning.checker
def _check_zoning(ctx: Ctx, a: PlayZoning) -> None:
    _require_card(ctx, a.player, "zoning")
    _require_set(ctx, a.set)
    if shielded(ctx, a.set):
        raise IllegalAction("that set is shielded by an Injunction")


@zoning.performer
def _zoning(ctx: Ctx, a: PlayZoning) -> None:
    s, rules = ctx.s, ctx.rules.specials
    demolished = {t: s.props[t].units for t in ctx.book.set_tiles[a.set] if s.props[t].units}
    for tile in demolished:
        s.props[tile].units = 0
    s.effects.zoning_bans[a.set] = s.revolutions + rules.zoning_ban_revolutions
    _spend(ctx, a.player, "zoning", set=a.set, demolished=demolished,
           ban_ends_after=s.effects.zoning_bans[a.set])


@zoning.lister
def _list_zoning(ctx: Ctx, player: int) -> list[PlayZoning]:
    if ctx.s.specials.get("zoning") != player:
        return []
    return [zoning.make(player, s) for s in ctx.book.set_tiles]


injunction = action_rule(PlayInjunction, {"turn", "end"}, fields=("set",))


@injunction.checker
def _check_injunction(ctx: Ctx, a: PlayInjunction) -> None:
    _require_card(ctx, a.player, "injunction")
    _require_set(ctx, a.set)
    if not owns_set(ctx, a.player, a.set):
        raise IllegalAction("shield a set you own (every property of it)")


@injunction.performer
def _injunction(ctx: Ctx, a: PlayInjunction) -> None:
    s = ctx.s
    s.effects.injunctions[a.set] = s.revolutions + ctx.rules.specials.injunction_revolutions
    _spend(ctx, a.player, "injunction", set=a.set, ends_after=s.effects.injunctions[a.set])


@injunction.lister
def _list_injunction(ctx: Ctx, player: int) -> list[PlayInjunction]:
    if ctx.s.specials.get("injunction") != player:
        return []
    return [injunction.make(player, s) for s in ctx.book.set_tiles]


syndicate = action_rule(PlaySyndicate, {"turn", "end"})


@syndicate.checker
def _check_syndicate(ctx: Ctx, a: PlaySyndicate) -> None:
    _require_card(ctx, a.player, "syndicate")


@syndicate.performer
def _syndicate(ctx: Ctx, a: PlaySyndicate) -> None:
    fx = ctx.s.effects
    fx.syndicate_holder = a.player
    fx.syndicate_ends_after = ctx.s.revolutions + ctx.rules.specials.syndicate_revolutions
    _spend(ctx, a.player, "syndicate", ends_after=fx.syndicate_ends_after)


@syndicate.lister
def _list_syndicate(ctx: Ctx, player: int) -> tuple[PlaySyndicate, ...]:
    return (syndicate.make(player),) if ctx.s.specials.get("syndicate") == player else ()  # held only


def _skim(ctx: Ctx, owner: int, tile: int, fee: int) -> list[tuple[int, int]]:
    holder = ctx.s.effects.syndicate_holder
    if holder is None or holder == owner or ctx.s.players[holder].bankrupt:
        return []
    rules = ctx.rules.specials
    set_id = ctx.book.set_of[tile]
    if ctx.book.sets[set_id].kind not in rules.syndicate_families or shielded(ctx, set_id):
        return []
    return [(holder, percent_of(fee, rules.syndicate_percent))]


def _build_ban(ctx: Ctx, set_id: str) -> str | None:
    until = ctx.s.effects.zoning_bans.get(set_id)
    if until is not None:
        return f"building on this set is banned by Zoning until revolution {until} completes"
    return None


def _on_revolution(ctx: Ctx, revolution: int) -> None:
    fx = ctx.s.effects
    for table, name in ((fx.zoning_bans, "zoning"), (fx.injunctions, "injunction")):
        for set_id in [k for k, until in table.items() if revolution >= until]:
            del table[set_id]
            ctx.emit("SpecialEffectEnded", card=name, set=set_id, revolution=revolution)
    if fx.syndicate_ends_after is not None and revolution >= fx.syndicate_ends_after:
        fx.syndicate_holder = None
        fx.syndicate_ends_after = None
        ctx.emit("SpecialEffectEnded", card="syndicate", revolution=revolution)


def _forget(ctx: Ctx, seat: int) -> None:
    for card, holder in ctx.s.specials.items():
        if holder == seat:
            ctx.s.specials[card] = None
    if ctx.s.effects.syndicate_holder == seat:
        ctx.s.effects.syndicate_holder = None
        ctx.s.effects.syndicate_ends_after = None


# The offer steps are no-ops where a card is not on sale (the classic preset has none).
board.LANDING["mathree"] = _offers_on_mathree
board.LANDING["mtaani"] = _offers_on_mtaani
municipal.AFTER_MUNICIPAL.append(_offers_after_municipal)
board.FEE_SKIM_HOOKS.append(_skim)
properties.BUILD_BANS.append(_build_ban)
board.REVOLUTION_HOOKS.append(_on_revolution)
BANKRUPTCY_HOOKS.append(_forget)
TURN_START_HOOKS.append(_clear_offers)
