"""Mulodi's legal actions: generated straight from the state (no per-candidate validation),
with :func:`engine.mulodi.flow.check_action` as the one check behind ``action in legal``
(the ruleset kit checks that every listed action applies).

Cards with the same face are interchangeable, so each face in a hand is listed once (its
lowest card id); any other card of that face is legal too (``in`` accepts it). Payments and
the cards returned at the hand limit are free choices: a few good ones are listed and
``LegalActions.specs`` describes the rest (``pay``: the debt and the cards that may pay;
``end_turn``: how many cards to return, from the hand).
"""

from __future__ import annotations

from typing import Any

from engine.core import EngineError, LegalActions
from engine.mulodi import actions as act
from engine.mulodi import payment, sets
from engine.mulodi.cards import ACTION, MASTER, MONEY, PROPERTY, RENT, WILD, card_id, deck
from engine.mulodi.flow import check_action, returns_needed
from engine.mulodi.state import STAGE_PAY, STAGE_RESPOND, MulodiState

D = deck()
_make = act.make
_IDS = tuple(card_id(c) for c in range(len(D.kind)))
"""Card number -> its wire id (``card_id``), made once: a listing names tens of cards."""
_BANK = act.maker(act.Bank, "player", "card")
_PLAY_PROPERTY = act.maker(act.PlayProperty, "player", "card", "colour")
_MOVE_WILDCARD = act.maker(act.MoveWildcard, "player", "card", "colour")
_RENT = act.maker(act.Rent, "player", "card", "colour", "doubles")
_MULTI_RENT = act.maker(act.MultiRent, "player", "card", "colour", "target", "doubles")
_END_TURN = act.maker(act.EndTurn, "player", "returned")
_ACCEPT = act.maker(act.Accept, "player", "decision")
_NEDA = act.maker(act.Neda, "player", "decision")
_PAY = act.maker(act.Pay, "player", "decision", "cards")
_BANJA = act.maker(act.Banja, "player", "card", "target")
_LAND_GRAB = act.maker(act.LandGrab, "player", "card", "target", "property")
_LAND_TRADE = act.maker(act.LandTrade, "player", "card", "target", "property", "give")


def others(s: MulodiState, seat: int) -> list[int]:
    n = len(s.players)
    return [(seat + k) % n for k in range(1, n)]


def payment_options(s: MulodiState, seat: int, debt: int) -> list[list[int]]:
    """A few distinct payments of ``debt`` that ``seat`` may make: the house choice, each
    single card that covers the debt (one per face and place), the bank from its largest
    cards, the properties outside full sets from the smallest."""
    value = D.value
    options: list[list[int]] = [payment.house_payment(s, seat, debt)]
    seen_single: set[tuple[str, str]] = set()
    for c in sets.payable(s, seat):
        if value[c] >= debt:
            where = sets.locate(s, seat, c)
            key = (D.face[c], where[0] if where else "")
            if key not in seen_single:
                seen_single.add(key)
                options.append([c])

    def greedy(cards: list[int]) -> list[int] | None:
        out, paid = [], 0
        for c in cards:
            out.append(c)
            paid += value[c]
            if paid >= debt:
                return out
        return None

    big_bank = greedy(sorted(s.banks[seat], key=lambda c: (-value[c], c)))
    if big_bank:
        options.append(big_bank)
    props = greedy(sorted((c for c, _ in sets.loose(s, seat) if not D.is_master[c]),
                          key=lambda c: (value[c], c)))
    if props:
        options.append(props)
    unique: dict[tuple[int, ...], list[int]] = {}
    for o in options:
        unique.setdefault(tuple(sorted(o)), o)
    return list(unique.values())


def _turn_actions(s: MulodiState, seat: int) -> list[Any]:
    out: list[Any] = []
    append = out.append
    hand = s.hands[seat]
    face, kinds, colours, colour_ids, ids = D.face, D.kind, D.colours, D.colour_ids, _IDS
    reps: dict[str, int] = {}
    for c in sorted(hand):
        reps.setdefault(face[c], c)
    plays = s.plays_left
    opponents = others(s, seat)
    if plays > 0:
        doubles_held = sum(1 for c in hand if D.action[c] == "double_rent")
        max_doubles = min(doubles_held, plays - 1, D.amounts["max_doubles"])
        mine = s.props[seat]
        my_colours = [col for col in colour_ids if mine.get(col)]
        for c in reps.values():
            kind = kinds[c]
            cid = ids[c]
            if kind == PROPERTY:
                append(_PLAY_PROPERTY(seat, cid, colours[c][0]))
            elif kind == MONEY:
                append(_BANK(seat, cid))
            elif kind == WILD:
                for col in colours[c]:
                    append(_PLAY_PROPERTY(seat, cid, col))
            elif kind == MASTER:
                for col in colour_ids:
                    append(_PLAY_PROPERTY(seat, cid, col))
            elif kind == ACTION:
                append(_BANK(seat, cid))
                out.extend(_action_card(s, seat, c, cid, opponents, my_colours, max_doubles))
    for colour, cards in s.props[seat].items():
        moved: set[str] = set()
        for c in cards:
            kind = kinds[c]
            if (kind != WILD and kind != MASTER) or face[c] in moved:
                continue
            moved.add(face[c])
            cid = ids[c]
            for col in (colours[c] if kind == WILD else colour_ids):
                if col != colour:
                    append(_MOVE_WILDCARD(seat, cid, col))
    need = returns_needed(s, seat)
    if not need:
        append(_END_TURN(seat, []))
    else:
        choices = [payment.house_returns(hand, need),
                   sorted(hand, key=lambda c: (-D.value[c], c))[:need], hand[-need:]]
        seen: set[tuple[int, ...]] = set()
        for choice in choices:
            key = tuple(sorted(choice))
            if key not in seen:
                seen.add(key)
                append(_END_TURN(seat, [ids[c] for c in choice]))
    return out


