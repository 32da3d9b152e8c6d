"""The lobby's store deadline on a busy machine (`server.lobby.deadline`): an event loop that stood still
(a long garbage collection) is not a store that does not answer; a store that does not answer still is."""

from __future__ import annotations

import asyncio
import time

import httpx

from server.app import create_app
from server.clock import FakeClock
from server.lobby import api as lobby_api
from server.lobby.deadline import LoopDeadline
from server.settings import Settings
from server.store.bus import LocalBus
from server.store.memory import MemoryStore
from server.store.model import RoomMeta

from .conftest import GAMES


class StallingStore(MemoryStore):
    """A memory store whose room creation holds the whole event loop ``stall`` seconds first (as a full
    garbage collection of a crowded worker does), or never answers at all (``hang``)."""

    def __init__(self, bus: LocalBus, stall: float = 0.0, hang: bool = False) -> None:
        super().__init__(bus, FakeClock())
        self.stall, self.hang = stall, hang

    async def create_room(self, meta: RoomMeta, seed: bytes) -> bool:
        await asyncio.sleep(0)  # the call is under way, its deadline armed
        time.sleep(self.stall)  # the loop stands still: no timer, no socket read
        for _ in range(2):  # then the call waits on, as for a store's answer (a turn of the loop each)
            await asyncio.sleep(0)
        if self.hang:
            await asyncio.Event().wait()
        return await super().create_room(meta, seed)


def client_of(store: StallingStore, bus: LocalBus) -> httpx.AsyncClient:
    app = create_app(Settings(), games=GAMES, store=store, bus=bus)
    return httpx.AsyncClient(transport=httpx.ASGITransport(app), base_url="http://boardroom")


async def test_a_room_created_while_the_loop_stood_still_past_the_deadline_is_created() -> None:
    bus = LocalBus()
    store = StallingStore(bus, stall=lobby_api.STORE_DEADLINE + 0.4)
    async with client_of(store, bus) as client:
        answer = await client.post("/api/rooms", json={"game": "fixture-hands", "seats": 2})
    assert answer.status_code == 201
    assert [m.room for m in await store.list_rooms()] == [answer.json()["room"]]


async def test_a_store_that_does_not_answer_is_still_answered_503_store_unavailable() -> None:
    bus = LocalBus()
    store = StallingStore(bus, hang=True)
    async with client_of(store, bus) as client:
        answer = await client.post("/api/rooms", json={"game": "fixture-hands", "seats": 2})
    assert (answer.status_code, answer.json()["code"], answer.headers["retry-after"]) == (
        503,
        "store/unavailable",
        "1",
    )


async def test_a_deadline_moved_for_a_stall_still_expires_once_the_loop_runs_on() -> None:
    started = time.perf_counter()
    try:
        async with asyncio.timeout(None) as timeout:
            deadline = LoopDeadline(timeout, 0.1)
            deadline.arm()
            await asyncio.sleep(0)
            time.sleep(0.3)  # the loop stands still past the deadline
            await asyncio.sleep(0.05)  # runs on: the deadline was moved on, not expired
            ran_on = True
            await asyncio.sleep(30)
    except TimeoutError:
        pass
    assert ran_on
    assert time.perf_counter() - started < 10
