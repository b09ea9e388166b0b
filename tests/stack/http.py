"""A small HTTP client of the local stack for the stack tests, and the lobby flow over it."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request

_START = re.compile(r"^/lobbies/[^/]+/start$")


class Http:
    def __init__(self, base: str, output=lambda: ""):
        self.base = base
        self.output = output
        """The stack's last lines of output (for failure messages)."""
        self.started: list[tuple[str, str]] = []
        """``(game_id, owner's token)`` of every game started through this client."""

    def save_started(self, since: int = 0) -> None:
        """Save (pause) the games started since ``started[since]``: a table a test leaves
        would otherwise play on in the stack while later tests run (its 2-second idle turns,
        then stand-in bots, up to the unattended cap of 400 moves). A game already over
        answers 409, which is fine."""
        for game_id, token in self.started[since:]:
            self("POST", f"/games/{game_id}/save", None, token)
        del self.started[since:]

    def __call__(self, method: str, path: str, body=None, token: str | None = None):
        """``(status, parsed JSON body)``."""
        status, parsed, _ = self.request(method, path, body, token)
        return status, parsed

    def request(self, method: str, path: str, body=None, token: str | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, object, dict[str, str]]:
        """``(status, parsed JSON body or None, lower-cased headers)``."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("content-type", "application/json")
        for key, value in (headers or {}).items():
            request.add_header(key, value)
        if token:
            request.add_header("authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                raw, status, got = response.read(), response.status, response.headers
        except urllib.error.HTTPError as exc:
            raw, status, got = exc.read(), exc.code, exc.headers
        parsed = json.loads(raw) if raw else None
        if status == 201 and method == "POST" and _START.match(path) and token:
            self.started.append((parsed["game_id"], token))
        return status, parsed, {k.lower(): v for k, v in got.items()}


def start_game(http: Http, tokens: list[str], handles: list[str], options: dict,
               **settings) -> tuple[int, dict]:
    """The lobby flow over HTTP: the first token owns a lobby (with ``settings``), invites the
    other handles, they join, and the owner starts with ``options``; returns the start's
    status and body."""
    status, lobby = http("POST", "/lobbies", {"table_size": len(tokens), **settings}, tokens[0])
    assert status == 201, lobby
    for handle, token in zip(handles[1:], tokens[1:], strict=True):
        status, body = http("POST", f"/lobbies/{lobby['lobby_id']}/invites", {"handle": handle}, tokens[0])
        assert status == 201, body
        status, body = http("POST", f"/lobbies/{lobby['lobby_id']}/join", None, token)
        assert status == 200, body
    return http("POST", f"/lobbies/{lobby['lobby_id']}/start", {"options": options}, tokens[0])


