"""The one retry of lost optimistic-lock races (service.races.until_won): tries, pauses and
the 503 at the end, worked by hand."""

from __future__ import annotations

import pytest

from service import races
from service.errors import Forbidden, ServiceUnavailable, VersionConflict


@pytest.fixture
def pauses(monkeypatch):
    slept: list[float] = []
    monkeypatch.setattr(races.time, "sleep", slept.append)
    return slept


def losing(times: int, lost: BaseException, answer="won"):
    tries: list[int] = []

    def attempt(n: int):
        tries.append(n)
        if len(tries) <= times:
            raise lost
        return answer

    return attempt, tries


def test_a_try_that_wins_after_two_lost_races_answers_after_5_and_10_ms(pauses):
    attempt, tries = losing(2, VersionConflict("g-1"))
    assert races.until_won(attempt, busy=ServiceUnavailable("busy")) == "won"
    assert tries == [0, 1, 2]
    assert pauses == pytest.approx([0.005, 0.010])


def test_every_try_lost_is_a_503_after_max_action_retries_plus_one_tries(pauses, monkeypatch):
    monkeypatch.setenv("MAX_ACTION_RETRIES", "5")
    from service.config import settings

    settings.cache_clear()
    attempt, tries = losing(99, VersionConflict("g-1"))
    busy = ServiceUnavailable("the lobby is busy; try again", retry_after=1)
    with pytest.raises(ServiceUnavailable) as raised:
        races.until_won(attempt, busy=busy)
    settings.cache_clear()
    assert raised.value is busy
    assert tries == [0, 1, 2, 3, 4, 5]                       # 5 retries: six tries
    assert pauses == pytest.approx([0.005, 0.010, 0.015, 0.020, 0.025, 0.030])


def test_a_fixed_pause_and_a_count_of_tries(pauses):
    attempt, tries = losing(99, VersionConflict("g-1"))
    with pytest.raises(ServiceUnavailable):
        races.until_won(attempt, tries=3, pause=races.fixed(0.02), busy=ServiceUnavailable("b"))
    assert tries == [0, 1, 2] and pauses == [0.02, 0.02, 0.02]


def test_only_the_named_losses_are_retried_and_again_without_pause_retries_at_once(pauses):
    class LostRace(Exception):
        pass

    attempt, tries = losing(1, LostRace())
    assert races.until_won(attempt, lost=(LostRace,), busy=ServiceUnavailable("b")) == "won"
    assert tries == [0, 1]
    attempt, tries = losing(1, VersionConflict("g-1"))         # not named: not retried
    with pytest.raises(VersionConflict):
        races.until_won(attempt, lost=(LostRace,), busy=ServiceUnavailable("b"))
    assert tries == [0]
    pauses.clear()
    attempt, tries = losing(2, races.Again(pause=False))
    assert races.until_won(attempt, busy=ServiceUnavailable("b")) == "won"
    assert tries == [0, 1, 2] and pauses == []


def test_a_refusal_ends_the_tries_at_once(pauses):
    attempt, tries = losing(1, Forbidden("only the lobby's owner can do that"))
    with pytest.raises(Forbidden):
        races.until_won(attempt, busy=ServiceUnavailable("b"))
    assert tries == [0] and pauses == []
