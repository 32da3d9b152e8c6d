"""Acks inside updates when the actor's update was not written at once: the room's fan-out owes the ack
from the moment the committed change reaches it; the ack waits for the update that carries it, or, once
the connection was shown the version without it, comes as a frame of its own after that frame (never
before)."""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec

from protocol.codec import JSON
from protocol.messages import Ack, Act
from server.lobby.tokens import hash_token
from server.play.step import ActRequest
from server.services import Services
from server.store.model import Change
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
    """The client's ``sync`` is queued before the commit: its catch-up shows version 1 without the ack,
    which follows as a frame; the change that comes next shows nothing more."""
    room = await make_room(services)
    player, seen = await watching(services, room.room, 0)
    session = session_of(services, player, room, 0)
    seat, action = await first_choice(services, room.room)
    services.hub.resync(player, 0)  # queued: the room's task has not run it yet
    assert await session._act(act_of("a1", seat, action)) is None
    frames = await wait_frames(seen, 3)
    assert [(f["type"], f.get("to"), "acks" in f) for f in frames[1:]] == [
        ("update", 1, False),
        ("ack", None, False),
    ]
    assert frames[2] == ACK
    assert player.acks is not None and player.acks.waiting == []
    await services.hub.leave(player)


async def test_an_own_change_delivered_again_after_its_version_was_shown_writes_its_ack_as_a_frame(
    services: Services,
) -> None:
    """A change this worker committed may reach the watch after its version was shown (on Redis, a
    reconciliation read it first): the update went without the ack, so the ack follows as a frame, once."""
    room = await make_room(services)
    player, seen = await watching(services, room.room, 0)
    session_of(services, player, room, 0)
    seat, action = await first_choice(services, room.room)
    bus, services.rooms.bus = services.rooms.bus, None
    await services.rooms.act(ActRequest(room.room, seat, action, action_id="a1"))
    services.rooms.bus = bus
    stored = await services.store.get_state(room.room)
    schedule = await services.store.get_schedule(room.room)
    log = await services.store.get_log(room.room)
    assert stored is not None and schedule is not None
    woken = Change(room.room, 1, stored.epoch, stored.state, schedule, log[0])
    services.bus.publish(woken)  # the reconciliation's: the update, no ack
    await wait_frames(seen, 2)
    services.bus.publish(msgspec.structs.replace(woken, action_id="a1", origin=player))  # our own
    frames = await wait_frames(seen, 3)
    assert [(f["type"], f.get("to"), "acks" in f) for f in frames[1:]] == [
        ("update", 1, False),
        ("ack", None, False),
    ]
    assert frames[2] == ACK
    await services.hub.leave(player)
