"""Jiji self-play: bots against bots on a virtual live-table clock.

``play(kinds, seed, ruleset="jiji", ...)`` deals a game for ``len(kinds)`` bot seats and plays
it in place (``JijiRuleset.apply_in_place``) with the service's rules of time: every action is
stamped with the virtual clock, each auction runs until nobody wants to bid and then closes
at its close time, the game clock (``end="clock"``) ends the game when it runs out.

The virtual clock models a live table (:data:`LIVE`: 50-second auctions as the rulebook's unit
times them, an hour's game clock): a roll takes :data:`ROLL_SECONDS`, any other choice
:data:`CHOICE_SECONDS`, a bid :data:`BID_SECONDS` (``bid_seconds``: the service's bot delay, 1 or
2 seconds, plays its bots' bids closer together than the 3-second late-bid extension of a
50-second auction). These are house estimates of a live table's pace, used to tell how long a
game lasts and how often the clock ends it; they are not rules.

The result (:class:`GameResult`) carries at least ``seed``, ``kinds``, ``winner``,
``termination`` (``"bankruptcy"``, ``"clock"`` or ``"turn_cap"`` when ``max_turns`` stopped an
endless game: then the richest seat is named winner), ``turns``, ``actions``, ``seconds`` (of
virtual live play), ``snapshots`` (money over time, when asked) and ``auctions`` (each closed
auction's ``(bids, seconds open)``: the bids counted as the engine's ``AuctionClosed`` counts
them, the opener's included).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from engine.jiji import bots
from engine.jiji.actions import CloseAuction, EndGame
from engine.jiji.rent import districts_value, wealth
from engine.jiji.ruleset import JIJI

START = 1_800_000_000
ROLL_SECONDS = 15
CHOICE_SECONDS = 8
BID_SECONDS = 3
LIVE = {"auction_seconds": 50, "clock_seconds": 3600, "deal_seconds": 120,
        "idle_timeout_seconds": 300}
"""A live table's options (the rulebook's 50-second auctions and its hour)."""


@dataclass
class GameResult:
    """One self-play game (see the module doc)."""

    seed: int
    kinds: list[str]
    winner: int | None
    termination: str
    turns: int
    actions: int
    seconds: int
    wealth: list[int] = field(default_factory=list)
    snapshots: list[dict[str, Any]] = field(default_factory=list)
    auctions: list[tuple[int, int]] = field(default_factory=list)


def bot_seed(seed: int, seat: int) -> int:
    """A bot's seed from the game's seed and its seat (stable across runs and machines)."""
    digest = hashlib.blake2b(f"jiji:{seed}:{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def play(kinds: list[str], seed: int, *, ruleset: str = "jiji", max_turns: int | None = 600,
         end: str = "last_standing", clock_seconds: int | None = None,
         seat_bots: list | None = None, snapshot_every: int = 0,
         options: dict[str, Any] | None = None, bid_seconds: int = BID_SECONDS) -> GameResult:
    """Play one game between bots of ``kinds`` (seat order) dealt from ``seed``."""
    rs = JIJI
    opts = {**LIVE, "end": end, **(options or {})}
    if clock_seconds is not None:
        opts["clock_seconds"] = clock_seconds
    players = [f"bot{i}" for i in range(len(kinds))]
    state = rs.new_game(players, seed, opts)
    seat_bots = seat_bots or [bots.make(kind, bot_seed(seed, i)) for i, kind in enumerate(kinds)]
    now = START
    actions = 0
    snapshots: list[dict[str, Any]] = []
    auctions: list[tuple[int, int]] = []
    next_snap = snapshot_every
    rot = 0
    while state.over is None:
        if max_turns is not None and state.turn > max_turns:
            break
        if snapshot_every and state.turn >= next_snap:
            snapshots.append(_snapshot(rs.book, state, now - START))
            next_snap += snapshot_every
        if state.clock_end is not None and now >= state.clock_end and state.auction is None:
            rs.apply_in_place(state, _stamp(_end_game(), now))
            actions += 1
            break
        if state.auction is not None:
            a = state.auction
            chosen = None
            seats = [d.player for d in rs.pending(state) if d.kind == "bid" and d.player is not None]
            rot += 1
            for k in range(len(seats)):
                seat = seats[(k + rot) % len(seats)]
                chosen = bots.decide(seat_bots[seat], state, seat, strict=True)
                if chosen is not None:
                    break
            if chosen is not None and now + bid_seconds < a.close:
                now += bid_seconds
                rs.apply_in_place(state, _stamp(chosen, now))
            else:
                now = max(now, a.close)
                auctions.append((len(a.bids), now - a.opened))
                rs.apply_in_place(state, _stamp(_close(), now))
            actions += 1
            continue
        decisions = [d for d in rs.pending(state) if d.player is not None]
        deals = [d for d in decisions if d.kind == "deal"]
        decision = deals[0] if deals else decisions[0]
        seat = decision.player  # type: ignore[assignment]  # decisions holds only seats' ones
        chosen = bots.decide(seat_bots[seat], state, seat, strict=True)
        if chosen is None:
            raise AssertionError(f"bot {kinds[seat]} chose nothing at {decision}")
        now += ROLL_SECONDS if chosen.type == "roll" else CHOICE_SECONDS
        rs.apply_in_place(state, _stamp(chosen, now))
        actions += 1
    b = rs.book
    table = [0 if p.out else wealth(b, state, i) for i, p in enumerate(state.players)]
    if state.over is not None:
        winner, termination = state.over["winner"], state.over["termination"]
    else:
        active = state.active()
        winner = max(active, key=lambda i: (table[i], state.players[i].cash))
        termination = "turn_cap"
    if snapshot_every:
        snapshots.append(_snapshot(b, state, now - START))
    return GameResult(seed, list(kinds), winner, termination, state.turn, actions, now - START,
                      table, snapshots, auctions)


def _snapshot(b, state, seconds: int) -> dict[str, Any]:
    active = state.active()
    return {"turn": state.turn, "seconds": seconds, "players": len(active),
            "cash": sum(state.players[i].cash for i in active),
            "districts": sum(districts_value(b, state, i) for i in active),
            "owned": sum(1 for d in state.districts.values() if d.owner is not None),
            "blocks": sum(d.res + d.ind for d in state.districts.values())}


def _stamp(action, now: int):
    if "now" in type(action).model_fields:
        return action.model_copy(update={"now": now})
    return action


def _close():
    return CloseAuction()


def _end_game():
    return EndGame()
