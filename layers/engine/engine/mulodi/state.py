"""The Mulodi game state: plain classes with ``__slots__``, a cheap :meth:`MulodiState.copy`
and a hand-written compact JSON form (:meth:`MulodiState.dump` / :func:`load`).

Cards are numbers ``0..105`` (:mod:`engine.mulodi.cards`). Every card is in exactly one place:
a hand, a bank, a property section (by colour), on a full set as an Apartment or Arcade, the
draw pile or the middle (the ruleset kit and ``tests/engine/test_mulodi_invariants.py`` check
it). Lists that are piles keep their top at the end.

The state carries its randomness (:mod:`engine.rng`: ``seed``, ``rng_counter``, ``scripted``,
the latter always empty in Mulodi), so a game replays from its seed and its actions.
"""

from __future__ import annotations

import json
from typing import Any

from engine.core import InvalidAction

STAGE_RESPOND, STAGE_PAY, STAGE_DONE = "respond", "pay", "done"


class Chain:
    """One target's part of an action card in play (decisions file, "Neda and response
    windows": "Each target's chain resolves on its own").

    ``target``: the seat the card is aimed at; ``holder``: the seat that decides now (the
    target while the action stands, the actor after a Neda cancelled it); ``decision``: the id
    of the holder's pending decision; ``stage``: ``"respond"`` (Neda or accept), ``"pay"``
    (the target chooses table cards) or ``"done"``; ``nedas``: Nedas played in this chain (odd:
    the action is cancelled for this target); ``debt``: M the target owes (payment cards).
    """

    __slots__ = ("debt", "decision", "holder", "nedas", "stage", "target")

    def __init__(self, target: int, holder: int, decision: int, stage: str, nedas: int = 0,
                 debt: int = 0):
        self.target = target
        self.holder = holder
        self.decision = decision
        self.stage = stage
        self.nedas = nedas
        self.debt = debt

    def copy(self) -> Chain:
        return Chain(self.target, self.holder, self.decision, self.stage, self.nedas, self.debt)

    def dump(self) -> list[Any]:
        return [self.target, self.holder, self.decision, self.stage, self.nedas, self.debt]


class Play:
    """An action card in play, waiting for its targets' windows (and payments) to close.

    ``actor``: who played it; ``card``: its card number (already in the middle); ``kind``: its
    action id (``"rent"``, ``"multi_rent"``, ``"banja"``, ``"wedding_meeting"``,
    ``"land_grab"``, ``"land_trade"``, ``"yaaye_deal"``); ``amount``: M each target owes
    (payment cards: fixed when played, Doubles included); ``colour``: the rent's colour or
    the Yaaye Deal's set colour; ``doubles``: Double the Rent cards laid with it; ``prop``
    and ``give``: the Land Grab / Land Trade cards (``-1`` if none); ``set``: the Yaaye Deal's
    set index; ``chains``: one :class:`Chain` per target, in ask order.
    """

    __slots__ = ("actor", "amount", "card", "chains", "colour", "doubles", "give", "kind", "prop",
                 "set")

    def __init__(self, actor: int, card: int, kind: str, *, amount: int = 0, colour: str = "",
                 doubles: list[int] | None = None, prop: int = -1, give: int = -1, set: int = 0,
                 chains: list[Chain] | None = None):
        self.actor = actor
        self.card = card
        self.kind = kind
        self.amount = amount
        self.colour = colour
        self.doubles = doubles or []
        self.prop = prop
        self.give = give
        self.set = set
        self.chains = chains or []

    def copy(self) -> Play:
        return Play(self.actor, self.card, self.kind, amount=self.amount, colour=self.colour,
                    doubles=list(self.doubles), prop=self.prop, give=self.give, set=self.set,
                    chains=[c.copy() for c in self.chains])

    def dump(self) -> dict[str, Any]:
        return {"actor": self.actor, "card": self.card, "kind": self.kind, "amount": self.amount,
                "colour": self.colour, "doubles": self.doubles, "prop": self.prop,
                "give": self.give, "set": self.set, "chains": [c.dump() for c in self.chains]}

    @classmethod
    def load(cls, d: dict[str, Any]) -> Play:
        return cls(d["actor"], d["card"], d["kind"], amount=d["amount"], colour=d["colour"],
                   doubles=list(d["doubles"]), prop=d["prop"], give=d["give"], set=d["set"],
                   chains=[Chain(*c) for c in d["chains"]])


