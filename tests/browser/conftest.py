"""Browser tests: the local stack as a process, driven by Playwright through Debian's
``/usr/bin/chromium`` (Playwright's own browsers are never downloaded). Screenshots go to
``test-artifacts/`` (git-ignored). Every page fails its test on a console error."""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.stackprocess import ROOT, stack_output, start_stack, stop_stack

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = ROOT / "test-artifacts"

pytestmark = pytest.mark.browser


class Api:
    """A tiny HTTP client of the stack for set-up steps a test does not click through."""

    def __init__(self, base: str):
        self.base = base

    def __call__(self, method: str, path: str, body=None, token: str | None = None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("content-type", "application/json")
        if token:
            request.add_header("authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read() or b"null")

    def mails_to(self, address: str) -> list[str]:
        """The raw messages moto's SES has sent to ``address`` (the stack's outbox)."""
        with urllib.request.urlopen(f"{self.moto}/moto-api/data.json", timeout=30) as response:
            data = json.loads(response.read())
        return [m["raw_data"] for m in data.get("ses", {}).get("RawMessage", [])
                if address in m.get("destinations", [])]

    def routes(self) -> dict:
        return self("GET", "/openapi.json")[1]["paths"]

    def missing(self, *routes: str) -> list[str]:
        """Which of ``"METHOD /path"`` the stack's API does not have yet."""
        paths = self.routes()
        out = []
        for route in routes:
            method, path = route.split(" ", 1)
            if method.lower() not in paths.get(path, {}):
                out.append(route)
        return out


@pytest.fixture(scope="package")
def stack():
    """The local stack for the browser tests: stopped once its test process moves on from
    them (see tests/stack/conftest.py), with its tables' bots."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium)")
    # Bots pause a second before each move (2 s by default) so the tests do not wait long.
    process, url, moto = start_stack("DefaultBotDelaySeconds=1")
    api = Api(url)
    api.moto = moto
    # Warm the stack with one request before browsers send several at once.
    status, _body = api("GET", "/rulesets/mtaani/guide")
    assert status == 200, stack_output(process)
    yield api
    stop_stack(process)


@pytest.fixture(scope="package")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class Pages:
    """Opens browser contexts and pages, collecting console errors of every page."""

    def __init__(self, browser, base: str):
        self.browser, self.base = browser, base
        self.contexts = []
        self.errors: list[str] = []
        self.in_flight: set = set()

    def open(self, path: str = "/", **context_options):
        context = self.browser.new_context(**context_options)
        context.set_default_timeout(10_000)
        self.contexts.append(context)
        page = context.new_page()
        page.on("console", lambda m: self.errors.append(self._said(m)) if m.type == "error" else None)
        page.on("pageerror", lambda exc: self.errors.append(f"page error: {exc}"))
        page.on("request", lambda r: self.in_flight.add(r))
        page.on("requestfinished", lambda r: self.in_flight.discard(r))
        page.on("requestfailed", lambda r: self.in_flight.discard(r))
        page.goto(self.base + path)
        return page

    def settle(self, page, quiet_ms: int = 300, timeout_ms: int = 20_000) -> None:
        """Wait until no request of any page is in flight and none starts for ``quiet_ms``.
        (Playwright's ``wait_for_load_state("networkidle")`` returns at once once a page has
        been idle after its load: it does not wait for requests a screen sends later.)"""
        quiet = waited = 0
        while quiet < quiet_ms:
            assert waited < timeout_ms, f"requests still in flight: {[r.url for r in self.in_flight]}"
            page.wait_for_timeout(50)
            waited += 50
            quiet = quiet + 50 if not self.in_flight else 0

    @staticmethod
    def _said(message) -> str:
        """A console error as text, with the address it came from (a refused request's URL)."""
        where = (message.location or {}).get("url") or ""
        return f"{message.type}: {message.text}" + (f" ({where})" if where else "")

    def close(self):
        for context in self.contexts:
            context.close()


@pytest.fixture
def pages(browser, stack):
    opened = Pages(browser, stack.base)
    yield opened
    # What the pages said while the test ran: closing them aborts what they still had in flight
    # (a poll, a refresh), which Chromium logs as net::ERR_FAILED (seen at 4 test processes).
    errors = list(opened.errors)
    opened.close()
    assert errors == [], "console errors:\n" + "\n".join(errors)


def screenshot(page, name: str, top: bool = True) -> Path:
    """Save ``test-artifacts/<name>.png`` (the viewport, scrolled to the top unless ``top`` is
    false, without the transient status message)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.evaluate("(top) => { document.getElementById('status').hidden = true; if (top) window.scrollTo(0, 0); }", top)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    return path