def _action_card(s: MulodiState, seat: int, c: int, cid: str, opponents: list[int],
                 my_colours: list[str], max_doubles: int) -> list[Any]:
    a = D.action[c]
    out: list[Any] = []
    if a == RENT:
        for col in D.colours[c]:
            if s.props[seat].get(col):
                for d in range(max_doubles + 1):
                    out.append(_RENT(seat, cid, col, d))
    elif a == "multi_rent":
        for col in my_colours:
            for t in opponents:
                for d in range(max_doubles + 1):
                    out.append(_MULTI_RENT(seat, cid, col, t, d))
    elif a == "banja":
        out.extend([_BANJA(seat, cid, t) for t in opponents])
    elif a == "wedding_meeting":
        out.append(_make(act.WeddingMeeting, player=seat, card=cid))
    elif a == "yongeza":
        out.append(_make(act.Yongeza, player=seat, card=cid))
    elif a == "land_grab":
        for t in opponents:
            for p, _col in sets.loose(s, t):
                out.append(_LAND_GRAB(seat, cid, t, _IDS[p]))
    elif a == "land_trade":
        mine = sets.loose(s, seat)
        if mine:
            for t in opponents:
                for p, _col in sets.loose(s, t):
                    for g, _gcol in mine:
                        out.append(_LAND_TRADE(seat, cid, t, _IDS[p], _IDS[g]))
    elif a == "yaaye_deal":
        for t in opponents:
            for col in D.colour_ids:
                for j in range(sets.full_sets(s, t, col)):
                    out.append(_make(act.YaayeDeal, player=seat, card=cid, target=t, colour=col, set=j))
    elif a in ("apartment", "arcade"):
        for col in my_colours:
            if not D.colour[col].buildings:
                continue
            k = sets.full_sets(s, seat, col)
            apts = len(s.apartments[seat].get(col, ()))
            arcs = len(s.arcades[seat].get(col, ()))
            if a == "apartment" and apts < k:
                out.append(_make(act.Apartment, player=seat, card=cid, colour=col))
            if a == "arcade" and arcs < k and arcs < apts:
                out.append(_make(act.Arcade, player=seat, card=cid, colour=col))
    return out


def legal_list(s: MulodiState, seat: int) -> list[Any]:
    """Every action seat ``seat`` may take now, as listed (see the module docstring)."""
    if s.termination is not None or not 0 <= seat < len(s.players):
        return []
    if s.action is not None:
        out: list[Any] = []
        for chain in s.action.chains:
            if chain.holder != seat:
                continue
            if chain.stage == STAGE_RESPOND:
                out.append(_ACCEPT(seat, chain.decision))
                if any(D.action[c] == "neda" for c in s.hands[seat]):
                    out.append(_NEDA(seat, chain.decision))
            elif chain.stage == STAGE_PAY:
                for option in payment_options(s, seat, chain.debt):
                    out.append(_PAY(seat, chain.decision, [_IDS[c] for c in option]))
        return out
    if seat != s.current or not s.turn_decision:
        return []
    return _turn_actions(s, seat)


def specs(s: MulodiState, seat: int) -> dict[str, dict[str, Any]]:
    """The free choices of ``seat`` now: ``pay`` (per decision: the debt and the cards that
    may pay) and ``end_turn`` (how many cards to return, and from which)."""
    out: dict[str, dict[str, Any]] = {}
    if s.termination is not None or not 0 <= seat < len(s.players):
        return out
    if s.action is not None:
        for chain in s.action.chains:
            if chain.holder == seat and chain.stage == STAGE_PAY:
                out["pay"] = {"decision": chain.decision, "debt": chain.debt,
                              "cards": [_IDS[c] for c in sets.payable(s, seat)]}
        return out
    if seat == s.current and s.turn_decision:
        need = returns_needed(s, seat)
        if need:
            out["end_turn"] = {"return": need, "from": [_IDS[c] for c in s.hands[seat]]}
    return out


def legal_actions(s: MulodiState, seat: int) -> LegalActions:
    """:class:`LegalActions` of ``seat``: the listing, the one check, the specs."""

    def check(action: Any) -> None:
        if getattr(action, "player", None) != seat:
            raise EngineError("not this player's action")
        if getattr(action, "type", None) in act.SYSTEM_ACTIONS:
            raise EngineError("the table's action, not a player's (see engine.deadline_action)")
        check_action(s, action)

    return LegalActions(legal_list(s, seat), check, specs(s, seat))
