"""Provably fair games: the commitment to a game's secret seed, and the check of a finished
game's record (``python -m engine.verify GAME.json`` runs it from the command line).

At the deal the service draws the seed and a salt (32 random bytes) and publishes only the
**commitment** (``GameCreated.commitment``)::

    commitment = lowercase hex of SHA-256( salt || ASCII decimal digits of the seed )

``salt`` is the 32 bytes themselves (shown as 64 hex digits), the seed is written in base 10
without sign, leading zeros or spaces; ``||`` is plain concatenation. Python:
``hashlib.sha256(bytes.fromhex(salt) + str(seed).encode()).hexdigest()``; a shell:
``{ printf '%s' "$SALT" | xxd -r -p; printf '%s' "$SEED"; } | sha256sum``. The salt keeps the
seed from being found by trying seeds against the commitment; the commitment keeps the
service from changing the seed (and so every die and shuffle) once play has begun. When the
game ends, the service reveals both (``SeedRevealed``).

A **game record** (:data:`RECORD_FORMAT`, what ``GET /games/{id}/verify?record=true`` gives)
holds everything a replay needs and nothing else: the ruleset and its
:attr:`~engine.core.Ruleset.rules_version`, the seats (their ids as they are now: an erased
account's anonymous name from the deal on, so a replay never needs an erased id), the table
options, the commitment, the revealed salt and seed, every applied action in order with its
time fields as they were stamped (``now``, the bribe's ``minute``) and the events it caused,
and the final state. :func:`verify` deals again from the seed, applies each action and
compares what it gives with what was recorded, step by step, and names the first step that
differs. The engine is pure (no clock, no global random), so the record is all it needs.

Record (JSON)::

    {"format": "mtaa-game-record/1", "game_id": str, "ruleset": str, "rules_version": int,
     "seats": [{"seat": int, "account_id": str, "name": str}, ...],
     "options": {...}, "commitment": hex | null, "salt": hex | null, "seed": "decimal",
     "steps": [{"seq": int, "at": int, "by": "table" | "order" | null, "action": {...},
                "events": [{...}, ...]}, ...],
     "final_state": {...}}

``seq`` is the log item of the step's action (the event log's numbering), ``at`` when it was
applied (Unix seconds), ``by`` ``"table"`` for the table's own moves (deadlines, pauses),
``"order"`` for a move a seat's standing orders made (checked like any other: a move is a
move, whoever chose it).

**Time fields.** An action's time fields (``engine.TIME_FIELDS``: ``now``, the bribe's
``minute``) decide what the rules allow (a bid before an auction's close, the bribe's odds), and
they are not drawn from the seed, so a replay alone cannot tell a true one from a false one.
:func:`verify` checks each step's against what was recorded around it (:func:`time_difference`):
the fields agree with each other (``minute`` is ``now``'s), the action was stamped no later than
its step was logged (``at``) and at most :data:`STAMP_SLACK_SECONDS` earlier, and no step is
stamped earlier than the one before it. What it cannot check: that ``at`` itself is the true
time (the log's times are the service's word; ``docs/fairness.md``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from typing import Any

from engine.core import TIME_FIELDS, EngineError, get_ruleset

RECORD_FORMAT = "mtaa-game-record/1"
"""The ``format`` of a game record this module reads."""
SALT_BYTES = 32
"""The salt's length in bytes (64 hex digits)."""
STAMP_SLACK_SECONDS = 10
"""How much earlier than its step's logged time (``at``) an action may be stamped. The service
logs a move with the very time it stamped its action with; the slack covers the changes it
stamps a moment before their save (the game clocks' pause and resume) and records logged before
it did (with the time of the save: one attempt of one request, a second or two)."""


