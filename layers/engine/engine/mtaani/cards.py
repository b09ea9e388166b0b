"""Fortune, Mtaani cards (financial effects) and Mathree cards (movement).

Sources (``shared/seeds/000_fe1744ded917b034.txt``): "Fortune", "Mtaani Cards" (face value up
to 1,200,000; larger amounts at 45% in the opening revolutions - 8 with 2 players, 6 with 3,
4 with 4 - then full value, 125% from revolution 10, +25 points every ten revolutions),
"Mathree Cards", "Jail" (the two go-to-jail cards; "bail out your friend" only moves the
token to the Jail tile). Deck contents are house values in the edition file.

Revolution numbering: revolution N is the one in progress after N - 1 have completed.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import rng
from engine.context import Hooks, move_card, take_card
from engine.mtaani import board, jail
from engine.mtaani.actions import ChooseDeck
from engine.mtaani.flow import POOL, Ctx, action_rule, step
from engine.mtaani.state import Deck, Step

MTAANI_AMOUNT_HOOKS: Hooks[Callable[[Ctx, int], int]] = Hooks()
"""Table-wide modifiers of a Mtaani card's final amount: ``hook(ctx, amount) -> amount``."""


def new_decks(book, state) -> dict[str, Deck]:
    """Both decks, shuffled from the game's seed."""
    return {
        "mtaani": Deck(pile=rng.shuffled(state, list(book.mtaani_cards))),
        "mathree": Deck(pile=rng.shuffled(state, list(book.mathree_cards))),
    }


def late_percent(ctx: Ctx, revolution: int) -> int:
    """The late-game scaling at ``revolution``: 100% before revolution 10, then 125%, and 25
    points more every ten revolutions (150% at 20, 175% at 30, ...)."""
    rules = ctx.rules.cards
    if revolution < rules.late_start_revolution:
        return 100
    steps = (revolution - rules.late_start_revolution) // rules.late_step_revolutions + 1
    return 100 + steps * rules.late_step_percent


def card_percent(ctx: Ctx) -> int:
    """The percentage paid on large Mtaani card amounts in the revolution in progress: 45%
    during the opening revolutions (8 with 2 players, 6 with 3, 4 with 4), then
    :func:`late_percent`."""
    rules = ctx.rules.cards
    revolution = ctx.s.revolutions + 1
    opening = rules.opening_revolutions.get(str(len(ctx.s.players)), 0)
    if revolution <= opening:
        return rules.opening_percent
    return late_percent(ctx, revolution)


def card_amount(ctx: Ctx, printed: int) -> int:
    """The final SFR amount of a Mtaani card printed at ``printed``."""
    limit = ctx.rules.cards.face_value_limit
    amount = printed if printed <= limit else printed * card_percent(ctx) // 100
    for hook in MTAANI_AMOUNT_HOOKS:
        amount = hook(ctx, amount)
    return amount


def draw(ctx: Ctx, deck_name: str) -> str:
    """Take the top card of ``deck_name`` (a scripted draw on stream ``deck_name`` is taken
    out of the pile wherever it is); an empty pile is reshuffled from the discards."""
    deck = ctx.s.decks[deck_name]
    scripted = ctx.s.scripted.get(deck_name)
    if scripted:
        card = rng.pick(ctx.s, deck_name, deck.pile + deck.discard)
        return move_card(card, deck.pile if card in deck.pile else deck.discard, deck.discard)
    if not deck.pile:
        deck.pile = rng.shuffled(ctx.s, deck.discard)
        deck.discard = []
        ctx.emit("DeckReshuffled", deck=deck_name)
    return take_card(deck.pile, deck.discard, 0)


choose_deck = action_rule(ChooseDeck, {"deck"}, fields=("deck",))


@choose_deck.lister
def _list_choose_deck(ctx: Ctx, player: int) -> list[ChooseDeck]:
    return [choose_deck.make(player, "mtaani"), choose_deck.make(player, "mathree")]


@choose_deck.performer
def _choose_deck(ctx: Ctx, a: ChooseDeck) -> None:
    tile = ctx.s.decision.tile  # type: ignore[union-attr]  # the deck decision (check_action)
    ctx.s.decision = None
    ctx.emit("DeckChosen", player=a.player, deck=a.deck, tile=tile)
    ctx.then("draw", a.player, tile=tile, card=a.deck)


@step("draw")
def draw_step(ctx: Ctx, item: Step) -> None:
    """Draw from deck ``item.card`` and apply the card."""
    if item.card == "mtaani":
        mtaani_card(ctx, item.player, draw(ctx, "mtaani"))
    else:
        mathree_card(ctx, item.player, draw(ctx, "mathree"))


def mtaani_card(ctx: Ctx, player: int, card_id: str) -> None:
    """Apply Mtaani card ``card_id`` to ``player``."""
    card = ctx.book.mtaani_cards[card_id]
    amount = card_amount(ctx, card.amount)
    if ctx.events is not None:  # (a quiet context records none)
        ctx.emit("CardDrawn", player=player, deck="mtaani", card=card.id, text=card.text,
                 effect=card.effect, amount=amount)
    others = [i for i in ctx.active_seats() if i != player]
    if card.effect == "gain":
        ctx.pay_out(player, amount, "card", card=card.id)
    elif card.effect == "pay":
        ctx.charge(player, POOL, amount, "card")
    elif card.effect == "pay_each":
        for other in others:
            ctx.charge(player, other, amount, "card")
    elif card.effect == "collect_each":
        for other in others:
            ctx.charge(other, player, amount, "card")
    elif card.effect == "per_unit":
        units = sum(p.units for p in ctx.s.props.values() if p.owner == player)
        ctx.charge(player, POOL, amount * units, "card")


def mathree_card(ctx: Ctx, player: int, card_id: str) -> None:
    """Apply Mathree card ``card_id`` to ``player``."""
    card = ctx.book.mathree_cards[card_id]
    ctx.emit("CardDrawn", player=player, deck="mathree", card=card.id, text=card.text,
             effect=card.effect)
    if card.effect == "go_to_jail":
        jail.send_to_jail(ctx, player, ctx.rules.jail.card_sentence, "card")
    elif card.effect == "move_back":
        board.move_back(ctx, player, card.steps or 0, "card")
    else:
        board.move_to(ctx, player, card.tile, "card")  # type: ignore[arg-type]  # a move card names its tile
