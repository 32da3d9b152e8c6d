"""Actions across a disconnect (DESIGN "Action ids"): the SDK resends each unanswered action under its
same id after reconnecting, and the server applies each id exactly once."""

from __future__ import annotations

import asyncio

import msgspec
import websockets

from clients.sdk import Connection, Lobby
from protocol import PROTOCOL_MAJOR
from protocol.codec import JSON
from protocol.messages import Ack, Act, Hello
from tests.e2e.conftest import Server, choose, new_room, play_steps, prompted


async def test_action_submitted_while_offline_is_sent_after_the_reconnect_and_applied_once(
    server: Server, lobby: Lobby
) -> None:
    room = await new_room(lobby)
    async with Connection(server.ws, room.room, room.tokens) as conn:
        before = await play_steps(conn, 1, "outbox")
        log_before = await lobby.log(room.room)
        seat = prompted(conn)
        assert seat is not None
        action = choose(conn, seat, "outbox")
        assert action is not None
        await conn.suspend()
        future = await conn.submit(seat, action)
        await asyncio.sleep(0.2)
        assert not future.done()
        assert (await lobby.room(room.room)).version == before
        conn.resume()
        ack = await asyncio.wait_for(future, 10)
        assert (ack.seat, ack.version, ack.duplicate) == (seat, before + 1, False)
        await conn.wait_version(before + 1)
    assert (await lobby.room(room.room)).version == before + 1
    log_after = await lobby.log(room.room)
    assert log_after[: len(log_before)] == log_before
    assert {line.version for line in log_after[len(log_before) :]} == {before + 1}


async def test_action_applied_before_the_drop_is_resent_with_its_id_and_not_applied_again(
    server: Server, lobby: Lobby
) -> None:
    room = await new_room(lobby)
    async with Connection(server.ws, room.room, room.tokens) as conn:
        before = await play_steps(conn, 1, "dup")
        seat = prompted(conn)
        assert seat is not None
        action = choose(conn, seat, "dup")
        assert action is not None
        await conn.suspend()
        item, future = conn.outbox.add(seat, action)
        # The first send reached the server (here over a second socket, as a lost ack would leave it).
        async with websockets.connect(server.ws) as raw:
            await raw.send(JSON.encode_client(Hello(v=PROTOCOL_MAJOR, room=room.room, tokens=room.tokens)))
            act = Act(id=item.id, seat=seat, action=msgspec.Raw(msgspec.json.encode(action)))
            await raw.send(JSON.encode_client(act))
            first = await _ack_of(raw, item.id)
        assert (first.version, first.duplicate) == (before + 1, False)
        log_once = await lobby.log(room.room)
        conn.resume()
        again = await asyncio.wait_for(future, 10)
        assert (again.id, again.version, again.duplicate) == (item.id, before + 1, True)
    assert (await lobby.room(room.room)).version == before + 1
    assert await lobby.log(room.room) == log_once


async def _ack_of(raw: websockets.ClientConnection, action_id: str) -> Ack:
    async with asyncio.timeout(10):
        async for frame in raw:
            msg = JSON.decode_server(frame)
            if isinstance(msg, Ack) and msg.id == action_id:
                return msg
    raise AssertionError("no ack")