def guide_section(chances: str, hidden: str, revealed: str,
                  outside: str | None = None) -> dict[str, Any]:
    """The guide's section on fair play, in plain words (``{"id": "fairness", "title", "text":
    [paragraph, ...], "items": []}``, the shape of a prose section), for a game whose
    ``chances`` (its dice, shuffles, draws) come from the seed, whose play hides ``hidden``
    and whose replay after the end shows ``revealed`` (all in words, no final stop);
    ``outside``: a sentence on a chance that does not come from the seed and how it is
    kept (Mtaani's bribe minute)."""
    text = [
        f"Every {chances} in this game comes from one secret number, the seed, drawn when the table is dealt. While the game is on nobody can see it or work "
        f"it out, and nobody sees {hidden}.",
        "At the deal, the first line of the game's log shows the seed's fingerprint: a "
        "SHA-256 hash of the seed mixed with a random salt, so the seed cannot be guessed "
        "from it. The fingerprint cannot be changed afterwards, so nobody, the service "
        "included, can change any of them once play has begun.",
        "Times are not chances: when a move was made, and when a clock ran out, are written "
        "into that move in the log." + (f" {outside}" if outside else ""),
        "When the game ends, the log shows the seed and the salt. Anyone at the table can then "
        "check that they give the fingerprint shown at the deal, and that replaying every move "
        "from that seed gives exactly the dice, cards and results everyone saw: the replay "
        "screen does it for you, and the downloaded game record can be checked at home "
        "(python -m engine.verify game.json in the project, or any SHA-256 tool).",
        f"After the end, the replay steps through the game move by move showing {revealed}. "
        "Before the end it shows you only what you saw. A player who deleted their account "
        "keeps their anonymous name there.",
    ]
    return {"id": "fairness", "title": "Fair dice and cards", "text": text, "items": []}


def commitment(salt: str, seed: int) -> str:
    """The commitment to ``seed`` under ``salt`` (64 hex digits): the lowercase hex SHA-256 of
    the salt's bytes followed by the seed's ASCII decimal digits (see the module docstring).
    Raises ``ValueError`` for a salt that is not hex or a negative seed."""
    if int(seed) < 0:
        raise ValueError("a seed is not negative")
    return hashlib.sha256(bytes.fromhex(salt) + str(int(seed)).encode("ascii")).hexdigest()


@dataclass(frozen=True)
class Difference:
    """Where a record and its replay part: ``step`` (1 for the first action; 0 the deal or
    the record itself; ``None`` the commitment), the log item ``seq`` of that step's action,
    ``what`` differs (``"record"``, ``"commitment"``, ``"action"``, ``"time"``: its time fields
    and when it was logged, ``"events"``, ``"final_state"``), a ``message`` in words, and the ``recorded`` and ``replayed`` values
    (the first event that differs, or the part of the state)."""

    step: int | None
    seq: int | None
    what: str
    message: str
    recorded: Any = None
    replayed: Any = None


@dataclass(frozen=True)
class Report:
    """The verdict on one record. ``ok``: the commitment matches the revealed seed and salt,
    every step replays to its recorded events, the final state is the stored one, and the
    randomness was the seed's (``scripted`` games had fixed dice and draws: test tables).
    ``steps``: the actions replayed (all of them when the replay matches)."""

    game_id: str | None
    ruleset: str | None
    rules_version: int | None
    engine_rules_version: int | None
    steps: int
    commitment_ok: bool
    replay_ok: bool
    scripted: bool
    difference: Difference | None

    @property
    def ok(self) -> bool:
        return self.commitment_ok and self.replay_ok and not self.scripted

    def as_json(self) -> dict[str, Any]:
        """The report as JSON-ready data (``difference`` ``None`` or a dict)."""
        data = asdict(self)
        data["ok"] = self.ok
        return data


class RecordError(ValueError):
    """The record is not a readable game record (its shape, not its game, is wrong)."""


def _canonical(value: Any) -> Any:
    """``value`` as JSON gives it back (tuples as lists, keys as text), to compare."""
    return json.loads(json.dumps(value, sort_keys=True))


def _check_shape(record: Any) -> None:
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a game record: its format is not {RECORD_FORMAT!r}")
    for key, kind in (("ruleset", str), ("seats", list), ("options", dict), ("seed", str),
                      ("steps", list), ("final_state", dict)):
        if not isinstance(record.get(key), kind):
            raise RecordError(f"the record's {key!r} is missing or not a {kind.__name__}")
    if not record["seed"].isdigit():
        raise RecordError("the record's seed is not a decimal number")
    for number, step in enumerate(record["steps"], start=1):
        if not isinstance(step, dict) or not isinstance(step.get("action"), dict) or not \
                isinstance(step.get("events"), list):
            raise RecordError(f"step {number} has no action or no events")


def replay(record: dict[str, Any]) -> Iterator[tuple[int, Any, list[dict[str, Any]]]]:
    """Deal ``record``'s game again and apply its actions in order: yields ``(0, the dealt
    state, [])`` then ``(n, the state after step n, the events step n gave)``. Raises
    :class:`RecordError` for a record of the wrong shape and the engine's errors
    (:class:`~engine.core.EngineError`) for an action the rules refuse."""
    _check_shape(record)
    ruleset = get_ruleset(record["ruleset"])
    players = [seat["account_id"] for seat in record["seats"]]
    state = ruleset.new_game(players, int(record["seed"]), dict(record["options"]))
    yield 0, state, []
    for number, step in enumerate(record["steps"], start=1):
        result = ruleset.apply(state, ruleset.parse_action(step["action"]))
        state = result.state
        yield number, state, result.events


