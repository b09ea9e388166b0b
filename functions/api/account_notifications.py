"""GET and PUT /account/notifications: the caller's notification preferences: Web Push and
mobile push on or off, turn emails (off unless the player opts in; they go only to the reset
email on the account), and quiet hours in the player's time zone (notifications are held and
sent when they end)."""

from typing import Annotated

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Body
from pydantic import BaseModel, ConfigDict, Field, JsonValue, field_validator

from service import notifications
from service.errors import Conflict
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app

router = Router()
HHMM = r"^([01]\d|2[0-3]):[0-5]\d$"


class NoEmail(Conflict):
    """Turn emails asked for by an account with no reset email to send them to."""

    code = "no_email"


def _zones() -> list[JsonValue]:
    # Cold start: the time-zone database is read only when a zone is set.
    from zoneinfo import available_timezones

    return [*sorted(available_timezones())]


class QuietHours(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    start: str = Field(pattern=HHMM, description="local time, HH:MM")
    end: str = Field(pattern=HHMM, description="local time, HH:MM (may be past midnight)")
    timezone: str = Field("UTC", min_length=1, max_length=64, description="IANA time zone",
                          json_schema_extra={"enum": _zones()})

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        # Cold start: the time-zone database is read only when a zone is set.
        from zoneinfo import ZoneInfo

        try:
            ZoneInfo(value)
        except (ValueError, KeyError, OSError):
            raise ValueError(f"unknown time zone {value!r}") from None
        return value


class NotificationSettingsOut(BaseModel):
    web_push: bool
    mobile_push: bool
    turn_emails: bool = Field(description="email me when it is my turn (off by default)")
    quiet_hours: QuietHours | None
    email_on_file: bool = Field(description="the account has a reset email turn emails could go to")


class NotificationSettingsIn(BaseModel):
    """Any of the settings; those left out keep their value (``quiet_hours: null`` clears)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    web_push: bool | None = None
    mobile_push: bool | None = None
    turn_emails: bool | None = None
    quiet_hours: QuietHours | None = None


def _out(account_id: str, prefs: notifications.Preferences) -> dict:
    quiet = None
    if prefs.quiet_start and prefs.quiet_end:
        quiet = {"start": prefs.quiet_start, "end": prefs.quiet_end, "timezone": prefs.time_zone}
    return {"web_push": prefs.web_push, "mobile_push": prefs.mobile_push,
            "turn_emails": prefs.turn_emails, "quiet_hours": quiet,
            "email_on_file": notifications.account_email(account_id) is not None}


@router.get("/account/notifications", tags=["notifications"], summary="Your notification settings",
            responses=api_responses(200, NotificationSettingsOut, "your settings", *SIGNED_IN_ERRORS))
def get_settings():
    me = caller(router)
    return json_response(_out(me.account_id, notifications.preferences(me.account_id)))


@router.put("/account/notifications", tags=["notifications"],
            summary="Change your notification settings",
            responses=api_responses(200, NotificationSettingsOut, "your settings",
                                    409, *SIGNED_IN_ERRORS))
def put_settings(body: Annotated[NotificationSettingsIn, Body()]):
    me = caller(router)
    prefs = notifications.preferences(me.account_id)
    if body.turn_emails and not prefs.turn_emails and notifications.account_email(me.account_id) is None:
        raise NoEmail("Add a reset email on this page first: turn emails go only to your "
                      "account's reset email.")
    given = body.model_fields_set
    quiet = body.quiet_hours
    if "quiet_hours" in given:
        start, end, zone = ((quiet.start, quiet.end, quiet.timezone) if quiet
                            else (None, None, prefs.time_zone))
    else:
        start, end, zone = prefs.quiet_start, prefs.quiet_end, prefs.time_zone
    prefs = notifications.save_preferences(me.account_id, notifications.Preferences(
        web_push=prefs.web_push if body.web_push is None else body.web_push,
        mobile_push=prefs.mobile_push if body.mobile_push is None else body.mobile_push,
        turn_emails=prefs.turn_emails if body.turn_emails is None else body.turn_emails,
        quiet_start=start, quiet_end=end, time_zone=zone))
    return json_response(_out(me.account_id, prefs))


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
