"""The player actions of every game: ``POST /games/{game_id}/<game>/<action>``.

One Lambda serves the moves of every game the engine's registry knows
(``functions/actions/app.py``, :func:`action_function`): one route,
``/games/{game_id}/{game}/{move}`` (:func:`move_router`), while the OpenAPI document has one
operation per action of each game's rulesets (``Ruleset.actions``) with its own request model
(:func:`moves_router`), so a new game adds no function, route or template entry. The request body is the action's own fields
(never ``player``: the seat comes from the caller's session, nor the time fields the service
fills in from its clock, ``engine.TIME_FIELDS``) plus an optional ``version`` (the state
version the client saw), ``decision`` (the pending decision the move answers, as the client
saw it; an answer's own ``decision`` field serves) and ``strict``: a move made on a view
that has since changed applies while its meaning has not (``pipeline.run``), or, with
``strict``, is answered 409 ``stale_version`` and changes nothing. An
``Idempotency-Key`` header makes retries apply once and answer with the first answer's version
and events (Powertools idempotency on DynamoDB, keyed on game, account and key; the request's
fingerprint is the action's own fields, ``version``, ``decision`` and ``strict`` as the client sent them, never the
fields the service fills in, such as a bribe's minute). Only those are
cached: events name seats, never people, so the idempotency table holds no handles or account
ids (an erased account leaves nothing there); the ``game`` part of a replayed answer is the
game as it is now.
"""

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Annotated, Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.exceptions import RequestValidationError
from aws_lambda_powertools.event_handler.openapi.params import Body, Header
from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

import engine
from service import pipeline, snapstart
from service.accounts import Account
from service.config import settings
from service.errors import Conflict, NotFound, ServiceUnavailable, Unprocessable
from service.http import SIGNED_IN_ERRORS, api_responses, caller, make_app
from service.views import game_view, move_answer

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.idempotency import IdempotencyConfig

_idempotent_perform: Callable[..., dict[str, Any]] | None = None
_idempotency_config: "IdempotencyConfig | None" = None


class Applied:
    """One request's holder of the action it applied (``result``: ``None`` when the answer
    was replayed from the idempotency record): the two halves of a move's request (apply,
    then answer) share it, never a module global."""

    __slots__ = ("result",)

    def __init__(self) -> None:
        self.result: pipeline.ActionResult | None = None


def _perform(intent: dict[str, Any], applied: Applied) -> dict[str, Any]:
    """Apply the action: the client's ``intent["action"]`` (the pipeline stamps its time
    fields when it applies it), noting the result in ``applied``. Returns the answer's
    cacheable part: ``{"version", "events"}`` (the events as the caller may see them)."""
    result = pipeline.act(intent["game_id"], intent["account_id"], dict(intent["action"]),
                          expected_version=intent.get("version"), game_name=intent["game"],
                          decision=intent.get("decision"), strict=bool(intent.get("strict")))
    applied.result = result
    return move_answer(result, intent["account_id"])


def _answer(intent: dict[str, Any], outcome: dict[str, Any], applied: Applied) -> dict[str, Any]:
    """``outcome`` with the caller's view of the game: after the action just applied, or as
    the game is now for a replayed answer."""
    result = applied.result
    if result is not None:
        game, state = result.game, result.state
    else:
        game = pipeline.default_store().load(intent["game_id"])
        state = game.state
    return {**outcome,
            "game": game_view(game, pipeline.current(game, state), intent["account_id"])}


def forget_idempotency() -> None:
    """Drop the idempotency layer (its DynamoDB client): made again on first use (after a
    SnapStart restore, :mod:`service.snapstart`)."""
    global _idempotent_perform, _idempotency_config
    _idempotent_perform = _idempotency_config = None


snapstart.on_restore(forget_idempotency)


def _idempotent(intent: dict[str, Any], applied: Applied,
                lambda_context: Any = None) -> dict[str, Any]:
    """:func:`_perform` behind Powertools idempotency (created on first use: cold path), which
    fingerprints ``intent`` alone (its ``data_keyword_argument``)."""
    global _idempotent_perform, _idempotency_config
    if _idempotent_perform is None or _idempotency_config is None:
        # Cold start: idempotency (its DynamoDB layer) loads on the first move with a key.
        from aws_lambda_powertools.utilities.idempotency import (
            DynamoDBPersistenceLayer,
            IdempotencyConfig,
            idempotent_function,
        )

        persistence = DynamoDBPersistenceLayer(table_name=settings().idempotency_table)
        config = _idempotency_config = IdempotencyConfig(
            event_key_jmespath="key",
            payload_validation_jmespath="[action, version, decision, strict]",
            expires_after_seconds=24 * 3600,
        )

        def perform(intent: dict[str, Any], applied: Applied) -> dict[str, Any]:
            return _perform(intent, applied)

        # (Powertools' decorator answers Any: the function keeps its own type.)
        _idempotent_perform = idempotent_function(
            data_keyword_argument="intent", persistence_store=persistence, config=config)(perform)
    # Cold start: idempotency loads on the first move with a key.
    from aws_lambda_powertools.utilities.idempotency.exceptions import (
        IdempotencyAlreadyInProgressError,
        IdempotencyPersistenceLayerError,
        IdempotencyValidationError,
    )

    if lambda_context is not None and hasattr(lambda_context, "get_remaining_time_in_millis"):
        _idempotency_config.register_lambda_context(lambda_context)
    try:
        return _idempotent_perform(intent=intent, applied=applied)
    except IdempotencyAlreadyInProgressError:
        raise Conflict("the same request is still being applied; retry in a moment") from None
    except IdempotencyValidationError:
        raise Unprocessable("this Idempotency-Key was already used for a different request") from None
    except IdempotencyPersistenceLayerError as exc:
        raise ServiceUnavailable("could not record the request; nothing was applied") from exc


