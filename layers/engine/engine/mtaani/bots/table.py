"""What a bot knows about the table: a read-only analysis of a Mtaani state for one seat.

Bots read only open information (what :func:`engine.view` shows every seat): ownership, units,
mortgages, cash, positions, the clocks. They never read the seed, the random counter or the
order of the decks. Fees, prices and net worth come from the engine's own rule functions
(:mod:`engine.mtaani.properties`), so table-wide effects hooked into them count here too.

Hypothetical positions ("what if I build here?") are made with :func:`scratch`: a copy of the
state's ownership and cash that a bot may change freely, evaluated with the same functions.
"""

from __future__ import annotations

from functools import cached_property

from engine.mtaani import properties as prop
from engine.mtaani.data import Rulebook
from engine.mtaani.flow import Ctx
from engine.mtaani.state import MtaaniState

LANDING_CHANCE_PER_TURN = 1 / 40
"""Rough chance that one opponent's turn ends on a given tile (48 tiles, about 7 tiles a
roll, doubles and card moves add a little): a bot's working estimate, not a rule."""


def scratch(state: MtaaniState) -> MtaaniState:
    """A copy of ``state`` whose players and properties may be changed without touching the
    original (everything else is shared and must be treated as read-only)."""
    copy = state.model_copy()
    copy.props = {i: p.model_copy() for i, p in state.props.items()}
    copy.players = [p.model_copy() for p in state.players]
    return copy


class Table:
    """The state seen from ``seat``: derived figures a bot decides with (SFR throughout).

    Attributes: ``s`` (the state), ``book`` (the rulebook), ``ctx`` (a read-only engine
    context), ``seat``, ``me`` (that seat's player). Figures are computed on first use and
    cached, so build a new :class:`Table` after the state changes.
    """

    def __init__(self, book: Rulebook, state: MtaaniState, seat: int):
        self.book = book
        self.s = state
        self.seat = seat
        self.me = state.players[seat]

    @cached_property
    def ctx(self) -> Ctx:
        """A read-only engine context on the state (made when first used)."""
        return Ctx(self.book, self.s)

    # ------------------------------------------------------------------ players
    @property
    def cash(self) -> int:
        return self.me.cash

    @cached_property
    def opponents(self) -> list[int]:
        """Active seats other than mine."""
        return [i for i, p in enumerate(self.s.players) if not p.bankrupt and i != self.seat]

    def owed(self, seat: int | None = None) -> int:
        """The first unpaid debt of ``seat`` (default: mine), 0 when none."""
        seat = self.seat if seat is None else seat
        return next((d.amount for d in self.s.debts if d.debtor == seat), 0)

    # ------------------------------------------------------------------ properties
    def fee(self, tile: int) -> int:
        """The fee a visitor pays on ``tile`` now."""
        return prop.fee(self.ctx, tile)

    def owned(self, seat: int | None = None) -> list[int]:
        """Tiles ``seat`` (default: mine) owns, in board order."""
        seat = self.seat if seat is None else seat
        return [i for i in self.book.properties if self.s.props[i].owner == seat]

    def owners(self, set_id: str) -> list[int | None]:
        """The owner of each property of ``set_id``, in board order."""
        return [self.s.props[i].owner for i in self.book.set_tiles[set_id]]

    def owns_set(self, set_id: str, seat: int | None = None) -> bool:
        return prop.owns_set(self.ctx, self.seat if seat is None else seat, set_id)

    @cached_property
    def complete_sets(self) -> list[str]:
        """Sets I own completely."""
        return [s for s in self.book.set_tiles if self.owns_set(s)]

    def completes_set(self, tile: int, seat: int | None = None) -> bool:
        """Whether buying ``tile`` gives ``seat`` (default: me) its whole set."""
        seat = self.seat if seat is None else seat
        tiles = self.book.set_tiles[self.book.set_of[tile]]
        return all(self.s.props[i].owner == seat for i in tiles if i != tile)

    def set_share(self, tile: int, seat: int | None = None) -> float:
        """Share of ``tile``'s set that ``seat`` (default: me) owns, counting ``tile`` as
        theirs when nobody else holds it (0..1)."""
        seat = self.seat if seat is None else seat
        tiles = self.book.set_tiles[self.book.set_of[tile]]
        mine = sum(1 for i in tiles if self.s.props[i].owner == seat or i == tile)
        return mine / len(tiles)

    def blocks_opponent(self, tile: int) -> bool:
        """Whether ``tile`` is the last piece an opponent needs for a set."""
        return any(self.completes_set(tile, o) for o in self.opponents)

    def contested(self, set_id: str) -> bool:
        """Whether an opponent owns part of ``set_id`` (so it cannot complete without a trade)."""
        return any(o is not None and o != self.seat for o in self.owners(set_id))

    # ------------------------------------------------------------------ risk and income
    @cached_property
    def danger(self) -> int:
        """The largest fee an opponent's tile charges me now."""
        return max((self.fee(i) for o in self.opponents for i in self.owned(o)), default=0)

    @cached_property
    def rent_out(self) -> int:
        """Sum of the fees on opponents' tiles: my expected cost per turn is about
        ``rent_out x LANDING_CHANCE_PER_TURN``."""
        return sum(self.fee(i) for o in self.opponents for i in self.owned(o))

    def rent_in(self, seat: int | None = None) -> int:
        """Sum of the fees ``seat``'s (default: my) tiles charge now."""
        return sum(self.fee(i) for i in self.owned(seat))

    def net_worth(self, seat: int | None = None) -> int:
        return prop.net_worth(self.ctx, self.seat if seat is None else seat)

    def liquid(self, seat: int | None = None) -> int:
        """Cash ``seat`` could raise now: cash, mortgage values of properties in sets
        without units, and half the build cost of every unit."""
        seat = self.seat if seat is None else seat
        total = self.s.players[seat].cash
        for tile in self.owned(seat):
            p = self.s.props[tile]
            total += p.units * prop.unit_refund(self.ctx, tile)
            if not p.mortgaged:
                total += self.book.mortgage[tile]
        return total

    def value_to_me(self, tile: int) -> float:
        """A ranking of how much ``tile`` matters to my game (higher = keep longer): its fee
        now, raised sharply for complete sets and for sets I am close to completing."""
        set_id = self.book.set_of[tile]
        base = self.book.base_fee[tile] + self.fee(tile)
        if self.owns_set(set_id):
            return base * 4 + self.book.purchase[tile]
        share = self.set_share(tile)
        if not self.contested(set_id):
            return base * (1 + 2 * share)
        return base
