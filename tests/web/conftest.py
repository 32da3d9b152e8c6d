"""A real `boardroom serve --fixtures` on a free port and Debian's Chromium driven by Playwright.

Each test gets a fresh browser context (its own localStorage: a new person's browser) and fails on any
console error or uncaught exception of its pages. Screenshots go to docs/screenshots/.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

playwright_sync = pytest.importorskip("playwright.sync_api")

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    """The worker's http base URL: `boardroom serve` with the fixture games, long turn timers (a slow
    machine must not see timeouts) and instant bots."""
    if os.environ.get("BOARDROOM_WEB_TEST_URL"):  # TEMP until the server serves the pages
        yield os.environ["BOARDROOM_WEB_TEST_URL"]
        return
    port = free_port()
    command = [str(Path(sys.executable).parent / "boardroom"), "serve", "--port", str(port), "--fixtures"]
    command += ["--timer", "turn=300", "--timer", "setup=300", "--log-level", "warning"]
    proc = subprocess.Popen(command, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while True:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                break
        if time.monotonic() > deadline or proc.poll() is not None:
            proc.kill()
            raise RuntimeError("boardroom serve did not start")
        time.sleep(0.1)
    try:
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium")
    with playwright_sync.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


class Pages:
    """Opens pages in browser contexts (one context = one person's browser) and records every console
    error and uncaught exception of them."""

    def __init__(self, browser: Any, base_url: str) -> None:
        self.browser = browser
        self.base_url = base_url
        self.errors: list[str] = []
        self.contexts: list[Any] = []
        self.refusals: dict[int, int] = {}

    def context(self, **options: Any) -> Any:
        ctx = self.browser.new_context(base_url=self.base_url, **options)
        self.contexts.append(ctx)
        return ctx

    def expect_refusals(self, status: int, count: int) -> None:
        """The test makes the server refuse ``count`` requests with ``status``: Chromium logs each answer
        of 400 and up as a console error ("Failed to load resource"), which the page cannot prevent."""
        self.refusals[status] = self.refusals.get(status, 0) + count

    def console(self, page: Any, message: Any) -> None:
        if message.type != "error":
            return
        for status, left in self.refusals.items():
            if left and f"the server responded with a status of {status} " in message.text:
                self.refusals[status] = left - 1
                return
        self.errors.append(f"{page.url}: {message.text}")

    def open(self, path: str, ctx: Any = None, **options: Any) -> Any:
        page = (ctx or self.context(**options)).new_page()
        page.on("console", lambda m: self.console(page, m))
        page.on("pageerror", lambda e: self.errors.append(f"{page.url}: {e}"))
        page.goto(path)
        return page

    def close(self) -> None:
        for ctx in self.contexts:
            ctx.close()


@pytest.fixture
def pages(browser: Any, base_url: str) -> Iterator[Pages]:
    opened = Pages(browser, base_url)
    yield opened
    opened.close()
    assert opened.errors == []
    assert all(left == 0 for left in opened.refusals.values()), f"refusals expected, not seen: {opened.refusals}"


def screenshot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
