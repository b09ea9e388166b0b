"""POST /push/subscriptions (a browser's PushSubscription JSON) and DELETE /push/subscriptions
(``{"endpoint"}``): Web Push for this browser on or off. Subscriptions the push service no
longer knows (404/410) are removed when a notification finds them gone."""

from typing import Annotated

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Body
from pydantic import BaseModel, ConfigDict, Field

from service import notifications
from service.delivery import PUSH_ENDPOINT_PATTERN
from service.errors import NotFound
from service.http import SIGNED_IN_ERRORS, api_responses, caller, make_app, no_content

router = Router()


class SubscriptionKeys(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)
    p256dh: str = Field(min_length=16, max_length=200)
    auth: str = Field(min_length=8, max_length=100)


class PushSubscriptionIn(BaseModel):
    """What ``PushSubscription.toJSON()`` gives."""

    model_config = ConfigDict(extra="ignore", strict=True)
    endpoint: str = Field(min_length=10, max_length=1000,
                          description="the push service's URL: https on a public host name",
                          json_schema_extra={"pattern": PUSH_ENDPOINT_PATTERN})
    keys: SubscriptionKeys
    expirationTime: int | None = None


class EndpointIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    endpoint: str = Field(min_length=1, max_length=1000)


@router.post("/push/subscriptions", tags=["notifications"], summary="Turn on Web Push for a browser",
             responses=api_responses(204, None, "subscribed", *SIGNED_IN_ERRORS))
def subscribe(body: Annotated[PushSubscriptionIn, Body()]):
    me = caller(router)
    notifications.add_web_subscription(me.account_id, body.endpoint, body.keys.p256dh,
                                       body.keys.auth)
    return no_content()


@router.delete("/push/subscriptions", tags=["notifications"],
               summary="Turn off Web Push for a browser",
               responses=api_responses(204, None, "unsubscribed", *SIGNED_IN_ERRORS, 404))
def unsubscribe(body: Annotated[EndpointIn, Body()]):
    me = caller(router)
    if not notifications.remove_subscription(me.account_id, body.endpoint):
        raise NotFound("no such subscription")
    return no_content()


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
