"""GET /push/vapid-public-key: the VAPID public key browsers subscribe with
(``applicationServerKey``)."""

from aws_lambda_powertools.event_handler.api_gateway import Router
from pydantic import BaseModel

from service import delivery
from service.errors import NotFound
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app

router = Router()


class VapidKeyOut(BaseModel):
    public_key: str


@router.get("/push/vapid-public-key", tags=["notifications"], summary="The Web Push public key",
            responses=api_responses(200, VapidKeyOut, "the key", *SIGNED_IN_ERRORS, 404))
def vapid_public_key():
    caller(router)
    keys = delivery.vapid_keys()
    if keys is None:
        raise NotFound("Web Push is not configured on this deployment")
    return json_response({"public_key": keys.public_key})


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
