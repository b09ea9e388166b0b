"""Mtaani's message catalogue: the words of every notification a Mtaani table sends, from
``data/messages.toml`` (``Ruleset.notice`` and ``Ruleset.table_news``).

Told to the seat concerned: its turn (``DecisionPending``, with what is to be decided), a debt
to pay, a trade or loan offer made to it, the end of the game. Told to everyone with their
next notification rather than alone: what each revolution brought (global events starting and
ending, Municipal rules expiring, the no-trade charge, the Chamber of Commerce).
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

from engine.core import Event, Notice


@cache
def catalogue() -> dict[str, Any]:
    """The catalogue as data (``data/messages.toml``)."""
    return tomllib.loads(resources.files("engine.mtaani").joinpath("data/messages.toml").read_text())


def _sfr(amount: int) -> str:
    return f"{amount:,}"


def notice(event: Event, seat: int, names: Sequence[str], deadline: str | None = None) -> Notice | None:
    """What seat ``seat`` is told about bus event ``event`` (see ``Ruleset.notice``)."""
    words = catalogue()
    kind = event.get("type")
    if kind == "DecisionPending":
        if event.get("player") != seat:
            return None
        if event.get("kind") == "debt":
            return Notice(words["debt"]["title"], words["debt"]["body"])
        phrase = words["decision"]["phrases"].get(event.get("kind"), words["decision"]["fallback"])
        return Notice(words["decision"]["title"], words["decision"]["body"].format(phrase=phrase))
    if kind == "TradeOffered" and event.get("to") == seat:
        text = words["trade_offer"]
        return Notice(text["title"], text["body"].format(proposer=names[event["proposer"]]))
    if kind == "LoanOffered" and event.get("to") == seat:
        text = words["loan_offer"]
        lends = event["lender"] == event["proposer"]
        body = text["lend" if lends else "borrow"].format(
            proposer=names[event["proposer"]], amount=_sfr(event["amount"]),
            interest_percent=event["interest_percent"])
        return Notice(text["title"], body)
    if kind == "GameFinished":
        text = words["finished"]
        winner = event.get("winner")
        if winner == seat:
            return Notice(text["title"], text["won"])
        if winner is None:
            return Notice(text["title"], text["nobody"])
        return Notice(text["title"], text["lost"].format(winner=names[winner]))
    return None


def table_news(events: list[Event]) -> list[tuple[int, str]]:
    """What each revolution completed in ``events`` brought, as ``(revolution, text)``, for
    revolutions that brought anything."""
    words = catalogue()["revolution"]
    out: list[tuple[int, str]] = []
    revolution: int | None = None
    parts: list[str] = []

    def close() -> None:
        if revolution is not None and parts:
            out.append((revolution, words["notice"].format(revolution=revolution,
                                                           effects="; ".join(parts))))

    for event in events:
        kind = event["type"]
        if kind == "RevolutionCompleted":
            close()
            revolution, parts = int(event["revolution"]), []
        elif revolution is None:
            continue
        elif kind == "GlobalEventStarted":
            parts.append(event.get("text") or words["event_started"].format(event=event["event"]))
        elif kind == "GlobalEventEnded":
            parts.append(words["event_ended"].format(event=event["event"].replace("_", " ")))
        elif kind == "MunicipalRuleExpired":
            parts.append(words["municipal_expired"].format(rule=event["rule"].replace("_", " ")))
        elif kind == "NoTradeCharge":
            parts.append(words["no_trade_charge"].format(amount=_sfr(event["amount"])))
        elif kind == "ChamberOfCommerce":
            parts.append(words["chamber"])
    close()
    return out
