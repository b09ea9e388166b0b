"""An in-process client of the HTTP API: builds API Gateway HTTP API v2 events, routes them by
``template.yaml`` exactly as the local stack does, and calls the functions' handlers."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any

from local.stack import Invoker, Routes, http_v2_event
from local.template import LocalTemplate


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: Any

    @property
    def error(self) -> str | None:
        return (self.body or {}).get("error", {}).get("code") if isinstance(self.body, dict) else None


class ApiClient:
    def __init__(self) -> None:
        functions = LocalTemplate().functions()
        self.routes = Routes(functions)
        self.invoker = Invoker(functions)

    def call(self, method: str, path: str, body: Any = None, token: str | None = None,
             headers: dict[str, str] | None = None, raw: bytes | None = None) -> Reply:
        path, _, query = path.partition("?")
        fn, template, params = self.routes.match(method, path)
        assert fn is not None and fn != "method_not_allowed", f"no route for {method} {path}"
        all_headers = {"content-type": "application/json", **(headers or {})}
        if token:
            all_headers["authorization"] = f"Bearer {token}"
        data = raw if raw is not None else (b"" if body is None else json.dumps(body).encode())
        event = http_v2_event(method, path, query, all_headers, data, f"{method} {template}",
                              params or {}, "127.0.0.1")
        result = self.invoker.invoke(fn, event)
        text = result.get("body") or ""
        try:
            parsed = json.loads(text) if text else None
        except json.JSONDecodeError:
            parsed = text
        return Reply(result["statusCode"], {k.lower(): v for k, v in (result.get("headers") or {}).items()}, parsed)

    # conveniences -----------------------------------------------------------------
    def sign_in(self, handle: str | None = None) -> tuple[str, str]:
        """Claim a fresh handle; returns ``(handle, token)``."""
        handle = handle or "p" + secrets.token_hex(5)
        reply = self.call("POST", "/sessions", {"handle": handle})
        assert reply.status == 201, reply.body
        return handle, reply.body["token"]

    def ok(self, method: str, path: str, body: Any = None, token: str | None = None,
           status: int = 200) -> Any:
        """Call and insist on ``status``; returns the body."""
        reply = self.call(method, path, body, token=token)
        assert reply.status == status, (method, path, reply.status, reply.body)
        return reply.body

    def new_lobby(self, players: int = 2, ruleset: str = "mtaani", **settings: Any,
                  ) -> tuple[str, list[tuple[str, str]]]:
        """A waiting lobby of ``players`` seats, all taken by fresh accounts (the first owns
        it; the others were invited by handle and joined); returns ``(lobby_id, seats)``."""
        seats = [self.sign_in() for _ in range(players)]
        owner = seats[0][1]
        lobby = self.ok("POST", "/lobbies", {"table_size": players, "ruleset": ruleset, **settings},
                        owner, 201)
        lobby_id = lobby["lobby_id"]
        for handle, token in seats[1:]:
            self.ok("POST", f"/lobbies/{lobby_id}/invites", {"handle": handle}, owner, 201)
            self.ok("POST", f"/lobbies/{lobby_id}/join", None, token)
        return lobby_id, seats

    def new_game(self, players: int = 2, ruleset: str = "mtaani", options: dict | None = None,
                 ) -> tuple[str, list[tuple[str, str]]]:
        """A started game for ``players`` fresh accounts, through the lobby flow; returns
        ``(game_id, [(handle, token), ...])`` in seat order."""
        lobby_id, seats = self.new_lobby(players, ruleset)
        game = self.ok("POST", f"/lobbies/{lobby_id}/start", {"options": options or {}},
                       seats[0][1], 201)
        return game["game_id"], seats
