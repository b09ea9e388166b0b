"""The bus, in process: what the template's rules delivered (moto's EventBridge puts each rule's
events in an SQS queue, as :func:`local.aws.provision` wires it), and a pump that hands them to
the rules' functions as the local stack does."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import boto3

from local.aws import rule_queue_name
from local.stack import Invoker
from local.template import REGION, LocalFunction, LocalTemplate

_functions = {f.logical_id: f for f in LocalTemplate().functions()}


def _queues(fn: LocalFunction) -> list[str]:
    sqs = boto3.client("sqs", region_name=REGION)
    return [sqs.get_queue_url(QueueName=rule_queue_name(fn.name, i))["QueueUrl"]
            for i in range(len(fn.rules))]


def delivered(logical_id: str) -> list[dict[str, Any]]:
    """Take every event the rules of function ``logical_id`` delivered so far (oldest first)."""
    sqs = boto3.client("sqs", region_name=REGION)
    out = []
    for url in _queues(_functions[logical_id]):
        while True:
            messages = sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=10).get("Messages", [])
            if not messages:
                break
            for message in messages:
                out.append(json.loads(message["Body"]))
                sqs.delete_message(QueueUrl=url, ReceiptHandle=message["ReceiptHandle"])
    return out


def discard_all() -> None:
    """Forget whatever earlier tests left on the bus."""
    for logical_id, fn in _functions.items():
        if fn.rules:
            delivered(logical_id)


def pump(only: set[str] | None = None, rounds: int = 1000) -> dict[str, int]:
    """Deliver bus events to their rules' functions (all, or ``only`` these logical ids)
    until the bus is quiet; returns invocations per function."""
    invoker = Invoker(list(_functions.values()))
    counts: dict[str, int] = {}
    for _ in range(rounds):
        moved = False
        for logical_id, fn in _functions.items():
            if not fn.rules or (only is not None and logical_id not in only):
                continue
            for event in delivered(logical_id):
                invoker.invoke(fn, event)
                counts[logical_id] = counts.get(logical_id, 0) + 1
                moved = True
        if not moved:
            return counts
    raise AssertionError("the bus never went quiet")


@contextmanager
def travel(when: Any) -> Iterator[Any]:
    """time-machine's ``travel(when, tick=False)``, taking every bus event put on the queues
    meanwhile before coming back: moto stops receiving from a queue at a message older than
    its retention period, which is what a message sent in the past looks like afterwards."""
    import time_machine

    with time_machine.travel(when, tick=False) as traveller:
        try:
            yield traveller
        finally:
            discard_all()
