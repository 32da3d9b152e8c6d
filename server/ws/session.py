"""The ``/ws`` endpoint: one session per connection (DESIGN "The server", protocol/codes.py).

hello -> welcome -> snapshots (or the missed updates) -> then ``act``/``sync``/``ping`` until the client
leaves. Blame decides the answer: a refused action or a malformed frame is an `Error` (the connection
stays); a bad hello, token or room, an oversized frame, a flood or a client too slow to read closes the
connection with its code; our own bug is logged and closes with 1011. Bad input changes no state.

A store outage (Redis unreachable, `server.store.outage`) is neither: an action gets ``store/unavailable``
(the connection stays; the client resends it with the same id), a hello that cannot be answered closes with
1013 "try again later", and the worker logs one line per outage, not a traceback per request.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine
from typing import Any

from starlette.types import Receive
from starlette.websockets import WebSocket

from games.engine.errors import IllegalAction
from protocol import PROTOCOL_MAJOR
from protocol.codec import Frame, FrameError, codec_for, negotiate
from protocol.messages import Ack, Act, Error, Hello, Ping, Pong, ServerMsg, Sync, Welcome
from server.errors import Refused
from server.lobby.lobby import seat_of
from server.lobby.ratelimit import TokenBucket
from server.play.presence import seats_back
from server.play.step import ActRequest
from server.services import Services
from server.store.model import RoomMeta
from server.store.outage import MESSAGE, OUTAGE_ERRORS, UNAVAILABLE, outage_of, unavailable
from server.ws.acks import Acks
from server.ws.conn import TOO_SLOW, Conn

log = logging.getLogger("boardroom.ws")

#: Close code (RFC 6455 "try again later") and reason of a hello the store could not answer.
TRY_AGAIN = 1013
TRY_AGAIN_REASON = "store unreachable; reconnect and resume"
#: Reason of the close (1013) of a websocket past the worker's ``max_connections``.
FULL_REASON = "worker full: too many connections; reconnect (to another worker)"
#: Close code of a hello refused because its client is out of failed token checks (a token guesser).
GUESSING = 4429
#: Seconds the end of a session waits for a close under way to be sent (`Conn.close`).
CLOSE_WAIT = 2.0


def websocket_endpoint(ws: WebSocket) -> Coroutine[Any, Any, None]:
    """Starlette's handler of ``/ws``: the session's own coroutine, so no frame of its own stays alive
    for each connection."""
    return Session(ws, ws.app.state.services).run()


class Session:
    """One connection's session; slotted, as one lives per connection (2,000 spectators, 2,000 of them)."""

    __slots__ = (
        "_held",
        "_reader",
        "_receive_asgi",
        "_stopped",
        "actions",
        "conn",
        "frames",
        "holds",
        "limits",
        "outage",
        "services",
        "syncs",
        "ws",
    )

    def __init__(self, ws: WebSocket, services: Services) -> None:
        self.ws = ws
        self.services = services
        self.limits = services.settings.limits
        clock = services.clock
        self.frames = TokenBucket(self.limits.frames_per_second, self.limits.frame_burst, clock)
        self.actions = TokenBucket(self.limits.actions_per_second, self.limits.action_burst, clock)
        self.syncs = TokenBucket(self.limits.syncs_per_second, self.limits.sync_burst, clock)
        self.conn: Conn | None = None
        self.holds: dict[int, str | None] = {}
        self.outage = outage_of(services.store)
        self._receive_asgi: Receive = ws.receive
        self._reader: asyncio.Task[Any] | None = None  # this session's task while it reads
        self._stopped = False  # `_stop_reading` cancelled it
        self._held: list[Frame] | None = None  # answers waiting for the hello's catch-up (`_send`)

    async def run(self) -> None:
        """The connection, counted in ``boardroom_connections`` while it runs and, once it ended, towards
        the next trim of the allocator's free pages (`server.ops.trimmer.Trimmer`). One coroutine for
        all of it (not one per step): each stays alive for as long as the connection."""
        services = self.services
        services.metrics.connections.inc()
        try:
            origins = services.settings.origins
            origin = self.ws.headers.get("origin")
            # nothing reads the handshake's headers past this: an idle connection does not keep them (the
            # scope's list, which the `Headers` read above holds too; docs/benchmarks.md, sixth round)
            raw = self.ws.scope.get("headers")
            if raw is not None:
                raw.clear()
            subprotocol = negotiate(self.ws.scope.get("subprotocols", []))
            await self.ws.accept(subprotocol=subprotocol)
            if origins is not None and origin is not None and origin not in origins:
                await self.ws.close(1008, "origin not allowed")
                return
            services.sockets += 1
            try:
                if services.sockets > self.limits.max_connections:
                    await self.ws.close(TRY_AGAIN, FULL_REASON)
                    return
                await self._run(subprotocol)
            finally:
                services.sockets -= 1
        finally:
            services.metrics.connections.dec()
            services.trimmer.ended()

    async def _run(self, subprotocol: str | None) -> None:
        # Past the accept, frames go straight to the ASGI server's send and receive: Starlette's
        # `WebSocket.send`/`receive` only re-check the message order, which `Conn` and this session keep
        # (nothing is sent after a close, nothing received after the disconnect), and turn the server's
        # OSError for a peer already gone into WebSocketDisconnect, which `Conn` catches as any error.
        self._receive_asgi = self.ws._receive
        conn = self.conn = Conn(
            self.ws._send,
            codec_for(subprotocol),
            self.limits.send_queue,
            self.limits.send_queue_bytes,
            on_done=self._stop_reading,
        )
        # The reader runs in this (the server's) task; `conn.done` cancels it (`_stop_reading`): no task
        # of its own, nor one waiting for `done`, per connection.
        task = self._reader = asyncio.current_task()
        assert task is not None
        try:
            await self._guarded()
        except asyncio.CancelledError:
            if not self._stopped or task.uncancel() > 0:  # not (only) ours: the server's own cancellation
                raise
        finally:
            self._reader = None
            await self.services.hub.leave(conn)
            if conn.closing is not None and not conn.done.is_set():
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(CLOSE_WAIT):
                        await conn.done.wait()
            await conn.stop()

    def _stop_reading(self) -> None:
        """``conn.done`` was set (closed, or the peer left mid-send): end the read loop where it waits."""
        if self._reader is not None:
            self._stopped = True
            self._reader.cancel()

    async def _guarded(self) -> None:
        assert self.conn is not None
        try:
            await self._serve()
        except Exception as exc:
            if unavailable(exc):  # the hello's reads (an action's are answered in `_act`)
                self.outage.failed(exc)
                self.conn.close(TRY_AGAIN, TRY_AGAIN_REASON)
                await self.conn.done.wait()
                return
            log.exception("websocket session failed")
            self.conn.close(1011, "internal error; reconnect and resume")
            await self.conn.done.wait()

    def _send(self, msg: ServerMsg) -> None:
        """Send ``msg``, or hold it while the hello's catch-up is not sent yet: the welcome and the
        snapshots (or missed updates) always come first, before the answer to any frame sent after the
        hello (an act's error arrived before the snapshot). Held past the send queue's bound: 4408."""
        conn = self.conn
        assert conn is not None
        frame = conn.codec.encode_server(msg)
        if self._held is None:
            conn.send(frame)
        elif len(self._held) < self.limits.send_queue:
            self._held.append(frame)
        else:
            conn.close(TOO_SLOW, "too slow: the send queue is full")

    def _shown(self) -> None:
        """The hello's catch-up was sent: the answers held meanwhile follow, in order."""
        held, self._held = self._held or [], None
        if self.conn is not None:
            for frame in held:
                self.conn.send(frame)

    async def _receive(self) -> str | bytes | None:
        """The next frame, or ``None`` once the peer left or the frame was too big (closed 1009)."""
        assert self.conn is not None
        message = await self._receive_asgi()
        if message["type"] == "websocket.disconnect":
            return None
        limit = self.limits.max_frame
        data: str | bytes
        text: str | None = message.get("text")
        if text is not None:  # UTF-8 takes 1 to 4 bytes a character: encode only when the length cannot tell
            data, chars = text, len(text)
            too_big = chars > limit or (4 * chars > limit and len(text.encode()) > limit)
        else:
            data = message.get("bytes") or b""
            too_big = len(data) > limit
        if too_big:
            self.conn.close(1009, f"frame over {limit} bytes")
            return None
        return data

    async def _serve(self) -> None:
        assert self.conn is not None
        if not await self._hello():
            return
        while self.conn.closing is None:
            data = await self._receive()
            if data is None:
                return
            if not self.frames.take():
                self._limited(self.frames, "frames")
                continue
            try:
                msg = self.conn.codec.decode_client(data)
            except FrameError as exc:
                self._send(exc.to_error())
                continue
            await self._dispatch(msg)

    def _limited(self, bucket: TokenBucket, what: str, act: Act | None = None) -> None:
        """``rate/limited`` for a frame ``bucket`` refused (``what``: frames, actions, syncs); a flood of
        refusals closes the connection 4429."""
        assert self.conn is not None
        if bucket.refused > self.limits.flood_after:
            self.conn.close(4429, "flood: frames kept coming past the rate limit")
            return
        self._send(
            Error(
                "rate/limited",
                f"too many {what}; slow down",
                act.id if act else None,
                act.seat if act else None,
            )
        )

    async def _hello(self) -> bool:
        conn = self.conn
        assert conn is not None
        timeout = self.limits.hello_timeout
        try:
            async with asyncio.timeout(timeout):  # not wait_for: on Python 3.11 that is one more task
                data = await self._receive()
        except TimeoutError:
            conn.close(4400, f"no hello within {timeout:g} s")
            return False
        if data is None:
            return False
        try:
            hello = conn.codec.decode_client(data)
        except FrameError as exc:
            if exc.msg_type == "hello":  # a hello, with a field missing or of the wrong type
                conn.close(4400, f"invalid hello: {exc.message}"[:120])
                return False
            hello = None
        if not isinstance(hello, Hello):
            conn.close(4400, "the first frame must be a hello")
            return False
        if hello.v != PROTOCOL_MAJOR:
            conn.close(4400, f"unsupported protocol major {hello.v}; this server speaks {PROTOCOL_MAJOR}")
            return False
        meta = await self.services.store.get_meta(hello.room)
        if meta is None:
            conn.close(4404, "room not found")
            return False
        seats = self._hold(meta, hello.tokens)
        if seats is None:
            return False
        conn.room, conn.seats = meta.room, seats
        conn.viewers = list(seats) if seats else [None]
        if hello.acks == "update":
            conn.acks = Acks()
        if seats and meta.status == "running":  # its player is here: an away seat is back at once
            await seats_back(self.services.rooms, meta.room, seats)
        loaded = await self.services.store.get_state(meta.room)
        version, epoch = (loaded.version, loaded.epoch) if loaded else (-1, "")
        self._send(
            Welcome(meta.room, meta.game, seats, version, epoch, PROTOCOL_MAJOR, self.limits.max_frame)
        )
        self._held = []
        try:
            await self.services.hub.join(conn, meta, hello.since, self._shown)
        except OUTAGE_ERRORS as exc:
            # only its "last seen" touch failed (the viewer is in and its catch-up queued, which waits
            # for the store); the scheduler's heartbeat touches the room again
            self.outage.failed(exc, refused=False)
        return True

    def _hold(self, meta: RoomMeta, tokens: list[str]) -> list[int] | None:
        """The seats ``tokens`` hold in ``meta``'s room (kept in ``holds``: seat -> the token hash it was
        claimed with; a seat freed or claimed again before the start no longer matches it, and the
        action path refuses), or ``None`` once the connection is closing: 4401 for a token that is not
        valid (one of the client's failed token checks), 4429 while the client has none left."""
        assert self.conn is not None
        failures = self.services.throttles.token_failures
        client = self.ws.client.host if self.ws.client is not None else ""
        try:
            if tokens:
                failures.check(client)
            self.holds = {r.seat: r.token_hash for r in (seat_of(meta, token) for token in tokens)}
        except Refused as exc:
            if exc.code == "rate/limited":
                retry = exc.details["retry_after"]
                self.conn.close(GUESSING, f"too many failed token checks; retry in {retry} s")
                return None
            failures.spend(client)
            self.conn.close(4401, "a token is not valid for this room")
            return None
        return sorted(self.holds)

    async def _dispatch(self, msg: Any) -> None:
        assert self.conn is not None
        if isinstance(msg, Act):
            if not self.actions.take():
                self._limited(self.actions, "actions", msg)
                return
            answer = await self._act(msg)
            if answer is not None:
                self._send(answer)
        elif isinstance(msg, Ping):
            self._send(Pong(msg.n))
        elif isinstance(msg, Sync):
            if self.syncs.take():
                self.services.hub.resync(self.conn, msg.since)
            else:
                self._limited(self.syncs, "syncs")
        elif isinstance(msg, Hello):
            self._send(Error("hello/repeated", "hello was already received on this connection"))

    async def _act(self, msg: Act) -> Ack | Error | None:
        """The answer to ``msg``; ``None`` when its ack travels inside an update (`server.ws.acks`): the
        committed change names this connection, and the room's fan-out writes the ack."""
        assert self.conn is not None
        answer = await self._apply(msg)
        if self.conn.acks is not None and isinstance(answer, Ack) and not answer.duplicate:
            return None
        return answer  # refusals and resends of an applied id are answered at once, as without it

    async def _apply(self, msg: Act) -> Ack | Error:
        assert self.conn is not None
        if msg.seat not in self.conn.seats:
            return Error(
                "act/seat_not_held", "this connection holds no token for that seat", msg.id, msg.seat
            )
        if not 1 <= len(msg.id) <= 64:
            return Error("act/id_invalid", "action ids are 1 to 64 characters", msg.id[:64], msg.seat)
        started = self.outage.now()
        origin = self.conn if self.conn.acks is not None else None  # who the fan-out acks inside updates
        request = ActRequest(
            self.conn.room, msg.seat, msg.action, "player", msg.id, self.holds[msg.seat], msg.prompt, origin
        )
        try:
            acted = await self.services.rooms.act(request)
        except OUTAGE_ERRORS as exc:
            return self._unavailable(exc, msg)
        except (IllegalAction, Refused) as exc:
            return Error(exc.code, exc.message, msg.id, msg.seat, exc.details)
        self.outage.recovered(started)
        return Ack(msg.id, msg.seat, acted.version, acted.duplicate)

    def _unavailable(self, exc: BaseException, msg: Act) -> Error:
        """``store/unavailable`` for ``msg``: its action token is given back (the resends of an outage
        must not meet ``rate/limited`` once the store is back; the frame bucket still bounds them)."""
        self.outage.failed(exc)
        self.actions.give_back()
        return Error(UNAVAILABLE, MESSAGE, msg.id, msg.seat)
