"""Mulodi's turn machine and rules (``flow.py``, as in every game): the deal, turns, every
card, response windows (Neda chains), payments and the end of the game. Each action type has a check (raises, changes nothing) and a perform
(changes the state, appends events), registered together as one :class:`Rule`; the engine's
one reducer (:meth:`engine.core.Ruleset.apply`) runs the check, then the rule, so a refused
action leaves the state exactly as it was.

Sources: the seed ``shared/seeds/004_e3b57fc1098b0004.txt`` ("the seed") and the decisions
file ``shared/spec/mulodi-decisions.md``; docs/rules.md "Mulodi" traces every rule to the
functions here and to their tests.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine import rng
from engine.context import Ctx as BaseCtx
from engine.context import Rules, move_card, take_card
from engine.core import GameOver, IllegalAction, InvalidAction, NotYourDecision
from engine.mulodi import actions as act
from engine.mulodi import payment, sets
from engine.mulodi.cards import ACTION, MASTER, MONEY, PAYMENT_ACTIONS, PROPERTY, RENT, WILD, deck
from engine.mulodi.state import STAGE_DONE, STAGE_PAY, STAGE_RESPOND, Chain, MulodiState, Play

D = deck()
FACE = D.face
VALUE = D.value
KIND = D.kind
Events = list[dict[str, Any]]


def emit(ev: Events, type_: str, **fields: Any) -> None:
    ev.append({"type": type_, **fields})


# ------------------------------------------------------------------------------ the deal
def deal(players: list[str], seed: int, options: dict[str, Any],
         hands: Sequence[Sequence[str]] = (), draws: Sequence[str] = ()) -> tuple[MulodiState, Events]:
    """A new game: the 106 cards shuffled from ``seed`` (the 2 rule cards are not in the
    deck), 5 dealt to each seat one at a time, the rest face down as the draw pile; seat 0
    starts its turn (seed, set-up steps 1 to 5).

    A scripted deal (tests, demos: ``ruleset.MulodiScript``): the cards of ``hands`` (faces, by
    seat) are taken out of the shuffled deck and dealt first, those of ``draws`` put on top of
    the draw pile in that order; raises :class:`InvalidAction` for a face the deck has no card
    of left."""
    s = MulodiState(players, seed, options)
    s.pile = rng.shuffled(s, list(range(D.size)))
    ev: Events = []

    def take(face: str) -> int:
        for i in range(len(s.pile) - 1, -1, -1):
            if FACE[s.pile[i]] == face:
                return s.pile.pop(i)
        raise InvalidAction(f"scripted: the deck has no {face!r} card left")

    for seat, faces in enumerate(hands):
        s.hands[seat] = [take(face) for face in faces]
    top = [take(face) for face in draws]
    for _ in range(D.deal["hand"]):
        for seat in range(len(players)):
            if len(s.hands[seat]) < D.deal["hand"]:
                take_card(s.pile, s.hands[seat])
    s.pile.extend(reversed(top))
    emit(ev, "GameDealt", players=len(players), hand=D.deal["hand"], pile=len(s.pile))
    start_turn(s, ev, 0)
    return s, ev


# ------------------------------------------------------------------------------ decisions
def new_id(s: MulodiState) -> int:
    """The next decision id (unique within the game)."""
    s.decision_seq += 1
    return s.decision_seq


def decision_detail(s: MulodiState, kind: str, holder: int, chain: Chain | None = None) -> dict[str, Any]:
    """What the holder of a decision needs to hear (``Decision.detail``, JSON-ready): for
    ``play`` the plays left; for ``respond`` who played what on them and what it costs (or,
    to the actor, that a Neda cancelled their card); for ``pay`` whom and how much."""
    if kind == "play":
        return {"plays_left": s.plays_left, "hand_limit": D.deal["hand_limit"]}
    p = s.action
    assert p is not None and chain is not None
    detail: dict[str, Any] = {"action": p.kind, "card": FACE[p.card], "by": p.actor,
                              "target": chain.target, "nedas": chain.nedas}
    if p.kind in PAYMENT_ACTIONS:
        detail["amount"] = p.amount
    if p.colour:
        detail["colour"] = p.colour
    if p.prop >= 0:
        detail["property"] = FACE[p.prop]
    if p.give >= 0:
        detail["give"] = FACE[p.give]
    if kind == "respond" and chain.nedas % 2:
        detail["against"] = "neda"
        detail["by"] = chain.target
    if kind == "pay":
        detail["amount"] = chain.debt
        detail["to"] = p.actor
    return detail


def _pending_event(s: MulodiState, ev: Events, decision: int, holder: int, kind: str,
                   chain: Chain | None = None) -> None:
    emit(ev, "DecisionPending", player=holder, kind=kind, decision=decision,
         detail=decision_detail(s, kind, holder, chain))


def give_turn_decision(s: MulodiState, ev: Events) -> None:
    """The current player decides again (a new id, so the idle clock starts afresh): after a
    play, a draw or the start of the turn, never after a free move (:func:`_move_wildcard`)."""
    s.turn_decision = new_id(s)
    _pending_event(s, ev, s.turn_decision, s.current, "play")


# ------------------------------------------------------------------------------ drawing
def draw(s: MulodiState, ev: Events, seat: int, count: int, reason: str) -> None:
    """``seat`` picks up ``count`` cards from the top of the draw pile; when it runs out the
    middle is shuffled into a new one (decisions file, "Players and deal"); with both empty
    nothing more is drawn ("Readings decided")."""
    got: list[int] = []
    for _ in range(count):
        if not s.pile:
            if not s.middle:
                break
            s.pile = rng.shuffled(s, s.middle)
            s.middle = []
            emit(ev, "DrawPileReshuffled", count=len(s.pile))
        got.append(take_card(s.pile, s.hands[seat]))
    if got:
        s.busy = True
    emit(ev, "CardsDrawn", player=seat, count=len(got), reason=reason,
         cards=[FACE[c] for c in got], private=[seat])


def _from_hand(s: MulodiState, seat: int, card: int, dst: list[int]) -> None:
    """Move ``card`` from ``seat``'s hand to pile ``dst`` (its bank, a property set, the
    middle): the card is in the open now, and the turn laid a card."""
    move_card(card, s.hands[seat], dst)
    s.known.pop(card, None)
    s.busy = True


# ------------------------------------------------------------------------------ turns
def start_turn(s: MulodiState, ev: Events, seat: int) -> None:
    """Seat ``seat``'s turn: 3 plays; draw 2 cards, or 5 with an empty hand (seed, "1. Pick up
    2 cards"; decisions file)."""
    s.current = seat
    s.turn += 1
    s.plays_left = D.deal["plays"]
    s.busy = False
    emit(ev, "TurnStarted", player=seat, turn=s.turn)
    count = D.deal["draw_empty_hand"] if not s.hands[seat] else D.deal["draw"]
    draw(s, ev, seat, count, "turn")
    give_turn_decision(s, ev)


