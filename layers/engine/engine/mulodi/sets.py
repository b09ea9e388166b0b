"""Property sets, rent and what a table is worth: read-only functions of a state.

How cards form sets (decisions file, "Plays": "A colour with more cards than its set size
starts a second set of that colour"; "A Master wildcard counts as any colour, but not as a set
on its own"; "two Masters never make a full set without a real property of the colour"). The
engine arranges each colour's cards itself, so a player never loses a full set to the order
cards were laid in (decided, docs/rules.md "Mulodi"):

- a colour with ``n`` cards, ``r`` of them not Masters, has ``min(n // size, r)`` full sets:
  the most it can have when each full set holds at least one card other than a Master;
- full set ``j`` is anchored by the ``j``-th non-Master card laid, then filled with the other
  cards in the order they were laid; what is left over is the colour's unfinished set (its
  "loose" cards: the only ones a Land Grab or Land Trade may take).

Apartments and Arcades sit on full sets: set ``j`` of a colour has one when ``j`` is below the
length of that colour's list (``state.apartments[seat][colour]``).
"""

from __future__ import annotations

from engine.mulodi.cards import deck
from engine.mulodi.state import MulodiState

D = deck()
_MASTER = D.is_master


def full_count(cards: list[int], size: int) -> int:
    """How many full sets the ``cards`` of one colour (set size ``size``) make."""
    n = len(cards)
    if n < size:
        return 0
    reals = n - sum(1 for c in cards if _MASTER[c])
    return min(n // size, reals)


def arrange(cards: list[int], size: int) -> tuple[list[list[int]], list[int]]:
    """The full sets and the loose cards of one colour's ``cards`` (in the order laid), as
    the module docstring describes: ``([set 0 cards, set 1 cards, ...], loose cards)``."""
    k = full_count(cards, size)
    if k == 0:
        return [], list(cards)
    anchors: list[int] = []
    for c in cards:
        if not _MASTER[c]:
            anchors.append(c)
            if len(anchors) == k:
                break
    rest = [c for c in cards if c not in anchors]
    sets = []
    i = 0
    for a in anchors:
        sets.append([a, *rest[i:i + size - 1]])
        i += size - 1
    return sets, rest[i:]


def full_sets(s: MulodiState, seat: int, colour: str) -> int:
    """How many full sets of ``colour`` seat ``seat`` has."""
    cards = s.props[seat].get(colour)
    return full_count(cards, D.size_of[colour]) if cards else 0


def full_colours(s: MulodiState, seat: int) -> list[str]:
    """The colours in which ``seat`` has at least one full set (data order). Winning needs 3
    (decisions file, "Winning"; two full sets of one colour count as one colour)."""
    size_of = D.size_of
    return [c for c in D.colour_ids
            if (cards := s.props[seat].get(c)) and full_count(cards, size_of[c])]


def count_full(s: MulodiState, seat: int) -> int:
    """How many colours ``seat`` has a full set in (``len(full_colours(...))``, faster)."""
    size_of = D.size_of
    return sum(1 for colour, cards in s.props[seat].items()
               if cards and full_count(cards, size_of[colour]))


def loose(s: MulodiState, seat: int) -> list[tuple[int, str]]:
    """``(card, colour)`` of every card of ``seat``'s property section outside its full sets
    (the cards a Land Grab or a Land Trade may take, seed "You can't steal a card from a full
    set"), colour by colour in data order."""
    out: list[tuple[int, str]] = []
    size_of = D.size_of
    for colour, cards in s.props[seat].items():
        if not cards:
            continue
        if full_count(cards, size_of[colour]) == 0:
            out.extend((c, colour) for c in cards)
        else:
            out.extend((c, colour) for c in arrange(cards, size_of[colour])[1])
    return out


def is_loose(s: MulodiState, seat: int, card: int, colour: str) -> bool:
    """Whether ``card`` lies in ``seat``'s ``colour`` outside its full sets."""
    cards = s.props[seat].get(colour)
    if not cards or card not in cards:
        return False
    size = D.size_of[colour]
    if full_count(cards, size) == 0:
        return True
    return card in arrange(cards, size)[1]


def rent_due(s: MulodiState, seat: int, colour: str) -> int:
    """The rent (M) ``seat`` charges for ``colour`` before any Double: the rent table for the
    cards it has in that colour (a full set at most), plus 30M with an Apartment and 40M with
    an Arcade on a set of it (seed, "Arcade & Apartment"; decisions file, "Plays"). 0 when it
    has no card of that colour."""
    cards = s.props[seat].get(colour)
    if not cards:
        return 0
    rent = D.rent(colour, len(cards))
    if s.apartments[seat].get(colour):
        rent += D.amounts["apartment"]
    if s.arcades[seat].get(colour):
        rent += D.amounts["arcade"]
    return rent


def lacking(cards: list[int], size: int) -> int:
    """Cards one colour's ``cards`` (set size ``size``) lack for their first full set: 0 with
    one; at least 1 while every card is a Master (two Masters never make a full set without a
    real property of the colour: decisions file, "Readings decided")."""
    if full_count(cards, size):
        return 0
    reals = len(cards) - sum(1 for c in cards if _MASTER[c])
    return max(size - len(cards), 1 if reals == 0 else 0)


def missing(s: MulodiState, seat: int, colour: str) -> int:
    """Cards ``seat`` lacks for its first full set of ``colour`` (0 when it has one; the set
    size with no card of it)."""
    cards = s.props[seat].get(colour)
    if not cards:
        return D.size_of[colour]
    return lacking(cards, D.size_of[colour])


def locate(s: MulodiState, seat: int, card: int) -> tuple[str, str] | None:
    """Where ``card`` lies on ``seat``'s table: ``("bank", "")``, ``("property", colour)``,
    ``("apartment", colour)`` or ``("arcade", colour)``; ``None`` when it is not there."""
    if card in s.banks[seat]:
        return ("bank", "")
    for colour, cards in s.props[seat].items():
        if card in cards:
            return ("property", colour)
    for colour, cards in s.apartments[seat].items():
        if card in cards:
            return ("apartment", colour)
    for colour, cards in s.arcades[seat].items():
        if card in cards:
            return ("arcade", colour)
    return None


def payable(s: MulodiState, seat: int) -> list[int]:
    """Every card ``seat`` can pay with: its bank, its properties except Masters, its
    Apartments and Arcades (seed "You pay with what you have on the table"; "It has no cash
    value and can't be used to pay")."""
    out = list(s.banks[seat])
    for cards in s.props[seat].values():
        out.extend(c for c in cards if not _MASTER[c])
    for cards in s.apartments[seat].values():
        out.extend(cards)
    for cards in s.arcades[seat].values():
        out.extend(cards)
    return out


def table_value(s: MulodiState, seat: int) -> int:
    """What ``seat``'s table is worth in payment (M): the bank values of :func:`payable`."""
    value = D.value
    return sum(value[c] for c in payable(s, seat))


def bank_value(s: MulodiState, seat: int) -> int:
    """The bank's total (M)."""
    value = D.value
    return sum(value[c] for c in s.banks[seat])
