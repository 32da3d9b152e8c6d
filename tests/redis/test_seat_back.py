"""A seat brought back by its player's hello on one worker stays back when another worker applies the
room's next step from what it kept of the room (its warm copy, with the old strikes): the clear bumps the
room's metadata revision, so that worker's commit is refused as a conflict and runs on a fresh read."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from server.clock import FakeClock
from server.play.presence import seats_back
from server.play.rooms import Rooms
from server.play.step import ActRequest
from server.services import Services
from server.settings import Settings
from server.store.bus import LocalBus
from tests.redis.support import ScratchRedisStore, scratch_store
from tests.server.conftest import GAMES, TIMERS, act, first_choice, make_room

AWAY = 3.0


@pytest.fixture
async def store() -> AsyncIterator[ScratchRedisStore]:
    made = scratch_store()
    yield made
    await made.aclose()


async def test_a_seat_back_on_one_worker_is_not_marked_away_again_by_another(
    store: ScratchRedisStore,
) -> None:
    clock = FakeClock()
    first = Services(Settings(timers=TIMERS, away_seconds=AWAY), GAMES, clock, store=store, bus=LocalBus())
    other = Rooms(store, GAMES, clock, first.rooms.policy)
    room = (await make_room(first)).room
    for seat in (0, 1):  # seat 0 plays, seat 1 lapses, twice: the other worker applies every step
        await act(other, room, *(await first_choice(first, room, 0)))
        (deadline,) = (await store.get_schedule(room) or pytest.fail("no schedule")).deadlines
        clock.advance(TIMERS["turn"])
        await other.act(ActRequest(room, 1, {"kind": "timeout", "prompt": deadline.prompt}, "timeout"))
        assert (await store.get_schedule(room) or pytest.fail()).strikes == {1: seat + 1}
    assert await seats_back(first.rooms, room, [0, 1]) == [1]
    assert await seats_back(first.rooms, room, [1]) == []  # back already: nothing written
    await act(other, room, *(await first_choice(first, room, 0)))
    schedule = await store.get_schedule(room)
    assert schedule is not None and schedule.strikes == {}
    assert [(d.seat, d.due, d.kind) for d in schedule.deadlines] == [
        (1, clock.now() + TIMERS["turn"], "timeout")
    ]
