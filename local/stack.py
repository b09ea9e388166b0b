"""The whole service on one machine: the HTTP API routed to the same handler functions Lambda
runs (API Gateway HTTP API v2 events), moto in place of AWS, bus events delivered to the
functions the template's rules name, due Scheduler schedules fired, and ``web/`` served on the
same origin.

Run it with ``make run`` (``python -m local``). Everything is wired from ``template.yaml``.
"""

from __future__ import annotations

import base64
import contextvars
import faulthandler
import importlib
import json
import logging
import mimetypes
import os
import re
import signal
import sys
import threading
import time
import traceback
import uuid
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

from local import aws
from local.template import ACCOUNT, REGION, ROOT, LocalFunction, LocalTemplate

log = logging.getLogger("local")
WEB = ROOT / "web"
LOCAL_PARAMETERS = {
    "AllowScriptedGames": "true",
    "FcmPlatformApplicationArn": f"arn:aws:sns:{REGION}:{ACCOUNT}:app/GCM/mtaa-local-fcm",
    "ApnsPlatformApplicationArn": f"arn:aws:sns:{REGION}:{ACCOUNT}:app/APNS/mtaa-local-apns",
}
"""Template parameters the local stack overrides; ``MTAA_PARAMETERS="Name=value,..."`` adds more."""


def local_parameters() -> dict[str, str]:
    """:data:`LOCAL_PARAMETERS` plus overrides from ``MTAA_PARAMETERS``."""
    params = dict(LOCAL_PARAMETERS)
    for pair in filter(None, os.environ.get("MTAA_PARAMETERS", "").split(",")):
        name, _, value = pair.partition("=")
        params[name.strip()] = value.strip()
    return params


CURRENT_FUNCTION: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "local_function", default=None)
"""The logical id of the template function running now (tests check its AWS calls against
the function's role)."""


def call_handler(fn: LocalFunction, event: dict[str, Any]) -> Any:
    """Run ``fn``'s handler on ``event`` as one invocation."""
    token = CURRENT_FUNCTION.set(fn.logical_id)
    try:
        return _handler(fn.handler)(event, _lambda_context(fn))
    finally:
        CURRENT_FUNCTION.reset(token)


def _lambda_context(fn: LocalFunction) -> SimpleNamespace:
    ends = time.monotonic() + fn.timeout
    return SimpleNamespace(
        function_name=fn.name, function_version="$LATEST", invoked_function_arn=fn.arn,
        memory_limit_in_mb=512, aws_request_id=str(uuid.uuid4()), log_group_name=f"/aws/lambda/{fn.name}",
        log_stream_name="local",
        get_remaining_time_in_millis=lambda: max(0, int((ends - time.monotonic()) * 1000)),
    )


def _handler(handler_path: str):
    module_name, attr = handler_path.rsplit(".", 1)
    return getattr(importlib.import_module(module_name.replace("/", ".")), attr)


