"""One websocket connection's sending side: frames written at once, a bounded queue behind a paused socket.

`Conn.send` never awaits. When nothing is pending it writes the frame at once, through the ASGI server's
``send``: uvicorn's completes without suspending while its transport accepts data. Only when a send
suspends (the transport paused writing: the client does not read fast enough) does a drain task finish
it and then write, in order, the frames queued behind it meanwhile; the next frame after the queue ran
empty is written at once again. No task per frame, and none per connection while the client keeps up.

The frames handed to `send` and not yet taken by the transport are bounded in frames and in bytes: past
the bound the connection is too slow and is closed with 4408 at once, its queued frames dropped; the
client resumes later. A frame counts until the transport took it, uvicorn pauses writing above its
high-water mark, and the kernel's own send buffer is kept small by the ``send_buffer`` setting
(`limit_send_buffer`), so the bound holds end to end.

A transport that can take a frame without a coroutine (``write_now``, found on the object whose bound
``send`` the connection was given: `server.ws.lean`'s protocol, the default, and `server.ws.picows`'
socket) is written to directly while nothing is pending: no message dict, coroutine or awaitable per
frame. It answers False while it paused writing or once the peer is gone, and the frame then takes the
ASGI path above (which waits, or fails as before).

Each viewer the connection shows has the last version sent (``versions``), so the hub never sends a step
twice nor skips one silently. A connection whose hello asked for acks inside updates has its `Acks`.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import socket
from collections.abc import Awaitable, Callable, Generator
from typing import Any

from starlette.types import Message, Send

from protocol.codec import Codec, Frame
from protocol.fanout import Viewer
from server.ws.acks import Acks

log = logging.getLogger("boardroom.ws")

#: Close code for a client that does not drain its queue (protocol/codes.py CLOSES).
TOO_SLOW = 4408
#: Seconds a close may wait for a paused transport before the connection counts as done anyway.
CLOSE_TIMEOUT = 2.0


class Conn:
    """A connection to ``room`` showing ``viewers`` (its seats, or ``[None]`` for a spectator).

    ``send`` is the ASGI send callable of the websocket (after its ``websocket.accept``); ``queue_size``
    and ``queue_bytes`` bound the frames pending (`send`). ``on_done``, when given, is called once from
    the event loop (never from inside `send`) after ``done`` was set: the connection was closed, or the
    peer went away mid-send.
    """

    __slots__ = (
        "_asgi",
        "_bytes",
        "_closer",
        "_drain",
        "_frames",
        "_max_bytes",
        "_max_frames",
        "_on_done",
        "_reason",
        "_waiting",
        "_write",
        "acks",
        "closing",
        "codec",
        "done",
        "room",
        "seats",
        "versions",
        "viewers",
    )

    def __init__(
        self,
        send: Send,
        codec: Codec,
        queue_size: int,
        queue_bytes: int = 1 << 20,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        self._asgi = send
        #: the transport's synchronous write (``write_now(frame) -> bool``), when its class has one
        owner: Any = getattr(send, "__self__", None)
        self._write: Callable[[Frame], bool] | None = (
            owner.write_now if hasattr(type(owner), "write_now") else None
        )
        self.codec = codec
        self.room = ""
        self.seats: list[int] = []
        self.viewers: list[Viewer] = []
        self.versions: dict[Viewer, int] = {}
        #: the acks not yet written when the hello asked them inside updates (`server.ws.acks`), else None
        self.acks: Acks | None = None
        self.closing: int | None = None
        self._reason = ""
        self._max_frames, self._max_bytes = queue_size, queue_bytes
        # pending: handed to `send`, not yet taken by the transport (the one being written included)
        self._frames = self._bytes = 0
        # while a send is suspended: the frames queued behind it, and the task writing them all
        self._waiting: collections.deque[Frame] | None = None
        self._drain: asyncio.Task[None] | None = None
        self._closer: asyncio.Task[None] | None = None
        self._on_done = on_done
        self.done = Done()

    def send(self, frame: Frame) -> None:
        """Write one frame (``str``: text, ``bytes``: binary) now, or queue it behind a paused socket.
        Past the bound (frames not yet taken by the transport, or their size: bytes, characters of a text
        frame) the connection is closed 4408. Ignored once closing or done."""
        if self.closing is not None or self.done.is_set():
            return
        size = len(frame)
        if self._frames >= self._max_frames or self._bytes + size > self._max_bytes:
            self.close(TOO_SLOW, "too slow: the send queue is full")
            return
        self._frames, self._bytes = self._frames + 1, self._bytes + size
        if self._waiting is not None:
            self._waiting.append(frame)  # after the frames already pending, in order
            return
        if self._write is not None and self._write(frame):
            self._frames, self._bytes = self._frames - 1, self._bytes - size
            return
        try:
            rest = started(self._asgi(message(frame)))
        except Exception:  # the peer went away (uvicorn raises at once): the reader sees the disconnect
            self._finish()
            return
        if rest is None:
            self._frames, self._bytes = self._frames - 1, self._bytes - size
        else:
            self._waiting = collections.deque()
            self._drain = asyncio.ensure_future(self._drain_after(rest, size, self._waiting))

    def close(self, code: int, reason: str = "") -> None:
        """Close with ``code`` and ``reason`` (at most 123 bytes of UTF-8) after the frames already queued
        (a too-slow client gets none of them)."""
        if self.closing is not None:
            return
        self.closing = code
        if code == TOO_SLOW:  # drop what is pending and close now
            if self._drain is not None:
                self._drain.cancel()
            self._waiting = None
        elif self._waiting is not None:  # the drain closes once the queued frames are written
            self._reason = reason
            return
        if not self.done.is_set():
            self._closer = asyncio.ensure_future(self._close_now(code, reason))

    async def _drain_after(self, rest: Awaitable[None], size: int, waiting: collections.deque[Frame]) -> None:
        """Finish the suspended send (``rest``, of a frame of ``size``), write the frames queued behind it
        (``waiting``, also those `send` adds meanwhile), then the close asked for meanwhile (`close`)."""
        try:
            await rest
            self._frames, self._bytes = self._frames - 1, self._bytes - size
            while waiting:
                frame = waiting[0]  # pending until the transport took it
                await self._asgi(message(frame))
                waiting.popleft()
                self._frames, self._bytes = self._frames - 1, self._bytes - len(frame)
        except Exception:  # the peer went away mid-send: the reader sees the disconnect
            self._waiting = None
            self._finish()
            return
        self._waiting = self._drain = None  # nothing pending: the next frame is written at once again
        if self.closing is not None:
            await self._close_now(self.closing, self._reason)

    async def _close_now(self, code: int, reason: str = "") -> None:
        with contextlib.suppress(Exception):  # a peer already gone, or a transport paused past the timeout
            async with asyncio.timeout(CLOSE_TIMEOUT):
                await self._asgi({"type": "websocket.close", "code": code, "reason": reason})
        self._finish()

    def _finish(self) -> None:
        if self.done.is_set():
            return
        self.done.set()
        if self._on_done is not None:
            asyncio.get_running_loop().call_soon(self._on_done)

    async def stop(self) -> None:
        """Stop writing (the session ended): frames not yet written are dropped, later ones ignored, and
        ``done`` is set (``on_done`` is not called)."""
        self._on_done = None
        self.done.set()
        if self._drain is not None:
            self._drain.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._drain
        self._waiting = None

    def queued(self) -> int:
        """Frames handed to `send` and not yet taken by the transport (the one being written included)."""
        return self._frames


class Done:
    """Set once, never cleared: ``is_set``, ``set`` and ``wait`` as in `asyncio.Event`, without the deque
    an Event allocates up front (~1 KB, for each connection); a future exists only while one waits."""

    __slots__ = ("_set", "_waiter")

    def __init__(self) -> None:
        self._set = False
        self._waiter: asyncio.Future[None] | None = None

    def is_set(self) -> bool:
        return self._set

    def set(self) -> None:
        self._set = True
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)

    async def wait(self) -> None:
        """Return once set (at once if it is)."""
        if self._set:
            return
        if self._waiter is None:
            self._waiter = asyncio.get_running_loop().create_future()
        await asyncio.shield(self._waiter)  # one waiter cancelled must not cancel the others' future


def message(frame: Frame) -> Message:
    """The ASGI ``websocket.send`` message of ``frame`` (``str``: text, ``bytes``: binary)."""
    if isinstance(frame, str):
        return {"type": "websocket.send", "text": frame}
    return {"type": "websocket.send", "bytes": frame}


def started(awaitable: Awaitable[None]) -> Awaitable[None] | None:
    """Run ``awaitable`` (a coroutine) now, up to its first suspension: ``None`` when it completed without
    suspending, else an awaitable of the rest (awaited in a task: it waits for what the first step
    waited for, then goes on). Raises what the first step raised."""
    steps = awaitable.__await__()
    try:
        first = next(steps)  # not ``send(None)``: granian's awaitable is an iterator, not a generator
    except StopIteration:
        return None
    return _Rest(steps, first)


class _Rest:
    """The rest of a coroutine started by hand (`started`): ``first`` is what its first step yielded
    to the event loop (a future it waits for), handed on to the task that awaits this."""

    __slots__ = ("_first", "_steps")

    def __init__(self, steps: Generator[Any, Any, None], first: Any) -> None:
        self._steps, self._first = steps, first

    def __await__(self) -> Generator[Any, Any, None]:
        steps, signal = self._steps, self._first
        if not isinstance(steps, Generator):  # an iterator over a future (granian's): only ``next``
            while True:
                yield signal
                try:
                    signal = next(steps)
                except StopIteration:
                    return
        while True:
            try:
                sent = yield signal
            except GeneratorExit:
                steps.close()
                raise
            except BaseException as exc:  # the awaiting task was cancelled: pass it on
                try:
                    signal = steps.throw(exc)
                except StopIteration:
                    return
            else:
                try:
                    signal = steps.send(sent)
                except StopIteration:
                    return


def limit_send_buffer(sock: socket.socket, size: int) -> None:
    """Set ``sock``'s kernel send buffer to ``size`` bytes (the kernel doubles it); 0 leaves it alone.

    Call it on the listening socket: on Linux every accepted connection inherits it. Without it the
    kernel auto-tunes each connection's buffer up to MBs, which a client that stopped reading fills
    before the send queue ever sees a frame pending.
    """
    if size > 0:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, size)
