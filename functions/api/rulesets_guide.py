"""GET /rulesets/{name}/guide: the game guide as data (board, prices, fees, cards, rule values),
generated from the engine's data files; public and cacheable (see :mod:`service.guide`)."""

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.api_gateway import Router

from service.guide import guide
from service.http import json_response, make_app
from service.views import etag_of

router = Router()


@router.get("/rulesets/<name>/guide", tags=["rulesets"], summary="The game guide as data",
            responses={304: {"description": "not modified"}, 404: {"description": "no such ruleset"}})
def get_guide(name: str):
    body = guide(name)
    etag = etag_of(body)
    headers = {"ETag": etag, "Cache-Control": "public, max-age=300"}
    if router.current_event.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return json_response(body, headers=headers)


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