def time_difference(number: int, step: dict[str, Any], previous: int | None) -> str | None:
    """What is wrong with the time fields of step ``number`` (``step``: the record's, with its
    ``action`` and ``at``), in words, or ``None`` when nothing is; ``previous``: the ``now`` of
    the last step before it that has one. A step without time fields, or a record without
    ``at``, has nothing to check. See the module docstring."""
    action, at = step["action"], step.get("at")
    stamps = {name: action[name] for name in TIME_FIELDS if name in action}
    if not stamps:
        return None
    if any(type(value) is not int for value in stamps.values()):
        return f"step {number}: its time fields are not whole numbers"
    now = stamps.get("now")
    if now is not None:
        for name, value in stamps.items():
            if value != TIME_FIELDS[name](now):
                return f"step {number}: its {name} ({value}) is not that of its now ({now})"
        if previous is not None and now < previous:
            return (f"step {number}: its action is stamped {previous - now} s earlier than the "
                    "step before it")
    if type(at) is not int:
        return None
    for name, value in stamps.items():
        fill = TIME_FIELDS[name]
        if not fill(at - STAMP_SLACK_SECONDS) <= value <= fill(at):
            return (f"step {number}: its {name} ({value}) is not the time it was applied "
                    f"(logged at {at}; the service stamps an action as it applies it)")
    return None


def _first_event_difference(recorded: list[Any], replayed: list[Any]) -> tuple[int, Any, Any]:
    for index in range(max(len(recorded), len(replayed))):
        a = recorded[index] if index < len(recorded) else None
        b = replayed[index] if index < len(replayed) else None
        if a != b:
            return index, a, b
    return -1, None, None


def verify(record: dict[str, Any]) -> Report:
    """Check ``record`` (see the module docstring): the commitment against the revealed salt
    and seed, then every step's time fields (:func:`time_difference`), its events and the final
    state against a replay from the seed.
    Stops at the first step that differs and names it (:class:`Difference`). Never raises for
    a bad record: its shape is the first difference (``what="record"``)."""
    base = {"game_id": record.get("game_id") if isinstance(record, dict) else None,
            "ruleset": record.get("ruleset") if isinstance(record, dict) else None,
            "rules_version": record.get("rules_version") if isinstance(record, dict) else None}
    engine_version = None
    try:
        _check_shape(record)
        ruleset = get_ruleset(record["ruleset"])
        engine_version = ruleset.rules_version
    except (RecordError, EngineError) as exc:
        return Report(**base, engine_rules_version=engine_version, steps=0, commitment_ok=False,
                      replay_ok=False, scripted=False,
                      difference=Difference(0, None, "record", str(exc)))
    scripted = bool(record["options"].get("scripted"))
    salt, committed = record.get("salt"), record.get("commitment")
    difference = None
    commitment_ok = False
    if not committed or not salt:
        difference = Difference(None, None, "commitment",
                                "the game was dealt without a published commitment")
    else:
        try:
            computed = commitment(salt, int(record["seed"]))
        except ValueError:
            computed = None
        commitment_ok = computed == committed
        if not commitment_ok:
            difference = Difference(None, None, "commitment",
                                    "the revealed salt and seed do not give the published "
                                    "commitment", committed, computed)
    steps = record["steps"]
    replayed = 0
    state = None
    last_now: int | None = None
    moves = replay(record)
    try:
        for number, reached, events in moves:
            state = reached
            if number == 0:
                continue
            step = steps[number - 1]
            index, was, got = _first_event_difference(_canonical(step["events"]),
                                                      _canonical(events))
            if index >= 0:
                return Report(**base, engine_rules_version=engine_version, steps=replayed,
                              commitment_ok=commitment_ok, replay_ok=False, scripted=scripted,
                              difference=Difference(
                                  number, step.get("seq"), "events",
                                  f"step {number}: event {index + 1} of its action differs "
                                  "from what the replay gives", was, got))
            wrong_time = time_difference(number, step, last_now)
            if wrong_time is not None:
                return Report(**base, engine_rules_version=engine_version, steps=replayed,
                              commitment_ok=commitment_ok, replay_ok=False, scripted=scripted,
                              difference=Difference(
                                  number, step.get("seq"), "time", wrong_time,
                                  {k: step["action"][k] for k in TIME_FIELDS
                                   if k in step["action"]} | {"at": step.get("at")}))
            if type(step["action"].get("now")) is int:
                last_now = step["action"]["now"]
            replayed = number
    except EngineError as exc:
        if state is None:
            return Report(**base, engine_rules_version=engine_version, steps=0,
                          commitment_ok=commitment_ok, replay_ok=False, scripted=scripted,
                          difference=Difference(0, None, "record",
                                                f"the deal is refused ({exc.message})"))
        number = replayed + 1
        return Report(**base, engine_rules_version=engine_version, steps=replayed,
                      commitment_ok=commitment_ok, replay_ok=False, scripted=scripted,
                      difference=Difference(number, steps[number - 1].get("seq"), "action",
                                            f"step {number}: the rules refuse its action "
                                            f"({exc.message})", steps[number - 1]["action"]))
    final = _canonical(json.loads(get_ruleset(record["ruleset"]).dump_state(state)))
    if final != _canonical(record["final_state"]):
        keys = sorted(set(final) | set(record["final_state"]))
        part = next(k for k in keys if final.get(k) != _canonical(record["final_state"].get(k)))
        return Report(**base, engine_rules_version=engine_version, steps=replayed,
                      commitment_ok=commitment_ok, replay_ok=False, scripted=scripted,
                      difference=Difference(replayed, None, "final_state",
                                            f"after the last step the state's {part!r} differs "
                                            "from the stored one",
                                            record["final_state"].get(part), final.get(part)))
    return Report(**base, engine_rules_version=engine_version, steps=replayed,
                  commitment_ok=commitment_ok, replay_ok=True, scripted=scripted,
                  difference=difference)


