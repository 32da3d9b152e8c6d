"""Acks inside updates when the commit did not write the actor's update at once: the ack waits for the
update that carries it, or, once the connection was shown the version without it, comes as a frame of
its own after that frame (never before)."""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec

from protocol.codec import JSON
from protocol.messages import Ack, Act
from server.lobby.tokens import hash_token
from server.services import Services
from server.ws.acks import Acks
from server.ws.conn import Conn
from server.ws.session import Session

from .conftest import Room, first_choice, make_room
from .test_hub import Recorder, watching


class ActingSocket:
    """Enough of Starlette's WebSocket for a session that only acts."""

    async def receive(self) -> None:
        raise AssertionError("the session under test reads no frame")


def session_of(services: Services, conn: Conn, room: Room, seat: int) -> Session:
    """A session acting through ``conn`` (which asked for acks inside updates) for ``seat``."""
    session = Session(ActingSocket(), services)  # type: ignore[arg-type]  # acting only: nothing read
    session.conn = conn
    session.holds = {seat: hash_token(room.tokens[seat])}
    conn.acks = Acks()
    return session


async def wait_frames(socket: Recorder, count: int) -> list[dict[str, Any]]:
    for _ in range(500):  # up to 5 s on a busy machine
        if len(socket.frames) >= count:
            break
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.05)  # and nothing more comes
    return socket.frames


def act_of(action_id: str, seat: int, action: dict[str, Any]) -> Act:
    return Act(action_id, seat, msgspec.Raw(msgspec.json.encode(action)))


ACK = {"type": "ack", "id": "a1", "seat": 0, "version": 1}


async def test_an_ack_committed_behind_a_queued_join_rides_in_the_update_that_follows(
    services: Services,
) -> None:
    room = await make_room(services)
    player, seen = await watching(services, room.room, 0)
    session = session_of(services, player, room, 0)
    late = Conn(Recorder(), JSON, queue_size=64)
    late.room, late.seats, late.viewers = room.room, [], [None]
    await services.hub.join(late, await services.rooms.meta(room.room), None)  # queued, not yet run
    seat, action = await first_choice(services, room.room)
    assert await session._act(act_of("a1", seat, action)) is None  # no frame of its own
    assert player.acks is not None and player.acks.waiting == [Ack("a1", 0, 1)]
    frames = await wait_frames(seen, 2)
    assert [(f["type"], f["frm"], f["to"], f["acks"]) for f in frames[1:]] == [("update", 0, 1, [ACK])]
    assert player.acks.waiting == []
    await services.hub.leave(player)
    await services.hub.leave(late)


async def test_an_ack_whose_version_a_catch_up_showed_comes_after_it_as_a_frame(services: Services) -> None:
    room = await make_room(services)
    player, seen = await watching(services, room.room, 0)
    session = session_of(services, player, room, 0)
    bus, services.rooms.bus = services.rooms.bus, None  # a lost wake-up
    seat, action = await first_choice(services, room.room)
    assert await session._act(act_of("a1", seat, action)) is None
    services.rooms.bus = bus
    assert seen.frames[1:] == []
    services.hub.resync(player, 0)  # the client's sync: the catch-up shows version 1, not carrying it
    frames = await wait_frames(seen, 3)
    assert [(f["type"], f.get("to"), "acks" in f) for f in frames[1:]] == [
        ("update", 1, False),
        ("ack", None, False),
    ]
    assert frames[2] == ACK
    # shown already, the room's task idle: a later ack of that version is written at once
    services.hub.acked(player, Ack("a1", 0, 1))
    assert seen.frames[3:] == [ACK]
    await services.hub.leave(player)
