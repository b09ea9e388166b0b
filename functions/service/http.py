"""HTTP glue shared by every API function: the resolver factory, the one JSON error shape and
the exception-to-status map (registered once, here), and the caller's identity.

Error shape: ``{"error": {"code": "...", "message": "...", ...details}}``.
"""

from __future__ import annotations

import base64
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.exceptions import ServiceError
from aws_lambda_powertools.event_handler.middlewares import NextMiddleware
from aws_lambda_powertools.event_handler.openapi.exceptions import RequestValidationError
from aws_lambda_powertools.utilities.data_classes import APIGatewayProxyEventV2
from botocore.exceptions import BotoCoreError, ClientError
from pydantic import BaseModel, ConfigDict, Field
from pynamodb.exceptions import PynamoDBException

import engine
from service import accounts, observability
from service.errors import ApiError, Unprocessable

if TYPE_CHECKING:
    from aws_lambda_powertools.event_handler.openapi.types import OpenAPIResponse

log = observability.logger
MAX_BODY_BYTES = 16 * 1024
"""The largest request body accepted, in bytes (413 beyond): the UTF-8 bytes of a text body,
the decoded bytes of a base64-encoded one. The biggest legitimate bodies (trade offers, chat
messages) are well under 2 KB; API Gateway's own limit is 10 MB."""
MAX_BODY_DEPTH = 32
"""The deepest nesting of objects and arrays accepted in a body, the body object itself being
level 1 (422 beyond). The deepest legitimate body (a lobby's scripted start options) has 4."""

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
    413: "the body is too large (16 KB at most)",
    415: "the body is not JSON (send content-type: application/json)",
    422: "malformed body or parameter",
    429: "too many requests; honour Retry-After",
    503: "a dependency failed; nothing was applied; honour Retry-After",
}
PUBLIC_ERRORS = (422, 503)
"""Every route can answer these."""
SIGNED_IN_ERRORS = (401, 422, 503)
"""Every route that needs a session can answer these."""

PUBLIC_OPERATIONS = (
    ("/sessions", "post"),                      # sign in or claim a handle
    ("/password-resets", "post"),               # ask for a reset link (answers alike for all)
    ("/password-resets/{token}", "post"),       # the link's token is the proof
    ("/notifications/unsubscribe", "get"),      # the one-click opt-out link's token is the proof
    ("/notifications/unsubscribe", "post"),
    ("/rulesets/{name}/guide", "get"),          # the rules, for anyone
)
"""Operations that answer without a bearer token (every other one needs it)."""


def api_responses(status: int, model: type[BaseModel] | None, description: str,
                  *errors: int, extra: dict[int, str] | None = None
                  ) -> dict[int, OpenAPIResponse]:
    """The OpenAPI ``responses`` of a route: its success (``model`` or no body) and the error
    statuses it can answer, all with :class:`ErrorBody`."""
    ok: OpenAPIResponse = {"description": description}
    if model is not None:
        ok["content"] = {"application/json": {"model": model}}
    else:
        ok["content"] = {}
    out: dict[int, OpenAPIResponse] = {status: ok}
    for code, text in (extra or {}).items():
        out[code] = {"description": text, "content": {}}
    for code in sorted({*errors, 413, 415}):
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


def _is_json(content_type: str) -> bool:
    """Whether ``content_type`` declares plain JSON (``application/json``, any parameters, any
    case). Other ``+json`` types are not: they carry their own semantics (problem details, merge
    patches, JSON-LD), which no route implements."""
    return content_type.split(";", 1)[0].strip().lower() == "application/json"


def _refuse_number(text: str) -> Any:
    """``parse_constant`` of :func:`read_json_body` (``NaN``, ``Infinity``, ``-Infinity``)."""
    raise Unprocessable(f"the body has a number that is not finite ({text})")


def _json_float(text: str) -> float | int:
    """``parse_float`` of :func:`read_json_body`: an integral number becomes an int; one too
    large for a float (``1e400``) is refused."""
    number = float(text)
    if not math.isfinite(number):
        _refuse_number(text)
    return int(number) if number.is_integer() else number


def _json_int(text: str) -> int:
    """``parse_int`` of :func:`read_json_body`. Python converts at most
    ``sys.get_int_max_str_digits()`` digits (4,300): a longer literal is refused here. Smaller
    numbers are for each field's own bounds (they are in the OpenAPI document)."""
    try:
        return int(text)
    except ValueError:
        raise Unprocessable(f"the body has a number of {len(text):,} digits, too many to "
                            "read") from None


