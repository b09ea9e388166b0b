"""Records every AWS call the template's functions make during the tests, as IAM sees it:
``(function logical id, IAM action, resource ARN, conditions)``.

Installed for the whole test process by ``tests/conftest.py``: it wraps botocore's
``BaseClient._make_api_call`` (boto3 and PynamoDB both call through it) and attributes each
call to the function running it (``local.stack.CURRENT_FUNCTION``, set by the invokers).
Calls made outside a function (test set-up, direct handler calls) are not attributed.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from local.template import ACCOUNT, REGION

IAM_PREFIX = {"email": "ses", "dynamodb": "dynamodb", "events": "events", "scheduler": "scheduler",
              "sqs": "sqs", "sns": "sns", "ssm": "ssm", "secretsmanager": "secretsmanager",
              "lambda": "lambda", "s3": "s3", "cloudwatch": "cloudwatch", "monitoring": "cloudwatch"}
TRANSACT_ACTIONS = {"Put": "PutItem", "Update": "UpdateItem", "Delete": "DeleteItem",
                    "ConditionCheck": "ConditionCheckItem"}


@dataclass(frozen=True)
class Call:
    function: str
    action: str
    resource: str
    passed_to_service: str | None = None


def _arn(service: str, rest: str) -> str:
    return f"arn:aws:{service}:{REGION}:{ACCOUNT}:{rest}"


def _table(name: str, index: str | None = None) -> str:
    return _arn("dynamodb", f"table/{name}" + (f"/index/{index}" if index else ""))


def iam_calls(function: str, prefix: str, operation: str, params: dict[str, Any]) -> list[Call]:
    """The IAM authorisations one API call needs."""
    service = IAM_PREFIX.get(prefix, prefix)
    out: list[Call] = []

    def add(action: str, resource: str, passed: str | None = None) -> None:
        out.append(Call(function, f"{service}:{action}", resource, passed))

    if service == "dynamodb":
        if operation == "TransactWriteItems":
            for item in params.get("TransactItems", []):
                (kind, body), = item.items()
                add(TRANSACT_ACTIONS[kind], _table(body["TableName"]))
        elif operation == "TransactGetItems":
            for item in params.get("TransactItems", []):
                add("GetItem", _table(item["Get"]["TableName"]))
        elif operation in ("BatchGetItem", "BatchWriteItem"):
            for name in params.get("RequestItems", {}):
                add(operation, _table(name))
        else:
            add(operation, _table(params.get("TableName", "*"), params.get("IndexName")))
    elif service == "events":
        buses = {e.get("EventBusName", "default") for e in params.get("Entries", [])} or {"default"}
        for bus in buses:
            name = bus.rsplit("/", 1)[-1]
            add(operation, _arn("events", f"event-bus/{name}"))
    elif service == "scheduler":
        group = params.get("GroupName", "default")
        if "Name" in params and operation.endswith("Schedule"):
            add(operation, _arn("scheduler", f"schedule/{group}/{params['Name']}"))
        else:
            add(operation, _arn("scheduler", f"schedule-group/{group}"))
        role = (params.get("Target") or {}).get("RoleArn")
        if role:
            out.append(Call(function, "iam:PassRole", role, "scheduler.amazonaws.com"))
    elif service == "sqs":
        queue = urlsplit(params.get("QueueUrl", "")).path.rstrip("/").rsplit("/", 1)[-1] or "*"
        add(operation, _arn("sqs", queue))
    elif service == "ses":
        sender = params.get("FromEmailAddress") or params.get("Source") or "*"
        identity = sender.rsplit("<", 1)[-1].rstrip(">")
        add(operation, _arn("ses", f"identity/{identity}"))
    elif service == "sns":
        add(operation, params.get("TargetArn") or params.get("TopicArn")
            or params.get("PlatformApplicationArn") or params.get("EndpointArn") or "*")
    elif service == "ssm":
        names = params.get("Names") or [params.get("Name", "*")]
        for name in names:
            add(operation, _arn("ssm", "parameter" + (name if name.startswith("/") else "/" + name)))
    elif service == "secretsmanager":
        add(operation, params.get("SecretId", "*"))
    elif service == "lambda":
        add("InvokeFunction" if operation == "Invoke" else operation,
            _arn("lambda", f"function:{params.get('FunctionName', '*')}"))
    else:
        add(operation, "*")
    return out


class Recorder:
    """Collects :class:`Call` s while installed."""

    def __init__(self) -> None:
        self.calls: set[Call] = set()

    def install(self) -> None:
        from botocore.client import BaseClient

        from local.stack import CURRENT_FUNCTION

        original = BaseClient._make_api_call
        recorder = self

        def _make_api_call(client: Any, operation_name: str, api_params: dict[str, Any]) -> Any:
            function = CURRENT_FUNCTION.get()
            if function is not None:
                prefix = client.meta.service_model.endpoint_prefix
                recorder.calls.update(iam_calls(function, prefix, operation_name, api_params))
            return original(client, operation_name, api_params)

        BaseClient._make_api_call = _make_api_call


@contextmanager
def running_as(logical_id: str) -> Iterator[None]:
    """Attribute the AWS calls made inside to the template function ``logical_id``, as its
    invocations are (for tests that call a handler directly)."""
    from local.stack import CURRENT_FUNCTION

    token = CURRENT_FUNCTION.set(logical_id)
    try:
        yield
    finally:
        CURRENT_FUNCTION.reset(token)
