"""Expiry of finished and abandoned rooms in the in-memory store (``--finished-ttl``), on the injected
clock: from ``ttl`` seconds after a room closed it answers as unknown and leaves the room list. The Redis
store expires its keys on Redis's own clock (``PEXPIRE``), which a test cannot jump, so the contract suite
shares only one real-time case with it (`test_a_finished_room_expires_ttl_seconds_after_its_last_step`)."""

from __future__ import annotations

import httpx

from server.clock import FakeClock
from server.settings import Settings, Ttls
from server.store import MemoryStore
from server.testing import running_server
from tests.polling import eventually
from tests.server.test_store_contract import commit, meta, started

from .conftest import GAMES


async def test_a_finished_room_is_gone_ttl_seconds_after_its_last_step() -> None:
    clock = FakeClock()
    store = MemoryStore(None, clock, ttl=4.0)
    await started(store)
    finishing = commit(0)
    finishing.finished = True
    assert (await store.commit(finishing)).status == "committed"
    clock.advance(3.9)
    assert (await store.get_meta("r1")) is not None
    assert [m.room for m in await store.list_rooms()] == ["r1"]
    clock.advance(0.1)
    assert await store.get_meta("r1") is None
    assert await store.get_state("r1") is None
    assert await store.get_log("r1") == []
    assert await store.list_rooms() == []
    assert store.counts() == {"rooms": 0, "steps": 0, "leases": 0}


async def test_an_abandoned_room_is_gone_ttl_seconds_after_it_was_closed() -> None:
    clock = FakeClock()
    store = MemoryStore(None, clock, ttl=4.0)
    await started(store)
    clock.advance(100.0)  # a running room never expires
    stored = await store.get_meta("r1")
    assert stored is not None
    stored.status = "abandoned"
    assert await store.put_meta(stored)
    clock.advance(3.0)
    assert [m.status for m in await store.list_rooms()] == ["abandoned"]
    clock.advance(1.0)
    assert await store.list_rooms() == []
    assert await store.create_room(meta(), b"again")  # the id is free again, as an expired Redis key


async def test_an_open_or_running_room_does_not_expire() -> None:
    clock = FakeClock()
    store = MemoryStore(None, clock, ttl=1.0)
    await store.create_room(meta("r2"), b"seed")
    await started(store)
    clock.advance(10_000.0)
    assert sorted(m.room for m in await store.list_rooms()) == ["r1", "r2"]


def test_serve_finished_ttl_answers_404_after_the_ttl() -> None:
    # the tester's case: --abandon-after 2 --finished-ttl 4, a room nobody joins
    clock = FakeClock()
    settings = Settings(ttls=Ttls(abandon_after=2.0, finished_log=4.0), tick=0.01)
    with (
        running_server(settings, games=GAMES, clock=clock) as server,
        httpx.Client(base_url=server.url) as http,
    ):
        room = http.post("/api/rooms", json={"game": "fixture-hands", "seats": 2}).json()["room"]
        clock.advance(3.0)
        # the scheduler sweeps in real time
        eventually(lambda: http.get(f"/api/rooms/{room}").json()["status"] == "abandoned")
        listed = http.get("/api/rooms", params={"status": "abandoned"}).json()
        assert [r["room"] for r in listed] == [room]
        clock.advance(4.0)
        assert http.get(f"/api/rooms/{room}").status_code == 404
        assert http.get("/api/rooms", params={"status": "abandoned"}).json() == []
