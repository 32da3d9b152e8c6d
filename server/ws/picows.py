"""The ``picows`` websocket implementation (``--websockets picows``): uvicorn reads the HTTP request, and
an upgrade to ``/ws`` is handed to picows, which parses and writes frames in compiled code.

uvicorn hands an upgrade to its ``ws`` protocol class with the request's bytes (`PicowsProtocol`, made
by `picows_protocol`); picows answers the handshake (with the negotiated subprotocol) and calls a
`PicowsSocket` per connection, which is also the part of Starlette's ``WebSocket`` the session uses
(``app``, ``headers``, ``scope``, ``client``, ``accept``, ``close``, ``receive``/``_receive``,
``_send``): `server.ws.session` runs unchanged, in a task of its own as under uvicorn.

The settings as uvicorn's implementations map them (`server.process.serving`): ``max_frame`` (picows closes a
bigger frame with 1009), ``ping_interval``/``ping_timeout`` (a ping every interval, closed when no
pong came within the timeout), ``header_timeout`` (the handshake), the trusted proxies (the client
address of a connection from one of them is its ``X-Forwarded-For``). A connection counts in uvicorn's
connections (the HTTP 503 past ``max_connections`` + headroom, the wait of a shutdown, which closes
what is left with 1012 as uvicorn's own do). Frames from the session never wait while picows' transport
takes them, and wait (``_send``) while it paused writing: `server.ws.conn`'s queue bound holds.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from picows import (
    WSAutoPingStrategy,
    WSCloseCode,
    WSFrame,
    WSListener,
    WSMsgType,
    WSTransport,
    WSUpgradeRequest,
    WSUpgradeResponse,
    WSUpgradeResponseWithListener,
)
from picows.picows import WSProtocol  # type: ignore[attr-defined]  # not in picows' stubs
from starlette.datastructures import Address, Headers
from starlette.types import Message

from protocol.codec import negotiate
from server.process.proxies import TrustedProxies
from server.settings import Settings

log = logging.getLogger("boardroom.ws")
#: Close code of a server shutting down with the connection still open (uvicorn's, RFC 6455).
RESTART = 1012
#: Seconds a close waits for the peer's close before the socket is dropped (uvicorn's default).
CLOSE_TIMEOUT = 10.0


class PicowsSocket(WSListener):
    """One ``/ws`` connection: picows' listener, and the ASGI-like ``_receive``/``_send`` of its session
    (`run`: the endpoint, ``endpoint(self)``)."""

    def __init__(
        self,
        app: Any,
        request: WSUpgradeRequest,
        subprotocols: list[str],
        connections: set[Any],
        trusted: TrustedProxies,
        endpoint: Callable[[Any], Awaitable[None]],
        max_message: int,
    ) -> None:
        self.app = app
        raw = [(k.lower().encode(), v.encode()) for k, v in request.headers.items()]
        self.headers = Headers(raw=raw)  # the same list as the scope's: the session empties it once read
        self.scope: dict[str, Any] = {"type": "websocket", "path": "/ws", "subprotocols": subprotocols}
        self.scope["headers"] = raw
        self.client: Address | None = None
        self.transport: WSTransport | None = None
        self._connections, self._trusted, self._endpoint = connections, trusted, endpoint
        self._inbox: list[Message] = []  # rarely more than one: a deque allocated 760 bytes up front
        self._waiter: asyncio.Future[None] | None = None
        self._paused: asyncio.Future[None] | None = None
        self._parts: list[bytes] | None = None  # a fragmented message being assembled
        self._size = 0  # its bytes so far: picows bounds each frame, the message is bounded here
        self.max_message = max_message
        self._text = False
        self._gone = False
        self._task: asyncio.Task[None] | None = None
        self._closer: asyncio.TimerHandle | None = None  # drops the socket if the peer never closes

    # ---- picows' callbacks ---------------------------------------------------------------------
    def on_ws_connected(self, transport: WSTransport) -> None:
        self.transport = transport
        self.client = self._client(transport)
        self._connections.add(self)
        self._task = asyncio.ensure_future(self._run())

    def on_ws_frame(self, transport: WSTransport, frame: WSFrame) -> None:
        kind = frame.msg_type
        if kind == WSMsgType.TEXT or kind == WSMsgType.BINARY:
            self._text = kind == WSMsgType.TEXT
            if frame.fin:  # a message of one frame (every one the SDKs send): no list to assemble it in
                self._parts = None
                self._whole(transport, frame.get_payload_as_bytes())
                return
            self._parts, self._size = [], 0
            self._part(transport, frame)
        elif kind == WSMsgType.CONTINUATION:
            if self._parts is None:
                self._refuse(transport, WSCloseCode.PROTOCOL_ERROR, "continuation without a first frame")
                return
            self._part(transport, frame)
        elif kind == WSMsgType.CLOSE:
            if not transport.is_close_frame_sent:
                code = frame.get_close_code()
                if code == WSCloseCode.NO_INFO:  # answered without a status code too (RFC 6455 5.5.1;
                    transport.send(WSMsgType.CLOSE, b"")  # picows' send_close() would say code 0)
                else:
                    transport.send_close(code)
            transport.disconnect()

    def _part(self, transport: WSTransport, frame: WSFrame) -> None:
        """One frame of a message: the message delivered once whole; past ``max_message`` bytes in all
        (fragments summed, as uvicorn's implementation does) closed 1009, invalid UTF-8 text 1007."""
        assert self._parts is not None
        payload = frame.get_payload_as_bytes()
        self._size += len(payload)
        if self._size > self.max_message:
            self._parts = None
            self._refuse(transport, WSCloseCode.MESSAGE_TOO_BIG, f"message over {self.max_message} bytes")
            return
        self._parts.append(payload)
        if not frame.fin:
            return
        data, self._parts = b"".join(self._parts), None
        self._whole(transport, data, checked=True)

    def _whole(self, transport: WSTransport, data: bytes, checked: bool = False) -> None:
        """A whole message (``checked``: its size was bounded already) delivered to the session."""
        if not checked and len(data) > self.max_message:
            self._refuse(transport, WSCloseCode.MESSAGE_TOO_BIG, f"message over {self.max_message} bytes")
            return
        if not self._text:
            self._push({"type": "websocket.receive", "bytes": data})
            return
        try:
            text = data.decode()
        except UnicodeDecodeError:
            self._refuse(transport, WSCloseCode.INVALID_TEXT, "invalid UTF-8 in a text frame")
            return
        self._push({"type": "websocket.receive", "text": text})

    @staticmethod
    def _refuse(transport: WSTransport, code: WSCloseCode, reason: str) -> None:
        transport.send_close(code, reason.encode())
        transport.disconnect()

    def on_ws_disconnected(self, transport: WSTransport) -> None:
        self._gone = True
        if self._closer is not None:
            self._closer.cancel()
        self._connections.discard(self)
        self._push({"type": "websocket.disconnect", "code": 1006})
        self.resume_writing()

    def pause_writing(self) -> None:
        if self._paused is None:
            self._paused = asyncio.get_running_loop().create_future()

    def resume_writing(self) -> None:
        paused, self._paused = self._paused, None
        if paused is not None and not paused.done():
            paused.set_result(None)

    def shutdown(self) -> None:
        """uvicorn's shutdown, for a connection still open after the drain: close it with 1012."""
        self.shutdown_with(RESTART)

    # ---- what the session calls ---------------------------------------------------------------
    async def accept(self, subprotocol: str | None = None) -> None:
        """Nothing: picows answered the handshake (with the subprotocol) before the session started."""

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        await self._send({"type": "websocket.close", "code": code, "reason": reason or ""})

    async def _receive(self) -> Message:
        while not self._inbox:
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        return self._inbox.pop(0)

    receive = _receive  # the session reads through ``receive`` before its accept, ``_receive`` after

    def write_now(self, frame: str | bytes) -> bool:
        """Write one frame (``str``: text, ``bytes``: binary) at once, as `_send` would without waiting
        (`server.ws.conn.Conn.send` calls it, no coroutine per frame); False, and nothing written, while
        the transport is paused or once the peer is gone: `_send` then waits or raises."""
        transport = self.transport
        if self._paused is not None or self._gone or transport is None:
            return False
        if type(frame) is str:
            transport.send(WSMsgType.TEXT, frame.encode())
        else:
            transport.send(WSMsgType.BINARY, frame)
        return True

    async def _send(self, message: Message) -> None:
        """Write one ASGI ``websocket.send`` or ``websocket.close``; waits first while picows' transport
        is paused (as uvicorn's send does); raises ``OSError`` once the peer is gone."""
        if self._paused is not None:
            await asyncio.shield(self._paused)
        transport = self.transport
        if self._gone or transport is None:
            raise OSError("the websocket peer is gone")
        if message["type"] == "websocket.send":
            text = message.get("text")
            if text is not None:
                transport.send(WSMsgType.TEXT, text.encode())
            else:
                transport.send(WSMsgType.BINARY, message["bytes"])
        elif message["type"] == "websocket.close":
            self.shutdown_with(message.get("code", 1000), message.get("reason") or "")

    # ---- inside --------------------------------------------------------------------------------
    async def _run(self) -> None:
        """The session, then a close (1000) when it ended without one, as uvicorn does."""
        try:
            await self._endpoint(self)
        finally:
            self.shutdown_with(1000)

    def shutdown_with(self, code: int, reason: str = "") -> None:
        """Send a close (``code``, ``reason``) and wait for the peer's (`on_ws_frame` then disconnects)
        up to `CLOSE_TIMEOUT` seconds, as uvicorn does: a socket dropped at once would reset a client
        still writing, which loses the close frame."""
        transport = self.transport
        if transport is None or self._gone or transport.is_close_frame_sent:
            return
        transport.send_close(code, reason.encode())  # type: ignore[arg-type]  # any code, not only the enum's
        self._closer = asyncio.get_running_loop().call_later(CLOSE_TIMEOUT, transport.disconnect)

    def _push(self, message: Message) -> None:
        self._inbox.append(message)
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)

    def _client(self, transport: WSTransport) -> Address | None:
        peer = transport.underlying_transport.get_extra_info("peername")
        if not peer:
            return None
        forwarded = self.headers.get("x-forwarded-for")
        if forwarded and peer[0] in self._trusted:
            return Address(*self._trusted.get_trusted_client_address(forwarded))
        return Address(peer[0], peer[1])


