"""A tiny websocket test client over real sockets: JSON frames in, dicts out, and the close code."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from server.testing import RunningServer


async def open_room(
    server: RunningServer, game: str = "fixture-hands", seats: int = 2, **body: Any
) -> tuple[str, str, list[str]]:
    """A started room with every seat claimed: ``(room, host token, seat tokens)``."""
    async with httpx.AsyncClient(base_url=server.url) as http:
        created = (await http.post("/api/rooms", json={"game": game, "seats": seats, **body})).json()
        tokens = []
        for i in range(seats):
            claimed = await http.post(f"/api/rooms/{created['room']}/seats/{i}/claim", json={"name": f"p{i}"})
            tokens.append(claimed.json()["token"])
    return created["room"], created["host_token"], tokens


async def hello(
    server: RunningServer, room: str, tokens: list[str], since: int | None = None, **kw: Any
) -> ClientConnection:
    """Connect, send ``hello`` and return the connection (welcome not yet read)."""
    ws = await connect(server.ws_url, **kw)
    await send(ws, {"type": "hello", "v": 1, "room": room, "tokens": tokens, "since": since})
    return ws


async def send(ws: ClientConnection, msg: dict[str, Any]) -> None:
    await ws.send(json.dumps(msg))


async def recv(ws: ClientConnection, timeout: float = 5.0) -> dict[str, Any]:
    """The next frame as a dict (fails the test after ``timeout`` seconds)."""
    data: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), timeout))
    return data


async def close_code(ws: ClientConnection) -> int | None:
    """The close code the server sent (reading and dropping frames until it closes)."""
    try:
        while True:
            await ws.recv()
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd is not None else None
