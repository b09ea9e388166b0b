"""The Jiji game state: plain slotted classes, a compact hand-written JSON form and cheap
copies (no pydantic per action; issue 23).

Units: money in M (``1_000_000`` is M1M; every amount a multiple of M10k), time in Unix
seconds (taken only from actions' ``now`` fields), spaces as board indexes 0..39 (a district
is named by its space).

:class:`JijiState` fields (the stored form uses the same names):

- ``ruleset``, ``seed``, ``rng_counter``, ``scripted``: identity and seeded randomness
  (:mod:`engine.rng`); ``options``: the table options (:class:`Options`).
- ``players`` (:class:`Player` per seat), ``districts`` (space -> :class:`District`),
  ``bank`` (the bank's cash), ``supply`` (permit buildings the bank still holds, by kind).
- The turn: ``cur`` (seat), ``phase`` (``"roll"``, ``"buy"``, ``"permit"``, ``"exemption"``,
  ``"free_block"``, ``"place"``, ``"turn"``), ``turn`` (turns started), ``doubles`` (doubles
  rolled this turn), ``again`` (a double obliges another roll), ``pressed`` (Construction used
  this turn), ``grant`` (the unit's answer being placed: 1-3 blocks, 0 a station),
  ``free_kind`` (the free block a card gave), ``jump`` (a station jump is open), ``via`` (how
  the player reached the space: ``"dice"``, ``"card"``, ``"jump"``), ``auction_space`` (the
  Auction space's choice is open), ``rent`` (``[owner, amount, space]`` awaiting the rent
  exemption choice), ``auto`` (the table is playing an idle turn out), ``last_roll``.
- ``auction`` (:class:`Auction` or ``None``), ``queue`` (districts the bank will auction next).
- ``debts`` (:class:`Debt`), ``deals`` (:class:`Deal`).
- ``pile`` (Chance cards face down, top first: hidden), ``discard`` (cards drawn, open),
  ``exemption`` (the rent exemption card's holder; ``None``: on Free Parking).
- The clock: ``clock_end`` (Unix seconds; ``None`` before the first roll or at a
  last-player-standing table), ``clock_id``, ``paused_at`` (a saved game), ``time`` (the
  latest ``now`` an action brought: what the table last knew of the time).
- ``seq`` (the last public decision id handed out: turns, debts, the clock), ``did`` (the
  turn holder's decision id), ``auctions`` (auctions opened: their bidders' ids),
  ``dealt`` (deals proposed between each two seats, ``"lo-hi"`` -> count: their ids),
  ``steps`` (actions applied), ``over`` (``{"termination", "winner", "standings"}`` at the end).

Decision ids come from three namespaces, so no id tells a reader of something private
(issue 28): public ones (``seq``) below :data:`DEAL_IDS`; a deal's id counts only the deals
between its two parties (:meth:`JijiState.deal_id`), so a third seat cannot count private
deals from the gaps of the turn's ids, and a party learns nothing they did not see; an
auction's bidders' ids count auctions (:meth:`JijiState.auction_base`).
"""

from __future__ import annotations

import json
from typing import Any

DEAL_IDS = 1_000_000_000
"""Deal ids: ``DEAL_IDS + (lo * 6 + hi) * PAIR_IDS + n`` for the ``n``-th deal (from 1) between
seats ``lo < hi``."""
PAIR_IDS = 1_000_000
AUCTION_IDS = 2_000_000_000
"""Auction decision ids: ``AUCTION_IDS + n * AUCTION_STRIDE`` is the ``n``-th auction's base,
plus the seat for its bidders and plus the seat count for the table's close."""
AUCTION_STRIDE = 8


class Options:
    """Table options as the state keeps them (validated by ``ruleset.GameOptions``)."""

    __slots__ = ("auction_seconds", "clock_seconds", "deal_seconds", "end", "idle_timeout_seconds")

    def __init__(self, end: str, clock_seconds: int, auction_seconds: int, deal_seconds: int,
                 idle_timeout_seconds: int):
        self.end = end
        self.clock_seconds = clock_seconds
        self.auction_seconds = auction_seconds
        self.deal_seconds = deal_seconds
        self.idle_timeout_seconds = idle_timeout_seconds

    def dump(self) -> dict[str, Any]:
        """The options as data."""
        return {k: getattr(self, k) for k in self.__slots__}

    @classmethod
    def load(cls, data: dict[str, Any]) -> Options:
        return cls(**data)


