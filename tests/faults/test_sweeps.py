"""The scheduler's abandon sweep runs on every worker over every room of the store (ten times per
``abandon_after``, `server.play.scheduler.SWEEPS_PER_LIMIT`): with
churn (thousands of rooms, most young or finished) it must not read each room's state. A room younger
than ``abandon_after`` cannot be abandoned, so the sweep skips it without a read."""

from __future__ import annotations

from typing import Any

from games.catalog import with_fixtures
from server.clock import FakeClock
from server.lobby.lobby import CreateRoom
from server.play.scheduler import Scheduler
from server.services import Services
from server.settings import Settings
from server.store.bus import LocalBus
from server.store.memory import MemoryStore


class CountingStore(MemoryStore):
    """A `MemoryStore` that counts the per-room reads of an abandon sweep."""

    reads = 0

    async def last_seen(self, room: str) -> float | None:
        self.reads += 1
        return await super().last_seen(room)

    async def get_state(self, room: str) -> Any:
        self.reads += 1
        return await super().get_state(room)


async def test_abandon_sweep_reads_no_room_younger_than_the_limit_and_still_abandons_old_ones() -> None:
    clock = FakeClock()
    bus = LocalBus()
    store = CountingStore(bus)
    services = Services(Settings(), with_fixtures(), clock, store, bus)
    rooms = [(await services.lobby.create(CreateRoom(game="fixture-hands", seats=2)))[0] for _ in range(50)]
    scheduler = Scheduler(services)
    limit = services.settings.ttls.abandon_after
    clock.advance(limit)
    store.reads = 0
    assert await scheduler.abandon(clock.now()) == 0
    assert store.reads == 0
    clock.advance(1.0)
    assert await scheduler.abandon(clock.now()) == 50
    assert {(await services.rooms.meta(room)).status for room in rooms} == {"abandoned"}


async def test_heartbeat_and_abandon_sweep_run_ten_times_per_abandon_limit_not_every_tick() -> None:
    """Each sweep reads every room's metadata and touches every watched room: at 1,000 rooms a sweep a
    second doubled the Redis traffic of the actions themselves. 600 s limit: a sweep every 60 s."""
    clock = FakeClock()
    bus = LocalBus()
    store = CountingStore(bus)
    services = Services(Settings(), with_fixtures(), clock, store, bus)
    listed = 0
    real = store.list_rooms

    async def counting() -> Any:
        nonlocal listed
        listed += 1
        return await real()

    store.list_rooms = counting  # type: ignore[method-assign]
    scheduler = Scheduler(services)
    for _ in range(130):  # 130 s of ticks a second
        await scheduler.tick()
        clock.advance(1.0)
    assert listed == 3  # at 0 s, 60 s and 120 s
