"""Helpers for the Mulodi tests: tables laid out card by card, short-hand actions, lookups.

:func:`table` deals a real game, then puts named cards (by face) where a test wants them and
every other card in the draw pile, so the deck's 106 cards stay in exactly one place each.
"""

from __future__ import annotations

from typing import Any

import engine
from engine.mulodi.cards import card_id, deck
from engine.mulodi.state import MulodiState

D = deck()
RS = engine.get_ruleset("mulodi")


def table(players: int = 2, *, hands: dict[int, list[str]] | None = None,
          banks: dict[int, list[str]] | None = None,
          props: dict[int, dict[str, list[str]]] | None = None,
          apartments: dict[int, dict[str, list[str]]] | None = None,
          arcades: dict[int, dict[str, list[str]]] | None = None,
          pile: list[str] | None = None, middle: list[str] | None = None,
          rest: str = "pile", current: int = 0, plays_left: int = 3, seed: int = 1,
          options: dict[str, Any] | None = None) -> MulodiState:
    """A game at seat ``current``'s turn (``plays_left`` plays left) with exactly these cards
    (faces) in these places. ``pile`` lists the cards on top of the draw pile, the next drawn
    first; every card not named goes under them (``rest="pile"``) or into the middle
    (``rest="middle"``)."""
    s = engine.new_game("mulodi", [f"p{i}" for i in range(players)], seed, options or {})
    pool: dict[str, list[int]] = {}
    for c in range(D.size):
        pool.setdefault(D.face[c], []).append(c)

    def take(face: str) -> int:
        if not pool.get(face):
            raise AssertionError(f"no card {face!r} left in the deck")
        return pool[face].pop(0)

    s.hands = [[take(f) for f in (hands or {}).get(i, [])] for i in range(players)]
    s.banks = [[take(f) for f in (banks or {}).get(i, [])] for i in range(players)]
    s.props = [{col: [take(f) for f in faces] for col, faces in (props or {}).get(i, {}).items()}
               for i in range(players)]
    s.apartments = [{col: [take(f) for f in faces] for col, faces in (apartments or {}).get(i, {}).items()}
                    for i in range(players)]
    s.arcades = [{col: [take(f) for f in faces] for col, faces in (arcades or {}).get(i, {}).items()}
                 for i in range(players)]
    top = [take(f) for f in (pile or [])]
    s.middle = [take(f) for f in (middle or [])]
    left = sorted(c for cards in pool.values() for c in cards)
    if rest == "middle":
        s.middle = left + s.middle
        s.pile = list(reversed(top))
    else:
        s.pile = left + list(reversed(top))
    s.current = current
    s.plays_left = plays_left
    s.action = None
    s.known = {}
    s.busy = False  # the turn's deal-time draw is undone by the layout
    s.quiet = 0
    s.decision_seq += 1
    s.turn_decision = s.decision_seq
    return s


def card(s: MulodiState, seat: int, face: str, where: str = "hand", nth: int = 0) -> str:
    """The id of the ``nth`` card of ``face`` in ``seat``'s ``where`` (``hand``, ``bank``,
    ``props``, ``apartments``, ``arcades``)."""
    if where == "hand":
        cards = s.hands[seat]
    elif where == "bank":
        cards = s.banks[seat]
    else:
        cards = [c for cs in getattr(s, where)[seat].values() for c in cs]
    found = [c for c in cards if D.face[c] == face]
    if len(found) <= nth:
        raise AssertionError(f"seat {seat} has no {face!r} in its {where}")
    return card_id(found[nth])


def act(s: MulodiState, type_: str, player: int | None = None, **fields: Any):
    """Apply action ``type_`` (wire fields) for ``player`` (default: the first pending
    decision's holder); returns ``(state, events)``."""
    if player is None:
        player = RS.pending(s)[0].player
    result = engine.apply(s, {"type": type_, "player": player, **fields})
    return result.state, result.events


def decision(s: MulodiState, seat: int, kind: str | None = None) -> int:
    """The id of ``seat``'s pending decision (of ``kind``)."""
    for d in RS.pending(s):
        if d.player == seat and (kind is None or d.kind == kind):
            return d.id
    raise AssertionError(f"seat {seat} has no pending {kind or ''} decision: {RS.pending(s)}")


def answer(s: MulodiState, seat: int, type_: str, **fields: Any):
    """``seat`` answers its pending decision with ``type_`` (``neda``, ``accept``, ``pay``)."""
    kind = "pay" if type_ == "pay" else "respond"
    return act(s, type_, seat, decision=decision(s, seat, kind), **fields)


def events_of(events: list[dict[str, Any]], type_: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == type_]


def faces(cards: list[int]) -> list[str]:
    return sorted(D.face[c] for c in cards)


def bank_faces(s: MulodiState, seat: int) -> list[str]:
    return faces(s.banks[seat])


def prop_faces(s: MulodiState, seat: int, colour: str) -> list[str]:
    return faces(s.props[seat].get(colour, []))


def bank_total(s: MulodiState, seat: int) -> int:
    return sum(D.value[c] for c in s.banks[seat])


def where_all(s: MulodiState) -> list[int]:
    """Every card number in every place (106 when nothing is lost or doubled)."""
    cards = [*s.pile, *s.middle]
    for i in range(len(s.players)):
        cards += s.hands[i] + s.banks[i]
        for table_ in (s.props[i], s.apartments[i], s.arcades[i]):
            for cs in table_.values():
                cards += cs
    return cards