class Player:
    """One seat: ``id``, ``cash`` (M), ``pos`` (space), ``out`` (bankrupt), ``jailed``,
    ``tries`` (turns tried in jail), ``cards`` (ids of Get Out of Jail cards held)."""

    __slots__ = ("cards", "cash", "id", "jailed", "out", "pos", "tries")

    def __init__(self, id: str, cash: int, pos: int = 0, out: bool = False, jailed: bool = False,
                 tries: int = 0, cards: list[str] | None = None):
        self.id = id
        self.cash = cash
        self.pos = pos
        self.out = out
        self.jailed = jailed
        self.tries = tries
        self.cards = cards if cards is not None else []

    def copy(self) -> Player:
        return Player(self.id, self.cash, self.pos, self.out, self.jailed, self.tries, list(self.cards))

    def dump(self) -> list[Any]:
        return [self.id, self.cash, self.pos, self.out, self.jailed, self.tries, self.cards]

    @classmethod
    def load(cls, data: list[Any]) -> Player:
        return cls(data[0], data[1], data[2], data[3], data[4], data[5], list(data[6]))


class District:
    """One district: ``owner`` (seat or ``None``), ``mortgage`` (the value the bank paid; 0:
    not mortgaged), ``res`` / ``ind`` (residential and industrial blocks standing, 0..8
    together), ``station``, ``stadium``, ``skyscraper``, ``tower`` (flags) and ``permit``
    (the one permit building on it: a bonus or nuisance kind, or ``None``)."""

    __slots__ = ("ind", "mortgage", "owner", "permit", "res", "skyscraper", "stadium", "station",
                 "tower")

    def __init__(self, owner: int | None = None, mortgage: int = 0, res: int = 0, ind: int = 0,
                 station: bool = False, stadium: bool = False, skyscraper: bool = False,
                 tower: bool = False, permit: str | None = None):
        self.owner = owner
        self.mortgage = mortgage
        self.res = res
        self.ind = ind
        self.station = station
        self.stadium = stadium
        self.skyscraper = skyscraper
        self.tower = tower
        self.permit = permit

    def copy(self) -> District:
        return District(self.owner, self.mortgage, self.res, self.ind, self.station, self.stadium,
                        self.skyscraper, self.tower, self.permit)

    def dump(self) -> list[Any]:
        return [self.owner, self.mortgage, self.res, self.ind, self.station, self.stadium,
                self.skyscraper, self.tower, self.permit]

    @classmethod
    def load(cls, data: list[Any]) -> District:
        return cls(*data)

    def bare(self) -> None:
        """Take the owner's buildings off (blocks, station, stadium, skyscraper, tower)."""
        self.res = self.ind = 0
        self.station = self.stadium = self.skyscraper = self.tower = False


class Auction:
    """An open auction of district ``space``: ``bids`` (``[seat, amount]`` in the order made;
    amounts rise, so the last is the highest), ``opener`` (seat; ``None`` for the bank),
    ``opened`` / ``close`` (Unix seconds; the close moves on late bids), ``window`` (the
    table's auction length, seconds), ``reason`` (``"landing"``, ``"space"``, ``"bank"``),
    ``base`` (decision ids ``base + seat`` for each bidder, ``base + seats`` for the table)."""

    __slots__ = ("base", "bids", "close", "opened", "opener", "reason", "space", "window")

    def __init__(self, space: int, opener: int | None, bids: list[list[int]], opened: int,
                 close: int, window: int, reason: str, base: int):
        self.space = space
        self.opener = opener
        self.bids = bids
        self.opened = opened
        self.close = close
        self.window = window
        self.reason = reason
        self.base = base

    @property
    def holder(self) -> int | None:
        """The seat holding the highest bid (``None``: no bid yet)."""
        return self.bids[-1][0] if self.bids else None

    @property
    def bid(self) -> int:
        """The highest bid (M; 0: none yet)."""
        return self.bids[-1][1] if self.bids else 0

    def copy(self) -> Auction:
        return Auction(self.space, self.opener, [list(b) for b in self.bids], self.opened,
                       self.close, self.window, self.reason, self.base)

    def dump(self) -> list[Any]:
        return [self.space, self.opener, self.bids, self.opened, self.close, self.window,
                self.reason, self.base]

    @classmethod
    def load(cls, data: list[Any]) -> Auction:
        return cls(data[0], data[1], [list(b) for b in data[2]], *data[3:])


