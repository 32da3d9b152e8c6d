"""The scripted server: real ``/ws`` and lobby endpoints whose every frame a check writes itself.

Not the boardroom server: nothing is judged or stored. Each client socket to ``/ws`` becomes a `Peer`
queued for the running check, which reads the client's messages and sends exactly the frames it needs.
``GET /api/rooms/{room}`` answers from a script of responses (a 429 with ``Retry-After``, then the room),
and ``/control`` is the adapter's channel (`clients.clientcheck.control`).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from typing import Any

import msgspec
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from clients.clientcheck.control import Control
from protocol.codec import FrameError, codec_for, negotiate
from protocol.messages import ClientMsg, Ping, Pong, ServerMsg


class Gone(Exception):
    """The client closed the socket (or it broke) while the check waited for a frame."""


class Peer:
    """One client socket to ``/ws``: the subprotocols it ``offered``, the one ``accepted``, whether each
    frame it sent was ``binary``. Its ``ping`` messages are answered at once and never handed on."""

    def __init__(self, ws: WebSocket, accepted: str | None) -> None:
        self.ws = ws
        self.offered: list[str] = list(ws.scope.get("subprotocols", []))
        self.accepted = accepted
        self.codec = codec_for(accepted)
        self.binary: list[bool] = []
        self.closed = asyncio.Event()
        self._inbox: asyncio.Queue[ClientMsg | None] = asyncio.Queue()

    async def read_all(self) -> None:
        """Read frames until the socket closes (the handler's task)."""
        try:
            while True:
                frame = await self.ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                data: str | bytes = frame.get("bytes") or frame.get("text") or b""
                self.binary.append(isinstance(data, bytes))
                try:
                    msg = self.codec.decode_client(data)
                except FrameError:
                    continue  # the check sees nothing of it, and says what it expected instead
                if isinstance(msg, Ping):
                    await self.send(Pong(n=msg.n))
                else:
                    self._inbox.put_nowait(msg)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            self.closed.set()
            self._inbox.put_nowait(None)

    async def recv(self, timeout: float = 2.0) -> ClientMsg | None:
        """The client's next message, ``None`` when none came within ``timeout`` seconds. Raises `Gone`
        when the socket closed."""
        try:
            msg = await asyncio.wait_for(self._inbox.get(), timeout)
        except TimeoutError:
            return None
        if msg is None:
            self._inbox.put_nowait(None)  # every later recv says so too
            raise Gone
        return msg

    async def send(self, *msgs: ServerMsg) -> None:
        for msg in msgs:
            frame = self.codec.encode_server(msg)
            with contextlib.suppress(RuntimeError, WebSocketDisconnect):
                if isinstance(frame, bytes):
                    await self.ws.send_bytes(frame)
                else:
                    await self.ws.send_text(frame)

    async def close(self, code: int, reason: str = "") -> None:
        with contextlib.suppress(RuntimeError, WebSocketDisconnect):
            await self.ws.close(code, reason)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.closed.wait(), 2.0)


class Reply(msgspec.Struct):
    """One scripted lobby answer: HTTP ``status``, ``headers`` and JSON ``body``."""

    status: int
    body: Any
    headers: dict[str, str] = {}


class Scripted:
    """The app's state: the queue of client sockets, the lobby's script and the times of its calls
    (monotonic seconds), and the adapter's `Control` once one connected."""

    def __init__(self) -> None:
        self.peers: asyncio.Queue[Peer] = asyncio.Queue()
        self.replies: list[Reply] = []
        self.calls: list[float] = []
        self.control: asyncio.Future[Control] = asyncio.get_running_loop().create_future()
        self.port = 0

    async def accept(self, timeout: float = 3.0) -> Peer | None:
        """The next client socket, ``None`` when none opened within ``timeout`` seconds."""
        try:
            return await asyncio.wait_for(self.peers.get(), timeout)
        except TimeoutError:
            return None

    async def drop_all(self) -> None:
        """Close every socket still queued (left over from the check before)."""
        while not self.peers.empty():
            await self.peers.get_nowait().close(1000)

    async def ws(self, ws: WebSocket) -> None:
        accepted = negotiate(ws.scope.get("subprotocols", []))
        await ws.accept(subprotocol=accepted)
        peer = Peer(ws, accepted)
        self.peers.put_nowait(peer)
        await peer.read_all()

    async def control_ws(self, ws: WebSocket) -> None:
        await ws.accept()
        control = Control(ws)
        if self.control.done():
            self.control = asyncio.get_running_loop().create_future()
        self.control.set_result(control)
        await control.serve()

    async def room(self, request: Request) -> Response:
        self.calls.append(time.monotonic())
        if not self.replies:
            return JSONResponse({"code": "room/not_found", "message": "no such room"}, 404)
        reply = self.replies.pop(0)
        return JSONResponse(reply.body, reply.status, headers=reply.headers)

    def app(self) -> Starlette:
        return Starlette(
            routes=[
                WebSocketRoute("/ws", self.ws),
                WebSocketRoute("/control", self.control_ws),
                Route("/api/rooms/{room}", self.room),
            ]
        )


@contextlib.asynccontextmanager
async def serving(host: str = "127.0.0.1", port: int = 0) -> AsyncIterator[Scripted]:
    """Serve a `Scripted` app on ``host``:``port`` (0: a free port, then in ``Scripted.port``)."""
    scripted = Scripted()
    config = uvicorn.Config(scripted.app(), host=host, port=port, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
            raise RuntimeError("the scripted server did not start")
        await asyncio.sleep(0.02)
    scripted.port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield scripted
    finally:
        server.should_exit = True
        await task
