"""The websocket protocol a worker runs under uvicorn by default: uvicorn's own sans-I/O one, kept lean.

uvicorn reads the HTTP request and hands an upgrade to its ``ws`` protocol class (`LeanWebSocket`, the
``ws`` setting of `server.process.serving.uvicorn_config`); websockets' sans-I/O `ServerProtocol` does the
handshake and the framing, as under uvicorn's ``websockets-sansio`` implementation, and the connection
speaks ASGI to the app as that one does (``receive``/``send``, the same close codes and errors). What it
does not keep, for each of a crowd of idle connections (docs/benchmarks.md, "Results of the sixth
round: memory per idle connection"):

- no `asyncio.Queue` and no `asyncio.Event` (four deques, ~3.8 KB): the messages received and not yet
  read are a list, and a future exists only while the app waits for one (`receive`) or while the
  transport paused writing (`send`);
- not the handshake: the request and response (websockets' two `Headers`, ~3 KB) are let go once the
  response is written (the frames go to a second `ServerProtocol`, made open, whose parser never held
  the request); the app reads what it needs of the scope's headers before its accept;
- slotted, no per-connection dict.

- no timer per connection: the pings of all of a server's connections are driven by one (`Keepalive`);
- no message dict and no coroutine per frame the session sends while writing is not paused
  (`LeanWebSocket.write_now`, which `server.ws.conn.Conn` calls);
- no unbounded control frames: past `CONTROL_BURST` pings and pongs within `CONTROL_WINDOW` seconds
  the peer is closed 4429 (the session's frame limit counts messages only);
- no unbounded answers: while a peer does not read what it is sent (the transport paused writing),
  only its last ping is answered, once writing resumes (each would add a pong to the buffer), and a
  close it never reads is cut off after `CLOSE_TIMEOUT`.

Behaviour as uvicorn's: a frame over ``ws_max_size`` closes with 1009, a text frame that is not UTF-8
with 1007, a ping every ``ws_ping_interval`` seconds (within a tick of at most a second) and a close
1011 when no pong came within ``ws_ping_timeout``; a close from the app before its accept is answered
403, an app that fails before its accept 500; at shutdown an open connection is closed 1012; reading
pauses while a message waits for the app. Not supported: permessage-deflate (off in every worker:
memory per connection) and the ASGI ``websocket.http.response`` extension (the app never denies with a
body).
"""

from __future__ import annotations

import asyncio
import logging
import math
import random
import struct
import weakref
from typing import Any
from urllib.parse import unquote

from websockets.exceptions import InvalidState
from websockets.frames import Frame, Opcode
from websockets.http11 import Request, Response
from websockets.protocol import OPEN
from websockets.server import ServerProtocol

log = logging.getLogger("uvicorn.error")

#: Seconds a close the app sent waits for the peer's close before the socket is dropped (uvicorn's).
CLOSE_TIMEOUT = 10.0
#: Control frames (pings and pongs) a peer may send within `CONTROL_WINDOW` seconds; past them it floods:
#: each costs a parse and a ping an answer, outside the session's frame limit (protocol/README.md).
CONTROL_BURST = 50
CONTROL_WINDOW = 10.0
#: Close code and reason of a control-frame flood (the session's own flood close: protocol/codes.py).
FLOOD, FLOOD_REASON = 4429, "flood: pings kept coming past the rate limit"


class Disconnected(OSError):
    """Raised by `LeanWebSocket.send` once the peer is gone (uvicorn's ``ClientDisconnected`` is one too)."""