class Debt:
    """A payment ``debtor`` could not make: ``amount`` owed to ``creditor`` (a seat; ``None``:
    the bank) for ``reason``; ``id`` is its decision id."""

    __slots__ = ("amount", "creditor", "debtor", "id", "reason")

    def __init__(self, id: int, debtor: int, creditor: int | None, amount: int, reason: str):
        self.id = id
        self.debtor = debtor
        self.creditor = creditor
        self.amount = amount
        self.reason = reason

    def copy(self) -> Debt:
        return Debt(self.id, self.debtor, self.creditor, self.amount, self.reason)

    def dump(self) -> list[Any]:
        return [self.id, self.debtor, self.creditor, self.amount, self.reason]

    @classmethod
    def load(cls, data: list[Any]) -> Debt:
        return cls(*data)


class Side:
    """What one side of a deal hands over: ``cash`` (M), ``districts`` (spaces), ``cards``
    (how many Get Out of Jail cards)."""

    __slots__ = ("cards", "cash", "districts")

    def __init__(self, cash: int = 0, districts: list[int] | None = None, cards: int = 0):
        self.cash = cash
        self.districts = districts if districts is not None else []
        self.cards = cards

    def copy(self) -> Side:
        return Side(self.cash, list(self.districts), self.cards)

    def dump(self) -> list[Any]:
        return [self.cash, self.districts, self.cards]

    @classmethod
    def load(cls, data: list[Any]) -> Side:
        return cls(data[0], list(data[1]), data[2])

    def empty(self) -> bool:
        """Whether this side hands over nothing."""
        return not (self.cash or self.districts or self.cards)


class Deal:
    """A deal ``proposer`` offered ``to``: the proposer hands over ``give`` and receives
    ``get``; ``id`` (its decision id), ``expires`` (Unix seconds)."""

    __slots__ = ("expires", "get", "give", "id", "proposer", "to")

    def __init__(self, id: int, proposer: int, to: int, give: Side, get: Side, expires: int):
        self.id = id
        self.proposer = proposer
        self.to = to
        self.give = give
        self.get = get
        self.expires = expires

    def copy(self) -> Deal:
        return Deal(self.id, self.proposer, self.to, self.give.copy(), self.get.copy(), self.expires)

    def dump(self) -> list[Any]:
        return [self.id, self.proposer, self.to, self.give.dump(), self.get.dump(), self.expires]

    @classmethod
    def load(cls, data: list[Any]) -> Deal:
        return cls(data[0], data[1], data[2], Side.load(data[3]), Side.load(data[4]), data[5])

    def public(self) -> dict[str, Any]:
        """The deal in player terms (for its two parties)."""
        return {"deal": self.id, "proposer": self.proposer, "to": self.to, "expires": self.expires,
                "give": {"cash": self.give.cash, "districts": list(self.give.districts),
                         "cards": self.give.cards},
                "get": {"cash": self.get.cash, "districts": list(self.get.districts),
                        "cards": self.get.cards}}


_SCALARS = ("ruleset", "seed", "rng_counter", "bank", "cur", "phase", "turn", "doubles", "again",
            "pressed", "grant", "free_kind", "jump", "via", "auction_space", "rent", "auto",
            "last_roll", "queue", "pile", "discard", "exemption", "clock_end", "clock_id",
            "paused_at", "time", "seq", "did", "steps", "over", "supply", "scripted")
_COUNTERS = ("auctions", "dealt")
"""Fields added in rules version 3 (a state stored before loads them as nothing counted)."""


