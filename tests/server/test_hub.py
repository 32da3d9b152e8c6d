"""The hub's fan-out of one room: the committing worker's own step is written at once, other changes
in order through the room's task."""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec
from starlette.types import Message

from protocol.codec import JSON
from server.services import Services
from server.ws.conn import Conn

from .conftest import first_choice, make_room


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
    for _ in range(50):  # the join's snapshot comes from the room's task
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
    await services.rooms.act(room.room, seat, action, "a1")
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
    await services.rooms.act(room.room, seat, action, "a1")
    assert seen.frames[1:] == []  # not at once: the join is ahead of it
    for _ in range(50):
        if len(seen.frames) > 1:
            break
        await asyncio.sleep(0.01)
    assert [(f["type"], f["frm"], f["to"]) for f in seen.frames[1:]] == [("update", 0, 1)]
    await services.hub.leave(player)
    await services.hub.leave(late)