class PicowsProtocol(WSProtocol):  # untyped: picows' compiled protocol
    """picows' server protocol, handed the connection by uvicorn's HTTP protocol at an upgrade:
    ``data_received`` takes the request bytes uvicorn replays (picows reads into its own buffer)."""

    def data_received(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            buffer = memoryview(self.get_buffer(len(view)))
            n = min(len(buffer), len(view))
            buffer[:n] = view[:n]
            self.buffer_updated(n)
            view = view[n:]


def picows_protocol(app: Any, settings: Settings) -> Callable[..., PicowsProtocol]:
    """uvicorn's ``ws`` protocol class for ``app`` (called as uvicorn calls one, per upgrade): picows with
    ``settings``' frame limit, pings, handshake deadline and trusted proxies (module docstring)."""
    from server.app import WS_ENDPOINT, WS_PATH  # the app module imports the session, as this one does

    limits = settings.limits
    trusted = TrustedProxies(settings.trusted_proxies)
    logger = logging.getLogger("picows.server")
    path = WS_PATH.encode()

    def make(config: Any, server_state: Any, app_state: Any) -> PicowsProtocol:
        def route(request: WSUpgradeRequest) -> Any:
            if request.path.partition(b"?")[0] != path:
                return None  # a 404, as the app's router answers an unknown path
            header = request.headers.get("sec-websocket-protocol", "")
            offered = [p.strip() for p in header.split(",") if p.strip()]
            sock = PicowsSocket(
                app, request, offered, server_state.connections, trusted, WS_ENDPOINT, limits.max_frame
            )
            chosen = negotiate(offered)
            if chosen is None:
                return sock
            response = WSUpgradeResponse.create_101_response({"Sec-WebSocket-Protocol": chosen})
            return WSUpgradeResponseWithListener(response, sock)

        return PicowsProtocol(
            None,  # host and port: a server side
            None,  # path
            False,  # client side
            route,
            logger,
            True,  # disconnect when a callback raises
            limits.header_timeout,  # the handshake
            True,  # pings
            limits.ping_interval,
            limits.ping_timeout,
            WSAutoPingStrategy.PING_PERIODICALLY,
            True,  # answer the client's pings
            limits.max_frame,
            None,  # extra headers
            2048,  # initial read buffer: picows' 16 KB default was 14 KB of RSS per connection more
        )

    return make
