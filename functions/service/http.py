"""HTTP glue shared by every API function: the resolver factory, the one JSON error shape and
the exception-to-status map (registered once, here), and the caller's identity.

Error shape: ``{"error": {"code": "...", "message": "...", ...details}}``.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.exceptions import RequestValidationError
from pydantic import BaseModel, ConfigDict, Field

import engine
from service import accounts
from service.errors import ApiError

log = logging.getLogger(__name__)

ENGINE_STATUS: dict[type[engine.EngineError], int] = {
    engine.InvalidAction: 422,
    engine.UnknownRuleset: 422,
    engine.IllegalAction: 409,
}
"""Engine error class -> HTTP status (most specific class first wins via the MRO)."""


class ErrorDetail(BaseModel):
    """What went wrong: a stable ``code``, a ``message`` for people, and details by code
    (``current_version`` for ``stale_version``)."""

    model_config = ConfigDict(extra="allow")
    code: str = Field(description="stable machine-readable code, e.g. 'stale_version'")
    message: str = Field(description="what went wrong, for people")


class ErrorBody(BaseModel):
    """The one JSON error shape of every route."""

    error: ErrorDetail


ERROR_TEXT = {
    401: "not signed in, session ended, or wrong password",
    403: "signed in but not allowed",
    404: "no such resource",
    409: "the current state refuses this request (see error.code)",
    422: "malformed body or parameter",
    429: "too many requests; honour Retry-After",
    503: "a dependency failed; nothing was applied; honour Retry-After",
}
PUBLIC_ERRORS = (422, 503)
"""Every route can answer these."""
SIGNED_IN_ERRORS = (401, 422, 503)
"""Every route that needs a session can answer these."""


def api_responses(status: int, model: type[BaseModel] | None, description: str,
                  *errors: int, extra: dict[int, str] | None = None) -> dict[int, dict]:
    """The OpenAPI ``responses`` of a route: its success (``model`` or no body) and the error
    statuses it can answer, all with :class:`ErrorBody`."""
    ok: dict[str, Any] = {"description": description}
    if model is not None:
        ok["content"] = {"application/json": {"model": model}}
    out: dict[int, dict] = {status: ok}
    for code, text in (extra or {}).items():
        out[code] = {"description": text, "content": {}}
    for code in errors:
        out[code] = {"description": ERROR_TEXT[code],
                     "content": {"application/json": {"model": ErrorBody}}}
    return out


def error_response(status: int, code: str, message: str, headers: dict[str, str] | None = None,
                   **details: Any) -> Response:
    """The one JSON error shape."""
    body = {"error": {"code": code, "message": message, **details}}
    return Response(status_code=status, content_type="application/json",
                    body=json.dumps(body), headers=headers or {})


def _engine_status(exc: engine.EngineError) -> int:
    for cls in type(exc).__mro__:
        if cls in ENGINE_STATUS:
            return ENGINE_STATUS[cls]
    return 409


def make_app(*routers: Router) -> APIGatewayHttpResolver:
    """A resolver with validation, the given routers and the shared exception handlers."""
    app = APIGatewayHttpResolver(enable_validation=True)
    for router in routers:
        app.include_router(router)

    @app.exception_handler(ApiError)
    def _api_error(exc: ApiError) -> Response:
        headers = {}
        if exc.status in (429, 503):
            headers["Retry-After"] = str(exc.details.pop("retry_after", 1))
        return error_response(exc.status, exc.code, exc.message, headers, **exc.details)

    @app.exception_handler(engine.EngineError)
    def _engine_error(exc: engine.EngineError) -> Response:
        return error_response(_engine_status(exc), exc.code, exc.message)

    @app.exception_handler(RequestValidationError)
    def _validation_error(exc: RequestValidationError) -> Response:
        errors = exc.errors()
        first = errors[0] if errors else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        message = f"{where}: {first.get('msg', 'invalid request')}" if where else first.get("msg", "invalid request")
        return error_response(422, "invalid_request", message)

    return app


def caller(router: Router | APIGatewayHttpResolver) -> accounts.Account:
    """The signed-in account making the current request (401 when there is none)."""
    return accounts.authenticate(router.current_event.headers.get("authorization"))


def source_address(router: Router | APIGatewayHttpResolver) -> str:
    """The client's address as API Gateway saw it (for per-source throttling)."""
    try:
        return router.current_event.request_context.http.source_ip or "unknown"
    except (AttributeError, KeyError):
        return "unknown"


def no_content() -> Response:
    return Response(status_code=204, headers={})


def json_response(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(status_code=status, content_type="application/json",
                    body=json.dumps(body, separators=(",", ":")), headers=headers or {})
