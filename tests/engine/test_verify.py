"""The fair-play verifier (``engine.verify``) on every registered ruleset: a finished game's
record verifies; tampering with its seed, any action, any event or the final state fails,
naming the first step that differs; the command line reads a record and says so.

The commitments below were computed outside the code, with coreutils:
``{ head -c 32 /dev/zero; printf '%s' 7; } | sha256sum`` and, for the kit's salt of 32 bytes
0x5a and seed 73910000000001,
``{ printf '5a%.0s' $(seq 32) | xxd -r -p; printf '%s' 73910000000001; } | sha256sum``.
"""

from __future__ import annotations

import copy
import json

import pytest

import engine
from engine import verify
from tests.engine.kit import play_out, record_of

RULESETS = engine.rulesets()


def test_the_commitment_is_sha256_of_the_salt_bytes_and_the_decimal_seed():
    assert verify.commitment("00" * 32, 7) == (
        "6e9be5feac93f5e6d777bd377c4de8b3e004155036c76a4a41376838a7029cd1")
    assert verify.commitment("5a" * 32, 73_910_000_000_001) == (
        "e505da2e97d50b0d9057e4e5c83451ae20c2f5a066ea719ede26a40adb683b55")
    with pytest.raises(ValueError):
        verify.commitment("not hex", 7)


_GAMES: dict[str, dict] = {}


def finished_record(name: str) -> dict:
    """One finished kit game of ``name`` with three seats or fewer, as a record (made once)."""
    if name not in _GAMES:
        rs = engine.get_ruleset(name)
        table = play_out(name, max(rs.min_players, min(3, rs.max_players)), 73_910_000_000_001)
        _GAMES[name] = record_of(table)
    return copy.deepcopy(_GAMES[name])


@pytest.mark.parametrize("name", RULESETS)
def test_a_finished_games_record_verifies(name):
    record = finished_record(name)
    report = verify.verify(record)
    assert report.ok and report.commitment_ok and report.replay_ok, report
    assert report.steps == len(record["steps"]) > 10
    assert report.difference is None and not report.scripted
    if record["seed"] == "73910000000001":
        assert record["commitment"] == (
            "e505da2e97d50b0d9057e4e5c83451ae20c2f5a066ea719ede26a40adb683b55")


