"""Rent, the value of districts and players' wealth.

Source: rulebook "Collecting Rent": "count the number of buildings ... and demand the
corresponding rent shown on the property card"; "You have nuisance buildings on your
district: count only the industrial buildings"; "You own a skyscraper on one of the districts
of that colour group, OR a Monopoly Tower on one of your districts: the amount of your rent is
doubled. (If you own both, you cannot double your rent twice!)"; "You cannot collect any rent
for a mortgaged district"; "End of Game": wealth is banknotes plus "the value of a district
[which] is equal to the value of the rent that another player would pay on landing on that
space".
"""

from __future__ import annotations

from engine.jiji.data import Book
from engine.jiji.state import District, JijiState


def has_nuisance(book: Book, d: District) -> bool:
    """Whether a nuisance building stands on ``d``."""
    return d.permit is not None and d.permit in book.nuisances


def has_bonus(book: Book, d: District) -> bool:
    """Whether a bonus building stands on ``d``."""
    return d.permit is not None and d.permit not in book.nuisances


def counted_blocks(book: Book, d: District) -> int:
    """The blocks the rent counts: industrial ones, plus residential ones unless a nuisance
    stands on the district (0..8)."""
    return d.ind if has_nuisance(book, d) else d.ind + d.res


def doubled(book: Book, state: JijiState, space: int) -> bool:
    """Whether the rent of district ``space`` is doubled: its owner owns the skyscraper of
    its group, or owns the Jiji Tower (doubled once, never twice)."""
    s = state
    owner = s.districts[space].owner
    if owner is None:
        return False
    for d in s.districts.values():
        if d.owner == owner and d.tower:
            return True
    for other in book.group_spaces(space):
        d = s.districts[other]
        if d.skyscraper and d.owner == owner:
            return True
    return False


def rent_value(book: Book, state: JijiState, space: int, *, ignore_mortgage: bool = False) -> int:
    """The rent another player pays on landing on district ``space`` now (M): the rent table
    at the counted blocks, doubled once by a skyscraper or the tower; 0 when nobody owns it
    or it is mortgaged (``ignore_mortgage``: as if it were not)."""
    d = state.districts[space]
    if d.owner is None or (d.mortgage and not ignore_mortgage):
        return 0
    rent = book.rents[space][min(counted_blocks(book, d), book.max_blocks)]
    return rent * 2 if doubled(book, state, space) else rent


def districts_value(book: Book, state: JijiState, seat: int) -> int:
    """The rent value of every district ``seat`` owns (a mortgaged one counts 0)."""
    return sum(rent_value(book, state, space) for space, d in state.districts.items()
               if d.owner == seat)


def wealth(book: Book, state: JijiState, seat: int) -> int:
    """``seat``'s wealth (M): cash plus the rent value of their districts, less debts they
    still owe, plus debts owed to them by other players (decisions file "End")."""
    s = state
    owed = sum(d.amount for d in s.debts if d.debtor == seat)
    due = sum(d.amount for d in s.debts if d.creditor == seat)
    return s.players[seat].cash + districts_value(book, s, seat) - owed + due


def owns_group(state: JijiState, book: Book, seat: int, group: str) -> bool:
    """Whether ``seat`` owns every district of colour group ``group``."""
    return all(state.districts[sp].owner == seat for sp in book.groups[group].spaces)


def whole_groups(state: JijiState, book: Book, seat: int) -> list[str]:
    """The colour groups ``seat`` owns whole, in data order."""
    return [g for g in book.groups if owns_group(state, book, seat, g)]


def owns_industrial(state: JijiState, seat: int) -> bool:
    """Whether ``seat`` owns at least one industrial block (Industrial Tax)."""
    return any(d.owner == seat and d.ind for d in state.districts.values())
