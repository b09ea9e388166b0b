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


def _transact_write_items(self: Any, transact_items: list[dict[str, Any]]) -> None:
    """moto's ``transact_write_items`` without its deep copy of every table a transaction
    touches (kept for rollback, it made each write as slow as the tables were large: a
    bot game's log of thousands of items slowed every move to a fifth of a second). Every
    condition is checked first and the writes are applied only when all hold: under the write
    lock that is as atomic as DynamoDB's transaction, with the same cancellation reasons."""
    from moto.dynamodb.comparisons import get_filter_expression
    from moto.dynamodb.exceptions import (
        ConditionalCheckFailed,
        MultipleTransactionsException,
        TooManyTransactionsException,
        TransactionCanceledException,
        TransactWriteSingleOpException,
    )

    if len(transact_items) > 100:
        raise TooManyTransactionsException()
    seen: set[tuple[str, str]] = set()
    errors: list[tuple[Any, Any, Any]] = []
    writes = []
    for item in transact_items:
        if len(item) > 1:
            raise TransactWriteSingleOpException
        op_type, op = next(iter(item.items()))
        if op_type not in {"ConditionCheck", "Put", "Delete", "Update"}:
            raise ValueError("Unsupported transaction operation")
        table_name = op["TableName"]
        if op_type == "Put":
            table = self.get_table(table_name)
            key = {table.hash_key_attr: op["Item"][table.hash_key_attr]}
            if table.range_key_attr is not None:
                key[table.range_key_attr] = op["Item"][table.range_key_attr]
        else:
            key = op["Key"]
        unique = (str(table_name), str(dict(sorted(key.items()))))
        if unique in seen:
            raise MultipleTransactionsException()
        seen.add(unique)
        condition = op.get("ConditionExpression")
        if condition is not None:
            current = self.get_item(table_name, key)
            check = get_filter_expression(condition, op.get("ExpressionAttributeNames"),
                                          op.get("ExpressionAttributeValues"))
            if not check.expr(current):
                old = (current.to_json()["Attributes"] if current and
                       op.get("ReturnValuesOnConditionCheckFailure") == "ALL_OLD" else None)
                errors.append(("ConditionalCheckFailed",
                               str(ConditionalCheckFailed(item=old).message), old))
                continue
        errors.append((None, None, None))
        writes.append((op_type, op, table_name, key))
    if any(code is not None for code, _, _ in errors):
        raise TransactionCanceledException(errors)
    for op_type, op, table_name, key in writes:
        names, values = op.get("ExpressionAttributeNames"), op.get("ExpressionAttributeValues")
        if op_type == "Put":
            self.put_item(table_name, op["Item"], expression_attribute_names=names,
                          expression_attribute_values=values)
        elif op_type == "Delete":
            self.delete_item(table_name, key, expression_attribute_names=names,
                             expression_attribute_values=values)
        elif op_type == "Update":
            self.update_item(table_name, key, update_expression=op["UpdateExpression"],
                             expression_attribute_names=names, expression_attribute_values=values)


def serialize_dynamodb_writes() -> None:
    """Wrap moto's DynamoDB write operations in one lock (idempotent), and give it a
    transaction that does not copy whole tables (:func:`_transact_write_items`)."""
    global _patched
    if _patched:
        return
    from moto.dynamodb.models import DynamoDBBackend

    DynamoDBBackend.transact_write_items = _transact_write_items

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


def verify_email_senders(template: LocalTemplate) -> list[str]:
    """Verify in moto's SES the sender addresses the template's parameters name (moto refuses
    mail from unverified senders, as SES does); returns them."""
    import boto3

    ses = boto3.client("ses", region_name=REGION)
    senders = [value for name, value in template.parameters.items()
               if name.endswith("Sender") and "@" in value]
    for sender in senders:
        ses.verify_email_identity(EmailAddress=sender)
    return senders


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
    verify_email_senders(template)
    sns = boto3.client("sns", region_name=REGION)
    for name, value in template.parameters.items():
        if name.endswith("PlatformApplicationArn") and value:
            _, platform, app_name = value.rsplit(":", 1)[1].split("/")
            sns.create_platform_application(Name=app_name, Platform=platform,
                                            Attributes={"PlatformCredential": "local"})
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