def end_turn(s: MulodiState, ev: Events, returned: list[int]) -> None:
    """End the current turn: ``returned`` (the cards over the hand limit) go to the bottom of
    the draw pile, then the game may end (stalemate, turn cap) or the next seat starts.

    Two stalemates: with nothing left to draw, a round of quiet turns (*decided*, ``[stalemate]
    quiet_turns_per_player``); and, whatever the pile holds, three full rounds of turns in
    which no person made a move, only the table's timeouts (decisions file, "Readings decided
    after the first conformance run": an abandoned table must end; ``[stalemate]
    abandoned_rounds``). Either way the most full sets, then the table value, wins."""
    seat = s.current
    if returned:
        for i, c in enumerate(returned):  # to the bottom of the pile, in the order given
            move_card(c, s.hands[seat], s.pile, at=i)
            s.known[c] = s.known.get(c, 0) | (1 << seat)
        emit(ev, "CardsReturned", player=seat, count=len(returned),
             cards=[FACE[c] for c in returned], private=[seat])
    s.quiet = 0 if s.busy else s.quiet + 1
    s.unattended = 0 if s.moved else s.unattended + 1
    s.moved = False
    emit(ev, "TurnEnded", player=seat, turn=s.turn)
    s.turn_decision = 0
    players = len(s.players)
    if not s.pile and not s.middle and s.quiet >= players * D.stalemate["quiet_turns_per_player"]:
        finish(s, ev, "stalemate", ranking_winner(s))
        return
    if s.unattended >= players * D.stalemate["abandoned_rounds"]:
        finish(s, ev, "stalemate", ranking_winner(s))
        return
    cap = s.options.get("max_turns")
    if cap and s.turn >= cap:
        finish(s, ev, "turn_cap", ranking_winner(s))
        return
    start_turn(s, ev, (seat + 1) % players)


# ------------------------------------------------------------------------------ the end
def ranking_winner(s: MulodiState) -> int | None:
    """The winner of a game that ends without 3 full sets (stalemate or turn cap; house
    rule): the most colours with a full set, then the most table value; a tie: nobody."""
    scores = [(len(sets.full_colours(s, i)), sets.table_value(s, i)) for i in range(len(s.players))]
    best = max(scores)
    leaders = [i for i, sc in enumerate(scores) if sc == best]
    return leaders[0] if len(leaders) == 1 else None


def finish(s: MulodiState, ev: Events, termination: str, winner: int | None) -> None:
    s.termination = termination
    s.winner = winner
    s.action = None
    s.turn_decision = 0
    emit(ev, "GameFinished", winner=winner, termination=termination, turn=s.turn,
         full_sets=[sets.full_colours(s, i) for i in range(len(s.players))])


def check_win(s: MulodiState, ev: Events) -> bool:
    """After every change: a player with full sets of 3 different colours wins; the player
    whose turn it is first (decisions file, "Winning": "the player who played it wins")."""
    need = D.winning["full_sets_of_different_colours"]
    n = len(s.players)
    for k in range(n):
        seat = (s.current + k) % n
        if sets.count_full(s, seat) >= need:
            finish(s, ev, "three_sets", seat)
            return True
    return False


# ------------------------------------------------------------------------------ moving cards
def settle_buildings(s: MulodiState, ev: Events, seat: int, colour: str) -> None:
    """Apartments and Arcades of ``colour`` beyond ``seat``'s full sets of it move to its bank
    as money (decisions file, "Plays": "when their set stops being full")."""
    apts = s.apartments[seat].get(colour)
    arcs = s.arcades[seat].get(colour)
    if not apts and not arcs:
        return
    k = sets.full_sets(s, seat, colour)
    moved: list[int] = []
    for table in (s.apartments[seat], s.arcades[seat]):
        cards = table.get(colour)
        if cards and len(cards) > k:
            for c in cards[k:]:
                moved.append(move_card(c, cards, s.banks[seat]))
        if cards is not None and not cards:
            del table[colour]
    if moved:
        emit(ev, "BuildingsBanked", player=seat, colour=colour, cards=[FACE[c] for c in moved])