class JijiState:
    """A Jiji game (see the module docstring for the fields)."""

    __slots__ = (*_SCALARS, *_COUNTERS, "auction", "deals", "debts", "districts", "options",
                 "players")

    def __init__(self) -> None:
        self.ruleset = "jiji"
        self.seed = 0
        self.rng_counter = 0
        self.scripted: dict[str, list[Any]] = {}
        self.options: Options = None  # type: ignore[assignment]  # new_game and load set it before any use
        self.players: list[Player] = []
        self.districts: dict[int, District] = {}
        self.bank = 0
        self.supply: dict[str, int] = {}
        self.cur = 0
        self.phase = "roll"
        self.turn = 0
        self.doubles = 0
        self.again = False
        self.pressed = False
        self.grant = 0
        self.free_kind: str | None = None
        self.jump = False
        self.via = "dice"
        self.auction_space = False
        self.rent: list[int] | None = None
        self.auto = False
        self.last_roll: list[int] = []
        self.auction: Auction | None = None
        self.queue: list[int] = []
        self.debts: list[Debt] = []
        self.deals: list[Deal] = []
        self.pile: list[str] = []
        self.discard: list[str] = []
        self.exemption: int | None = None
        self.clock_end: int | None = None
        self.clock_id = 0
        self.paused_at: int | None = None
        self.time = 0
        self.seq = 0
        self.did = 0
        self.auctions = 0
        self.dealt: dict[str, int] = {}
        self.steps = 0
        self.over: dict[str, Any] | None = None

    # ------------------------------------------------------------------ copies
    def copy(self) -> JijiState:
        """A deep copy (every mutable part copied; strings and ints shared)."""
        new = JijiState.__new__(JijiState)
        for name in _SCALARS:
            setattr(new, name, getattr(self, name))
        new.scripted = {k: list(v) for k, v in self.scripted.items()}
        new.rent = list(self.rent) if self.rent is not None else None
        new.last_roll = list(self.last_roll)
        new.queue = list(self.queue)
        new.pile = list(self.pile)
        new.discard = list(self.discard)
        new.supply = dict(self.supply)
        new.over = json.loads(json.dumps(self.over)) if self.over is not None else None
        new.options = self.options
        new.players = [p.copy() for p in self.players]
        new.districts = {k: d.copy() for k, d in self.districts.items()}
        new.auction = self.auction.copy() if self.auction is not None else None
        new.debts = [d.copy() for d in self.debts]
        new.deals = [d.copy() for d in self.deals]
        new.auctions = self.auctions
        new.dealt = dict(self.dealt)
        return new

    # ------------------------------------------------------------------ stored form
    def dump(self) -> dict[str, Any]:
        """The stored form as JSON-ready data (secrets included)."""
        data = {name: getattr(self, name) for name in _SCALARS}
        data["options"] = self.options.dump()
        data["players"] = [p.dump() for p in self.players]
        data["districts"] = [[k, *d.dump()] for k, d in self.districts.items()]
        data["auction"] = self.auction.dump() if self.auction is not None else None
        data["debts"] = [d.dump() for d in self.debts]
        data["deals"] = [d.dump() for d in self.deals]
        data["auctions"] = self.auctions
        data["dealt"] = dict(self.dealt)
        return data

    def dump_json(self) -> str:
        """The stored form as compact JSON text."""
        return json.dumps(self.dump(), separators=(",", ":"))

    @classmethod
    def load(cls, data: dict[str, Any]) -> JijiState:
        """Rebuild a state from :meth:`dump`'s data; raises ``KeyError``/``TypeError`` on a
        malformed document (the ruleset maps them to ``InvalidAction``)."""
        new = cls.__new__(cls)
        for name in _SCALARS:
            setattr(new, name, data[name])
        new.scripted = {k: list(v) for k, v in data["scripted"].items()}
        new.rent = list(data["rent"]) if data["rent"] is not None else None
        new.last_roll = list(data["last_roll"])
        new.queue = list(data["queue"])
        new.pile = list(data["pile"])
        new.discard = list(data["discard"])
        new.supply = dict(data["supply"])
        new.options = Options.load(data["options"])
        new.players = [Player.load(p) for p in data["players"]]
        new.districts = {row[0]: District.load(row[1:]) for row in data["districts"]}
        new.auction = Auction.load(data["auction"]) if data["auction"] is not None else None
        new.debts = [Debt.load(d) for d in data["debts"]]
        new.deals = [Deal.load(d) for d in data["deals"]]
        new.auctions = int(data.get("auctions", 0))
        new.dealt = {str(k): int(v) for k, v in data.get("dealt", {}).items()}
        return new

    # ------------------------------------------------------------------ helpers
    def active(self) -> list[int]:
        """Seats still in the game, in seat order."""
        return [i for i, p in enumerate(self.players) if not p.out]

    def next_id(self) -> int:
        """A new public decision id (the turn's, a debt's, the clock's; never reused)."""
        self.seq += 1
        return self.seq

    def deal_id(self, proposer: int, to: int) -> int:
        """A new deal's id (never reused): it counts only the deals between these two seats,
        which both of them saw, so it tells neither them nor anyone else of other deals."""
        lo, hi = sorted((proposer, to))
        key = f"{lo}-{hi}"
        n = self.dealt[key] = self.dealt.get(key, 0) + 1
        return DEAL_IDS + (lo * 6 + hi) * PAIR_IDS + n

    def auction_base(self) -> int:
        """A new auction's base decision id (its bidders' ids are the base plus their seat,
        the table's close the base plus the seat count): auctions count apart from turns."""
        self.auctions += 1
        return AUCTION_IDS + self.auctions * AUCTION_STRIDE
