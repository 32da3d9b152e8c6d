"""The hub's fan-out of one room: the committing worker's own step is written at once, other changes
in order through the room's task."""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec
import pytest
from starlette.types import Message

from protocol.codec import JSON
from server.clock import FakeClock
from server.lobby.lobby import CreateRoom
from server.lobby.ratelimit import TokenBucket
from server.services import Services
from server.store.model import Change
from server.ws import hub as hub_module
from server.ws.catchup import catch_up
from server.ws.conn import Conn
from server.ws.hub import REPLAY_BURST, REPLAYS_PER_SECOND

from .conftest import act, first_choice, make_room


class Recorder:
    """An ASGI send that writes at once and keeps each text frame as a dict."""

    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []

    async def __call__(self, message: Message) -> None:
        if message["type"] == "websocket.send":
            self.frames.append(msgspec.json.decode(message["text"]))


async def watching(services: Services, room: str, seat: int | None) -> tuple[Conn, Recorder]:
    socket = Recorder()
    conn = Conn(socket, JSON, queue_size=64)
    conn.room, conn.seats = room, [] if seat is None else [seat]
    conn.viewers = [seat]
    await services.hub.join(conn, await services.rooms.meta(room), None)
    for _ in range(500):  # the join's snapshot comes from the room's task (up to 5 s when busy)
        if socket.frames:
            break
        await asyncio.sleep(0.01)
    assert [f["type"] for f in socket.frames] == ["snapshot"]
    return conn, socket


async def test_this_workers_own_commit_is_written_before_act_returns(services: Services) -> None:
    """No wake-up of the room's task between the commit and the writes: by the time `act` returns,
    every viewer has its update."""
    room = await make_room(services)
    (player, seen), (_, watched) = [await watching(services, room.room, s) for s in (0, None)]
    seat, action = await first_choice(services, room.room)
    await act(services.rooms, room.room, seat, action, "a1")
    assert [(f["type"], f["frm"], f["to"]) for f in seen.frames[1:]] == [("update", 0, 1)]
    assert [(f["type"], f["frm"], f["to"]) for f in watched.frames[1:]] == [("update", 0, 1)]
    await services.hub.leave(player)


async def test_a_commit_behind_a_queued_join_waits_its_turn_in_the_rooms_task(services: Services) -> None:
    """A join still queued comes first (its catch-up reads the store): the commit's update follows it,
    through the room's task, never before."""
    room = await make_room(services)
    player, seen = await watching(services, room.room, 0)
    late = Conn(Recorder(), JSON, queue_size=64)
    late.room, late.seats, late.viewers = room.room, [], [None]
    await services.hub.join(late, await services.rooms.meta(room.room), None)  # queued, not yet run
    seat, action = await first_choice(services, room.room)
    await act(services.rooms, room.room, seat, action, "a1")
    assert seen.frames[1:] == []  # not at once: the join is ahead of it
    for _ in range(500):  # up to 5 s on a busy machine
        if len(seen.frames) > 1:
            break
        await asyncio.sleep(0.01)
    assert [(f["type"], f["frm"], f["to"]) for f in seen.frames[1:]] == [("update", 0, 1)]
    await services.hub.leave(player)
    await services.hub.leave(late)