def _move_property(s: MulodiState, card: int, src: int, src_colour: str, dst: int,
                   dst_colour: str) -> None:
    """Move property ``card`` from ``src``'s ``src_colour`` cards to the end of ``dst``'s
    ``dst_colour`` ones (a colour with no cards left leaves the seat's property section)."""
    cards = s.props[src][src_colour]
    move_card(card, cards, s.props[dst].setdefault(dst_colour, []))
    if not cards:
        del s.props[src][src_colour]


def _swap_properties(s: MulodiState, a: int, card_a: int, colour_a: str, b: int, card_b: int,
                     colour_b: str) -> None:
    """Seat ``a``'s ``card_a`` (``colour_a``) and seat ``b``'s ``card_b`` (``colour_b``)
    change places: both leave their sets (a colour left empty leaves its seat's section),
    then each joins the other seat's cards of its colour, at the end."""
    held: list[int] = []
    for seat, card, colour in ((a, card_a, colour_a), (b, card_b, colour_b)):
        cards = s.props[seat][colour]
        move_card(card, cards, held)
        if not cards:
            del s.props[seat][colour]
    take_card(held, s.props[b].setdefault(colour_a, []), 0)
    take_card(held, s.props[a].setdefault(colour_b, []), 0)


def transfer(s: MulodiState, ev: Events, payer: int, payee: int, cards: list[int], debt: int,
             how: str) -> None:
    """``payer`` pays ``payee`` with table ``cards``: properties into the payee's property
    section (same colour), money and action cards (Apartments and Arcades too) into the
    payee's bank (seed, "If a player pays you with a property, it becomes one of your
    properties"; decisions file, "Paying"). Then buildings left off a broken set go to the
    payer's bank, and the win is checked."""
    to_bank: list[str] = []
    to_props: list[str] = []
    touched: set[str] = set()
    for c in cards:
        where, colour = sets.locate(s, payer, c)  # type: ignore[misc]  # checked: every card is on payer's table
        if where == "bank":
            move_card(c, s.banks[payer], s.banks[payee])
            to_bank.append(FACE[c])
        elif where == "property":
            _move_property(s, c, payer, colour, payee, colour)
            touched.add(colour)
            to_props.append(FACE[c])
        else:
            table = s.apartments[payer] if where == "apartment" else s.arcades[payer]
            move_card(c, table[colour], s.banks[payee])
            if not table[colour]:
                del table[colour]
            to_bank.append(FACE[c])
    for colour in sorted(touched):
        settle_buildings(s, ev, payer, colour)
    emit(ev, "Paid", payer=payer, payee=payee, debt=debt, paid=sum(VALUE[c] for c in cards),
         to_bank=to_bank, to_properties=to_props, how=how)
    check_win(s, ev)


# ------------------------------------------------------------------------------ checks
Check = Callable[[MulodiState, Any], Any]
Perform = Callable[[MulodiState, Any, Any, Events], None]
_UNCHECKED = object()


class Ctx(BaseCtx):
    """One action's working context (:class:`engine.context.Ctx`; Mulodi has no money but
    its cards, which move with :func:`engine.context.move_card`): the state ``s``, the
    ``events`` so far (kept even when quiet: the rules append to them) and the ``plan`` the
    action's check worked out for its perform (what it names: the cards, the chain
    answered)."""

    __slots__ = ("plan",)
    s: MulodiState
    events: Events

    def __init__(self, state: MulodiState):
        super().__init__(state, [])
        self.plan: Any = _UNCHECKED


class Rule:
    """One action type's rule (:class:`engine.core.Rule`): ``check(state, action)`` (raises,
    changes nothing; returns the plan) and ``act(state, action, plan, events)``."""

    __slots__ = ("act", "check")

    def __init__(self, check: Check, perform: Perform):
        self.check = check
        self.act = perform

    def perform(self, ctx: Ctx, action: Any) -> None:
        """Change the state: with the plan the check left in ``ctx``, or, for an action
        applied unchecked (a bot's legal choice), the plan worked out now."""
        plan = ctx.plan
        if plan is _UNCHECKED:
            plan = self.check(ctx.s, action)
        else:
            ctx.plan = _UNCHECKED
        self.act(ctx.s, action, plan, ctx.events)


RULES: Rules[Rule] = Rules("Mulodi")
"""Action type -> its :class:`Rule` (the game's :class:`engine.context.Rules`, the reducer's
rule registry)."""


def rule(name: str, check: Check) -> Callable[[Perform], Perform]:
    """Register ``perform`` for action type ``name`` with its ``check`` (``ValueError`` when
    ``name`` has a rule already)."""

    def register(perform: Perform) -> Perform:
        RULES.add(name, Rule(check, perform))
        return perform

    return register


def card_number(value: Any) -> int:
    """The card number of wire id ``value`` (``"c017" -> 17``); :class:`InvalidAction` if
    there is no such card."""
    if isinstance(value, str) and len(value) == 4 and value[0] == "c" and value[1:].isdigit():
        number = int(value[1:])
        if number < D.size:
            return number
    raise InvalidAction(f"There is no card {value!r}")


