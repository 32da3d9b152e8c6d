"""A worker's graceful stop is bounded by ``shutdown_grace`` (`server.process.shutdown`), even with a
request and an action stuck on a frozen Redis (``SIGSTOP``: connections stay open, no reply comes).
Before the bound the fault tests' worker (plain ``uvicorn.run``: no drain, no timeout) waited for them
without limit, until the store's 5 s reply timeout and beyond: 10 s in all, past `Worker.stop`'s 5 s.
The tests' own ``redis-server`` on a free port; never the shared one.
"""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect

from server.process.shutdown import HARD_EXIT, LIFESPAN_MARGIN
from tests.faults import worker
from tests.faults.cluster import ROOT, RedisServer, free_port
from tests.redis.support import new_prefix
from tests.server.wsclient import close_code

#: ``boardroom serve``'s ``--shutdown-grace`` here, seconds (the test worker has its own `worker.GRACE`).
GRACE = 2.0


@pytest.fixture
def frozen_redis(tmp_path: Path) -> Iterator[RedisServer]:
    """A private Redis; the test freezes it with ``SIGSTOP`` (thawed before it is killed)."""
    data = tmp_path / "redis"
    data.mkdir()
    with RedisServer(data) as server:
        try:
            yield server
        finally:
            if server.proc is not None and server.proc.poll() is None:
                server.proc.send_signal(signal.SIGCONT)


def command(kind: str, redis_url: str, port: int) -> tuple[list[str], float]:
    """The command line of a worker of ``kind`` (``serve``: ``boardroom serve``; ``test``: the fault
    tests' `tests.faults.worker`) on ``port``, and its shutdown grace in seconds."""
    if kind == "test":
        cmd = [sys.executable, "-m", "tests.faults.worker", "--redis", redis_url, "--prefix", new_prefix()]
        return [*cmd, "--port", str(port)], worker.GRACE
    cmd = [sys.executable, "-c", "from clients.cli import main; raise SystemExit(main())", "serve"]
    cmd += ["--redis", redis_url, "--redis-prefix", new_prefix(), "--port", str(port), "--fixtures"]
    return [*cmd, "--shutdown-grace", str(GRACE), "--log-level", "warning"], GRACE


def start(cmd: list[str], port: int, log: Path) -> subprocess.Popen[bytes]:
    """Run ``cmd`` (a worker on ``port``) and return once it answers ``/healthz``."""
    with log.open("ab") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=out)
    deadline = time.monotonic() + 30.0
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1.0).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError(f"the worker did not come up:\n{log.read_text()[-2000:]}")


@pytest.mark.parametrize("kind", ["serve", "test"])
async def test_stop_with_a_request_stuck_on_frozen_redis_ends_within_the_grace(
    kind: str, frozen_redis: RedisServer, tmp_path: Path
) -> None:
    port = free_port()
    cmd, grace = command(kind, frozen_redis.url, port)
    proc = start(cmd, port, tmp_path / "worker.log")
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60.0) as http:
            room = (await http.post("/api/rooms", json={"game": "fixture-hands", "seats": 2})).json()["room"]
            token = (await http.post(f"/api/rooms/{room}/seats/0/claim", json={})).json()["token"]
            ws = await connect(f"ws://127.0.0.1:{port}/ws")
            await ws.send(json.dumps({"type": "hello", "v": 1, "room": room, "tokens": [token]}))
            assert json.loads(await ws.recv())["type"] == "welcome"
            assert frozen_redis.proc is not None
            frozen_redis.proc.send_signal(signal.SIGSTOP)
            stuck = asyncio.ensure_future(http.post("/api/rooms", json={"game": "fixture-hands", "seats": 2}))
            action = {"type": "act", "id": "a1", "seat": 0, "action": {"kind": "draw"}}
            await ws.send(json.dumps(action))
            await asyncio.sleep(0.3)  # the request and the action are in, waiting for Redis
            started = time.monotonic()
            proc.send_signal(signal.SIGINT)
            closed = asyncio.ensure_future(close_code(ws))
            while proc.poll() is None and time.monotonic() - started < 15.0:
                await asyncio.sleep(0.05)
            took = time.monotonic() - started
            print(f"stopped after {took:.2f} s, exit status {proc.returncode}")
            stuck.cancel()
            assert proc.poll() is not None, "the worker outlived 15 s"
            assert took < grace + LIFESPAN_MARGIN + 0.5, f"stopped after {took:.1f} s"
            assert proc.returncode != HARD_EXIT  # the bound held without the watchdog
            assert await asyncio.wait_for(closed, 5.0) == 1001  # told to reconnect elsewhere
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_watchdog_ends_a_process_whose_shutdown_hangs() -> None:
    code = "import time; from server.process.shutdown import watchdog; watchdog(0.2); time.sleep(30)"
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, timeout=20)
    assert done.returncode == HARD_EXIT
    assert time.monotonic() - started < 10.0
    assert b"shutdown still running 0.2 s after the signal; exiting" in done.stderr
