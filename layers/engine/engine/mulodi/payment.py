"""What the table pays and returns for an absent player (house rules in data,
``[timeout]``), and the checks of a payment the payer chose.

Decisions file, "Paying": the payer chooses which table cards pay; no change; cards in hand
cannot pay; a table worth less than the debt gives all of it. "Neda and response windows":
when a payment's deadline passes the engine picks: "if the bank alone covers the debt, the
bank cards that overpay least (ties: fewer cards); otherwise the whole bank, then properties
outside full sets, then properties of full sets, each lowest value first, until the debt is
covered". Where the decisions file is silent the order is decided here: equal bank choices go
to the cards laid in the bank first, and Apartments and Arcades come after the loose
properties and before the properties of full sets (they keep a set whole).
"""

from __future__ import annotations

from engine.mulodi import sets
from engine.mulodi.cards import ACTION, MONEY, deck
from engine.mulodi.state import MulodiState

D = deck()


def least_overpaying(cards: list[int], debt: int) -> list[int] | None:
    """The cards of ``cards`` (bank order) whose total covers ``debt`` with the least
    overpayment, then the fewest cards, then the earliest cards; ``None`` if all of them do
    not cover it. A subset-sum over totals (every total is a multiple of 10M, so small)."""
    value = D.value
    if sum(value[c] for c in cards) < debt:
        return None
    # best[total] = the least (count, indices) reaching that total, card by card in order.
    best: dict[int, tuple[int, tuple[int, ...]]] = {0: (0, ())}
    for i, c in enumerate(cards):
        v = value[c]
        for total, (count, chosen) in list(best.items()):
            t = total + v
            new = (count + 1, (*chosen, i))
            old = best.get(t)
            if old is None or new < old:
                best[t] = new
    total = min(t for t in best if t >= debt)
    return [cards[i] for i in best[total][1]]


def house_payment(s: MulodiState, seat: int, debt: int) -> list[int]:
    """The cards the table pays ``debt`` (M) with for ``seat``, by the house rule (module
    docstring). Everything payable when the table is worth no more than the debt."""
    value = D.value
    return _bank_then_table(s, seat, debt, lambda item: (value[item[0]], item[0]))


def keeping_sets(s: MulodiState, seat: int, debt: int, receiver: int) -> list[int]:
    """The cards ``seat`` pays ``debt`` (M) to ``receiver`` with when it keeps its sets whole
    (the "keep my sets" payment of the standing orders, :mod:`engine.mulodi.orders`, and the
    Advanced bot's): the bank cards that overpay least when the bank alone covers the debt;
    otherwise the whole bank, then the properties outside full sets (a card that would
    complete one of ``receiver``'s sets last, then those of the colours furthest from a full
    set first, each lowest value first), then Apartments and Arcades, then the properties of
    full sets, lowest value first, until the debt is covered. Everything payable when the
    table is worth no more than the debt."""
    value = D.value

    def cost(item: tuple[int, str]) -> tuple:
        c, col = item
        return (sets.missing(s, receiver, col) == 1, -sets.missing(s, seat, col), value[c], c)

    return _bank_then_table(s, seat, debt, cost)


def _bank_then_table(s: MulodiState, seat: int, debt: int, loose_order) -> list[int]:
    """The bank cards that overpay least when the bank covers ``debt``; otherwise the whole
    bank, then the properties outside full sets in ``loose_order`` (a sort key of ``(card,
    colour)``), then Apartments and Arcades, then the properties of full sets, each of the last
    two lowest value first, until the debt is covered (Masters never pay)."""
    value = D.value
    bank = s.banks[seat]
    chosen = least_overpaying(bank, debt)
    if chosen is not None:
        return chosen
    out = list(bank)
    paid = sum(value[c] for c in out)
    loose_cards = [c for c, _ in sorted(((c, col) for c, col in sets.loose(s, seat)
                                          if not D.is_master[c]), key=loose_order)]
    loose_set = set(loose_cards)
    buildings = sorted([c for cards in s.apartments[seat].values() for c in cards]
                       + [c for cards in s.arcades[seat].values() for c in cards],
                       key=lambda c: (value[c], c))
    in_sets = sorted((c for cards in s.props[seat].values() for c in cards
                      if not D.is_master[c] and c not in loose_set), key=lambda c: (value[c], c))
    for group in (loose_cards, buildings, in_sets):
        for c in group:
            if paid >= debt:
                return out
            out.append(c)
            paid += value[c]
    return out


def house_returns(hand: list[int], count: int) -> list[int]:
    """The ``count`` cards of ``hand`` the table returns at the hand limit for an absent
    player (decisions file, "Plays": "the cards of lowest bank value, action cards before
    money, properties last"): non-properties first, lowest value first, an action card before
    money of the same value; then properties, lowest value first."""
    kind = D.kind
    value = D.value

    def key(c: int) -> tuple[int, int, int, int]:
        k = kind[c]
        group = 0 if k in (ACTION, MONEY) else 1
        return (group, value[c], 0 if k == ACTION else 1, c)

    return sorted(hand, key=key)[:count]


def payment_problem(s: MulodiState, seat: int, debt: int, cards: list[int]) -> str | None:
    """Why ``seat`` may not pay ``debt`` with ``cards`` (player's words), or ``None``.

    Each card must be on the payer's table (not in hand), once, and not a Master; together
    they cover the debt, unless they are everything the payer can pay with."""
    if len(set(cards)) != len(cards):
        return "You named a card twice"
    can = sets.payable(s, seat)
    can_set = set(can)
    for c in cards:
        if c in s.hands[seat]:
            return "You cannot pay with cards in your hand"
        if D.is_master[c] and sets.locate(s, seat, c) is not None:
            return "A Master wildcard has no cash value and cannot pay"
        if c not in can_set:
            return "You can only pay with cards on your table"
    value = D.value
    if sum(value[c] for c in cards) < debt and len(cards) < len(can):
        return f"Those cards make {sum(value[c] for c in cards)}M: the debt is {debt}M"
    return None