def turn_check(s: MulodiState, a: Any, plays: int = 1) -> None:
    """The acting seat holds the turn, no response window is open and ``plays`` plays are
    left (seed "Play up to 3 cards")."""
    if a.player != s.current:
        raise NotYourDecision("It is not your turn")
    if s.action is not None or not s.turn_decision:
        raise NotYourDecision("Wait: the players your card was aimed at are still answering")
    if plays and s.plays_left < plays:
        if s.plays_left == 0:
            raise IllegalAction("You have played 3 cards this turn: end your turn")
        raise IllegalAction(f"That takes {plays} plays and you have {s.plays_left} left")


def hand_card(s: MulodiState, a: Any, field: str = "card") -> int:
    card = card_number(getattr(a, field))
    if card not in s.hands[a.player]:
        raise IllegalAction("That card is not in your hand")
    return card


def action_card(s: MulodiState, a: Any, action_id: str) -> int:
    card = hand_card(s, a)
    if D.action[card] != action_id:
        raise IllegalAction(f"That card is not a {D.action_names[action_id]}")
    return card


def target_check(s: MulodiState, a: Any) -> int:
    t = a.target
    if not 0 <= t < len(s.players):
        raise IllegalAction(f"There is no seat {t} at this table")
    if t == a.player:
        raise IllegalAction("Aim it at another player")
    return t


def doubles_check(s: MulodiState, a: Any) -> list[int]:
    doubles = sorted(c for c in s.hands[a.player] if D.action[c] == "double_rent")[:a.doubles]
    if len(doubles) < a.doubles:
        raise IllegalAction(f"You hold {len(doubles)} Double the Rent card(s)")
    return doubles


# ------------------------------------------------------------------------------ bank, property
def _check_bank(s: MulodiState, a: act.Bank) -> int:
    turn_check(s, a)
    card = hand_card(s, a)
    if KIND[card] not in (MONEY, ACTION):
        raise IllegalAction("Properties can't go in your bank")
    return card


@rule("bank", _check_bank)
def _bank(s: MulodiState, a: act.Bank, card: int, ev: Events) -> None:
    """Seed: "Play money cards onto the table to place them in your bank"; action cards "Can
    also be banked as money"."""
    _from_hand(s, a.player, card, s.banks[a.player])
    s.plays_left -= 1
    emit(ev, "CardBanked", player=a.player, card=FACE[card], value=VALUE[card])
    give_turn_decision(s, ev)


def colour_for(card: int, colour: str | None) -> str:
    """The colour ``card`` is laid as: a property's own; one of a wildcard's two; any for a
    Master (seed, "Property Wildcard", "Master Property Wild Card")."""
    kind = KIND[card]
    if kind == PROPERTY:
        own = D.colours[card][0]
        if colour not in (None, own):
            raise IllegalAction(f"{D.name[card]} is {D.colour[own].name.lower()}")
        return own
    if colour is None:
        raise IllegalAction("Say which colour the wildcard counts as")
    if kind == WILD and colour not in D.colours[card]:
        raise IllegalAction(f"That wildcard is {' or '.join(D.colours[card])}, not {colour}")
    return colour


def _check_property(s: MulodiState, a: act.PlayProperty) -> tuple[int, str]:
    turn_check(s, a)
    card = hand_card(s, a)
    if not D.is_property[card]:
        raise IllegalAction("That is not a property card")
    return card, colour_for(card, a.colour)


@rule("play_property", _check_property)
def _play_property(s: MulodiState, a: act.PlayProperty, plan: tuple[int, str], ev: Events) -> None:
    """Seed: "Play property cards face up in front of you to build sets"."""
    card, colour = plan
    _from_hand(s, a.player, card, s.props[a.player].setdefault(colour, []))
    s.plays_left -= 1
    emit(ev, "PropertyPlayed", player=a.player, card=FACE[card], colour=colour)
    if not check_win(s, ev):
        give_turn_decision(s, ev)


def _check_move(s: MulodiState, a: act.MoveWildcard) -> tuple[int, str, str]:
    turn_check(s, a, plays=0)
    card = card_number(a.card)
    where = sets.locate(s, a.player, card)
    if where is None or where[0] != "property":
        raise IllegalAction("That card is not in your property section")
    if KIND[card] not in (WILD, MASTER):
        raise IllegalAction("Only wildcards move between sets")
    if where[1] == a.colour:
        raise IllegalAction(f"It already counts as {a.colour}")
    return card, where[1], colour_for(card, a.colour)


@rule("move_wildcard", _check_move)
def _move_wildcard(s: MulodiState, a: act.MoveWildcard, plan: tuple[int, str, str], ev: Events) -> None:
    """Seed: "You can move it between sets on your turn" (decisions file: free, not a play; a
    Master moves the same way). The turn keeps its decision, and so its idle deadline: only a
    play, a draw or the end of the turn starts a new one (decisions file, "Readings decided
    after the first conformance run": the turn holder cannot hold the table by moving cards)."""
    card, old, new = plan
    _move_property(s, card, a.player, old, a.player, new)
    emit(ev, "WildcardMoved", player=a.player, card=FACE[card], colour=new, previous=old)
    settle_buildings(s, ev, a.player, old)
    check_win(s, ev)


# ------------------------------------------------------------------------------ action cards
def others(s: MulodiState, actor: int) -> list[int]:
    """The other seats in turn order after ``actor`` (the order targets are asked in)."""
    n = len(s.players)
    return [(actor + k) % n for k in range(1, n)]