class LeanWebSocket(asyncio.Protocol):
    """One upgraded connection (module docstring); made by uvicorn as its ``ws`` protocol class."""

    __slots__ = (
        "_app",
        "_closer",
        "_config",
        "_controls",
        "_controls_since",
        "_inbox",
        "_parts",
        "_ping_payload",
        "_pong",
        "_reader",
        "_response",
        "_server_state",
        "_text",
        "_tick",
        "_writable",
        "app_state",
        "client",
        "close_sent",
        "conn",
        "disconnected",
        "handshake_complete",
        "read_paused",
        "scope",
        "server",
        "transport",
    )

    def __init__(self, config: Any, server_state: Any, app_state: dict[str, Any], _loop: Any = None) -> None:
        if not config.loaded:
            config.load()
        self._config = config
        self._app = config.loaded_app
        self._server_state = server_state
        self.app_state = app_state
        self.transport: Any = None
        self.server: tuple[str, int | None] | None = None
        self.client: tuple[str, int] | None = None
        self.scope: dict[str, Any] | None = None
        self.conn = ServerProtocol(max_size=config.ws_max_size, logger=log)
        self.handshake_complete = False
        self.close_sent = False
        self.disconnected = False
        self.read_paused = False
        self._response: Response | None = None  # only between the upgrade and the app's accept
        self._inbox: list[dict[str, Any]] = []
        self._reader: asyncio.Future[None] | None = None  # while the app waits in `receive`
        self._writable: asyncio.Future[None] | None = None  # while the transport paused writing
        self._closer: asyncio.TimerHandle | None = None
        self._tick: int | None = None  # the `Keepalive` tick of its next ping, or of its pong's deadline
        self._ping_payload: bytes | None = None  # the ping sent and not answered yet
        self._pong: bytes | None = None  # the payload of the last ping received while writing paused
        self._parts: list[bytes | bytearray | memoryview] = []
        self._text = False
        self._controls = 0  # pings and pongs received since `_controls_since` (loop time, seconds)
        self._controls_since = 0.0

    # ---- asyncio's callbacks -----------------------------------------------------------------------
    def connection_made(self, transport: Any) -> None:
        self._server_state.connections.add(self)
        self.transport = transport
        self.server = _address(transport.get_extra_info("sockname"))
        peer = _address(transport.get_extra_info("peername"))
        self.client = (str(peer[0]), int(peer[1] or 0)) if peer is not None else None

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_keepalive()
        self._push({"type": "websocket.disconnect", "code": 1005 if self.handshake_complete else 1006})
        self._server_state.connections.discard(self)
        self.handshake_complete = self.disconnected = True
        self._response = None
        self.resume_writing()  # a send waiting for a transport lost while paused
        if self._closer is not None:
            self._closer.cancel()
            self._closer = None
        if exc is None:
            self.transport.close()

    def eof_received(self) -> None:
        pass

    def pause_writing(self) -> None:
        if self._writable is None:
            self._writable = asyncio.get_running_loop().create_future()

    def resume_writing(self) -> None:
        writable, self._writable = self._writable, None
        if writable is not None and not writable.done():
            writable.set_result(None)
        pong, self._pong = self._pong, None
        if pong is not None and not self.disconnected and not self.close_sent:
            self.conn.send_pong(pong)  # the answer to the last ping that came while it was paused
            self._flush()

    def data_received(self, data: bytes) -> None:
        conn = self.conn
        conn.receive_data(data)
        if conn.parser_exc is not None:
            self._parser_failed()
            return
        if conn.handshake_exc is not None and self.scope is None:
            self._handshake_failed()
            return
        for event in conn.events_received():
            if isinstance(event, Request):
                self._upgrade(event)
            elif isinstance(event, Frame):
                self._frame(event)
        self._flush()  # the pongs websockets queued for this read's pings, in one write

    def shutdown(self) -> None:
        """uvicorn's shutdown: an open connection is closed 1012, one not yet accepted answered 500."""
        self._stop_keepalive()
        if self.close_sent:
            if self._closer is not None:
                self._closer.cancel()
                self._closer = None
            self.transport.close()
            return
        if self.handshake_complete:
            self._push({"type": "websocket.disconnect", "code": 1012})
            self.conn.send_close(1012)
            self._flush()
        else:
            self._reject(500, "Internal Server Error")
        self.transport.close()

    # ---- the handshake -----------------------------------------------------------------------------
    def _upgrade(self, request: Request) -> None:
        response = self.conn.accept(request)
        if response.status_code != 101:
            self.handshake_complete = self.close_sent = True
            self.conn.send_response(response)
            self._flush()
            self.transport.close()
            return
        self._response = response
        raw_path, _, query = request.path.partition("?")
        subprotocols: list[str] = []
        for header in request.headers.get_all("Sec-WebSocket-Protocol"):
            subprotocols.extend(token.strip() for token in header.split(","))
        root = self._config.root_path
        self.scope = {
            "type": "websocket",
            "asgi": {"version": self._config.asgi_version, "spec_version": "2.4"},
            "http_version": "1.1",
            "scheme": "wss" if self.transport.get_extra_info("sslcontext") else "ws",
            "server": self.server,
            "client": self.client,
            "root_path": root,
            "path": root + unquote(raw_path),
            "raw_path": root.encode("ascii") + raw_path.encode("ascii"),
            "query_string": query.encode("ascii"),
            "headers": [(k.encode("ascii"), v.encode("latin-1")) for k, v in request.headers.raw_items()],
            "subprotocols": subprotocols,
            "state": self.app_state.copy(),
        }
        self._inbox.append({"type": "websocket.connect"})
        task = asyncio.get_running_loop().create_task(self._run())
        tasks = self._server_state.tasks
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    async def _run(self) -> None:
        try:
            result = await self._app(self.scope, self.receive, self.send)
        except Disconnected:
            pass
        except BaseException:
            log.exception("Exception in ASGI application\n")
            self._reject(500, "Internal Server Error")
        else:
            if not self.handshake_complete:
                log.error("ASGI callable returned without completing handshake.")
                self._reject(500, "Internal Server Error")
            elif result is not None:
                log.error("ASGI callable should return None, but returned '%s'.", result)
        if self._closer is None:
            self.transport.close()

    def _reject(self, status: int, text: str) -> None:
        """Answer the upgrade with ``status`` instead of 101 (nothing once the handshake is done)."""
        if self.handshake_complete:
            return
        self.handshake_complete = True
        self._response = None
        self.conn.send_response(self.conn.reject(status, text))
        self._flush()

    def _handshake_failed(self) -> None:
        # websockets could not parse the request: its 414/431 for a limit, else a 400 (as uvicorn)
        self.handshake_complete = self.close_sent = True
        output = b"".join(self.conn.data_to_send())
        if not output:
            output = self.conn.reject(
                400, "Failed to open a WebSocket connection: invalid request.\n"
            ).serialize()
        self.transport.write(output)
        self.transport.close()

    # ---- frames ------------------------------------------------------------------------------------
    def _frame(self, frame: Frame) -> None:
        opcode = frame.opcode
        if opcode is Opcode.TEXT or opcode is Opcode.BINARY:
            self._text, self._parts = opcode is Opcode.TEXT, [frame.data]
            if frame.fin:
                self._message()
        elif opcode is Opcode.CONT:
            self._parts.append(frame.data)
            if frame.fin:
                self._message()
        elif opcode is Opcode.PING or opcode is Opcode.PONG:
            if self._flooding():
                return
            if opcode is Opcode.PONG:
                self._ponged(bytes(frame.data))
            elif self._writable is not None:
                # The peer does not read: answering every ping would grow the transport's buffer by
                # what it sends. Only the last ping is answered, once writing resumes (RFC 6455 5.5.3).
                self.conn.data_to_send()
                self._pong = bytes(frame.data)
        elif opcode is Opcode.CLOSE:
            self._closed_by_peer()

    def _message(self) -> None:
        parts, self._parts = self._parts, []
        data = parts[0] if len(parts) == 1 else b"".join(parts)
        if self.close_sent:  # past the app's close: read on until the peer's close comes
            return
        if self._text:
            try:
                self._push({"type": "websocket.receive", "text": bytes(data).decode()})
            except UnicodeDecodeError:
                log.info("a text frame of %s was not UTF-8: closed 1007", _client(self.scope or {}))
                self.conn.send_close(1007)
                self._parser_failed()
                return
        else:
            self._push({"type": "websocket.receive", "bytes": bytes(data)})
        if not self.read_paused:  # one message at a time: the app reads it before the next comes in
            self.read_paused = True
            self.transport.pause_reading()

    def _flooding(self) -> bool:
        """Count a control frame; past `CONTROL_BURST` of them within `CONTROL_WINDOW` seconds the peer
        floods (each ping read and answered would cost the other rooms of the worker): True, and the
        connection is closed 4429, the pings of that read unanswered (`data_received` writes a read's
        pongs once it handled every frame)."""
        now = asyncio.get_running_loop().time()
        if now - self._controls_since > CONTROL_WINDOW:
            self._controls, self._controls_since = 0, now
        self._controls += 1
        if self._controls <= CONTROL_BURST:
            return False
        if not self.close_sent:
            self.conn.data_to_send()  # the pongs websockets queued for them
            self.conn.fail(FLOOD, FLOOD_REASON)  # the rest of what the peer sends is discarded unread
            if self.conn.close_sent is not None:
                self._parser_failed()
            else:  # not accepted yet: no close frame to send
                self.close_sent = True
                self._end()
        return True

    def _closed_by_peer(self) -> None:
        if self.close_sent:  # the peer's answer to our close: the closing handshake is complete
            if self._closer is not None:
                self._closer.cancel()
                self._closer = None
                self.transport.close()
            return
        if not self.transport.is_closing():
            close = self.conn.close_rcvd
            assert close is not None
            self._push({"type": "websocket.disconnect", "code": close.code, "reason": close.reason})
            self._flush()  # websockets' answering close
            self.transport.close()

    def _parser_failed(self) -> None:
        close = self.conn.close_sent
        assert close is not None
        self._push({"type": "websocket.disconnect", "code": close.code, "reason": close.reason})
        self._flush()
        self.close_sent = True
        self._end()

    def _end(self) -> None:
        """Closes the transport once what it buffered is written; a peer that does not read it (a full
        buffer never drains) is cut off after `CLOSE_TIMEOUT` seconds."""
        self._closer = None
        self.transport.close()
        if self.transport.get_write_buffer_size():
            self._closer = asyncio.get_running_loop().call_later(CLOSE_TIMEOUT, self.transport.abort)

    def _flush(self) -> None:
        output = self.conn.data_to_send()
        if output:
            self.transport.write(b"".join(output))

    # ---- keepalive ---------------------------------------------------------------------------------
    def _start_keepalive(self) -> None:
        interval = self._config.ws_ping_interval
        if interval is not None and interval > 0:
            self._tick = keepalive(self._config).add(self, interval)

    def _stop_keepalive(self) -> None:
        if self._tick is not None:
            keepalive(self._config).remove(self, self._tick)
        self._tick = self._ping_payload = None

    def keepalive_due(self) -> None:
        """Its `Keepalive` tick came: the next ping, or the deadline of the pong of the last one."""
        self._tick = None
        if self._ping_payload is None:
            self._send_ping()
        else:
            self._pong_missing()

    def _send_ping(self) -> None:
        if self.close_sent or self.transport.is_closing():
            return
        # a random payload names this ping: a stale or unsolicited pong does not answer it
        self._ping_payload = struct.pack("!I", random.getrandbits(32))
        self.conn.send_ping(self._ping_payload)
        self._flush()
        timeout = self._config.ws_ping_timeout
        if timeout is not None:
            self._tick = keepalive(self._config).add(self, timeout)
        else:
            self._ping_payload = None
            self._start_keepalive()

    def _ponged(self, payload: bytes) -> None:
        if self._ping_payload is None or payload != self._ping_payload:
            return
        self._stop_keepalive()  # the pong's deadline
        self._start_keepalive()

    def _pong_missing(self) -> None:
        self._ping_payload = None
        if self.close_sent or self.transport.is_closing():
            return
        self.conn.fail(1011, "keepalive ping timeout")
        self._flush()
        self.close_sent = True
        self._end()

    # ---- ASGI --------------------------------------------------------------------------------------
    def _push(self, message: dict[str, Any]) -> None:
        self._inbox.append(message)
        reader = self._reader
        if reader is not None and not reader.done():
            reader.set_result(None)

    async def receive(self) -> dict[str, Any]:
        inbox = self._inbox
        while not inbox:
            self._reader = asyncio.get_running_loop().create_future()
            try:
                await self._reader
            finally:
                self._reader = None
        message = inbox.pop(0)
        if self.read_paused and not inbox:
            self.read_paused = False
            self.transport.resume_reading()
        return message

    async def send(self, message: dict[str, Any]) -> None:
        if self._writable is not None:
            await asyncio.shield(self._writable)
        if self.disconnected:
            raise Disconnected("the websocket peer is gone")
        kind = message["type"]
        if not self.handshake_complete:
            if kind == "websocket.accept":
                self._accept(message)
            elif kind == "websocket.close":
                self._push({"type": "websocket.disconnect", "code": 1006})
                self._reject(403, "")
                self.close_sent = True
                self.transport.close()
            else:
                raise RuntimeError(
                    f"Expected ASGI message 'websocket.accept' or 'websocket.close', but got '{kind}'."
                )
        elif not self.close_sent:
            try:
                if kind == "websocket.send":
                    data = message.get("bytes")
                    if data is not None:
                        self.conn.send_binary(data)
                    else:
                        text = message.get("text")
                        if text is not None:
                            self.conn.send_text(text.encode())
                    self._flush()
                elif kind == "websocket.close":
                    if not self.transport.is_closing():
                        code, reason = message.get("code", 1000), message.get("reason") or ""
                        self._push({"type": "websocket.disconnect", "code": code, "reason": reason})
                        self.conn.send_close(code, reason)
                        self._flush()
                        self.close_sent = True
                        if self.read_paused:
                            self.read_paused = False
                            self.transport.resume_reading()
                        self._closer = asyncio.get_running_loop().call_later(CLOSE_TIMEOUT, self._end)
                else:
                    raise RuntimeError(
                        f"Expected ASGI message 'websocket.send' or 'websocket.close', but got '{kind}'."
                    )
            except InvalidState:
                raise Disconnected("the websocket is closing") from None
        else:
            raise RuntimeError(f"Unexpected ASGI message '{kind}', after sending 'websocket.close'.")

    def write_now(self, frame: str | bytes) -> bool:
        """Write one frame (``str``: text, ``bytes``: binary) at once, as `send` would without its message
        dict and coroutine (`server.ws.conn.Conn.send` calls it); False, and nothing written, while the
        transport paused writing, before the accept, past a close (either side's) or once the peer is
        gone: the frame then takes `send`, which waits or raises."""
        conn = self.conn
        # not OPEN: not accepted (the handshake's protocol), or a close sent; closing: the peer's
        # close answered, or a shutdown
        if (
            self._writable is not None
            or self.disconnected
            or conn.state is not OPEN
            or self.transport.is_closing()
        ):
            return False
        if isinstance(frame, str):
            conn.send_text(frame.encode())
        else:
            conn.send_binary(frame)
        self._flush()
        return True

    def _accept(self, message: dict[str, Any]) -> None:
        response, self._response = self._response, None  # the handshake is not kept past this
        assert response is not None and self.scope is not None
        scope = self.scope
        log.info('%s - "WebSocket %s" [accepted]', _client(scope), _path(scope))
        headers = [
            (name.decode("latin-1").lower(), value.decode("latin-1"))
            for name, value in (self._server_state.default_headers + list(message.get("headers", [])))
        ]
        subprotocol = message.get("subprotocol")
        if subprotocol:
            headers.append(("Sec-WebSocket-Protocol", subprotocol))
        del response.headers["Date"]
        response.headers.update(headers)
        if not self.transport.is_closing():
            self.handshake_complete = True
            self.conn.send_response(response)
            self._flush()
            # The handshake's protocol keeps the parsed request (its parser's frame holds it) for as
            # long as the connection: the frames go to a protocol made open, which never saw it.
            self.conn = ServerProtocol(state=OPEN, max_size=self._config.ws_max_size, logger=log)
            self._start_keepalive()


