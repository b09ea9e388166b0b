"""GET /openapi.json: the OpenAPI document of the whole HTTP API, generated from the same
pydantic models and routes every function uses (each function module exposes ``router``)."""

import importlib
import json
import pkgutil
from functools import cache

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver
from aws_lambda_powertools.event_handler.api_gateway import Router

from service.http import PUBLIC_OPERATIONS, json_response, make_app

PACKAGES = ("actions", "api")
router = Router()




@cache
def document() -> dict:
    """Every function's router in one resolver, rendered as OpenAPI 3."""
    full = APIGatewayHttpResolver(enable_validation=True)
    for package_name in PACKAGES:
        package = importlib.import_module(package_name)
        for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
            if info.name == "openapi":
                continue
            module = importlib.import_module(f"{package_name}.{info.name}")
            documented = getattr(module, "document_router", None)
            router = documented() if documented is not None else getattr(module, "router", None)
            if isinstance(router, Router):
                full.include_router(router)
    # Cold start: the OpenAPI models load only when the document is built.
    from aws_lambda_powertools.event_handler.openapi.models import HTTPBearer

    text = full.get_openapi_json_schema(
        title="Mtaa game service", version="1",
        description="Accounts, lobbies, dashboard, games, chat and presence; see docs/api.md.",
        security_schemes={"bearer": HTTPBearer(description="the token from POST /sessions")},
        security=[{"bearer": []}],
    )
    document = json.loads(text)
    # An optional body is left out, never null (a null body is 422): the document says so.
    for operations in document["paths"].values():
        for operation in operations.values():
            content = (operation.get("requestBody") or {}).get("content", {})
            for media in content.values():
                options = media.get("schema", {}).get("anyOf", [])
                if len(options) == 2 and {"type": "null"} in options:
                    media["schema"] = next(o for o in options if o != {"type": "null"})
    # Operations that need no token say so.
    for path, method in PUBLIC_OPERATIONS:
        if path in document["paths"]:
            document["paths"][path][method]["security"] = []
    return document


@router.get("/openapi.json", include_in_schema=False)
def openapi():
    return json_response(document())


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