def open_play(s: MulodiState, ev: Events, play: Play, targets: list[int], **shown: Any) -> None:
    """An action card aimed at ``targets`` is in the middle: each target gets a response
    window (Neda or accept) with its own decision (decisions file, "Neda and response
    windows"). A target of a payment card with nothing on the table to pay with is asked
    nothing (decided: it has nothing to lose and the card costs it nothing)."""
    s.action = play
    s.turn_decision = 0
    emit(ev, "ActionPlayed", player=play.actor, card=FACE[play.card], action=play.kind,
         targets=targets, plays_left=s.plays_left, **shown)
    for t in targets:
        if play.kind in PAYMENT_ACTIONS and not sets.payable(s, t):
            play.chains.append(Chain(t, t, 0, STAGE_DONE))
            emit(ev, "Paid", payer=t, payee=play.actor, debt=play.amount, paid=0, to_bank=[],
                 to_properties=[], how="nothing")
            continue
        chain = Chain(t, t, new_id(s), STAGE_RESPOND)
        play.chains.append(chain)
        _pending_event(s, ev, chain.decision, t, "respond", chain)
    close_if_done(s, ev)


def close_if_done(s: MulodiState, ev: Events) -> None:
    """When every chain of the card in play is done, the actor's turn goes on."""
    if s.termination is not None or s.action is None:
        return
    if all(c.stage == STAGE_DONE for c in s.action.chains):
        s.action = None
        give_turn_decision(s, ev)


def _to_middle(s: MulodiState, seat: int, cards: list[int]) -> None:
    for c in cards:
        _from_hand(s, seat, c, s.middle)


def _untargeted(name: str) -> Check:
    """The check of action card ``name`` played at nobody in particular (Wedding Meeting,
    Yongeza): the seat's turn with a play left and such a card in its hand; returns the card."""

    def check(s: MulodiState, a: Any) -> int:
        turn_check(s, a)
        return action_card(s, a, name)

    return check


def _play_action(s: MulodiState, seat: int, card: int) -> None:
    """``seat`` plays action card ``card``: it goes to the middle and uses one of the turn's
    plays (seed, "Play up to 3 cards"; "The middle of the table: action cards, to use their
    effect")."""
    _to_middle(s, seat, [card])
    s.plays_left -= 1


def _check_rent(s: MulodiState, a: act.Rent) -> tuple[int, list[int], int]:
    turn_check(s, a, plays=1 + a.doubles)
    card = action_card(s, a, RENT)
    if a.colour not in D.colours[card]:
        raise IllegalAction(f"That Rent card charges {' or '.join(D.colours[card])}")
    base = sets.rent_due(s, a.player, a.colour)
    if not base:
        raise IllegalAction(f"You need a {a.colour} property in front of you to charge its rent")
    doubles = doubles_check(s, a)
    return card, doubles, base * D.amounts["double_rent_factor"] ** len(doubles)


@rule("rent", _check_rent)
def _rent(s: MulodiState, a: act.Rent, plan: tuple[int, list[int], int], ev: Events) -> None:
    """Seed, "Rent (two-colour)": ALL players pay rent for ONE of the card's colours;
    "Double the Rent" doubles it (decisions file: each Double is a play, two make x4)."""
    card, doubles, amount = plan
    _to_middle(s, a.player, [card, *doubles])
    s.plays_left -= 1 + len(doubles)
    play = Play(a.player, card, RENT, amount=amount, colour=a.colour, doubles=doubles)
    open_play(s, ev, play, others(s, a.player), colour=a.colour, doubles=len(doubles), amount=amount)


def _check_multi_rent(s: MulodiState, a: act.MultiRent) -> tuple[int, list[int], int, int]:
    turn_check(s, a, plays=1 + a.doubles)
    card = action_card(s, a, "multi_rent")
    target = target_check(s, a)
    base = sets.rent_due(s, a.player, a.colour)
    if not base:
        raise IllegalAction(f"You need a {a.colour} property in front of you to charge its rent")
    doubles = doubles_check(s, a)
    return card, doubles, base * D.amounts["double_rent_factor"] ** len(doubles), target


@rule("multi_rent", _check_multi_rent)
def _multi_rent(s: MulodiState, a: act.MultiRent, plan, ev: Events) -> None:
    """Seed, "Multi-coloured Rent": ONE player of your choice pays rent on any one of your
    colours (decisions file: Double the Rent doubles it too)."""
    card, doubles, amount, target = plan
    _to_middle(s, a.player, [card, *doubles])
    s.plays_left -= 1 + len(doubles)
    play = Play(a.player, card, "multi_rent", amount=amount, colour=a.colour, doubles=doubles)
    open_play(s, ev, play, [target], colour=a.colour, doubles=len(doubles), amount=amount)


def _check_banja(s: MulodiState, a: act.Banja) -> tuple[int, int]:
    turn_check(s, a)
    return action_card(s, a, "banja"), target_check(s, a)


@rule("banja", _check_banja)
def _banja(s: MulodiState, a: act.Banja, plan: tuple[int, int], ev: Events) -> None:
    """Seed, "Banja": demand 50M from another player."""
    card, target = plan
    _play_action(s, a.player, card)
    amount = D.amounts["banja"]
    open_play(s, ev, Play(a.player, card, "banja", amount=amount), [target], amount=amount)


