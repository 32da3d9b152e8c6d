"""Racing claims of an ``autostart`` room (docs/api.md, ``room/started``): the claim of the last free seat
starts the room in the same write, so every claimant that loses is answered ``room/started``, never
``room/full`` (which only a room without ``autostart`` answers). Both stores: Redis, and the memory store
with reads that yield to the event loop as a network round trip does (else claims never interleave)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from server.clock import FakeClock
from server.errors import Refused
from server.lobby.lobby import CreateRoom
from server.services import Services
from server.settings import Settings
from server.store.base import Store
from server.store.bus import LocalBus
from server.store.bus_redis import server_client
from server.store.memory import MemoryStore
from server.store.model import RoomMeta
from tests.redis.support import URL, ScratchRedisStore, need_redis, new_prefix

from .conftest import GAMES

ROOMS, CLAIMANTS, SEATS = 10, 50, 3


class YieldingStore(MemoryStore):
    """A `MemoryStore` whose metadata reads suspend once, as a store across a network does."""

    async def get_meta(self, room: str) -> RoomMeta | None:
        await asyncio.sleep(0)
        return await super().get_meta(room)


@pytest.fixture(params=["memory", "redis"])
async def services(request: pytest.FixtureRequest) -> AsyncIterator[Services]:
    bus = LocalBus()
    if request.param == "memory":
        store: Store = YieldingStore(bus)
    else:  # a worker's client: its pool waits for a free connection when 500 claims are in flight
        need_redis()
        store = ScratchRedisStore(server_client(URL), new_prefix(), 3600.0, bus)
    yield Services(Settings(), GAMES, FakeClock(), store, bus)
    close = getattr(store, "aclose", None)
    if close is not None:
        await close()


async def claim(services: Services, room: str, seat: int | None) -> Any:
    try:
        return await services.lobby.claim(room, seat, "racer")
    except Refused as exc:
        return exc.code


@pytest.mark.parametrize("seat", [None, 0], ids=["any", "numbered"])
async def test_every_claim_that_loses_an_autostart_room_is_answered_room_started(
    services: Services, seat: int | None
) -> None:
    rooms = [
        (await services.lobby.create(CreateRoom(game="fixture-hands", seats=SEATS)))[0] for _ in range(ROOMS)
    ]
    for room in rooms:
        for taken in range(1, SEATS):  # all seats but seat 0 taken: the race is for the last one
            await services.lobby.claim(room, taken, f"p{taken}")
    results = await asyncio.gather(*(claim(services, room, seat) for room in rooms for _ in range(CLAIMANTS)))
    refusals = [r for r in results if isinstance(r, str)]
    assert (len(results) - len(refusals), set(refusals)) == (ROOMS, {"room/started"})
    for room in rooms:
        state = await services.store.get_state(room)
        meta = await services.store.get_meta(room)
        assert meta is not None and state is not None
        assert (meta.status, state.version, [s.taken for s in meta.seats]) == ("running", 0, [True] * SEATS)


async def test_a_room_without_autostart_answers_room_full_once_every_seat_is_held(services: Services) -> None:
    room, _ = await services.lobby.create(CreateRoom(game="fixture-hands", seats=2, autostart=False))
    results = await asyncio.gather(*(claim(services, room, None) for _ in range(CLAIMANTS)))
    refusals = [r for r in results if isinstance(r, str)]
    assert (len(results) - len(refusals), set(refusals)) == (2, {"room/full"})
