"""A worker on Redis: a page of ``GET /api/rooms`` and a ``/metrics`` scrape send the same Redis commands
over 300 rooms as over 30 (counted by the tests' own ``redis-server``'s ``INFO commandstats``: nothing
else talks to it, and the worker's scheduler is parked by a long tick)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import redis

from server.lobby.tokens import new_room_id
from server.settings import Settings
from server.store.model import RoomMeta, SeatRecord
from server.testing import RunningServer, running_server
from tests.faults.cluster import RedisServer
from tests.faults.play import store_for
from tests.server.conftest import GAMES

UPKEEP = frozenset({"info", "hello", "ping"})
#: The key prefix (the Redis server is the test's own).
PREFIX = "boardroom:"


@pytest.fixture
def worker(tmp_path: Path) -> Iterator[tuple[RunningServer, RedisServer]]:
    with RedisServer(tmp_path) as redis_server:
        settings = Settings(store="redis", redis_url=redis_server.url, redis_prefix=PREFIX, tick=3600.0)
        with running_server(settings, games=GAMES) as server:
            yield server, redis_server


def commands(redis_server: RedisServer) -> dict[str, int]:
    """Calls per command so far, but for connection upkeep (``INFO`` itself, ``HELLO`` of a new connection,
    ``PING`` of an idle one's health check)."""
    with redis.Redis(port=redis_server.port) as client:
        stats = client.info("commandstats")
    calls = {name[len("cmdstat_") :]: int(v["calls"]) for name, v in stats.items()}
    return {name: n for name, n in calls.items() if name not in UPKEEP}


def cost(server: RunningServer, redis_server: RedisServer, path: str) -> dict[str, int]:
    """The commands one request of ``path`` sent."""
    before = commands(redis_server)
    assert httpx.get(server.url + path).status_code == 200
    after = commands(redis_server)
    return {
        name: calls - before.get(name, 0) for name, calls in after.items() if calls != before.get(name, 0)
    }


def create(redis_server: RedisServer, prefix: str, rooms: int) -> None:
    """``rooms`` new open rooms, written by a store client of the test's own."""

    async def made() -> None:
        store = store_for(redis_server.url, prefix)
        for _ in range(rooms):
            meta = RoomMeta(new_room_id(), "fixture-hands", [SeatRecord(0), SeatRecord(1)], "host")
            assert await store.create_room(meta, b"seed")
        await store.aclose()

    asyncio.run(made())


def test_a_page_and_a_scrape_cost_the_same_commands_at_300_rooms_as_at_30(
    worker: tuple[RunningServer, RedisServer],
) -> None:
    server, redis_server = worker
    paths = ["/api/rooms?limit=1", "/api/rooms?limit=1&free_seats=true", "/metrics"]
    create(redis_server, PREFIX, 30)
    at_30 = [cost(server, redis_server, path) for path in paths]
    create(redis_server, PREFIX, 270)
    at_300 = [cost(server, redis_server, path) for path in paths]
    assert at_300 == at_30
    # the page: the list, then two rooms' metadata and outcome flags and the listed entries, then the
    # shown room's state and schedule; the scrape: four list sizes
    assert at_30[0] == {"zrangebylex": 1, "hmget": 2, "hget": 4, "get": 1}
    assert at_30[2] == {"zcard": 4}