async def test_a_seat_given_up_while_its_join_reads_the_state_is_revoked_before_any_frame(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The old holder's join is under way when the seat changes hands and the room starts (between the
    join's reads): the seat holders are checked after the state was read, so nothing of the new
    holder's hand is sent, and the connection is closed 4401."""
    room, _ = await services.lobby.create(CreateRoom(game="fixture-hands", seats=2))
    _, old = await services.lobby.claim(room, 0, "old")
    socket = Recorder()
    conn = Conn(socket, JSON, queue_size=64)
    conn.room, conn.seats, conn.viewers = room, [0], [0]
    real = hub_module.catch_up

    async def meanwhile(*args: Any) -> Any:
        await services.lobby.leave(room, old)  # before the start: the seat is free again
        await services.lobby.claim(room, 0, "new")
        await services.lobby.claim(room, 1, "other")  # the last seat: the room starts
        return await real(*args)

    monkeypatch.setattr(hub_module, "catch_up", meanwhile)
    await services.hub.join(conn, await services.rooms.meta(room), None)
    for _ in range(500):  # up to 5 s on a busy machine
        if conn.closing is not None:
            break
        await asyncio.sleep(0.01)
    assert (conn.closing, socket.frames) == (4401, [])
    await services.hub.leave(conn)


async def test_past_the_rooms_replay_budget_a_resume_gets_a_snapshot(services: Services) -> None:
    """Resuming within the gap replays the room's log; a crowd of resumes (or one client reconnecting on
    purpose) gets snapshots once the room's budget is spent."""
    room = await make_room(services)
    player, _ = await watching(services, room.room, 0)
    seat, action = await first_choice(services, room.room)
    await act(services.rooms, room.room, seat, action, "a1")
    watch = services.hub.watches[room.room]
    watch.replays = TokenBucket(REPLAYS_PER_SECOND, REPLAY_BURST, FakeClock())  # no refill meanwhile
    answers = []
    for budget in (1.0, 0.0):
        watch.replays.tokens = budget
        late = Conn(Recorder(), JSON, queue_size=64)
        late.room, late.seats, late.viewers = room.room, [], [None]
        await services.hub.join(late, await services.rooms.meta(room.room), 0)
        for _ in range(500):  # up to 5 s on a busy machine
            if late._asgi.frames:  # type: ignore[attr-defined]
                break
            await asyncio.sleep(0.01)
        answers.append([f["type"] for f in late._asgi.frames])  # type: ignore[attr-defined]
        await services.hub.leave(late)
    assert answers == [["update"], ["snapshot"]]
    await services.hub.leave(player)


async def test_an_update_spanning_a_lost_wake_up_stamps_each_event_with_the_version_it_produced(
    services: Services,
) -> None:
    """Two commits whose wake-ups never arrived reach a viewer as one update (versions 0 -> 2, read from
    the log): each event keeps its own version, as the log and other viewers have it, not the update's
    ``to``."""
    room = await make_room(services, "fixture-commit", 2)
    player, seen = await watching(services, room.room, None)
    bus, services.rooms.bus = services.rooms.bus, None
    for seat in (0, 1):
        await act(services.rooms, room.room, *(await first_choice(services, room.room, seat)), f"a{seat}")
    services.rooms.bus = bus
    stored = await services.store.get_state(room.room)
    schedule = await services.store.get_schedule(room.room)
    assert stored is not None and schedule is not None
    change = Change(room.room, stored.version, stored.epoch, stored.state, schedule)
    services.hub.watches[room.room].queue.put_nowait(change)
    for _ in range(500):  # up to 5 s on a busy machine
        if len(seen.frames) > 1:
            break
        await asyncio.sleep(0.01)
    logged = [(s.version, e.body["kind"]) for s in await services.store.get_log(room.room) for e in s.events]
    update = seen.frames[1]
    assert (update["frm"], update["to"]) == (0, 2)
    assert [(e["version"], e["body"]["kind"]) for e in update["events"]] == logged
    assert [v for v, _ in logged] == [1, 2, 2, 2]  # a commitment, then the last one and its reveal
    await services.hub.leave(player)


async def test_replayed_updates_keep_the_deadline_of_a_prompt_still_current(services: Services) -> None:
    """Seat 2 resumes from version 0 while seats 0 and 1 committed: its prompt did not change, so both
    replayed updates carry it with its deadline, not only the last one."""
    room = await make_room(services, "fixture-commit", 3)
    for seat in (0, 1):
        await act(services.rooms, room.room, *(await first_choice(services, room.room, seat)), f"a{seat}")
    conn = Conn(Recorder(), JSON, queue_size=64)
    conn.room, conn.seats, conn.viewers = room.room, [2], [2]
    game = services.rooms.games["fixture-commit"]
    frames, _ = await catch_up(services.rooms, game, room.room, conn, 0, 50)
    schedule = await services.store.get_schedule(room.room)
    assert schedule is not None
    due = next(d.due for d in schedule.deadlines if d.seat == 2)
    prompts = [(f.message.to, f.message.prompt.deadline) for f in frames if f.message.prompt is not None]
    assert prompts == [(1, due), (2, due)]