def _depth(value: Any) -> int:
    """How deeply objects and arrays nest in ``value`` (0 for a scalar), counted without
    recursion and only up to ``MAX_BODY_DEPTH + 1``."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        children: Iterable[Any]
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        if deepest > MAX_BODY_DEPTH:
            break
        stack.extend((child, level + 1) for child in children)
    return deepest


def _too_deep() -> Unprocessable:
    return Unprocessable(f"the body is nested too deeply (objects and arrays {MAX_BODY_DEPTH} "
                        "levels deep at most)")


def read_json_body(text: str) -> Any:
    """The JSON value of a request body, with every integral number an int (``702.0`` ->
    ``702``: JSON has one number type, and request models validate strictly, so no ``"5"`` for
    5 and no ``0`` for false).

    Raises :class:`Unprocessable` (422) for text that is not JSON, for ``NaN``/``Infinity``, a
    number too large for a float or an integer of more digits than Python converts, and for
    nesting deeper than :data:`MAX_BODY_DEPTH`.
    """
    try:
        data = json.loads(text, parse_int=_json_int, parse_float=_json_float,
                          parse_constant=_refuse_number)
    except RecursionError:  # deeper than the parser goes
        raise _too_deep() from None
    except json.JSONDecodeError as exc:
        raise Unprocessable(f"the body is not valid JSON ({exc.msg} at line {exc.lineno} "
                            f"column {exc.colno})") from None
    if _depth(data) > MAX_BODY_DEPTH:
        raise _too_deep()
    return data


def _correlation_id(event: dict[str, Any]) -> str | None:
    """A request's correlation id: the client's ``x-correlation-id`` header, else API
    Gateway's request id."""
    headers = {k.lower(): v for k, v in (event.get("headers") or {}).items()}
    return headers.get("x-correlation-id") or (event.get("requestContext") or {}).get("requestId")


