"""No unauthenticated request costs O(rooms): a page of ``GET /api/rooms`` reads the rooms it shows, and
``/metrics`` reads none (docs/operations.md "Metrics"). Counted with a store that counts its reads, over
300 rooms and over 30: the same reads. The Redis store's commands are counted in
tests/faults/test_room_list_cost.py."""

from __future__ import annotations

import asyncio
import gc
from collections import Counter
from collections.abc import AsyncIterator

import httpx
import pytest

from server.app import create_app
from server.clock import FakeClock
from server.lobby.lobby import CreateRoom
from server.settings import Settings
from server.store.bus import LocalBus
from server.store.listing import RoomQuery
from server.store.memory import MemoryStore
from server.store.model import RoomMeta, RoomState, Schedule

from .conftest import GAMES


class CountingStore(MemoryStore):
    """A `MemoryStore` that counts each read by its name; ``rooms_read`` counts the metadata read."""

    def __init__(self, bus: LocalBus) -> None:
        super().__init__(bus, FakeClock())
        self.reads: Counter[str] = Counter()

    async def get_meta(self, room: str) -> RoomMeta | None:
        self.reads["get_meta"] += 1
        return await super().get_meta(room)

    async def get_state(self, room: str) -> RoomState | None:
        self.reads["get_state"] += 1
        return await super().get_state(room)

    async def get_schedule(self, room: str) -> Schedule | None:
        self.reads["get_schedule"] += 1
        return await super().get_schedule(room)

    async def list_rooms(self) -> list[RoomMeta]:
        found = await super().list_rooms()
        self.reads["rooms_read"] += len(found)
        return found

    async def page(self, query: RoomQuery) -> list[RoomMeta]:
        found = await super().page(query)
        self.reads["page"] += 1
        self.reads["rooms_read"] += len(found)
        return found

    async def room_counts(self) -> dict[str, int]:
        self.reads["room_counts"] += 1
        return await super().room_counts()


async def lobby_of(rooms: int) -> tuple[httpx.AsyncClient, CountingStore]:
    bus = LocalBus()
    store = CountingStore(bus)
    app = create_app(Settings(), games=GAMES, store=store, bus=bus)
    lobby = app.state.services.lobby
    for k in range(rooms):
        await lobby.create(CreateRoom(game="fixture-hands" if k % 3 else "fixture-commit", seats=2))
    client = httpx.AsyncClient(transport=httpx.ASGITransport(app), base_url="http://boardroom")
    store.reads.clear()
    return client, store


@pytest.fixture(params=[30, 300])
async def lobby(request: pytest.FixtureRequest) -> AsyncIterator[tuple[httpx.AsyncClient, CountingStore]]:
    client, store = await lobby_of(request.param)
    yield client, store
    await client.aclose()


async def reads_of(lobby: tuple[httpx.AsyncClient, CountingStore], path: str) -> dict[str, int]:
    client, store = lobby
    response = await client.get(path)
    assert response.status_code == 200
    reads = dict(store.reads)
    store.reads.clear()
    return reads


@pytest.mark.parametrize(
    "path",
    [
        "/api/rooms?limit=1",
        "/api/rooms?limit=1&status=open",
        "/api/rooms?limit=1&free_seats=true",
        "/api/rooms?limit=1&game=fixture-commit&status=open",
    ],
)
async def test_a_page_of_one_room_reads_one_room_whatever_the_number_of_rooms(
    lobby: tuple[httpx.AsyncClient, CountingStore], path: str
) -> None:
    # the page (limit + 1 rooms: is there a next page?) and the summary of the one shown
    assert await reads_of(lobby, path) == {"page": 1, "rooms_read": 2, "get_state": 1, "get_schedule": 1}


async def test_metrics_read_no_room(lobby: tuple[httpx.AsyncClient, CountingStore]) -> None:
    assert await reads_of(lobby, "/metrics") == {"room_counts": 1}


async def test_the_room_gauges_are_the_counts_of_the_lists() -> None:
    client, _ = await lobby_of(30)
    text = (await client.get("/metrics")).text
    await client.aclose()
    assert 'boardroom_rooms{status="open"} 30.0' in text
    assert 'boardroom_rooms{status="running"} 0.0' in text


def live(kind: type) -> int:
    gc.collect()
    return sum(1 for obj in gc.get_objects() if isinstance(obj, kind))


async def test_a_burst_of_room_lists_leaves_no_object_behind() -> None:
    """30 clients listing 1,000 rooms at once: afterwards as many `RoomMeta` live as before, the store's
    own (the worker kept nothing of the burst)."""
    client, _ = await lobby_of(300)
    await client.get("/api/rooms?limit=1000")  # warm-up: imports, caches of the first request
    await client.get("/metrics")
    before = live(RoomMeta)
    for _ in range(3):
        await asyncio.gather(
            *(client.get("/api/rooms?limit=1000") for _ in range(30)), client.get("/metrics")
        )
    after = live(RoomMeta)
    await client.aclose()
    assert after == before
    assert before == 300
