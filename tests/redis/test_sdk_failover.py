"""The SDK's worker list (`Connection` ``fallbacks``): with two workers on one Redis and no load balancer,
a client of the worker that stops reconnects to the other one and the game goes on from its version."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from clients.sdk import Connection, Lobby
from server.clock import FakeClock
from server.settings import Settings
from server.testing import RunningServer, running_server
from tests.e2e.conftest import new_room, play_steps
from tests.redis.support import URL, need_redis, new_prefix, purge_prefix


@pytest.fixture
def workers() -> Iterator[tuple[RunningServer, RunningServer]]:
    need_redis()
    prefix = new_prefix()
    settings = Settings(store="redis", redis_url=URL, redis_prefix=prefix, timers={"turn": 600.0})
    clock = FakeClock()  # no deadline fires while the test plays
    try:
        with running_server(settings, clock=clock) as a, running_server(settings, clock=clock) as b:
            yield a, b
    finally:
        purge_prefix(prefix)


async def test_a_client_of_a_stopped_worker_resumes_on_the_next_url(
    workers: tuple[RunningServer, RunningServer],
) -> None:
    a, b = workers
    async with Lobby(a.url) as lobby:
        room = await new_room(lobby, seats=3)
    async with Connection(a.ws_url, room.room, room.tokens, fallbacks=[b.ws_url]) as conn:
        assert (conn.urls, conn.url) == ([a.ws_url, b.ws_url], a.ws_url)
        left = await play_steps(conn, 3, "failover")
        a.stop()
        assert not a.thread.is_alive()
        await conn.wait_until(lambda: conn.welcomes == 2, 10.0)
        assert conn.url == b.ws_url
        assert conn.welcomed_at == left  # the same room, at the version the stopped worker left it
        back = await play_steps(conn, 3, "failover")
        assert back == left + 3
        assert conn.errors == []


async def test_without_fallbacks_the_client_stays_on_its_one_url(
    workers: tuple[RunningServer, RunningServer],
) -> None:
    a, _ = workers
    async with Lobby(a.url) as lobby:
        room = await new_room(lobby, seats=3)
    async with Connection(a.ws_url, room.room, room.tokens, backoff=(0.01, 0.02)) as conn:
        await play_steps(conn, 1, "alone")
        a.stop()
        await conn.wait_until(lambda: not conn.online, 10.0)
        await conn.wait_until(lambda: conn.attempts >= 4, 10.0)
        assert (conn.urls, conn.url, conn.welcomes) == ([a.ws_url], a.ws_url, 1)
