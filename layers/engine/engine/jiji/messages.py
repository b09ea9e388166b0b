"""Jiji's message catalogue: the words of every notification a Jiji table sends, from
``data/messages.toml`` (``Ruleset.notice``).

Told to the seat concerned: its turn (``DecisionPending`` with what is to be decided), a
payment it owes, a deal offered to it (``DealOffered``: "it stands until 18:00"); told to
every seat: an auction opening ("Auction: Kilimani, opening bid 200k, closes 18:00", all but
its opener), its close (the winner "You won the auction of ...", the others who won at what
price, or that nobody bought it), and the end of the game with every seat's wealth. A
``DecisionPending`` event may carry the decision's ``detail`` as a ``detail`` mapping or as
top-level fields (both are read).

An auction's bid decisions and a deal's decision tell nothing themselves: the auction's
opening tells every seat once (a bid decision comes back with the same id each time its
holder is outbid, so it could not tell them more), and the offer tells its recipient (the
service sends one offer notice per proposer an hour, so offering and withdrawing in a loop
floods nobody; a new deal is a new decision).
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

from engine.core import Event, Notice
from engine.jiji.data import book


@cache
def catalogue() -> dict[str, Any]:
    """The catalogue as data (``data/messages.toml``)."""
    return tomllib.loads(resources.files("engine.jiji").joinpath("data/messages.toml").read_text())


def money(amount: int) -> str:
    """An amount the Jiji way: ``10k``, ``200k``, ``1.5M``, ``37.7M``."""
    if amount >= 1_000_000:
        text = f"{amount / 1_000_000:.2f}".rstrip("0").rstrip(".")
        return f"{text}M"
    return f"{amount // 1000}k"


def _name(value: Any) -> str:
    if isinstance(value, int) and 0 <= value < 40:
        return book().name[value]
    return str(value)


def notice(event: Event, seat: int, names: Sequence[str], deadline: str | None = None) -> Notice | None:
    """What seat ``seat`` is told about bus event ``event`` (see ``Ruleset.notice``)."""
    words = catalogue()
    kind = event.get("type")
    if kind == "DecisionPending":
        fields = {**event, **dict(event.get("detail") or {})}
        if fields.get("player") != seat:
            return None
        decision = fields.get("kind")
        if decision == "debt":
            return Notice(words["debt"]["title"],
                          words["debt"]["body"].format(amount=money(int(fields.get("amount", 0)))))
        if decision in ("bid", "deal"):
            return None  # told by AuctionOpened and DealOffered (module doc)
        text = words["decision"]
        phrase = text["phrases"].get(decision, text["fallback"])
        try:
            phrase = phrase.format(
                name=_name(fields.get("district")),
                price=money(int(fields.get("price", 0))),
                amount=money(int(fields.get("amount", 0))))
        except (KeyError, ValueError):
            phrase = text["fallback"]
        body = text["body"].format(phrase=phrase)
        if deadline:
            body += text["closes"].format(deadline=deadline)
        return Notice(text["title"], body)
    if kind == "AuctionOpened":
        if event.get("opener") == seat:
            return None
        text = words["auction_opened"]
        values = {"name": _name(event.get("district")), "deadline": deadline or "soon",
                  "bid": money(int(event.get("bid", 0))),
                  "minimum": money(int(event.get("minimum", 0)))}
        body = text["body"] if event.get("bid") else text["no_bid"]
        return Notice(text["title"], body.format(**values))
    if kind == "AuctionClosed":
        text = words["auction_closed"]
        winner = event.get("winner")
        values = {"name": _name(event.get("district")), "price": money(int(event.get("price", 0)))}
        if not isinstance(winner, int):
            return Notice(text["title"], text["unsold"].format(**values))
        if winner == seat:
            return Notice(text["title"], text["won"].format(**values))
        return Notice(text["title"], text["lost"].format(winner=names[winner], **values))
    if kind == "DealOffered" and event.get("to") == seat:
        text = words["deal_offer"]
        body = text["body"] if deadline else text["no_deadline"]
        return Notice(text["title"], body.format(proposer=names[event["proposer"]],
                                                 deadline=deadline))
    if kind == "GameFinished":
        text = words["finished"]
        how = text["by_clock"] if event.get("termination") == "clock" else text["by_bankruptcy"]
        how += _standings(text, event.get("standings") or [], names)
        winner = event.get("winner")
        if winner == seat:
            return Notice(text["title"], text["won"].format(how=how))
        if winner is None:
            return Notice(text["title"], text["nobody"].format(how=how))
        return Notice(text["title"], text["lost"].format(winner=names[winner], how=how))
    return None


def _standings(text: dict[str, Any], rows: list[dict[str, Any]], names: Sequence[str]) -> str:
    """Every seat's wealth, richest first (then more cash), the bankrupt last: " Wealth:
    Baraka 41.2M, Amina 37.57M, Chebet bankrupt." (empty without standings)."""
    if not rows:
        return ""
    ranked = sorted(rows, key=lambda r: (bool(r.get("out")), -int(r.get("wealth", 0)),
                                         -int(r.get("cash", 0))))
    parts = [(text["out"] if r.get("out") else text["row"]).format(
        name=names[r["player"]], wealth=money(int(r.get("wealth", 0)))) for r in ranked]
    return text["standings"].format(rows=", ".join(parts))