class MulodiState:
    """A Mulodi game.

    - ``ruleset`` (``"mulodi"``), ``seed``, ``rng_counter``, ``scripted`` (:mod:`engine.rng`);
      ``players``: stable player ids by seat; ``options``: the table options (dict:
      ``response_window_seconds``, ``idle_timeout_seconds``, ``max_turns``).
    - ``hands``, ``banks``: card lists by seat; ``props``: by seat, colour id -> the cards laid
      as that colour, in the order laid (sets are arranged from it, :mod:`engine.mulodi.sets`);
      ``apartments``, ``arcades``: by seat, colour id -> the Apartments / Arcades on that
      colour's full sets (set ``j`` has one when ``j < len(list)``).
    - ``pile``: the draw pile (top last); ``middle``: played action cards (top last).
    - ``current``: the seat whose turn it is; ``turn``: turns started (1-based);
      ``plays_left``: plays left this turn; ``decision_seq``: the last decision id given;
      ``turn_decision``: the id of the current player's turn decision (0 while response
      windows or payments are open); ``action``: the :class:`Play` in progress or ``None``.
    - ``known``: card -> bitmask of seats that know where that hidden card is (a card a seat
      returned to the bottom of the draw pile), used by :meth:`redeterminize`.
    - ``quiet``: turns in a row in which no card was drawn or laid; ``busy``: whether this turn
      drew or laid a card; ``unattended``: turns in a row in which no person made a move (only
      the table's timeouts acted); ``moved``: whether a person made a move this turn; ``winner``, ``termination``: how the game ended (``None`` while on).
    """

    __slots__ = ("action", "apartments", "arcades", "banks", "busy", "current", "decision_seq",
                 "hands", "known", "middle", "moved", "options", "pile", "players", "plays_left",
                 "props", "quiet", "rng_counter", "ruleset", "scripted", "seed", "termination",
                 "turn", "turn_decision", "unattended", "winner")

    def __init__(self, players: list[str], seed: int, options: dict[str, Any]):
        n = len(players)
        self.ruleset = "mulodi"
        self.seed = seed
        self.rng_counter = 0
        self.scripted: dict[str, list[Any]] = {}
        self.players = list(players)
        self.options = dict(options)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.banks: list[list[int]] = [[] for _ in range(n)]
        self.props: list[dict[str, list[int]]] = [{} for _ in range(n)]
        self.apartments: list[dict[str, list[int]]] = [{} for _ in range(n)]
        self.arcades: list[dict[str, list[int]]] = [{} for _ in range(n)]
        self.pile: list[int] = []
        self.middle: list[int] = []
        self.current = 0
        self.turn = 0
        self.plays_left = 0
        self.decision_seq = 0
        self.turn_decision = 0
        self.action: Play | None = None
        self.known: dict[int, int] = {}
        self.quiet = 0
        self.busy = False
        self.unattended = 0
        self.moved = False
        self.winner: int | None = None
        self.termination: str | None = None

    # ------------------------------------------------------------------ copies and JSON
    def copy(self) -> MulodiState:
        """A copy sharing nothing mutable with ``self`` (about 20 µs for 5 seats)."""
        c = MulodiState.__new__(MulodiState)
        c.ruleset = self.ruleset
        c.seed = self.seed
        c.rng_counter = self.rng_counter
        c.scripted = {k: list(v) for k, v in self.scripted.items()}
        c.players = list(self.players)
        c.options = dict(self.options)
        c.hands = [h[:] for h in self.hands]
        c.banks = [b[:] for b in self.banks]
        c.props = [{k: v[:] for k, v in p.items()} for p in self.props]
        c.apartments = [{k: v[:] for k, v in p.items()} for p in self.apartments]
        c.arcades = [{k: v[:] for k, v in p.items()} for p in self.arcades]
        c.pile = self.pile[:]
        c.middle = self.middle[:]
        c.current = self.current
        c.turn = self.turn
        c.plays_left = self.plays_left
        c.decision_seq = self.decision_seq
        c.turn_decision = self.turn_decision
        c.action = self.action.copy() if self.action is not None else None
        c.known = dict(self.known)
        c.quiet = self.quiet
        c.busy = self.busy
        c.unattended = self.unattended
        c.moved = self.moved
        c.winner = self.winner
        c.termination = self.termination
        return c

    def dump(self) -> dict[str, Any]:
        """The stored form as a JSON-ready dict (secrets included: hands, pile order, seed)."""
        return {
            "ruleset": self.ruleset, "seed": self.seed, "rng": self.rng_counter,
            "scripted": self.scripted, "players": self.players, "options": self.options,
            "hands": self.hands, "banks": self.banks, "props": self.props,
            "apartments": self.apartments, "arcades": self.arcades, "pile": self.pile,
            "middle": self.middle, "current": self.current, "turn": self.turn,
            "plays": self.plays_left, "seq": self.decision_seq, "td": self.turn_decision,
            "action": self.action.dump() if self.action is not None else None,
            "known": sorted(self.known.items()), "quiet": self.quiet, "busy": self.busy,
            "unattended": self.unattended, "moved": self.moved,
            "winner": self.winner, "termination": self.termination,
        }

    def dump_json(self) -> str:
        """:meth:`dump` as compact JSON text (the stored form)."""
        return json.dumps(self.dump(), separators=(",", ":"))


