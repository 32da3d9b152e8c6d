"""The web client's tests: its npm dependencies installed (``npm ci``) when missing, a real
``boardroom serve`` subprocess on a free port for the JavaScript SDK to talk to, and another one (with the
fixture games) for Debian's Chromium driven by Playwright.

Each browser test gets a fresh browser context (its own localStorage: a new person's browser) and fails
on any console error or uncaught exception of its pages. Screenshots go to
$BOARDROOM_SCREENSHOTS (docs/screenshots/ to refresh the README's) or a temporary folder.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

WEB = Path(__file__).resolve().parents[2] / "clients" / "web"

#: The JavaScript tests act as fast as the server answers: the per-connection rate limits of a public
#: worker (10 actions/s) would only make them slower, not different.
FAST = ["--actions-per-second", "1000", "--action-burst", "1000"]
FAST += ["--frames-per-second", "2000", "--frame-burst", "4000"]


@pytest.fixture(scope="session")
def node() -> str:
    """The ``node`` executable, with clients/web's npm dependencies installed (``npm ci`` if missing)."""
    found, npm = shutil.which("node"), shutil.which("npm")
    if found is None or npm is None:
        pytest.skip("Node.js 20 and npm are needed for the JavaScript SDK's tests")
    lock = WEB / "package-lock.json"
    installed = WEB / "node_modules" / ".package-lock.json"
    if not installed.exists() or installed.stat().st_mtime < lock.stat().st_mtime:
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=WEB, check=True, capture_output=True)
    return found


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def served() -> Iterator[str]:
    """``boardroom serve`` (the in-memory store) on a free port; yields its base URL."""
    port = free_port()
    cmd = "from clients.cli import main; raise SystemExit(main())"
    args = ["serve", "--port", str(port), "--log-level", "warning", *FAST]
    proc = subprocess.Popen([sys.executable, "-c", cmd, *args], stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"boardroom serve did not start: {proc.communicate()[1]}")
            time.sleep(0.05)
        yield base
    finally:
        proc.terminate()
        proc.communicate(timeout=20)  # reads and closes its stderr


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
#: Where the tests save their screenshots: a folder of the test run's, unless BOARDROOM_SCREENSHOTS names
#: one (`BOARDROOM_SCREENSHOTS=docs/screenshots` refreshes the README's pictures); a test run must not
#: rewrite committed files.
SCREENSHOTS = Path(os.environ.get("BOARDROOM_SCREENSHOTS") or Path(tempfile.gettempdir()) / "boardroom-shots")


@contextlib.contextmanager
def serve(*flags: str) -> Iterator[str]:
    """A real `boardroom serve` subprocess on a free port with ``flags``; yields its http base URL and
    stops it afterwards."""
    port = free_port()
    cmd = "from clients.cli import main; raise SystemExit(main())"
    args = ["serve", "--port", str(port), "--log-level", "warning", *flags]
    proc = subprocess.Popen([sys.executable, "-c", cmd, *args])
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
def base_url() -> Iterator[str]:
    """The worker's http base URL: `boardroom serve` with the fixture games, long turn timers (a slow
    machine must not see timeouts) and instant bots."""
    with serve("--fixtures", "--timer", "turn=300", "--timer", "setup=300") as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
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
    missing = {status: left for status, left in opened.refusals.items() if left}
    assert missing == {}, f"refusals expected, not seen: {missing}"


def screenshot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
