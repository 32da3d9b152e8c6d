"""A worker while its Redis is down (issue 4, behaviour during an outage): the tests' own
``redis-server`` on a free port (append-only, ``appendfsync always``), killed and restarted; never the
shared one. One worker in this process (`server.testing.running_server`), so its log records are seen.

- an action gets ``error store/unavailable`` and the connection stays; resent with its same id after
  the restart it is applied once;
- the resends of an outage do not spend the action rate limit (no ``rate/limited`` after the restart);
- a lobby call answers 503 ``store/unavailable`` with ``Retry-After: 1``; a hello closes with 1013;
- the worker logs one line when the store becomes unreachable and one when it is back, no traceback,
  and the scheduler keeps ticking: a deadline due during the outage fires once after it.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import httpx
import pytest

from clients.sdk import Connection
from server.settings import Settings
from server.store.outage import MESSAGE
from server.testing import RunningServer, running_server
from tests.faults.cluster import RedisServer
from tests.faults.play import store_for
from tests.redis.support import new_prefix
from tests.server.wsclient import close_code, hello, open_room, recv, send

UNAVAILABLE = {"type": "error", "code": "store/unavailable", "message": MESSAGE, "seat": 0}


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    data = tmp_path / "redis"
    data.mkdir()
    with RedisServer(data) as server:
        yield server


def worker(redis_server: RedisServer, prefix: str | None = None) -> AbstractContextManager[RunningServer]:
    """A worker on ``redis_server`` under ``prefix`` (a fresh one by default)."""
    settings = Settings(store="redis", redis_url=redis_server.url, redis_prefix=prefix or new_prefix())
    return running_server(settings)


async def seat_zero(server: RunningServer) -> Any:
    """A connection holding seat 0 of a new started room, its welcome and snapshot read."""
    room, _, tokens = await open_room(server, "fixture-hands", 2)
    ws = await hello(server, room, [tokens[0]])
    assert [(await recv(ws))["type"] for _ in range(2)] == ["welcome", "snapshot"]
    return ws


def draw(action_id: str) -> dict[str, object]:
    return {"type": "act", "id": action_id, "seat": 0, "action": {"kind": "draw"}}


def outage_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    """The worker's warnings about the store and the bus (each line's start), and every record with a
    traceback: one line when an outage starts and one when it ends, whoever saw it."""
    lines = [
        r.getMessage().split(" (")[0].split(" after")[0]
        for r in caplog.records
        if r.name in ("boardroom.store", "boardroom.bus") and r.levelno >= logging.WARNING
    ]
    return lines + [f"traceback from {r.name}" for r in caplog.records if r.exc_info]


async def outage_over(caplog: pytest.LogCaptureFixture) -> None:
    """Wait for the worker to log the end of the outage: its scheduler's first sweep begun `QUIET`
    seconds after the last failure."""
    for _ in range(100):
        if "store reachable again" in outage_lines(caplog):
            return
        await asyncio.sleep(0.05)


async def test_action_during_outage_is_store_unavailable_and_applies_once_when_resent(
    redis_server: RedisServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    with worker(redis_server) as server:
        ws = await seat_zero(server)
        redis_server.kill()
        await send(ws, draw("a1"))
        assert await recv(ws) == {**UNAVAILABLE, "id": "a1"}
        await send(ws, {"type": "ping", "n": 7})
        assert await recv(ws) == {"type": "pong", "n": 7}  # the connection stayed
        await asyncio.to_thread(redis_server.start)
        await send(ws, draw("a1"))
        frames = [await recv(ws), await recv(ws)]
        ack = next(f for f in frames if f["type"] == "ack")
        assert ack == {"type": "ack", "id": "a1", "seat": 0, "version": 1}
        await send(ws, draw("a1"))  # once more: the stored result, nothing applied again
        assert await recv(ws) == {"type": "ack", "id": "a1", "seat": 0, "version": 1, "duplicate": True}
        await ws.close()
        await outage_over(caplog)
    assert outage_lines(caplog) == ["store unreachable", "store reachable again"]


async def test_outage_resends_do_not_spend_the_action_rate_limit(redis_server: RedisServer) -> None:
    with worker(redis_server) as server:
        ws = await seat_zero(server)
        redis_server.kill()
        burst = int(Settings().limits.action_burst)
        codes = []
        for i in range(burst + 10):  # more resends than the burst allows actions
            await send(ws, draw(f"a{i}"))
            codes.append((await recv(ws))["code"])
        assert codes == ["store/unavailable"] * (burst + 10)
        await asyncio.to_thread(redis_server.start)
        await send(ws, draw("a0"))
        frames = [await recv(ws), await recv(ws)]
        assert {"type": "ack", "id": "a0", "seat": 0, "version": 1} in frames
        await ws.close()


async def test_lobby_call_answers_503_and_hello_closes_1013_during_outage(
    redis_server: RedisServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    with worker(redis_server) as server:
        room, _, tokens = await open_room(server, "fixture-hands", 2)
        redis_server.kill()
        async with httpx.AsyncClient(base_url=server.url) as http:
            created = await http.post("/api/rooms", json={"game": "fixture-hands", "seats": 2})
            fetched = await http.get(f"/api/rooms/{room}")
        for answer in (created, fetched):
            assert answer.status_code == 503
            assert answer.headers["retry-after"] == "1"
            assert answer.json() == {"code": "store/unavailable", "message": MESSAGE}
        ws = await hello(server, room, [tokens[0]])
        assert await close_code(ws) == 1013
    assert outage_lines(caplog)[:1] == ["store unreachable"]
    assert "traceback from boardroom.ws" not in outage_lines(caplog)


async def test_scheduler_logs_outage_once_and_fires_a_deadline_due_meanwhile_once(
    redis_server: RedisServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    prefix = new_prefix()
    with worker(redis_server, prefix) as server:
        room, _, _ = await open_room(server, "fixture-hands", 2, timers={"turn": 1.0})
        redis_server.kill()
        await asyncio.sleep(2.0)  # ~40 sweeps fail; the turn's deadline passes
        assert outage_lines(caplog) == ["store unreachable"]
        await asyncio.to_thread(redis_server.start)
        store = store_for(redis_server.url, prefix)
        for _ in range(100):
            loaded = await store.get_state(room)
            if loaded is not None and loaded.version >= 1:
                break
            await asyncio.sleep(0.05)
        steps = await store.get_log(room)
        await store.aclose()
        await outage_over(caplog)
    assert outage_lines(caplog) == ["store unreachable", "store reachable again"]
    first = {"kind": "timeout", "prompt": "t0"}
    assert [(s.version, s.seat) for s in steps if s.action == first] == [(1, 0)]


async def test_sdk_resends_a_store_unavailable_action_under_its_id_until_applied(
    redis_server: RedisServer,
) -> None:
    with worker(redis_server) as server:
        room, _, tokens = await open_room(server, "fixture-hands", 2)
        sent: list[str] = []

        def record(direction: str, frame: str | bytes) -> None:
            msg = json.loads(frame)
            if direction == "out" and msg["type"] == "act":
                sent.append(msg["id"])

        async with Connection(server.ws_url, room, [tokens[0]], recorder=record) as conn:
            redis_server.kill()
            future = await conn.submit(0, {"kind": "draw"})
            await asyncio.sleep(1.2)  # the SDK resends every STORE_RETRY (0.5) s meanwhile
            assert not future.done()
            await asyncio.to_thread(redis_server.start)
            ack = await asyncio.wait_for(future, 10.0)
            assert (conn.welcomes, conn.last_close) == (1, None)  # never had to reconnect
        assert (ack.seat, ack.version, ack.duplicate) == (0, 1, False)
        assert len(sent) >= 2 and set(sent) == {ack.id}  # sent again, under the same id