def load(data: dict[str, Any] | str | bytes) -> MulodiState:
    """Rebuild a state from :meth:`MulodiState.dump`'s form (a dict or JSON text).

    Raises :class:`InvalidAction` when the data is not a Mulodi state.
    """
    d: dict[str, Any] = json.loads(data) if isinstance(data, (str, bytes)) else data
    try:
        s = MulodiState.__new__(MulodiState)
        s.ruleset = d["ruleset"]
        if s.ruleset != "mulodi":
            raise InvalidAction(f"not a Mulodi state: {s.ruleset!r}")
        s.seed = int(d["seed"])
        s.rng_counter = int(d["rng"])
        s.scripted = {k: list(v) for k, v in d["scripted"].items()}
        s.players = list(d["players"])
        s.options = dict(d["options"])
        s.hands = [list(h) for h in d["hands"]]
        s.banks = [list(b) for b in d["banks"]]
        s.props = [{k: list(v) for k, v in p.items()} for p in d["props"]]
        s.apartments = [{k: list(v) for k, v in p.items()} for p in d["apartments"]]
        s.arcades = [{k: list(v) for k, v in p.items()} for p in d["arcades"]]
        s.pile = list(d["pile"])
        s.middle = list(d["middle"])
        s.current = d["current"]
        s.turn = d["turn"]
        s.plays_left = d["plays"]
        s.decision_seq = d["seq"]
        s.turn_decision = d["td"]
        s.action = Play.load(d["action"]) if d["action"] is not None else None
        s.known = {int(c): int(m) for c, m in d["known"]}
        s.quiet = d["quiet"]
        s.busy = bool(d["busy"])
        # States stored before the abandoned-table rule (rules version 1) have neither.
        s.unattended = int(d.get("unattended", 0))
        s.moved = bool(d.get("moved", False))
        s.winner = d["winner"]
        s.termination = d["termination"]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise InvalidAction(f"not a Mulodi state: {exc}") from None
    return s