class Keepalive:
    """The pings of every connection of one server, on one timer: a connection waits in the set of the
    tick its next ping (or its pong's deadline) falls in, ticks `step` seconds apart, instead of holding
    a timer of its own (a timer handle and libuv's timer, ~550 bytes a connection)."""

    __slots__ = ("_due", "_loop", "_step", "_timer")

    def __init__(self, loop: asyncio.AbstractEventLoop, step: float) -> None:
        self._loop, self._step = loop, step
        self._due: dict[int, set[LeanWebSocket]] = {}
        self._timer: asyncio.TimerHandle | None = None

    def add(self, conn: LeanWebSocket, seconds: float) -> int:
        """``conn.keepalive_due()`` in ``seconds`` (rounded up to a tick); the tick, for `remove`."""
        tick = math.ceil((self._loop.time() + seconds) / self._step)
        self._due.setdefault(tick, set()).add(conn)
        if self._timer is None:
            self._timer = self._loop.call_later(self._step, self._run)
        return tick

    def remove(self, conn: LeanWebSocket, tick: int) -> None:
        due = self._due.get(tick)
        if due is not None:
            due.discard(conn)
            if not due:
                del self._due[tick]

    def _run(self) -> None:
        self._timer = None
        now = math.floor(self._loop.time() / self._step)
        for tick in [t for t in self._due if t <= now]:
            for conn in self._due.pop(tick):
                try:
                    conn.keepalive_due()
                except Exception:  # one broken connection must not stop everyone's pings
                    log.exception("websocket keepalive failed")
        if self._due and self._timer is None:
            self._timer = self._loop.call_later(self._step, self._run)


