"""moto in place of AWS for the local stack and the tests.

- :func:`start_moto` runs a moto server in this process (``ThreadedMotoServer``) and points
  boto3 and PynamoDB at it through ``AWS_ENDPOINT_URL``.
- :func:`provision` creates what the template declares: tables (same key schema, GSIs, TTL),
  the event bus and its rules (with an SQS queue per rule target, because moto's EventBridge
  does not invoke Lambdas), the schedule group, SES identities.
- :func:`serialize_dynamodb_writes` makes moto's DynamoDB writes atomic across threads, as
  DynamoDB's are per item: moto checks conditions and writes in two steps without a lock. It
  also makes ``TransactWriteItems`` honour ``ClientRequestToken`` as DynamoDB does (moto
  ignores it): a repeat of a committed transaction with the same token within 10 minutes
  succeeds without writing again.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import threading
import time
from typing import Any

from local.template import ACCOUNT, REGION, LocalTemplate

FAKE_CREDENTIALS = {
    "AWS_ACCESS_KEY_ID": "local",
    "AWS_SECRET_ACCESS_KEY": "local",
    "AWS_DEFAULT_REGION": REGION,
    "AWS_REGION": REGION,
}

_write_lock = threading.RLock()
_patched = False


def serialize_dynamodb_writes() -> None:
    """Wrap moto's DynamoDB write operations in one lock (idempotent)."""
    global _patched
    if _patched:
        return
    from moto.dynamodb.models import DynamoDBBackend

    for name in ("put_item", "update_item", "delete_item", "transact_write_items",
                 "batch_write_item"):
        original = getattr(DynamoDBBackend, name)

        @functools.wraps(original)
        def locked(self, *args: Any, __original=original, **kwargs: Any) -> Any:
            with _write_lock:
                return __original(self, *args, **kwargs)

        setattr(DynamoDBBackend, name, locked)
    _honour_transaction_tokens()
    _patched = True


TOKEN_WINDOW_SECONDS = 600


def _honour_transaction_tokens() -> None:
    """DynamoDB's idempotent ``TransactWriteItems``: the same ``ClientRequestToken`` with the
    same items within 10 minutes answers success and writes nothing; with other items it is an
    ``IdempotentParameterMismatchException``."""
    from moto.core.exceptions import JsonRESTError
    from moto.dynamodb.responses import DynamoHandler

    original = DynamoHandler.transact_write_items
    committed: dict[str, tuple[str, float]] = {}

    @functools.wraps(original)
    def transact_write_items(self) -> Any:
        token = self.body.get("ClientRequestToken")
        if not token:
            return original(self)
        digest = hashlib.sha256(
            json.dumps(self.body["TransactItems"], sort_keys=True, default=repr).encode()).hexdigest()
        with _write_lock:
            now = time.time()
            prior = committed.get(token)
            if prior is not None and now - prior[1] < TOKEN_WINDOW_SECONDS:
                if prior[0] != digest:
                    raise JsonRESTError("IdempotentParameterMismatchException",
                                        "the token was used for a different transaction")
                return _empty_transaction_result()
            result = original(self)
            committed[token] = (digest, now)
            return result

    DynamoHandler.transact_write_items = transact_write_items


def _empty_transaction_result() -> Any:
    from moto.core.responses import ActionResult

    return ActionResult({"ConsumedCapacity": [], "ItemCollectionMetrics": {}})


def set_fake_credentials() -> None:
    for key, value in FAKE_CREDENTIALS.items():
        os.environ.setdefault(key, value)
    os.environ["AWS_DEFAULT_REGION"] = REGION


def start_moto(port: int = 0):
    """Start moto in-process; returns ``(server, endpoint_url)`` and sets ``AWS_ENDPOINT_URL``."""
    from moto.server import ThreadedMotoServer

    set_fake_credentials()
    serialize_dynamodb_writes()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    host, bound = server.get_host_and_port()
    endpoint = f"http://{host}:{bound}"
    os.environ["AWS_ENDPOINT_URL"] = endpoint
    return server, endpoint


def create_tables(template: LocalTemplate) -> list[str]:
    """Create every ``AWS::DynamoDB::Table`` of the template (same schema); returns names."""
    import boto3

    client = boto3.client("dynamodb", region_name=REGION)
    existing = set(client.list_tables().get("TableNames", []))
    names = []
    for name, props in template.tables().items():
        names.append(name)
        if name in existing:
            continue
        args: dict[str, Any] = {
            "TableName": name,
            "AttributeDefinitions": props["AttributeDefinitions"],
            "KeySchema": props["KeySchema"],
            "BillingMode": props.get("BillingMode", "PAY_PER_REQUEST"),
        }
        if props.get("GlobalSecondaryIndexes"):
            args["GlobalSecondaryIndexes"] = [
                {k: v for k, v in gsi.items() if k in ("IndexName", "KeySchema", "Projection")}
                for gsi in props["GlobalSecondaryIndexes"]
            ]
        client.create_table(**args)
        ttl = props.get("TimeToLiveSpecification")
        if ttl and ttl.get("Enabled"):
            client.update_time_to_live(
                TableName=name,
                TimeToLiveSpecification={"AttributeName": ttl["AttributeName"], "Enabled": True},
            )
    return names


def rule_queue_name(function_name: str, index: int) -> str:
    return f"local-rule-{function_name}-{index}"[:80]


def provision(template: LocalTemplate) -> dict[str, str]:
    """Create the template's resources in moto; returns rule-queue URL -> function logical id."""
    import boto3

    create_tables(template)
    events = boto3.client("events", region_name=REGION)
    sqs = boto3.client("sqs", region_name=REGION)
    for name in template.queues():
        sqs.create_queue(QueueName=name)
    for logical_id in template.of_type("AWS::Events::EventBus"):
        name = template.physical_name(logical_id)
        with contextlib.suppress(events.exceptions.ResourceAlreadyExistsException):
            events.create_event_bus(Name=name)
    scheduler = boto3.client("scheduler", region_name=REGION)
    for logical_id in template.of_type("AWS::Scheduler::ScheduleGroup"):
        with contextlib.suppress(scheduler.exceptions.ConflictException):
            scheduler.create_schedule_group(Name=template.physical_name(logical_id))
    queues: dict[str, str] = {}
    for fn in template.functions():
        for index, rule in enumerate(fn.rules):
            queue_name = rule_queue_name(fn.name, index)
            url = sqs.create_queue(QueueName=queue_name)["QueueUrl"]
            rule_name = f"{fn.name}-{index}"[:64]
            events.put_rule(Name=rule_name, EventBusName=rule["bus"],
                            EventPattern=json.dumps(rule["pattern"]), State="ENABLED")
            events.put_targets(
                Rule=rule_name, EventBusName=rule["bus"],
                Targets=[{"Id": "local", "Arn": f"arn:aws:sqs:{REGION}:{ACCOUNT}:{queue_name}"}],
            )
            queues[url] = fn.logical_id
    return queues
