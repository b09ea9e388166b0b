"""What the erasure tests share: the AccountDeleted deliveries (read from the queue the bus rule
feeds, as the local stack does), games played to their end by the table, and a scan of every
table the template declares, with compressed game states opened."""

from __future__ import annotations

import json
import secrets
import time
import zlib
from collections.abc import Iterator

import boto3

from local.aws import rule_queue_name
from local.template import REGION, LocalTemplate
from service.storage import DynamoGameStore
from tests.policy.calls import running_as
from timers import account_erasure, deadline

ERASURE_FUNCTION = "AccountErasureFunction"


def deliveries(account_id: str) -> list[dict]:
    """The ``AccountDeleted`` events for ``account_id`` the bus has delivered to the erasure
    function's rule queue since the last call (other events there are dropped)."""
    fn = next(f for f in LocalTemplate().functions() if f.logical_id == ERASURE_FUNCTION)
    sqs = boto3.client("sqs", region_name=REGION)
    url = sqs.get_queue_url(QueueName=rule_queue_name(fn.name, 0))["QueueUrl"]
    found = []
    while True:
        messages = sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=10).get("Messages", [])
        if not messages:
            return found
        for message in messages:
            event = json.loads(message["Body"])
            if event.get("detail", {}).get("account_id") == account_id:
                found.append(event)
            sqs.delete_message(QueueUrl=url, ReceiptHandle=message["ReceiptHandle"])


def fan_out(account_id: str) -> list[dict]:
    """Deliver the account's pending ``AccountDeleted`` events to the erasure function, as the
    bus would; returns its answers. Insists that the request did publish one."""
    events = deliveries(account_id)
    assert events, "no AccountDeleted event reached the erasure function's rule"
    return [erasure_handler(event) for event in events]


def erasure_handler(event: dict, context=None) -> dict:
    """The erasure function's handler, its AWS calls checked against its role."""
    with running_as(ERASURE_FUNCTION):
        return account_erasure.handler(event, context)


def play_to_the_end(game_id: str, limit: int = 400) -> None:
    """Let the table end every decision (the idle-turn timer) until the game is over."""
    store = DynamoGameStore()
    now = int(time.time())
    for _ in range(limit):
        now += 10**6  # past every idle deadline
        game = store.load(game_id)
        if game.record.status == "finished":
            return
        fired = deadline.fire(game_id, now)
        assert fired["applied"], (fired, game.record.status)
    raise AssertionError("the game did not end")


def fresh_handle(prefix: str) -> str:
    return prefix + secrets.token_hex(4)


def _text(value: dict) -> Iterator[str]:
    """Every value of a DynamoDB attribute as text (binary values decompressed when they are
    zlib data, as game states are)."""
    (kind, data), = value.items()
    if kind in ("S", "N"):
        yield str(data)
    elif kind == "B":
        try:
            yield zlib.decompress(data).decode()
        except zlib.error:
            yield data.decode("utf-8", "replace")
    elif kind in ("SS", "NS"):
        yield from map(str, data)
    elif kind == "M":
        for key, inner in data.items():
            yield key
            yield from _text(inner)
    elif kind == "L":
        for inner in data:
            yield from _text(inner)


def scan_every_table() -> dict[str, list[tuple[dict, str]]]:
    """Every item of every table ``template.yaml`` declares: table name -> ``(key, text)``
    pairs, ``text`` being all the item's attribute names and values joined."""
    template = LocalTemplate()
    client = boto3.client("dynamodb", region_name=REGION)
    out: dict[str, list[tuple[dict, str]]] = {}
    for name, props in template.tables().items():
        keys = [k["AttributeName"] for k in props["KeySchema"]]
        rows = []
        for page in client.get_paginator("scan").paginate(TableName=name, ConsistentRead=True):
            for item in page["Items"]:
                text = "\n".join(part for attr, value in item.items()
                                 for part in (attr, *_text(value)))
                rows.append(({k: next(_text(item[k])) for k in keys}, text))
        out[name] = rows
    return out


def traces(needles: list[str]) -> list[tuple[str, dict, str]]:
    """``(table, key, needle)`` for every item of every table that contains one of
    ``needles`` (case-insensitive)."""
    found = []
    lowered = [n.lower() for n in needles]
    for table, rows in scan_every_table().items():
        for key, text in rows:
            low = text.lower()
            found += [(table, key, needle) for needle in lowered if needle in low]
    return found
