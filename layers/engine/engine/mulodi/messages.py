"""Mulodi's message catalogue: the words of every notification a Mulodi table sends, from
``data/messages.toml`` (``Ruleset.notice``).

Told to the seat concerned: its turn (``DecisionPending`` of kind ``play``), an action card
played on it ("Achieng played Banja on you: Neda or pay 50M by 18:00"), a Neda played against
its own card, a payment to make, and the end of the game ("You won!" / "X won.").
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

from engine.core import Event, Notice
from engine.mulodi.cards import deck


@cache
def catalogue() -> dict[str, Any]:
    """The catalogue as data (``data/messages.toml``)."""
    return tomllib.loads(resources.files("engine.mulodi").joinpath("data/messages.toml").read_text())


def card_name(face: str) -> str:
    """A face's readable name (``"banja"`` -> ``"Banja"``, ``"property-karen"`` -> ``"Karen"``)."""
    d = deck()
    for c in range(d.size):
        if d.face[c] == face:
            return d.name[c]
    return face


def notice(event: Event, seat: int, names: Sequence[str], deadline: str | None = None) -> Notice | None:
    """What seat ``seat`` is told about bus event ``event`` (see ``Ruleset.notice``):
    ``DecisionPending`` events of its own (with their ``detail``) and ``GameFinished``."""
    words = catalogue()
    by_deadline = f" by {deadline}" if deadline else ""
    kind = event.get("type")
    if kind == "DecisionPending":
        if event.get("player") != seat:
            return None
        detail = event.get("detail") or {}
        decision = event.get("kind")
        if decision == "play":
            text = words["play"]
            return Notice(text["title"], text["body"].format(
                plays_left=detail.get("plays_left", 3), by_deadline=by_deadline))
        if decision == "pay":
            text = words["pay"]
            return Notice(text["title"], text["body"].format(
                to=names[detail["to"]], amount=detail["amount"], by_deadline=by_deadline))
        if decision == "respond":
            if detail.get("against") == "neda":
                text = words["counter"]
                return Notice(text["title"], text["body"].format(
                    by=names[detail["by"]], card=card_name(detail["card"]), by_deadline=by_deadline))
            text = words["respond"]
            fields = {
                "amount": detail.get("amount", 0),
                "property": card_name(detail["property"]) if "property" in detail else "",
                "give": card_name(detail["give"]) if "give" in detail else "",
                "colour": deck().colour[detail["colour"]].name.lower() if "colour" in detail else "",
            }
            what = words["what"].get(detail.get("action"), "accept").format(**fields)
            return Notice(text["title"], text["body"].format(
                by=names[detail["by"]], card=card_name(detail["card"]), what=what,
                by_deadline=by_deadline))
        return None
    if kind == "GameFinished":
        text = words["finished"]
        winner = event.get("winner")
        if winner == seat:
            return Notice(text["title"], text["won"])
        if winner is None:
            return Notice(text["title"], text["nobody"])
        return Notice(text["title"], text["lost"].format(winner=names[winner]))
    return None