@rule("wedding_meeting", _untargeted("wedding_meeting"))
def _wedding(s: MulodiState, a: act.WeddingMeeting, card: int, ev: Events) -> None:
    """Seed, "Wedding Meeting": all players pay you 20M."""
    _play_action(s, a.player, card)
    amount = D.amounts["wedding_meeting"]
    open_play(s, ev, Play(a.player, card, "wedding_meeting", amount=amount), others(s, a.player),
              amount=amount)


def _their_loose_property(s: MulodiState, a: Any, name: str, verb: str) -> tuple[int, int, int, str]:
    """The checks of action card ``name`` aimed at another player's property ``a.property``:
    the seat's turn with a play left, the card in its hand, a target seated, and the property
    in the target's property section, not in a full set (``verb``: "steal", "take", for the
    refusal). Returns ``(card, target, property, its colour)``."""
    turn_check(s, a)
    card = action_card(s, a, name)
    target = target_check(s, a)
    prop = card_number(a.property)
    where = sets.locate(s, target, prop)
    if where is None or where[0] != "property":
        raise IllegalAction("That card is not in their property section")
    if not sets.is_loose(s, target, prop, where[1]):
        raise IllegalAction(f"You can't {verb} a card from a full set")
    return card, target, prop, where[1]


def _check_land_grab(s: MulodiState, a: act.LandGrab) -> tuple[int, int, int, str]:
    return _their_loose_property(s, a, "land_grab", "steal")


@rule("land_grab", _check_land_grab)
def _land_grab(s: MulodiState, a: act.LandGrab, plan, ev: Events) -> None:
    """Seed, "Land Grab": steal a property from any other player, not from a full set."""
    card, target, prop, colour = plan
    _play_action(s, a.player, card)
    open_play(s, ev, Play(a.player, card, "land_grab", prop=prop, colour=colour), [target],
              property=FACE[prop], colour=colour)


def _check_land_trade(s: MulodiState, a: act.LandTrade) -> tuple[int, int, int, str, int, str]:
    card, target, prop, colour = _their_loose_property(s, a, "land_trade", "take")
    give = card_number(a.give)
    mine = sets.locate(s, a.player, give)
    if mine is None or mine[0] != "property":
        raise IllegalAction("The card you give must be in your property section")
    if not sets.is_loose(s, a.player, give, mine[1]):
        raise IllegalAction("You can't give a card from one of your full sets")
    return card, target, prop, colour, give, mine[1]


@rule("land_trade", _check_land_trade)
def _land_trade(s: MulodiState, a: act.LandTrade, plan, ev: Events) -> None:
    """Seed, "Land Trade": swap another player's property with one of yours (decisions file:
    neither from a full set)."""
    card, target, prop, colour, give, give_colour = plan
    _play_action(s, a.player, card)
    open_play(s, ev, Play(a.player, card, "land_trade", prop=prop, give=give, colour=colour),
              [target], property=FACE[prop], colour=colour, give=FACE[give], give_colour=give_colour)


def _check_yaaye(s: MulodiState, a: act.YaayeDeal) -> tuple[int, int]:
    turn_check(s, a)
    card = action_card(s, a, "yaaye_deal")
    target = target_check(s, a)
    if sets.full_sets(s, target, a.colour) <= a.set:
        if a.set:
            raise IllegalAction(f"They have no set {a.set + 1} of {a.colour} that is full")
        raise IllegalAction(f"They have no full {a.colour} set")
    return card, target


@rule("yaaye_deal", _check_yaaye)
def _yaaye(s: MulodiState, a: act.YaayeDeal, plan: tuple[int, int], ev: Events) -> None:
    """Seed, "Yaaye Deal": steal a full set of properties (decisions file: with its Apartment
    and Arcade)."""
    card, target = plan
    _play_action(s, a.player, card)
    open_play(s, ev, Play(a.player, card, "yaaye_deal", colour=a.colour, set=a.set), [target],
              colour=a.colour, set=a.set)


@rule("yongeza", _untargeted("yongeza"))
def _yongeza(s: MulodiState, a: act.Yongeza, card: int, ev: Events) -> None:
    """Seed, "Yongeza": pick up 2 extra cards; more than one may be played a turn."""
    _play_action(s, a.player, card)
    emit(ev, "ActionPlayed", player=a.player, card=FACE[card], action="yongeza", targets=[],
         plays_left=s.plays_left)
    draw(s, ev, a.player, D.amounts["yongeza_draws"], "yongeza")
    give_turn_decision(s, ev)


def _check_building(s: MulodiState, a: Any, which: str) -> int:
    turn_check(s, a)
    card = action_card(s, a, which)
    colour = D.colour[a.colour]
    if not colour.buildings:
        raise IllegalAction(f"An {D.action_names[which]} can't be added to taxi parks or utilities")
    k = sets.full_sets(s, a.player, a.colour)
    if not k:
        raise IllegalAction(f"An {D.action_names[which]} goes on a full set: you have no full {a.colour} set")
    apts = len(s.apartments[a.player].get(a.colour, ()))
    arcs = len(s.arcades[a.player].get(a.colour, ()))
    if which == "apartment" and apts >= k:
        raise IllegalAction("Only one Apartment per set")
    if which == "arcade":
        if arcs >= k:
            raise IllegalAction("Only one Arcade per set")
        if arcs >= apts:
            raise IllegalAction("An Arcade needs the set's Apartment first")
    return card


