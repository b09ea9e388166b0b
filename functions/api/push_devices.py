"""POST /push/devices (``{"platform", "token"}``) and DELETE /push/devices (``{"token"}``): an
app device's push token registered as an SNS platform endpoint (mobile push), or forgotten."""

from typing import Annotated, Literal

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Body
from pydantic import BaseModel, ConfigDict, Field

from service import delivery, notifications
from service.errors import NotFound, Unprocessable
from service.http import SIGNED_IN_ERRORS, api_responses, caller, make_app, no_content

router = Router()


class DeviceIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    platform: Literal["fcm", "apns"]
    token: str = Field(min_length=8, max_length=4096)


class DeviceTokenIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    token: str = Field(min_length=1, max_length=4096)


@router.post("/push/devices", tags=["notifications"], summary="Register an app device for push",
             responses=api_responses(204, None, "registered", *SIGNED_IN_ERRORS))
def register(body: Annotated[DeviceIn, Body()]):
    me = caller(router)
    if body.platform not in delivery.platform_applications():
        raise Unprocessable(f"this deployment has no {body.platform} push application")
    try:
        notifications.add_device(me.account_id, body.platform, body.token)
    except Exception as exc:  # SNS refused the token (InvalidParameter)
        raise Unprocessable("the push service refused this device token") from exc
    return no_content()


@router.delete("/push/devices", tags=["notifications"], summary="Forget an app device",
               responses=api_responses(204, None, "forgotten", *SIGNED_IN_ERRORS, 404))
def forget(body: Annotated[DeviceTokenIn, Body()]):
    me = caller(router)
    if not notifications.remove_subscription(me.account_id, body.token):
        raise NotFound("no such device")
    return no_content()


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
