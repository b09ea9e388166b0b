"""Replay the dead-letter queue: ``make redrive STACK=<stack name>`` (``python -m local.redrive``).

The queue (template.yaml ``DeadLetterQueue``) receives three kinds of message:

- Lambda's on-failure record of an asynchronous invocation that failed three times (a timer
  or bus target whose function raised): ``requestContext.functionArn`` and ``requestPayload``;
- EventBridge's dead letter of an event it could not deliver to a rule target, and
  Scheduler's of a schedule it could not deliver: the body is the event or the schedule's
  input, the ``TARGET_ARN`` message attribute names the function.

Each is re-invoked asynchronously on its function (the timer and bus handlers are idempotent,
so a replay of something that did succeed in the meantime does nothing) and deleted from the
queue once the invocation was accepted. A message that names no function is left in place
and reported.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Invoke = Callable[[str, dict[str, Any]], None]
"""Invokes a function (by ARN) asynchronously with a payload; raises when it cannot."""


@dataclass
class Outcome:
    replayed: int = 0
    failed: int = 0
    unknown: int = 0


def target_of(message: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """``(function ARN without qualifier, payload)`` of a dead-letter message, or ``None``."""
    try:
        body = json.loads(message["Body"])
    except (KeyError, ValueError):
        return None
    context = body.get("requestContext") if isinstance(body, dict) else None
    if isinstance(context, dict) and "functionArn" in context and "requestPayload" in body:
        arn = context["functionArn"]
        if arn.count(":") > 6:  # arn:aws:lambda:region:account:function:name:qualifier
            arn = arn.rsplit(":", 1)[0]
        return arn, body["requestPayload"]
    attribute = (message.get("MessageAttributes") or {}).get("TARGET_ARN") or {}
    arn = attribute.get("StringValue")
    if arn and isinstance(body, dict):
        return arn, body
    return None


def redrive(sqs: Any, queue_url: str, invoke: Invoke, limit: int = 1000) -> Outcome:
    """Replay up to ``limit`` messages of ``queue_url``."""
    outcome = Outcome()
    seen = 0
    while seen < limit:
        messages = sqs.receive_message(QueueUrl=queue_url, MaxNumberOfMessages=10,
                                       MessageAttributeNames=["All"], WaitTimeSeconds=1,
                                       VisibilityTimeout=60).get("Messages", [])
        if not messages:
            break
        for message in messages:
            seen += 1
            target = target_of(message)
            if target is None:
                outcome.unknown += 1
                print(f"left in the queue (no target): {message.get('MessageId')}")
                continue
            arn, payload = target
            try:
                invoke(arn, payload)
            except Exception as exc:  # reported; the message stays for the next run
                outcome.failed += 1
                print(f"could not invoke {arn}: {exc}")
                continue
            sqs.delete_message(QueueUrl=queue_url, ReceiptHandle=message["ReceiptHandle"])
            outcome.replayed += 1
    return outcome


def _stack_output(stack: str, key: str) -> str:
    import boto3

    outputs = boto3.client("cloudformation").describe_stacks(StackName=stack)["Stacks"][0]["Outputs"]
    return next(o["OutputValue"] for o in outputs if o["OutputKey"] == key)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stack", required=True, help="the deployed stack's name")
    parser.add_argument("--limit", type=int, default=1000)
    args = parser.parse_args()
    import boto3

    lambda_client = boto3.client("lambda")

    def invoke(arn: str, payload: dict[str, Any]) -> None:
        lambda_client.invoke(FunctionName=arn, InvocationType="Event",
                             Payload=json.dumps(payload).encode())

    queue_url = _stack_output(args.stack, "DeadLetterQueueUrl")
    outcome = redrive(boto3.client("sqs"), queue_url, invoke, args.limit)
    print(f"replayed {outcome.replayed}, failed {outcome.failed}, left (no target) {outcome.unknown}")


if __name__ == "__main__":
    main()