def _middle_with_events(record: dict) -> int:
    """A step past the middle of the game whose action caused events (1-based)."""
    steps = record["steps"]
    return next(n for n in range(len(steps) // 2, len(steps) + 1) if steps[n - 1]["events"])


@pytest.mark.parametrize("name", RULESETS)
def test_a_changed_event_is_named_by_its_step(name):
    record = finished_record(name)
    step = _middle_with_events(record)
    event = record["steps"][step - 1]["events"][0]
    event["tampered"] = True
    report = verify.verify(record)
    assert not report.ok and report.commitment_ok and not report.replay_ok
    assert (report.difference.step, report.difference.what) == (step, "events")
    assert report.difference.seq == step  # the kit's records number steps 1, 2, ...
    assert report.steps == step - 1
    assert report.difference.recorded["tampered"] is True


@pytest.mark.parametrize("name", RULESETS)
def test_a_changed_action_is_named_by_its_step(name):
    """The recorded action of a middle step replaced by another the rules allow there (or,
    failing that, by one of another seat): the replay differs at that very step."""
    record = finished_record(name)
    rs = engine.get_ruleset(name)
    step = _middle_with_events(record)
    state = next(reached for number, reached, _events in verify.replay(record)
                 if number == step - 1)
    recorded = record["steps"][step - 1]["action"]
    swapped = None
    for seat in range(len(record["seats"])):
        for action in rs.legal_actions(state, seat):
            data = engine.stamp(action, record["steps"][step - 1]["at"]).model_dump(mode="json")
            if data != recorded:
                swapped = data
                break
        if swapped:
            break
    assert swapped is not None
    record["steps"][step - 1]["action"] = swapped
    report = verify.verify(record)
    assert not report.replay_ok and report.difference.step == step
    assert report.difference.what in ("events", "action")


@pytest.mark.parametrize("name", RULESETS)
def test_a_removed_step_or_a_changed_final_state_fails(name):
    record = finished_record(name)
    step = _middle_with_events(record)
    del record["steps"][step - 1]
    report = verify.verify(record)
    # The steps before it are as recorded; where its absence first shows, the replay stops.
    assert not report.replay_ok and report.difference.step >= step
    assert report.steps == report.difference.step - (report.difference.what != "final_state")

    record = finished_record(name)
    final = record["final_state"]
    key = next(k for k, v in final.items() if type(v) is int and k != "seed")
    final[key] += 1  # e.g. a counter of the stored state
    report = verify.verify(record)
    assert not report.replay_ok
    assert (report.difference.what, report.difference.step) == ("final_state", len(record["steps"]))
    assert report.difference.recorded == report.difference.replayed + 1


@pytest.mark.parametrize("name", RULESETS)
def test_another_seed_breaks_the_commitment_and_the_replay(name):
    record = finished_record(name)
    record["seed"] = str(int(record["seed"]) + 1)
    report = verify.verify(record)
    assert not report.commitment_ok and not report.replay_ok and not report.ok


def test_a_scripted_game_replays_but_is_not_called_fair():
    table = play_out("mtaani", 2, 5)
    record = record_of(table)
    record["options"] = {**record["options"], "scripted": {"dice": [[6, 6]]}}
    report = verify.verify(record)
    assert report.scripted and not report.ok
    assert report.difference is not None  # the first roll is now a double six: it differs


def test_a_record_of_another_shape_is_refused_in_words():
    report = verify.verify({"format": "something else"})
    assert not report.ok and report.difference.what == "record"
    record = finished_record("mtaani")
    record["seed"] = "12x"
    assert verify.verify(record).difference.what == "record"


def test_the_command_line_reads_a_record_or_a_verify_answer(tmp_path, capsys):
    record = finished_record("mtaani")
    record["seats"][1]["name"] = "Anonymous K7Q2XM"
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"report": {}, "record": record}))
    assert verify.main([str(path)]) == 0
    out = capsys.readouterr().out
    assert "Verdict: fair" in out and "Anonymous K7Q2XM" in out
    assert f"{len(record['steps'])} moves replayed" in out

    record["steps"][3]["events"].append({"type": "Extra"})
    path.write_text(json.dumps(record))
    assert verify.main([str(path), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is False and report["difference"]["step"] == 4

    path.write_text("{not json")
    assert verify.main([str(path)]) == 2
    path.write_text("{}")
    assert verify.main([str(path)]) == 2


def test_the_bribes_minute_is_recorded_in_its_action_and_a_changed_minute_is_named():
    """Mtaani's bribe odds follow the wall-clock minute, which is outside the seed: the
    service stamps it into the action (``engine.stamp``), so the record replays from the log
    alone, and a record whose bribe claims another minute (with other odds) fails there.
    Kit game 33 (three seats) has a bribe at its 16th step."""
    from engine.mtaani.data import rulebook
    from engine.mtaani.flow import Ctx
    from engine.mtaani.jail import bribe_odds

    record = record_of(play_out("mtaani", 3, 33))
    assert verify.verify(record).ok
    number = next(n for n, s in enumerate(record["steps"], start=1)
                  if s["action"]["type"] == "bribe")
    assert number == 16
    step = record["steps"][number - 1]
    assert step["action"]["minute"] == step["at"] // 60 > 0
    offered = next(e for e in step["events"] if e["type"] == "BribeOffered")
    before = next(state for n, state, _ in verify.replay(record) if n == number - 1)
    ctx = Ctx(rulebook("current"), before)
    assert offered["odds"] == bribe_odds(ctx, step["action"]["minute"])
    # Another minute of the same day with other odds: the replay differs at that step.
    other = next(m for m in range(step["action"]["minute"] + 1, step["action"]["minute"] + 1440)
                 if bribe_odds(ctx, m) != offered["odds"])
    step["action"]["minute"] = other
    report = verify.verify(record)
    assert not report.ok and report.commitment_ok
    assert (report.difference.step, report.difference.what) == (number, "events")
    assert report.steps == number - 1


@pytest.mark.parametrize("name", RULESETS)
def test_every_guide_explains_fair_play_in_plain_words(name):
    """Each ruleset's guide has a section on fair play (``prose``, id ``fairness``): the
    seed, its fingerprint at the deal, both shown at the end, the check, what the replay
    reveals; Mtaani's also says where the bribe's minute is kept."""
    guide = engine.get_ruleset(name).guide()
    section = next(s for s in guide["prose"] if s["id"] == "fairness")
    text = " ".join(section["text"])
    assert section["title"] == "Fair dice and cards" and len(section["text"]) == 5
    for words in ("the seed, drawn when the table is dealt", "SHA-256", "salt",
                  "When the game ends, the log shows the seed and the salt",
                  "python -m engine.verify", "move by move", "anonymous name"):
        assert words in text, (name, words)
    hidden = {"mtaani": "the order of the card decks", "mtaani-classic": "the order of the card decks",
              "jiji": "the order of the Chance cards", "mulodi": "another player's hand"}[name]
    assert hidden in text
    assert ("minute of each bribe is written into the move" in text) == name.startswith("mtaani")
    assert "{" not in text and "}" not in text


def test_an_actions_time_fields_must_be_when_its_step_was_applied():
    """An action's ``now`` decides what the rules allow (a Jiji bid before its auction's close)
    and is not the seed's: a record whose step was applied 40 s after the time its action
    claims (a bid logged 30 s after the close, its ``now`` 10 s before it) verified as fair.
    Now that step is named, as a difference of its time; an honest record's steps are stamped
    when they were applied (the kit's: ``at`` is ``now``)."""
    record = finished_record("jiji")
    bids = [n for n, s in enumerate(record["steps"], start=1) if s["action"]["type"] == "bid"]
    number = bids[len(bids) // 2]
    step = record["steps"][number - 1]
    for late in (verify.STAMP_SLACK_SECONDS + 1, 40):
        step["at"] = step["action"]["now"] + late
        report = verify.verify(record)
        assert not report.ok and report.commitment_ok and not report.replay_ok
        assert (report.difference.step, report.difference.what) == (number, "time")
        assert report.steps == number - 1
    step["at"] = step["action"]["now"] - 1         # logged before it was stamped
    assert verify.verify(record).difference.what == "time"
    step["at"] = step["action"]["now"] + verify.STAMP_SLACK_SECONDS   # within one attempt
    assert verify.verify(record).ok


def test_the_bribes_minute_must_be_that_of_when_its_step_was_applied():
    """Mtaani's bribe carries only its minute (kit game 33, step 16): logged two minutes
    after the minute it claims, the step is named as a difference of its time."""
    record = record_of(play_out("mtaani", 3, 33))
    number = next(n for n, s in enumerate(record["steps"], start=1)
                  if s["action"]["type"] == "bribe")
    record["steps"][number - 1]["at"] += 120
    report = verify.verify(record)
    assert (report.difference.step, report.difference.what) == (number, "time") and not report.ok


def test_time_fields_must_agree_with_each_other_and_go_forward():
    """The checks of one step's time fields (verify.time_difference), figures by hand: the
    bribe's minute is its now's (1,000,000 s is minute 16,666), and no step is stamped
    earlier than the one before it."""
    step = {"action": {"type": "bribe", "now": 1_000_000, "minute": 16_666}, "at": 1_000_002}
    assert verify.time_difference(5, step, 999_990) is None
    step["action"]["minute"] = 16_667
    assert "minute" in verify.time_difference(5, step, None)
    step["action"]["minute"] = 16_666
    assert "earlier than the step before" in verify.time_difference(5, step, 1_000_001)
    assert verify.time_difference(5, {"action": {"type": "roll"}, "at": 1}, None) is None