def words(report: Report, record: dict[str, Any] | None = None) -> list[str]:
    """The report in plain lines (what the command line prints): the game, its seats by the
    names the record gives (an erased account's anonymous name), each check, the verdict."""
    lines = [f"Game {report.game_id or '?'} ({report.ruleset or '?'}, rules version "
             f"{report.rules_version})"]
    if record and isinstance(record.get("seats"), list):
        names = ", ".join(str(s.get("name") or s.get("account_id")) for s in record["seats"]
                          if isinstance(s, dict))
        lines.append(f"Seats: {names}")
    if report.rules_version is not None and report.engine_rules_version is not None \
            and report.rules_version != report.engine_rules_version:
        lines.append(f"Note: this engine plays rules version {report.engine_rules_version}; "
                     "a game of other rules may not replay here")
    lines.append("Commitment: " + ("matches the revealed salt and seed" if report.commitment_ok
                                   else "NOT confirmed"))
    lines.append(f"Replay: {report.steps} moves replayed; " + (
        "every move's events and the final state match" if report.replay_ok else "FAILED"))
    if report.scripted:
        lines.append("Scripted: this table's dice and draws were fixed in advance by its "
                     "set-up (a test table), not drawn from the seed")
    if report.difference is not None:
        d = report.difference
        where = "" if d.seq is None else f" (log item {d.seq})"
        lines.append(f"First difference{where}: {d.message}")
        if d.recorded is not None or d.replayed is not None:
            lines.append(f"  recorded: {json.dumps(d.recorded, sort_keys=True)}")
            lines.append(f"  replayed: {json.dumps(d.replayed, sort_keys=True)}")
    lines.append("Verdict: " + ("fair: the dice and draws were the committed seed's"
                                if report.ok else "not verified"))
    return lines


def main(argv: list[str] | None = None) -> int:
    """``python -m engine.verify GAME.json``: check a game record (or an answer of
    ``GET /games/{id}/verify?record=true``, whose ``record`` it reads) and print the report in
    words (``--json``: as JSON). Exit status 0 when the game verifies, 1 when it does not, 2
    when the file cannot be read as a record."""
    # Cold start: the service's verify handler imports this module, never its command line.
    import argparse
    import sys

    parser = argparse.ArgumentParser(prog="python -m engine.verify",
                                     description="Check a finished game's record: the "
                                     "commitment to its seed and a replay of every move.")
    parser.add_argument("record", help="the game record (JSON), '-' for standard input")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    try:
        if args.record == "-":
            data = json.load(sys.stdin)
        else:
            with open(args.record, encoding="utf-8") as handle:
                data = json.load(handle)
    except (OSError, ValueError) as exc:
        print(f"cannot read {args.record}: {exc}", file=sys.stderr)
        return 2
    if isinstance(data, dict) and isinstance(data.get("record"), dict):
        data = data["record"]
    report = verify(data)
    if report.difference is not None and report.difference.what == "record":
        print(f"not a game record: {report.difference.message}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report.as_json(), indent=2, sort_keys=True))
    else:
        print("\n".join(words(report, data)))
    return 0 if report.ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