def request_model(action_cls: type[BaseModel]) -> type[BaseModel]:
    """The request body model of an engine action: its fields minus ``type``/``player`` and
    the time fields the service fills in, plus ``version``."""
    fields: dict[str, Any] = {
        name: (info.annotation, info)
        for name, info in action_cls.model_fields.items()
        if name not in ("type", "player") and name not in engine.TIME_FIELDS
    }
    fields["version"] = (int | None, Field(None, ge=1, description="the state version you saw"))
    if "decision" not in fields:
        fields["decision"] = (int | None, Field(
            None, ge=0, le=2**53 - 1,  # any id a view shows (Jiji's are large: issue 28.5)
            description="the id of the pending decision the move answers, as your view showed "
                        "it: with it, a move made on a view that has since changed still applies "
                        "while that decision is pending and the rules allow the move"))
    fields["strict"] = (bool, Field(False, description="refuse the move (409 stale_version) "
                                                       "if anything changed since `version`"))
    return create_model(
        f"{action_cls.__name__}Request",
        __config__=ConfigDict(extra="forbid", strict=True),
        __doc__=action_cls.__doc__,
        **fields,
    )


def action_path(game: str, action_type: str) -> str:
    """The route of ``action_type`` of ``game`` (``/games/{game_id}/<game>/end-turn``)."""
    return f"/games/{{game_id}}/{game}/{action_type.replace('_', '-')}"


def game_actions(game: str) -> dict[str, type[BaseModel]]:
    """Every player action of ``game``'s rulesets by ``type`` (the first ruleset's model when
    two share a type), from the engine's registry."""
    found: dict[str, type[BaseModel]] = {}
    for name in engine.rulesets_of(game):
        for cls in engine.get_ruleset(name).actions:
            found.setdefault(cls.model_fields["type"].default, cls)
    return found


def moves_router(games: Iterable[str]) -> Router:
    """The documented routes of the moves of ``games``: one route and one OpenAPI operation
    per action of each game (:func:`game_actions`) at :func:`action_path`, each with its own
    request model (the OpenAPI document is built from these; :func:`move_router` serves the
    same requests)."""
    router = Router()
    for game in games:
        for action_type, cls in game_actions(game).items():
            _add_action_route(router, game, cls, action_path(game, action_type).replace(
                "{game_id}", "<game_id>"))
    return router


_request_models: dict[tuple[str, str], type[BaseModel]] = {}


def _request_model_of(game: str, move: str) -> tuple[str, type[BaseModel]]:
    """``(action type, request model)`` of ``move`` (``end-turn``) of ``game``, made on first
    use; :class:`~service.errors.NotFound` for a move the game does not have."""
    action_type = move.replace("-", "_")
    key = (game, action_type)
    model = None if "_" in move else _request_models.get(key)  # (spelled with dashes: end-turn)
    if model is None:
        if game not in engine.games():
            raise NotFound(f"there is no game called '{game}'")
        cls = None if "_" in move else game_actions(game).get(action_type)
        if cls is None:
            raise NotFound(f"a game of this kind has no '{move}' move")
        model = _request_models[key] = request_model(cls)
    return action_type, model


def prime_moves() -> None:
    """Load every game's rulesets and make every move's request model (before a SnapStart
    snapshot, so a restored function starts with them)."""
    for game in engine.games():
        for action_type in game_actions(game):
            _request_model_of(game, action_type.replace("_", "-"))