@rule("apartment", lambda s, a: _check_building(s, a, "apartment"))
def _apartment(s: MulodiState, a: act.Apartment, card: int, ev: Events) -> None:
    """Seed, "Arcade & Apartment": add onto a full set (not taxi parks or utilities), one per
    set; +30M rent."""
    _from_hand(s, a.player, card, s.apartments[a.player].setdefault(a.colour, []))
    s.plays_left -= 1
    emit(ev, "BuildingAdded", player=a.player, card=FACE[card], colour=a.colour)
    give_turn_decision(s, ev)


@rule("arcade", lambda s, a: _check_building(s, a, "arcade"))
def _arcade(s: MulodiState, a: act.Arcade, card: int, ev: Events) -> None:
    """Seed, "Arcade & Apartment": one Arcade per full set (decisions file: after the
    Apartment); +40M rent."""
    _from_hand(s, a.player, card, s.arcades[a.player].setdefault(a.colour, []))
    s.plays_left -= 1
    emit(ev, "BuildingAdded", player=a.player, card=FACE[card], colour=a.colour)
    give_turn_decision(s, ev)


# ------------------------------------------------------------------------------ end of turn
def returns_needed(s: MulodiState, seat: int) -> int:
    """Cards ``seat`` must return to end its turn (seed: no more than 7 in hand)."""
    return max(0, len(s.hands[seat]) - D.deal["hand_limit"])


def _check_end_turn(s: MulodiState, a: act.EndTurn) -> list[int]:
    turn_check(s, a, plays=0)
    cards = [card_number(c) for c in a.returned]
    need = returns_needed(s, a.player)
    if len(set(cards)) != len(cards):
        raise IllegalAction("You named a card twice")
    if len(cards) != need:
        if need:
            raise IllegalAction(f"You hold {len(s.hands[a.player])} cards: return {need} to end your turn")
        raise IllegalAction("You are within the hand limit: return no cards")
    if any(c not in s.hands[a.player] for c in cards):
        raise IllegalAction("You can only return cards from your hand")
    return cards


@rule("end_turn", _check_end_turn)
def _end_turn(s: MulodiState, a: act.EndTurn, cards: list[int], ev: Events) -> None:
    """Seed: "At the end of your turn you can't have more than 7 cards in your hand. If you
    do, put the extra cards back into the deck" (decisions file: the player chooses them; the
    bottom of the draw pile)."""
    end_turn(s, ev, cards)


# ------------------------------------------------------------------------------ answers
def find_chain(s: MulodiState, a: Any, stage: str) -> Chain:
    """The chain whose pending decision ``a.decision`` is, held by ``a.player`` at ``stage``."""
    if s.action is not None:
        for chain in s.action.chains:
            if chain.decision == a.decision and chain.stage != STAGE_DONE:
                if chain.holder != a.player:
                    raise NotYourDecision("That decision is another player's")
                if chain.stage != stage:
                    raise IllegalAction("That decision asks for a payment" if chain.stage == STAGE_PAY
                                        else "That decision asks for a Neda or an accept")
                return chain
    raise NotYourDecision("That decision is not pending (it may have been answered or timed out)")


def _check_neda(s: MulodiState, a: act.Neda) -> tuple[Chain, int]:
    chain = find_chain(s, a, STAGE_RESPOND)
    nedas = [c for c in s.hands[a.player] if D.action[c] == "neda"]
    if not nedas:
        raise IllegalAction("You have no Neda in your hand")
    return chain, min(nedas)


@rule("neda", _check_neda)
def _neda(s: MulodiState, a: act.Neda, plan: tuple[Chain, int], ev: Events) -> None:
    """Seed, "Neda": cancel an action card played against you; "If the other player also
    has a Neda, they can use it to cancel yours". Decisions file: never one of the 3 plays;
    the other side of the chain decides next."""
    chain, card = plan
    play = s.action
    assert play is not None
    _to_middle(s, a.player, [card])
    chain.nedas += 1
    other = play.actor if a.player == chain.target else chain.target
    chain.holder = other
    chain.decision = new_id(s)
    emit(ev, "NedaPlayed", player=a.player, against=other, target=chain.target, nedas=chain.nedas,
         action=play.kind)
    _pending_event(s, ev, chain.decision, other, "respond", chain)


def _check_accept(s: MulodiState, a: act.Accept) -> Chain:
    return find_chain(s, a, STAGE_RESPOND)


@rule("accept", _check_accept)
def _accept(s: MulodiState, a: act.Accept, chain: Chain, ev: Events) -> None:
    resolve(s, ev, chain, a.player)


def resolve(s: MulodiState, ev: Events, chain: Chain, by: int) -> None:
    """The holder of ``chain`` lets it stand: after an even number of Nedas the card acts on
    its target, after an odd number it is cancelled for that target (seed, "Neda")."""
    play = s.action
    assert play is not None
    emit(ev, "Accepted", player=by, target=chain.target, nedas=chain.nedas, action=play.kind)
    if chain.nedas % 2:
        chain.stage = STAGE_DONE
        emit(ev, "ActionCancelled", player=play.actor, target=chain.target, action=play.kind)
    else:
        act_on(s, ev, play, chain)
    close_if_done(s, ev)


