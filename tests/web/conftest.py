"""The web client's tests: its npm dependencies installed (``npm ci``) when missing, and a real
``boardroom serve`` subprocess on a free port for the JavaScript SDK to talk to."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

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