def move_router() -> Router:
    """The router the action function serves: one route for every move of every game,
    ``/games/<game_id>/<game>/<move>``, each move's body checked against the same request
    model its documented route has (:func:`moves_router`), made when the move is first asked
    for (an unknown game or move: 404). Registering a game's 35 routes with their models took
    ~130 ms of every cold start and the rules had to load before the first request; now
    neither happens at import."""
    router = Router()
    IdempotencyKey = Annotated[str | None, Header(alias="idempotency-key", max_length=128)]

    # No return annotation: Powertools would validate the answer against it (it is
    # _perform_move's, typed there).
    @router.post("/games/<game_id>/<game>/<move>", include_in_schema=False)
    def endpoint(  # type: ignore[no-untyped-def]  # an answer is not validated (see above)
            game_id: str, game: str, move: str,
            body: Annotated[dict[str, Any] | None, Body()] = None,
            idempotency_key: IdempotencyKey = None):
        account = caller(router)  # authenticate first: no session is a 401 whatever the move
        action_type, model = _request_model_of(game, move)
        if body is None and any(info.is_required() for info in model.model_fields.values()):
            raise RequestValidationError([{"loc": ("body",), "type": "missing",
                                           "msg": "Field required"}])
        try:
            checked = model.model_validate(body or {})
        except ValidationError as exc:
            raise RequestValidationError([{**e, "loc": ("body", *e["loc"])}
                                          for e in exc.errors()]) from None
        return _perform_move(router, account, game, action_type, game_id, checked,
                             idempotency_key)

    return router


def action_function() -> tuple[APIGatewayHttpResolver, Callable[[], Router],
                              Callable[[Any, Any], Any]]:
    """What ``functions/actions/app.py`` is made of: ``(app, document_router, handler)``.
    The app serves :func:`move_router`; the SnapStart snapshot is primed with every game's
    rules and move models (:func:`prime_moves`); ``document_router()`` gives
    :func:`moves_router` of every game of the registry (read by ``/openapi.json``);
    ``handler(event, context)`` is the Lambda entry."""
    app = make_app(move_router())
    snapstart.prime(prime_moves)

    def document_router() -> Router:
        return moves_router(engine.games())

    def handler(event: Any, context: Any) -> Any:
        return app.resolve(event, context)

    return app, document_router, handler


def _perform_move(router: Router, account: Account, game: str, action_type: str, game_id: str,
                  body: BaseModel | None, idempotency_key: str | None) -> dict[str, Any]:
    """Apply a checked move request of ``account`` (the caller, authenticated once: see the
    module docstring) and answer :class:`ActionOut`'s body."""
    payload = body.model_dump(exclude_none=True) if body is not None else {}
    version = payload.pop("version", None)
    strict = payload.pop("strict", False)
    own = game_actions(game)[action_type].model_fields
    decision = payload.get("decision") if "decision" in own else payload.pop("decision", None)
    intent = {"game_id": game_id, "account_id": account.account_id, "game": game,
              "action": {"type": action_type, **payload}, "version": version,
              "decision": decision, "strict": strict}
    applied = Applied()
    if idempotency_key:
        intent["key"] = f"{game_id}:{account.account_id}:{idempotency_key}"
        outcome = _idempotent(intent, applied, router.lambda_context)
    else:
        outcome = _perform(intent, applied)
    return _answer(intent, outcome, applied)


def _add_action_route(router: Router, game: str, action_cls: type[BaseModel], path: str) -> None:
    """Add the route of ``action_cls`` (of ``game``) at ``path`` (``/games/<game_id>/...``)."""
    # Cold start: the response models load only when the OpenAPI document is built.
    from service.models import ActionOut

    model = request_model(action_cls)
    action_type = action_cls.model_fields["type"].default

    def perform(game_id: str, body: BaseModel | None, idempotency_key: str | None) -> ActionOut:
        return ActionOut.model_validate(_perform_move(router, caller(router), game, action_type,
                                                      game_id, body, idempotency_key))

    IdempotencyKey = Annotated[str | None, Header(alias="idempotency-key", max_length=128)]
    # The body's model is made at run time (request_model): a type checker cannot know it.
    endpoint: Callable[..., ActionOut]
    if any(info.is_required() for info in model.model_fields.values()):
        # The action has fields of its own: the body is required.
        def required(game_id: str,
                     body: Annotated[model, Body()],  # type: ignore[valid-type]  # run-time model
                     idempotency_key: IdempotencyKey = None) -> ActionOut:
            return perform(game_id, body, idempotency_key)
        endpoint = required
    else:
        def optional(game_id: str,
                     body: Annotated[model | None, Body()] = None,  # type: ignore[valid-type]  # run-time model
                     idempotency_key: IdempotencyKey = None) -> ActionOut:
            return perform(game_id, body, idempotency_key)
        endpoint = optional

    endpoint.__name__ = f"{game}_{action_type}"
    endpoint.__doc__ = action_cls.__doc__
    router.post(path, summary=(action_cls.__doc__ or action_type).splitlines()[0],
                tags=[f"{game} moves"], operation_id=f"{game}_{action_type}",
                responses=api_responses(200, ActionOut, "applied", *SIGNED_IN_ERRORS, 403, 404,
                                        409))(endpoint)