#: Each server's `Keepalive` (by its uvicorn configuration: one server, one event loop).
_KEEPALIVES: weakref.WeakKeyDictionary[Any, Keepalive] = weakref.WeakKeyDictionary()


def keepalive(config: Any) -> Keepalive:
    """The `Keepalive` of the server of ``config``: ticks of a quarter of its ping interval or timeout,
    at most a second (a ping every 20 s goes out within a second of its time)."""
    found = _KEEPALIVES.get(config)
    if found is None or found._loop is not asyncio.get_running_loop():
        times = [t for t in (config.ws_ping_interval, config.ws_ping_timeout) if t]
        step = min([1.0, *(t / 4 for t in times)])
        found = _KEEPALIVES[config] = Keepalive(asyncio.get_running_loop(), step)
    return found


def _address(info: Any) -> tuple[str, int | None] | None:
    if isinstance(info, tuple) and len(info) >= 2:
        return str(info[0]), int(info[1])
    if isinstance(info, str) and info:
        return info, None
    return None


def _client(scope: dict[str, Any]) -> str:
    client = scope.get("client")
    return f"{client[0]}:{client[1]}" if client else ""


def _path(scope: dict[str, Any]) -> str:
    path: str = scope["raw_path"].decode("latin1")
    return f"{path}?{scope['query_string'].decode('ascii')}" if scope["query_string"] else path
