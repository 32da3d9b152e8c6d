"""A seat marked away is back the moment its player's connection says hello with the seat's token, over
real sockets on a fake clock: its next prompt waits the full ``turn`` timer again, the room's summary
shows it not away at once; a spectator's hello changes nothing, and a prompt already shown keeps its
deadline (no frame would tell of a later one)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import ClientConnection

from server.clock import FakeClock
from server.settings import Settings
from server.testing import RunningServer, running_server

from .conftest import GAMES
from .wsclient import hello, open_room, recv, send

TURN, AWAY = 30.0, 3.0
SETTINGS = Settings(timers={"turn": TURN}, away_seconds=AWAY)


@pytest.fixture(scope="module")
def server() -> Iterator[RunningServer]:
    with running_server(SETTINGS, games=GAMES, clock=FakeClock()) as running:
        yield running


def clock_of(server: RunningServer) -> FakeClock:
    clock = server.services.clock
    assert isinstance(clock, FakeClock)
    return clock


async def joined(
    server: RunningServer, room: str, tokens: list[str]
) -> tuple[ClientConnection, dict[str, Any]]:
    """A connection past its welcome, with its (one) snapshot."""
    ws = await hello(server, room, tokens)
    assert (await recv(ws))["type"] == "welcome"
    snapshot = await recv(ws)
    assert snapshot["type"] == "snapshot"
    return ws, snapshot


async def update(ws: ClientConnection) -> dict[str, Any]:
    """The next update (an ack of the connection's own action may come before or after it)."""
    while (frame := await recv(ws))["type"] != "update":
        assert frame["type"] == "ack"
    return frame


async def play(ws: ClientConnection, seat: int, prompt: dict[str, Any]) -> dict[str, Any]:
    """``seat`` plays its prompt's first choice; returns the update it gets."""
    kind = next(k for k in prompt["kinds"] if prompt["choices"].get(k))
    action = {"kind": kind, **prompt["choices"][kind][0]}
    await send(ws, {"type": "act", "id": prompt["id"], "seat": seat, "action": action})
    return await update(ws)


async def away(server: RunningServer, room: str) -> list[bool]:
    async with httpx.AsyncClient(base_url=server.url) as http:
        return [s["away"] for s in (await http.get(f"/api/rooms/{room}")).json()["seats"]]


async def strikes(server: RunningServer, room: str) -> dict[int, int]:
    schedule = await server.services.store.get_schedule(room)
    assert schedule is not None
    return schedule.strikes


async def seat_one_away(server: RunningServer) -> tuple[str, list[str], ClientConnection, dict[str, Any]]:
    """A two-seat room whose seat 1 (never connected) timed out twice in a row: seat 0's connection and
    its current frame (seat 0 to play)."""
    room, _, tokens = await open_room(server)
    ws0, frame = await joined(server, room, [tokens[0]])
    for _ in range(2):
        frame = await play(ws0, 0, frame["prompt"])
        assert "prompt" not in frame  # seat 1's turn: it lapses
        clock_of(server).advance(TURN)
        frame = await update(ws0)
    assert await strikes(server, room) == {1: 2}
    assert await away(server, room) == [False, True]
    return room, tokens, ws0, frame


async def test_a_seat_is_back_at_its_players_hello_and_its_next_prompt_waits_for_it(
    server: RunningServer,
) -> None:
    room, tokens, ws0, frame = await seat_one_away(server)
    spectator, _ = await joined(server, room, [])
    assert await away(server, room) == [False, True]  # a spectator brings nobody back
    ws1, snapshot = await joined(server, room, [tokens[1]])
    assert (snapshot["seat"], "prompt" in snapshot) == (1, False)
    assert await away(server, room) == [False, False]
    assert await strikes(server, room) == {}
    await play(ws0, 0, frame["prompt"])
    mine = await update(ws1)
    now = clock_of(server).now()
    assert (mine["prompt"]["id"], mine["prompt"]["deadline"]) == (f"t{mine['to']}", now + TURN)
    clock_of(server).advance(AWAY)  # the away deadline passes: nothing happens
    await play(ws1, 1, mine["prompt"])
    assert await strikes(server, room) == {}
    for ws in (ws0, ws1, spectator):
        await ws.close()


async def test_a_prompt_shown_before_the_hello_keeps_its_deadline_the_next_one_gets_the_full_timer(
    server: RunningServer,
) -> None:
    room, tokens, ws0, frame = await seat_one_away(server)
    await play(ws0, 0, frame["prompt"])  # seat 1's prompt, with the short deadline of a seat away
    shown = clock_of(server).now() + AWAY
    ws1, snapshot = await joined(server, room, [tokens[1]])
    assert snapshot["prompt"]["deadline"] == shown
    assert await away(server, room) == [False, False]
    clock_of(server).advance(AWAY)
    mine = await update(ws1)  # its default, taken at the deadline it was shown
    assert "prompt" not in mine
    assert await strikes(server, room) == {1: 1}
    frame = await update(ws0)
    await play(ws0, 0, frame["prompt"])
    mine = await update(ws1)
    assert mine["prompt"]["deadline"] == clock_of(server).now() + TURN
    assert await away(server, room) == [False, False]
    for ws in (ws0, ws1):
        await ws.close()