def act_on(s: MulodiState, ev: Events, play: Play, chain: Chain) -> None:
    """The card in play acts on ``chain.target``: a payment is asked for (or made at once
    when the payer has no choice), a property or set changes hands."""
    t = chain.target
    if play.kind in PAYMENT_ACTIONS:
        can = sets.payable(s, t)
        worth = sum(VALUE[c] for c in can)
        if worth <= play.amount:
            chain.stage = STAGE_DONE
            transfer(s, ev, t, play.actor, can, play.amount, "everything")
            return
        chain.stage = STAGE_PAY
        chain.holder = t
        chain.debt = play.amount
        chain.decision = new_id(s)
        _pending_event(s, ev, chain.decision, t, "pay", chain)
        return
    chain.stage = STAGE_DONE
    if play.kind == "land_grab":
        _move_property(s, play.prop, t, play.colour, play.actor, play.colour)
        emit(ev, "PropertyTaken", player=play.actor, target=t, card=FACE[play.prop], colour=play.colour)
    elif play.kind == "land_trade":
        give_colour = sets.locate(s, play.actor, play.give)[1]  # type: ignore[index]  # checked: a loose card of the actor's
        _swap_properties(s, t, play.prop, play.colour, play.actor, play.give, give_colour)
        emit(ev, "PropertiesSwapped", player=play.actor, target=t, got=FACE[play.prop],
             colour=play.colour, gave=FACE[play.give], give_colour=give_colour)
    elif play.kind == "yaaye_deal":
        colour = play.colour
        full, _loose = sets.arrange(s.props[t][colour], D.size_of[colour])
        taken = full[play.set]
        for c in taken:
            _move_property(s, c, t, colour, play.actor, colour)
        buildings: list[int] = []
        for table, mine in ((s.apartments[t], s.apartments[play.actor]),
                            (s.arcades[t], s.arcades[play.actor])):
            cards = table.get(colour)
            if cards and play.set < len(cards):
                buildings.append(take_card(cards, mine.setdefault(colour, []), play.set))
                if not cards:
                    del table[colour]
        emit(ev, "SetTaken", player=play.actor, target=t, colour=colour,
             cards=[FACE[c] for c in taken], buildings=[FACE[c] for c in buildings])
        settle_buildings(s, ev, t, colour)
        settle_buildings(s, ev, play.actor, colour)
    check_win(s, ev)


def _check_pay(s: MulodiState, a: act.Pay) -> tuple[Chain, list[int]]:
    chain = find_chain(s, a, STAGE_PAY)
    cards = [card_number(c) for c in a.cards]
    problem = payment.payment_problem(s, a.player, chain.debt, cards)
    if problem:
        raise IllegalAction(problem)
    return chain, cards


@rule("pay", _check_pay)
def _pay(s: MulodiState, a: act.Pay, plan: tuple[Chain, list[int]], ev: Events) -> None:
    """Seed: "There is no change in the game. You pay with what you have on the table";
    decisions file, "Paying": the payer's choice."""
    chain, cards = plan
    play = s.action
    assert play is not None
    chain.stage = STAGE_DONE
    transfer(s, ev, a.player, play.actor, cards, chain.debt, "chosen")
    close_if_done(s, ev)


# ------------------------------------------------------------------------------ the table
def _check_timeout(s: MulodiState, a: act.Timeout) -> tuple[str, Any]:
    if s.action is None:
        if a.decision == s.turn_decision and s.turn_decision:
            if a.player != s.current:
                raise NotYourDecision("That decision is another player's")
            return "play", payment.house_returns(s.hands[a.player], returns_needed(s, a.player))
        raise NotYourDecision("That decision is not pending")
    for chain in s.action.chains:
        if chain.decision == a.decision and chain.stage != STAGE_DONE:
            if chain.holder != a.player:
                raise NotYourDecision("That decision is another player's")
            return chain.stage, chain
    raise NotYourDecision("That decision is not pending")


@rule("timeout", _check_timeout)
def _timeout(s: MulodiState, a: act.Timeout, plan: tuple[str, Any], ev: Events) -> None:
    """The table answers for an absent player (decisions file, "Neda and response windows" and
    "Plays"): no Neda; the house payment (:func:`payment.house_payment`); an idle turn ends,
    returning the house choice of cards over the hand limit."""
    kind, what = plan
    emit(ev, "TimedOut", player=a.player, decision=a.decision, kind=kind)
    if kind == "play":
        end_turn(s, ev, what)
    elif kind == STAGE_RESPOND:
        resolve(s, ev, what, a.player)
    else:
        chain = what
        play = s.action
        assert play is not None
        cards = payment.house_payment(s, a.player, chain.debt)
        chain.stage = STAGE_DONE
        transfer(s, ev, a.player, play.actor, cards, chain.debt, "table")
        close_if_done(s, ev)


# ------------------------------------------------------------------------------ applying
def check_action(s: MulodiState, a: Any) -> Any:
    """Check ``a`` against ``s`` without changing it; returns what :func:`perform` needs.

    Raises :class:`GameOver`, :class:`InvalidAction` (not a Mulodi action, no such seat or
    card), :class:`NotYourDecision` or :class:`IllegalAction` (the rules say no), each with a
    message a player understands."""
    kind = getattr(a, "type", "")
    cls = act.ACTION_TYPES.get(kind)
    if cls is None or not isinstance(a, cls):
        raise InvalidAction("not a Mulodi action")
    return check_known(s, a)


def check_known(s: MulodiState, a: Any) -> Any:
    """:func:`check_action` for an action known to be a Mulodi one (the reducer recognised
    it): the game is on, the seat exists, then the rule's own check."""
    if s.termination is not None:
        raise GameOver("The game is over")
    if not 0 <= a.player < len(s.players):
        raise InvalidAction(f"There is no seat {a.player} at this table")
    return RULES[a.type].check(s, a)
