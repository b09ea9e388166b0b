"""Chat per table (length limits, no HTML injection, paging, rate limit) and presence, at a
table of every game."""

from __future__ import annotations

import pytest

from service import throttle
from tests.service.games import RULESETS


@pytest.mark.parametrize("ruleset", RULESETS)
def test_messages_are_escaped_trimmed_and_paged_in_order(api, ruleset):
    game_id, seats = api.new_game(2, ruleset=ruleset)
    (alice, a_token), (_, b_token) = seats
    posted = api.ok("POST", f"/games/{game_id}/chat",
                    {"text": '  <img src=x onerror="alert(1)"> & more\u0007\n '}, a_token, 201)
    assert posted["text"] == '&lt;img src=x onerror="alert(1)"&gt; &amp; more'
    assert posted["name"] == alice and "<" not in posted["text"]
    for n in range(3):
        api.ok("POST", f"/games/{game_id}/chat", {"text": f"message {n}"}, b_token, 201)
    first = api.ok("GET", f"/games/{game_id}/chat?limit=2", None, b_token)
    assert [m["text"] for m in first["messages"]] == [posted["text"], "message 0"]
    rest = api.ok("GET", f"/games/{game_id}/chat?after={first['next_after']}", None, a_token)
    assert [m["text"] for m in rest["messages"]] == ["message 1", "message 2"]
    empty = api.ok("GET", f"/games/{game_id}/chat?after={rest['next_after']}", None, a_token)
    assert empty["messages"] == [] and empty["next_after"] == rest["next_after"]


@pytest.mark.parametrize("text", ["", "   ", "\u0000\u0001", "x" * 501])
def test_empty_or_long_messages_are_422(api, text):
    game_id, seats = api.new_game(2)
    reply = api.call("POST", f"/games/{game_id}/chat", {"text": text}, token=seats[0][1])
    assert reply.status == 422 and reply.error == "invalid_request"


def test_a_500_character_message_is_accepted(api):
    game_id, seats = api.new_game(2)
    assert api.ok("POST", f"/games/{game_id}/chat", {"text": "é" * 500}, seats[0][1], 201)["text"] == "é" * 500


def test_chat_works_in_a_waiting_lobby(api):
    lobby_id, seats = api.new_lobby(2)
    api.ok("POST", f"/games/{lobby_id}/chat", {"text": "ready?"}, seats[1][1], 201)
    assert [m["text"] for m in api.ok("GET", f"/games/{lobby_id}/chat", None, seats[0][1])["messages"]] == ["ready?"]


def test_chat_is_rate_limited(api, monkeypatch):
    # One fixed minute: the handlers run in this process, so the throttle's clock can stand still.
    monkeypatch.setattr(throttle, "clock", lambda: 1_800_000_000.0)
    game_id, seats = api.new_game(2)
    token = seats[0][1]
    for n in range(throttle.CHAT.limits["author"]):
        api.ok("POST", f"/games/{game_id}/chat", {"text": f"spam {n}"}, token, 201)
    reply = api.call("POST", f"/games/{game_id}/chat", {"text": "one more"}, token=token)
    assert reply.status == 429 and "retry-after" in reply.headers
    # The other player is not limited by it.
    api.ok("POST", f"/games/{game_id}/chat", {"text": "hello"}, seats[1][1], 201)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_presence_records_who_looked_at_the_table(api, ruleset):
    game_id, seats = api.new_game(2, ruleset=ruleset)
    (alice, a_token), (bob, b_token) = seats
    assert api.ok("GET", f"/games/{game_id}/presence", None, a_token)["people"] == []
    api.ok("GET", f"/games/{game_id}", None, b_token)
    people = api.ok("GET", f"/games/{game_id}/presence", None, a_token)["people"]
    assert [(p["name"], p["seat"]) for p in people] == [(bob, 1)]
    assert people[0]["last_seen"] > 0
    api.ok("GET", f"/games/{game_id}/events", None, a_token)
    names = {p["name"] for p in api.ok("GET", f"/games/{game_id}/presence", None, b_token)["people"]}
    assert names == {alice, bob}


def test_presence_is_stored_at_most_once_a_minute(aws):
    from service import presence

    presence.touch("g-presence", "acc_x", now=10_000)
    presence.touch("g-presence", "acc_x", now=10_030)
    assert presence.seen("g-presence") == {"acc_x": 10_000}
    presence.touch("g-presence", "acc_x", now=10_061)
    assert presence.seen("g-presence") == {"acc_x": 10_061}


def test_replacing_an_erased_handle_never_touches_escaped_characters(api):
    """A handle such as "amp" or "lt" is matched in what people wrote, not inside the stored
    escapes (&amp; &lt;) of someone else's message."""
    from service import chat

    game_id, seats = api.new_game(2)
    token = seats[0][1]
    api.ok("POST", f"/games/{game_id}/chat", {"text": "Tom & Jerry <3 R&D"}, token, 201)
    api.ok("POST", f"/games/{game_id}/chat", {"text": "amp: your move & lt: wait"}, token, 201)
    assert chat.replace_mentions(game_id, "amp", "Anonymous AAAAAA") == 1
    assert chat.replace_mentions(game_id, "lt", "Anonymous BBBBBB") == 1
    texts = [m["text"] for m in api.ok("GET", f"/games/{game_id}/chat", None, token)["messages"]]
    assert texts == ["Tom &amp; Jerry &lt;3 R&amp;D",
                     "Anonymous AAAAAA: your move &amp; Anonymous BBBBBB: wait"]


@pytest.mark.parametrize("text", ["\u200b", "\ufeff", "\u3164", "\u2800", "\u200b\u200d \ufe0f",
                                  "\u202e\u2066 \u2069"])
def test_a_message_that_shows_nothing_is_refused(api, text):
    """Zero-width, byte-order and blank-looking characters alone are no message (hardening,
    item 10: they were accepted with 201)."""
    game_id, seats = api.new_game(2)
    reply = api.call("POST", f"/games/{game_id}/chat", {"text": text}, token=seats[0][1])
    assert reply.status == 422 and reply.error == "invalid_request"
    assert api.ok("GET", f"/games/{game_id}/chat", None, seats[0][1])["messages"] == []


def test_marks_that_turn_the_text_around_are_removed(api):
    game_id, seats = api.new_game(2)
    posted = api.ok("POST", f"/games/{game_id}/chat", {"text": "\u202eevil \u2067twin\u2069"},
                    seats[0][1], 201)
    assert posted["text"] == "evil twin"