class JsonApiResolver(APIGatewayHttpResolver):
    """The HTTP API resolver. Before routing, the body is checked once for every route: over
    :data:`MAX_BODY_BYTES` it is 413; declared as anything but ``application/json`` it is 415
    (every body of this API is JSON; validation would try, and fail, to parse a form); not UTF-8,
    not JSON (:func:`read_json_body`) or not a JSON object it is 422. What the routes see is
    that object re-serialised, declared ``application/json`` (so Powertools never answers 415
    in its own shape). Every other error answers in the one error shape too.

    ``reads_body=False``: the routes read no body, so one sent anyway is dropped unread (the
    one-click opt-out link, which mail clients POST as a form) rather than refused."""

    def __init__(self, *args: Any, reads_body: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.reads_body = reads_body
        self._invocation = observability.invocation(self._resolve_json, _correlation_id)

    def resolve(self, event: Mapping[str, Any], context: Any) -> dict[str, Any]:
        """One request as one observed invocation (:func:`service.observability.invocation`):
        the body checked (see the class), then routed."""
        return self._invocation(event, context)

    def _resolve_json(self, event: Mapping[str, Any], context: Any) -> dict[str, Any]:
        if not self.reads_body:
            event = {**event, "body": None, "isBase64Encoded": False}
        headers = {k.lower(): v for k, v in (event.get("headers") or {}).items()}
        body = event.get("body") or ""
        if event.get("isBase64Encoded"):  # API Gateway base64-encodes bodies that are not text
            try:
                raw = base64.b64decode(body, validate=True)
            except ValueError:
                return self._refuse(422, "invalid_request", "the body is not valid base64")
        else:
            raw = body.encode("utf-8", "surrogatepass")
        if len(raw) > MAX_BODY_BYTES:
            return self._refuse(413, "payload_too_large",
                                f"the body is larger than {MAX_BODY_BYTES} bytes")
        content_type = headers.get("content-type")
        if raw and content_type and not _is_json(content_type):
            return self._refuse(415, "unsupported_media_type",
                                "send the body as JSON (content-type: application/json)")
        if raw:
            try:
                data = read_json_body(raw.decode("utf-8"))
            except UnicodeDecodeError:
                return self._refuse(422, "invalid_request", "the body is not UTF-8 JSON")
            except Unprocessable as exc:
                return self._refuse(422, exc.code, exc.message)
            if not isinstance(data, dict):  # null too: an optional body is left out, not null
                return self._refuse(422, "invalid_request",
                                    "the body must be a JSON object (or left out where optional)")
            event = {**event, "body": json.dumps(data), "isBase64Encoded": False}
        # What the routes see is JSON (or nothing), whatever the client called it.
        others = {k: v for k, v in (event.get("headers") or {}).items()
                  if k.lower() != "content-type"}
        event = {**event, "headers": {**others, "content-type": "application/json"}}
        return super().resolve(event, context)

    @staticmethod
    def _refuse(status: int, code: str, message: str) -> dict[str, Any]:
        body = {"error": {"code": code, "message": message}}
        return {"statusCode": status, "headers": {"Content-Type": "application/json"},
                "body": json.dumps(body), "isBase64Encoded": False}


def make_app(*routers: Router, reads_body: bool = True) -> APIGatewayHttpResolver:
    """A resolver with validation, the given routers and the shared exception handlers
    (``reads_body``: see :class:`JsonApiResolver`)."""
    app = JsonApiResolver(enable_validation=True, reads_body=reads_body)
    for router in routers:
        app.include_router(router)

    @app.exception_handler(ApiError)
    def _api_error(exc: ApiError) -> Response:
        headers = {}
        if exc.status == 503:
            observability.count(observability.UNAVAILABLE)
            log.warning("answering 503: %s", exc.message, exc_info=exc.__cause__ is not None)
        if exc.status in (429, 503):
            headers["Retry-After"] = str(exc.details.pop("retry_after", 1))
        return error_response(exc.status, exc.code, exc.message, headers, **exc.details)

    @app.exception_handler([BotoCoreError, ClientError, PynamoDBException])
    def _dependency_error(exc: Exception) -> Response:
        # A dependency failed past the SDK's retries somewhere no domain code mapped it: the
        # request did not complete (writes are single transactions), so the client may retry.
        observability.count(observability.UNAVAILABLE)
        log.exception("a dependency failed")
        return error_response(503, "unavailable", "a dependency failed; nothing was applied",
                              {"Retry-After": "1"})

    @app.exception_handler(engine.EngineError)
    def _engine_error(exc: engine.EngineError) -> Response:
        return error_response(_engine_status(exc), exc.code, exc.message)

    @app.exception_handler(RequestValidationError)
    def _validation_error(exc: RequestValidationError) -> Response:
        # Authenticate first: Powertools checks a request against its route's models before
        # any middleware runs, so a route that needs a session asks for it here, before it
        # says what is wrong with the request (no token: 401, whatever the body).
        route = app.context.get("_route")
        if route is not None and (route.openapi_path, route.method.lower()) not in PUBLIC_OPERATIONS:
            try:
                caller(app)
            except ApiError as refused:
                return _api_error(refused)
        return error_response(422, "invalid_request", validation_message(exc.errors()))

    @app.exception_handler(ServiceError)
    def _powertools_error(exc: ServiceError) -> Response:
        # Powertools' own HTTP errors (a path no route matches is its NotFoundError); no code
        # of ours raises them, and none may become a 5xx other than a 503.
        if 400 <= exc.status_code < 500:
            return error_response(exc.status_code,
                                  POWERTOOLS_CODES.get(exc.status_code, "bad_request"), str(exc.msg))
        log.error("answering 503 for %s: %s", type(exc).__name__, exc.msg)
        return error_response(503, "unavailable", "the request could not be served",
                              {"Retry-After": "1"})

    app.use([refuse_body_where_none_is_taken])
    return app


POWERTOOLS_CODES = {401: "unauthorized", 403: "forbidden", 404: "not_found",
                    413: "payload_too_large"}
"""Powertools' HTTP error status -> our ``code`` (``bad_request`` otherwise)."""


def validation_message(errors: Sequence[Any]) -> str:
    """The message of a 422 for pydantic validation ``errors``: the first error, naming where
    it is (``confirm_handle: Field required``, ``give.cash: ...``, ``query.limit: ...``); a
    route's body missing altogether is ``a JSON body is required``."""
    first = errors[0] if errors else {}
    loc = [str(p) for p in first.get("loc", ())]
    text = first.get("msg", "invalid request")
    if loc == ["body"] and first.get("type") == "missing":
        return "a JSON body is required"
    where = ".".join(p for p in loc if p != "body")
    return f"{where}: {text}" if where else text


def refuse_body_where_none_is_taken(app: APIGatewayHttpResolver,
                                    next_middleware: NextMiddleware) -> Response:
    """Middleware: a route without a request body answers 422 to a body other than ``{}``
    (like an unknown field; a client sending one expects it to count)."""
    route = app.context.get("_route")
    body = app.current_event.body  # checked and re-serialised by JsonApiResolver
    if (route is not None and not route.dependant.body_params and body
            and json.loads(body) != {}):
        raise Unprocessable("this route takes no body (send none, or {})")
    return next_middleware(app)


def caller(router: Router | APIGatewayHttpResolver) -> accounts.Account:
    """The signed-in account making the current request (401 when there is none)."""
    return accounts.authenticate(router.current_event.headers.get("authorization"))


def source_address(router: Router | APIGatewayHttpResolver) -> str:
    """The client's address as API Gateway saw it (for per-source throttling)."""
    event = router.current_event
    try:
        if not isinstance(event, APIGatewayProxyEventV2):  # an HTTP API's event: all it gets
            return "unknown"
        return event.request_context.http.source_ip or "unknown"
    except (AttributeError, KeyError):
        return "unknown"


def no_content() -> Response:
    return Response(status_code=204, headers={})


def json_response(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(status_code=status, content_type="application/json",
                    body=json.dumps(body, separators=(",", ":")), headers=headers or {})
