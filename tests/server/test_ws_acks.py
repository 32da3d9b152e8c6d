"""Acks inside updates (``hello.acks: "update"``) over real sockets: the actor reads one frame per
applied action, the update carrying the very ack it replaces; without the option, two frames as before;
duplicates and refusals are answered by frames of their own either way. A ``ping`` after each exchange
proves nothing else was sent: its ``pong`` is the next frame."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect

from server.clock import FakeClock
from server.settings import Settings
from server.testing import RunningServer, running_server

from .conftest import GAMES, first_choice
from .wsclient import close_code, open_room, recv, send


@pytest.fixture(scope="module")
def server() -> Iterator[RunningServer]:
    with running_server(Settings(timers={"turn": 30.0}), games=GAMES, clock=FakeClock()) as running:
        yield running


async def joined(server: RunningServer, room: str, tokens: list[str], acks: str | None) -> ClientConnection:
    """A welcomed connection (``acks``: the hello's option, ``None``: left out) whose snapshots were read."""
    ws = await connect(server.ws_url)
    hello: dict[str, Any] = {"type": "hello", "v": 1, "room": room, "tokens": tokens}
    if acks is not None:
        hello["acks"] = acks
    await send(ws, hello)
    welcome = await recv(ws)
    assert welcome["type"] == "welcome"
    for _ in welcome["seats"] or [None]:
        assert (await recv(ws))["type"] == "snapshot"
    return ws


async def until_pong(ws: ClientConnection, n: int) -> list[dict[str, Any]]:
    """Every frame before the ``pong`` answering ``ping`` ``n``."""
    await send(ws, {"type": "ping", "n": n})
    frames = []
    while (frame := await recv(ws)) != {"type": "pong", "n": n}:
        frames.append(frame)
    return frames


async def prompt_of(server: RunningServer, room: str, seat: int) -> dict[str, Any]:
    return (await first_choice(server.services, room, seat))[1]


def act(action_id: str, seat: int, action: dict[str, Any]) -> dict[str, Any]:
    return {"type": "act", "id": action_id, "seat": seat, "action": action}


def heads(frames: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """Each frame's type and versions (and its acks, for updates)."""
    return [
        (f["type"], f.get("seat"), f.get("frm", f.get("version")), f.get("to"), f.get("acks")) for f in frames
    ]


ACK_1 = {"type": "ack", "id": "a1", "seat": 0, "version": 1}


async def test_with_the_option_the_actor_gets_one_frame_carrying_the_ack(server: RunningServer) -> None:
    room, _, tokens = await open_room(server)
    player = await joined(server, room, [tokens[0]], "update")
    other = await joined(server, room, [tokens[1]], "update")
    await send(player, act("a1", 0, await prompt_of(server, room, 0)))
    frames = await until_pong(player, 1)
    assert heads(frames) == [("update", 0, 0, 1, [ACK_1])]
    assert heads(await until_pong(other, 1)) == [("update", 1, 0, 1, None)]  # not the actor: no ack
    await player.close()
    await other.close()


async def test_without_the_option_the_actor_gets_an_ack_and_an_update(server: RunningServer) -> None:
    room, _, tokens = await open_room(server)
    for acks in (None, "frame"):
        seat = 0 if acks is None else 1
        player = await joined(server, room, [tokens[seat]], acks)
        action_id = f"a-{acks}"
        await send(player, act(action_id, seat, await prompt_of(server, room, seat)))
        frames = await until_pong(player, 1)
        version = seat + 1
        ack = {"type": "ack", "id": action_id, "seat": seat, "version": version}
        assert sorted(heads(frames), key=str) == [
            ("ack", seat, version, None, None),
            ("update", seat, version - 1, version, None),
        ]
        assert next(f for f in frames if f["type"] == "ack") == ack
        await player.close()


async def test_a_resend_and_a_refusal_are_frames_of_their_own(server: RunningServer) -> None:
    room, _, tokens = await open_room(server)
    player = await joined(server, room, [tokens[0]], "update")
    action = await prompt_of(server, room, 0)
    await send(player, act("a1", 0, action))
    assert heads(await until_pong(player, 1)) == [("update", 0, 0, 1, [ACK_1])]
    await send(player, act("a1", 0, action))
    assert await until_pong(player, 2) == [{**ACK_1, "duplicate": True}]
    await send(player, act("a2", 0, action))  # seat 1's turn now
    refused = await until_pong(player, 3)
    assert [(f["type"], f["code"], f["id"], f["seat"]) for f in refused] == [
        ("error", "action/no_prompt", "a2", 0)
    ]
    await send(player, act("a3", 1, action))
    refused = await until_pong(player, 4)
    assert [(f["type"], f["code"], f["id"]) for f in refused] == [("error", "act/seat_not_held", "a3")]
    await player.close()


async def test_a_hot_seat_connection_gets_the_ack_in_the_acting_seats_update_only(
    server: RunningServer,
) -> None:
    room, _, tokens = await open_room(server)
    table = await joined(server, room, tokens, "update")
    await send(table, act("a1", 0, await prompt_of(server, room, 0)))
    assert heads(await until_pong(table, 1)) == [
        ("update", 0, 0, 1, [ACK_1]),
        ("update", 1, 0, 1, None),
    ]
    await send(table, act("b1", 1, await prompt_of(server, room, 1)))
    assert heads(await until_pong(table, 2)) == [
        ("update", 0, 1, 2, None),
        ("update", 1, 1, 2, [{"type": "ack", "id": "b1", "seat": 1, "version": 2}]),
    ]
    await table.close()


async def test_an_unknown_ack_mode_is_a_bad_hello(server: RunningServer) -> None:
    room, _, tokens = await open_room(server)
    async with connect(server.ws_url) as ws:
        await send(ws, {"type": "hello", "v": 1, "room": room, "tokens": tokens, "acks": "never"})
        assert await close_code(ws) == 4400