def ignore_interrupts() -> None:
    """Worker processes leave Ctrl-C to the stack: it reaches the whole process group, and the
    stack stops them itself (a worker interrupted mid-request would print a traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_in_worker(fn: LocalFunction, event: dict[str, Any]) -> Any:
    """Worker-process side of :class:`ProcessInvoker`: one invocation, like one Lambda request."""
    return call_handler(fn, event)


class Invoker:
    """Calls the template's handlers in this process, one request at a time.

    Lambda never runs two requests in one execution environment at once, and Powertools relies
    on that: the current event lives on a class attribute (``BaseRouter.current_event``), so
    two requests resolved at once in one process would read each other's. In-process callers
    (tests) are therefore serialised here; the local stack uses :class:`ProcessInvoker`.
    """

    def __init__(self, functions: list[LocalFunction]):
        self.by_id = {f.logical_id: f for f in functions}
        self.by_arn = {f.arn: f for f in functions}
        self.by_name = {f.name: f for f in functions}
        self._one_at_a_time = threading.Lock()
        self.invocations: list[tuple[float, str]] = []

    def invoke(self, fn: LocalFunction, event: dict[str, Any]) -> Any:
        self.invocations.append((time.time(), fn.logical_id))
        with self._one_at_a_time:
            return call_handler(fn, event)


class ProcessInvoker(Invoker):
    """Runs each invocation in one of a pool of worker processes (warm "containers"): requests
    run concurrently, each alone in its process, as on Lambda. Workers fork from a server that
    has already imported the shared code, so they start warm."""

    PRELOAD = ["engine", "service.pipeline", "service.routes", "service.http", "actions.app",
               "local.preload"]
    """Modules the workers start with: the shared code, the action function (its routes) and
    the OpenAPI document built (:mod:`local.preload`)."""

    def __init__(self, functions: list[LocalFunction], workers: int):
        super().__init__(functions)
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(self.PRELOAD)
        self.pool = ProcessPoolExecutor(max_workers=workers, mp_context=context,
                                        initializer=ignore_interrupts)

    def invoke(self, fn: LocalFunction, event: dict[str, Any]) -> Any:
        self.invocations.append((time.time(), fn.logical_id))
        return self.pool.submit(run_in_worker, fn, event).result()

    def shutdown(self) -> None:
        """Stop the workers at once, as Lambda ends its environments: an invocation cut short
        is ended where it stands, before moto goes away under it (it would log its failures)."""
        for process in list(getattr(self.pool, "_processes", {}).values()):
            process.terminate()
        self.pool.shutdown(wait=False, cancel_futures=True)


class Routes:
    """HTTP API routes of the template: ``(method, path template)`` -> function."""

    def __init__(self, functions: list[LocalFunction]):
        table = []
        for fn in functions:
            for method, path in fn.routes:
                pattern, names = self._compile(path)
                literal = len(re.sub(r"\{[^}]+\}", "", path))
                table.append((literal, method, path, pattern, names, fn))
        table.sort(key=lambda row: -row[0])
        self.table = table

    @staticmethod
    def _compile(path: str) -> tuple[re.Pattern[str], list[str]]:
        names: list[str] = []

        def group(match: re.Match[str]) -> str:
            name = match.group(1)
            if name.endswith("+"):
                names.append(name[:-1])
                return f"(?P<{name[:-1]}>.+)"
            names.append(name)
            return f"(?P<{name}>[^/]+)"

        return re.compile("^" + re.sub(r"\{([^}]+)\}", group, path) + "$"), names

    def match(self, method: str, path: str):
        allowed = False
        for _, route_method, template, pattern, names, fn in self.table:
            found = pattern.match(path)
            if not found:
                continue
            if route_method not in (method, "ANY"):
                allowed = True
                continue
            return fn, template, {n: unquote(found.group(n)) for n in names}
        return ("method_not_allowed" if allowed else None), None, None

    def allowed_methods(self, path: str) -> list[str]:
        """The methods some route accepts at ``path`` (for a 405's ``Allow`` header)."""
        return sorted({method for _, method, _, pattern, _, _ in self.table if pattern.match(path)})


def http_v2_event(method: str, raw_path: str, query: str, headers: dict[str, str], body: bytes,
                  route_key: str, path_parameters: dict[str, str], source_ip: str) -> dict[str, Any]:
    """An API Gateway HTTP API (payload format 2.0) event for a request."""
    now = datetime.now(UTC)
    is_text = True
    try:
        text = body.decode() if body else None
    except UnicodeDecodeError:
        is_text = False
        text = base64.b64encode(body).decode()
    event: dict[str, Any] = {
        "version": "2.0",
        "routeKey": route_key,
        "rawPath": raw_path,
        "rawQueryString": query,
        "headers": headers,
        "requestContext": {
            "accountId": "123456789012", "apiId": "local", "domainName": headers.get("host", "127.0.0.1"),
            "domainPrefix": "local",
            "http": {"method": method, "path": raw_path, "protocol": "HTTP/1.1", "sourceIp": source_ip,
                     "userAgent": headers.get("user-agent", "")},
            "requestId": uuid.uuid4().hex, "routeKey": route_key, "stage": "$default",
            "time": now.strftime("%d/%b/%Y:%H:%M:%S +0000"), "timeEpoch": int(now.timestamp() * 1000),
        },
        "isBase64Encoded": not is_text,
    }
    if text is not None:
        event["body"] = text
    if query:
        params: dict[str, str] = {}
        for key, value in parse_qsl(query, keep_blank_values=True):
            params[key] = f"{params[key]},{value}" if key in params else value
        event["queryStringParameters"] = params
    if path_parameters:
        event["pathParameters"] = path_parameters
    cookies = headers.get("cookie")
    if cookies:
        event["cookies"] = [c.strip() for c in cookies.split(";")]
    return event


class LocalStack:
    """Starts moto, provisions the template, and runs the API, bus delivery and timers."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, scheduler_interval: float = 1.0):
        self.host, self.port = host, port
        self.scheduler_interval = scheduler_interval
        self.template = LocalTemplate(parameters=local_parameters())
        self.functions = self.template.functions()
        self.invoker: Invoker = Invoker(self.functions)
        self.routes = Routes(self.functions)
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self.httpd: ThreadingHTTPServer | None = None
        self.moto = None
        self.moto_endpoint = ""

    # ------------------------------------------------------------------ lifecycle
    def bind(self) -> str:
        """Bind the API socket (so the URL is known before moto starts); returns the URL."""
        stack = self

        class Handler(ApiRequestHandler):
            local = stack

        ThreadingHTTPServer.request_queue_size = 128  # many clients connect at once
        self.httpd = ThreadingHTTPServer((self.host, self.port), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        return self.url

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def start(self) -> str:
        if self.httpd is None:
            self.bind()
        self.moto, self.moto_endpoint = aws.start_moto()
        if not self.template.parameters.get("WebUrl"):
            self.template.parameters["WebUrl"] = self.url  # links in emails lead here
        os.environ.update(self.template.global_environment())
        # moto on a loaded machine answers far slower than DynamoDB: no SDK read timeouts.
        os.environ.setdefault("MTAA_SDK_READ_TIMEOUT", "60")
        for fn in self.functions:
            os.environ.update(fn.environment)
        # Links in notifications point at this stack; Web Push signs with a key pair made now.
        os.environ.update(API_URL=self.url, WEB_URL=self.url)
        if not os.environ.get("VAPID_PRIVATE_KEY"):
            from service.delivery import generate_vapid_keys

            keys = generate_vapid_keys("mailto:developer@mtaa.local")
            os.environ.update(VAPID_PUBLIC_KEY=keys.public_key, VAPID_PRIVATE_KEY=keys.private_key,
                              VAPID_SUBJECT=keys.subject)
        self._reset_service_caches()
        # Workers fork from a server started now, so they inherit this environment.
        workers = int(os.environ.get("LOCAL_WORKERS", "4"))
        self.invoker = ProcessInvoker(self.functions, workers)
        # Bus deliveries run side by side, as Lambda's asynchronous invocations do: a bot-turn
        # run that plays for 40 s must not hold up another table's bots or notifications.
        from concurrent.futures import ThreadPoolExecutor

        self._deliveries = ThreadPoolExecutor(max_workers=2 * workers,
                                              thread_name_prefix="local-async")
        queues = aws.provision(self.template)
        for url, logical_id in queues.items():
            self._spawn(self._poll_rule_queue, url, self.invoker.by_id[logical_id])
        self._spawn(self._scheduler_loop)
        for fn in self.functions:
            for expression in fn.schedules:
                self._spawn(self._recurring, fn, expression)
        self._spawn(self.httpd.serve_forever)
        return self.url

    def stop(self) -> None:
        self._stop.set()
        if getattr(self, "_deliveries", None) is not None:
            self._deliveries.shutdown(wait=False, cancel_futures=True)
        if isinstance(self.invoker, ProcessInvoker):
            self.invoker.shutdown()
        if self.httpd is not None:
            self.httpd.shutdown()
            self.httpd.server_close()
        if self.moto is not None:
            self.moto.stop()

    def _spawn(self, target, *args: Any) -> None:
        thread = threading.Thread(target=target, args=args, daemon=True)
        thread.start()
        self._threads.append(thread)

    @staticmethod
    def _reset_service_caches() -> None:
        config = sys.modules.get("service.config")
        if config is not None:
            config.settings.cache_clear()

    # ------------------------------------------------------------------ bus
    def _poll_rule_queue(self, queue_url: str, fn: LocalFunction) -> None:
        import boto3

        sqs = boto3.client("sqs", region_name=REGION)
        while not self._stop.is_set():
            try:
                messages = sqs.receive_message(QueueUrl=queue_url, MaxNumberOfMessages=10,
                                               WaitTimeSeconds=1).get("Messages", [])
            except Exception:
                if self._stop.is_set():
                    return
                time.sleep(0.5)
                continue
            for message in messages:
                # Lambda has taken the event once it is queued for an asynchronous invocation.
                try:
                    self._deliveries.submit(self.invoke_async, fn, json.loads(message["Body"]))
                except RuntimeError:
                    # Stopping raced this poll: the workers are shut down, and the message
                    # stays in the queue (as Lambda would leave it for the next start).
                    if self._stop.is_set():
                        return
                    raise
                sqs.delete_message(QueueUrl=queue_url, ReceiptHandle=message["ReceiptHandle"])

    def invoke_async(self, fn: LocalFunction, payload: dict[str, Any]) -> bool:
        """An asynchronous invocation as Lambda makes it for EventBridge and Scheduler: the
        first attempt and ``fn.async_retries`` retries (no backoff locally); when all fail,
        an on-failure destination record (Lambda's shape) goes to ``fn.on_failure``.
        Returns whether an attempt succeeded."""
        attempts = 1 + fn.async_retries
        error = ""
        for _ in range(attempts):
            try:
                self.invoker.invoke(fn, payload)
                return True
            except Exception as exc:
                if self._stop.is_set():
                    # Stopping: moto and the workers are going away under this invocation; it
                    # is not a failure of the function (and no retry or destination follows).
                    log.info("stopping: %s left unfinished", fn.logical_id)
                    return False
                error = f"{type(exc).__name__}: {exc}"
                log.error("async target %s failed:\n%s", fn.logical_id, traceback.format_exc())
        if fn.on_failure:
            send_failure_record(fn, payload, error, attempts)
        return False

    # ------------------------------------------------------------------ notifications
    def outbox(self, limit: int = 200) -> dict[str, Any]:
        """The developer's view of notifications (``GET /_local/notifications``): what the
        service recorded as sent or held, the emails in moto's SES outbox and the messages
        moto's SNS endpoints received (Web Push goes to the browser's real push service)."""
        import boto3
        from boto3.dynamodb.types import TypeDeserializer
        from moto.core import DEFAULT_ACCOUNT_ID
        from moto.ses.models import ses_backends
        from moto.sns.models import sns_backends

        table = os.environ.get("NOTIFICATIONS_TABLE", "NotificationsTable")
        # Every page: a stack that has played many games holds more than one scan page (1 MB).
        pages = boto3.client("dynamodb", region_name=REGION).get_paginator("scan").paginate(
            TableName=table)
        items = [item for page in pages for item in page.get("Items", [])]
        plain = TypeDeserializer().deserialize
        sent = sorted(({k: plain(v) for k, v in item.items()} for item in items if "title" in item),
                      key=lambda i: -int(i.get("created_at", 0)))
        emails = [{"to": m.destinations, "raw": m.raw_data[:2000]}
                  for m in ses_backends[DEFAULT_ACCOUNT_ID][REGION].sent_messages[-limit:]]
        devices = {arn: list(endpoint.messages.values())[-20:] for arn, endpoint in
                   sns_backends[DEFAULT_ACCOUNT_ID][REGION].platform_endpoints.items()}
        return {"notifications": sent[:limit], "ses": emails, "sns_endpoints": devices}

    # ------------------------------------------------------------------ scheduler
    def fire_due_schedules(self, now: datetime | None = None) -> int:
        """Invoke the targets of every schedule due at ``now`` and delete them; returns count."""
        import boto3
        from moto.core import DEFAULT_ACCOUNT_ID
        from moto.scheduler.models import scheduler_backends

        now = now or datetime.now(UTC)
        scheduler = boto3.client("scheduler", region_name=REGION)
        backend = scheduler_backends[DEFAULT_ACCOUNT_ID][REGION]
        fired = 0
        for group in self.template.of_type("AWS::Scheduler::ScheduleGroup"):
            group_name = self.template.physical_name(group)
            # Which are due is read from moto's memory (start() runs moto in this process):
            # listing them through the API each second serialised every pending schedule (the
            # stack tests' stack idled at 2.2 s of CPU in 10 s after the Jiji and Mulodi stack
            # tests; 0.65 s so). The due ones go through the API.
            held = backend.schedule_groups.get(group_name)
            pending = [(s.name, s.schedule_expression)
                       for s in list(held.schedules.values())] if held else []
            for name, expression in pending:
                when = parse_at(expression or "")
                if when is None or when > now:
                    continue
                try:
                    detail = scheduler.get_schedule(Name=name, GroupName=group_name)
                    scheduler.delete_schedule(Name=name, GroupName=group_name)
                except scheduler.exceptions.ResourceNotFoundException:
                    continue   # cancelled since it was read
                target = detail["Target"]
                # A function's published alias (``...:function:name:live``) is the function here.
                fn = self.invoker.by_arn.get(":".join(target["Arn"].split(":")[:7]))
                if fn is None:
                    log.error("schedule %s targets unknown %s", name, target["Arn"])
                    continue
                if self.invoke_async(fn, json.loads(target.get("Input") or "{}")):
                    fired += 1
        return fired

    def _recurring(self, fn: LocalFunction, expression: str) -> None:
        """A ``rate(N minutes|hours|days)`` schedule rule: invoke ``fn`` at that rate (the
        event is a scheduled-event envelope, as EventBridge sends)."""
        seconds = rate_seconds(expression)
        while not self._stop.wait(seconds):
            self.invoke_async(fn, {"source": "aws.events", "detail-type": "Scheduled Event",
                                   "id": uuid.uuid4().hex, "detail": {}})

    def _scheduler_loop(self) -> None:
        while not self._stop.wait(self.scheduler_interval):
            try:
                self.fire_due_schedules()
            except Exception:
                if not self._stop.is_set():
                    log.error("scheduler loop:\n%s", traceback.format_exc())



def rate_seconds(expression: str) -> float:
    """Seconds between runs of ``rate(N unit)``; ``LOCAL_RATE_SCALE`` (default 1) scales it
    (tests run the sweeper often)."""
    found = re.fullmatch(r"rate\((\d+) (minute|minutes|hour|hours|day|days)\)", expression.strip())
    if not found:
        raise ValueError(f"unsupported schedule {expression!r}")
    unit = {"minute": 60, "hour": 3600, "day": 86400}[found.group(2).rstrip("s")]
    return int(found.group(1)) * unit * float(os.environ.get("LOCAL_RATE_SCALE", "1"))


def failure_record(fn: LocalFunction, payload: dict[str, Any], error: str, attempts: int) -> dict[str, Any]:
    """What Lambda sends to an on-failure destination after the retries of an asynchronous
    invocation (``requestContext.condition`` "RetriesExhausted")."""
    return {
        "version": "1.0", "timestamp": datetime.now(UTC).isoformat(),
        "requestContext": {"requestId": str(uuid.uuid4()), "functionArn": f"{fn.arn}:$LATEST",
                           "condition": "RetriesExhausted", "approximateInvokeCount": attempts},
        "requestPayload": payload,
        "responseContext": {"statusCode": 200, "executedVersion": "$LATEST",
                            "functionError": "Unhandled"},
        "responsePayload": {"errorMessage": error},
    }


def send_failure_record(fn: LocalFunction, payload: dict[str, Any], error: str, attempts: int) -> None:
    import boto3

    sqs = boto3.client("sqs", region_name=REGION)
    name = (fn.on_failure or "").rsplit(":", 1)[-1]
    url = sqs.get_queue_url(QueueName=name)["QueueUrl"]
    sqs.send_message(QueueUrl=url, MessageBody=json.dumps(failure_record(fn, payload, error, attempts)))


def parse_at(expression: str) -> datetime | None:
    """The time of a one-time ``at(yyyy-mm-ddThh:mm:ss)`` expression (UTC), else ``None``."""
    found = re.fullmatch(r"at\((\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)\)", expression.strip())
    if not found:
        return None
    return datetime.strptime(found.group(1), "%Y-%m-%dT%H:%M:%S").replace(tzinfo=UTC)


class ApiRequestHandler(BaseHTTPRequestHandler):
    """Turns HTTP requests into HTTP API v2 events for the template's functions, or serves
    ``web/``."""

    local: LocalStack
    protocol_version = "HTTP/1.1"
    server_version = "mtaa-local"

    def log_message(self, fmt: str, *args: Any) -> None:
        if os.environ.get("LOCAL_ACCESS_LOG"):
            sys.stderr.write(f"{self.address_string()} - {fmt % args}\n")

    def _handle(self) -> None:
        method = self.command.upper()
        parts = urlsplit(self.path)
        length = int(self.headers.get("content-length") or 0)
        body = self.rfile.read(length) if length else b""
        fn, template, params = self.local.routes.match(method, parts.path)
        if isinstance(fn, LocalFunction):
            headers = {k.lower(): v for k, v in self.headers.items()}
            event = http_v2_event(method, parts.path, parts.query, headers, body,
                                  f"{method} {template}", params or {}, self.client_address[0])
            try:
                result = self.local.invoker.invoke(fn, event)
            except Exception:
                if self.local._stop.is_set():
                    self._send(503, {"content-type": "application/json"}, b'{"message":"Stopping"}')
                    return
                log.error("function %s raised:\n%s", fn.logical_id, traceback.format_exc())
                self._send(500, {"content-type": "application/json"},
                           b'{"message":"Internal Server Error"}')
                return
            self._send_result(result)
            return
        if method == "GET" and parts.path == "/_local/notifications":
            body = json.dumps(self.local.outbox(), indent=1, default=str).encode()
            self._send(200, {"content-type": "application/json"}, body)
            return
        if method in ("GET", "HEAD") and fn is None:
            self._serve_static(parts.path, head=method == "HEAD")
            return
        status = 405 if fn == "method_not_allowed" else 404
        headers = {"content-type": "application/json"}
        if status == 405:
            headers["allow"] = ", ".join(self.local.routes.allowed_methods(parts.path))
        self._send(status, headers,
                   json.dumps({"message": "Not Found" if status == 404 else "Method Not Allowed"}).encode())

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = _handle

    def __getattr__(self, name: str) -> Any:
        # Any other method (TRACE, QUERY, ...) is routed too, and answered 405 or 404.
        if name.startswith("do_"):
            return self._handle
        raise AttributeError(name)

    def _send_result(self, result: Any) -> None:
        if not isinstance(result, dict) or "statusCode" not in result:
            body = json.dumps(result).encode()
            self._send(200, {"content-type": "application/json"}, body)
            return
        raw = result.get("body") or ""
        data = base64.b64decode(raw) if result.get("isBase64Encoded") else raw.encode()
        headers = {k.lower(): str(v) for k, v in (result.get("headers") or {}).items()}
        for key, values in (result.get("multiValueHeaders") or {}).items():
            headers[key.lower()] = ", ".join(map(str, values))
        self._send(int(result["statusCode"]), headers, data, cookies=result.get("cookies") or [])

    def _serve_static(self, path: str, head: bool) -> None:
        relative = path.lstrip("/") or "index.html"
        target = (WEB / relative).resolve()
        if target.is_dir():
            target = target / "index.html"
        inside = WEB.resolve() in target.parents
        if not inside or not target.is_file():
            # Client-side routes fall back to the app shell.
            target = WEB / "index.html"
            if "." in Path(relative).name or not target.is_file():
                self._send(404, {"content-type": "application/json"}, b'{"message":"Not Found"}')
                return
        data = target.read_bytes()
        kind = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        if kind.startswith("text/") or kind in ("application/javascript", "application/json"):
            kind += "; charset=utf-8"
        self._send(200, {"content-type": kind, "cache-control": "no-cache"}, b"" if head else data,
                   length=len(data))

    def _send(self, status: int, headers: dict[str, str], body: bytes, cookies: list[str] = (),
              length: int | None = None) -> None:
        self.send_response(status)
        for key, value in headers.items():
            if key != "content-length":
                self.send_header(key, value)
        for cookie in cookies:
            self.send_header("set-cookie", cookie)
        self.send_header("content-length", str(len(body) if length is None else length))
        self.end_headers()
        if body and self.command != "HEAD":
            self.wfile.write(body)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    for noisy in ("werkzeug", "botocore", "boto3", "urllib3"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    port = int(os.environ.get("PORT", "8787"))
    stack = LocalStack(port=port)
    try:
        url = stack.bind()
    except OSError:
        stack = LocalStack(port=0)
        url = stack.bind()
    print(f"Mtaa local stack: {url}", flush=True)
    stack.start()
    print(f"  API and web client on {url} (OpenAPI: {url}/openapi.json)", flush=True)
    print(f"  moto (AWS) endpoint: {stack.moto_endpoint}", flush=True)
    print("  Ctrl-C stops it.", flush=True)
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    # Ctrl-C stops the stack wherever it was started: a shell starts a script's background
    # jobs with SIGINT ignored, and Python then leaves it ignored (a stack started from such a
    # job, e.g. a `make test &`, played on after Ctrl-C, as tests/stack/test_shutdown.py saw).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    # `kill -USR1 <pid>` prints every thread's stack (a stack that will not stop says why).
    faulthandler.register(signal.SIGUSR1, all_threads=True)
    try:
        # Short sleeps: a process-directed Ctrl-C may be delivered to any thread, and Python
        # runs its handler only when the main thread next runs (a long sleep would outlast it).
        while True:
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        stack.stop()
