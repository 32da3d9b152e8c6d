"""One websocket connection to a room: hello, mirrors per viewer, the outbox, resume and reconnect.

A `Connection` holds zero (spectator) or more (hot-seat) seat tokens of one room. It keeps a `Mirror`
per viewer, detects gaps (an update whose ``frm`` is not the mirror's version -> ``sync`` from it), drops
the mirrors when the store's epoch changes, and reconnects with exponential backoff, resuming with
``hello.since`` and resending unanswered actions under their same ids (the server applies each id once).

Workers are stateless (any worker serves any room), so a client of several workers without a load
balancer gives them all: ``url`` first, then ``fallbacks``. Each reconnect attempt goes to the next URL of
that list, round and round, so the clients of a worker that died resume on another one. Each socket's
URL names the room (`room_url`: ``/ws?room=...``), so a load balancer hashing on it (deploy/nginx.conf)
or ``boardroom serve --workers N`` keeps a room's connections on one worker.

    async with Connection("ws://a:8000/ws", room, [token], fallbacks=["ws://b:8000/ws"]) as conn:
        ack = await conn.act(seat, {"kind": "reveal", "slot": 2})
"""

from __future__ import annotations

import asyncio
import contextlib
import urllib.parse
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

import msgspec
import websockets
from websockets.asyncio.client import ClientConnection, connect
from websockets.typing import Subprotocol

from clients.sdk.mirror import Mirror, Step
from clients.sdk.outbox import Outbox, Pending
from protocol import PROTOCOL_MAJOR
from protocol.codec import CODECS, Encoding
from protocol.messages import (
    Ack,
    AckMode,
    Act,
    Bye,
    ClientMsg,
    Error,
    Hello,
    Ping,
    Pong,
    ServerMsg,
    Snapshot,
    Sync,
    Update,
    Welcome,
)

#: Close codes after which reconnecting cannot help: bad hello, bad token, no such room, bad origin, and
#: a normal closure (the room closed).
FATAL_CLOSES = frozenset({1000, 1008, 4400, 4401, 4404})

#: Seconds before an action refused ``store/unavailable`` (Redis unreachable) is sent again, same id.
STORE_RETRY = 0.5

#: Seconds between the client's pings, and without a pong before it drops the socket and reconnects
#: (the next URL): a worker that stops answering (frozen, cut off) is left within about their sum.
PING_INTERVAL = 4.0
PING_TIMEOUT = 4.0
#: Seconds the client waits for a closing handshake (and for an opening one) before it gives up on it.
CLOSE_TIMEOUT = 2.0
OPEN_TIMEOUT = 10.0

#: ``recorder(direction, frame)``: called with ``"out"`` or ``"in"`` and each frame as sent or received.
Recorder = Callable[[str, "str | bytes"], None]


class Closed(Exception):
    """The server closed the connection for good: websocket close ``code`` and ``reason``."""

    def __init__(self, code: int | None, reason: str) -> None:
        super().__init__(code, reason)
        self.code = code
        self.reason = reason


def room_url(url: str, room: str) -> str:
    """``url`` (a websocket URL) with ``room`` as its ``room`` query parameter, percent-encoded and
    replacing one already there (``ws://a/ws`` -> ``ws://a/ws?room=r-8f2k``). Only a routing hint: the
    hello says which room the connection is for."""
    parts = urllib.parse.urlsplit(url)
    query = [(k, v) for k, v in urllib.parse.parse_qsl(parts.query, keep_blank_values=True) if k != "room"]
    return parts._replace(query=urllib.parse.urlencode([("room", room), *query])).geturl()


class Connection:
    """A self-healing connection to ``room`` at ``url`` (``ws://host:port/ws``) holding ``tokens``.

    ``fallbacks``: more worker URLs of the same deployment (same store). The first connection goes to
    ``url``; every reconnect to the next of ``[url, *fallbacks]`` after the one used last, wrapping round.
    ``encoding``: ``json`` (text frames) or ``msgpack`` (binary, negotiated by subprotocol).
    ``backoff``: first and largest delay between reconnect attempts, in seconds; the delay doubles only
    after a whole round of the URLs failed without a ``welcome``.
    ``ping_interval``/``ping_timeout``: seconds between the client's websocket pings, and without a pong
    before the socket counts as dead (then the next URL); ``None`` turns the pings off.
    ``acks``: the hello's ``acks``: ``"update"`` (default) has an applied action's ack come inside its
    seat's update (one frame per action; each carried `Ack` is then handled, and given to listeners,
    right after its `Update`, so an action's future resolves once its mirror shows the step);
    ``"frame"``: acks as frames of their own (a server older than the option knows only that).
    Public state: ``ack_mode`` (the ``acks`` asked for), ``mirrors`` (viewer -> `Mirror`), ``seats``,
    ``game``, ``epoch``, ``welcomes`` (how many times the server welcomed this client), ``welcomed_at``
    (the room's version in the last welcome, -1 before the start), ``errors`` (refusals that named no
    pending action), ``pongs`` (``n`` of each pong), ``last_close`` (the close code of the last socket,
    ``None`` while none closed), ``urls`` (every worker URL, in rotation order), ``url`` (the one of the
    current or last attempt) and ``attempts`` (how many connections it opened or tried so far).
    """

    def __init__(
        self,
        url: str,
        room: str,
        tokens: Sequence[str] = (),
        *,
        fallbacks: Sequence[str] = (),
        encoding: Encoding = "json",
        reconnect: bool = True,
        backoff: tuple[float, float] = (0.05, 2.0),
        recorder: Recorder | None = None,
        ping_interval: float | None = PING_INTERVAL,
        ping_timeout: float | None = PING_TIMEOUT,
        acks: AckMode = "update",
    ) -> None:
        self.urls = [url, *fallbacks]
        self.url = url
        self.attempts = 0  # the next attempt goes to urls[attempts % len(urls)]
        self.room = room
        self.tokens = list(tokens)
        self.codec = CODECS[encoding]
        self.reconnect = reconnect
        self.backoff = backoff
        self.recorder = recorder
        self.ping_interval = ping_interval
        self.ping_timeout = ping_timeout
        self.ack_mode: AckMode = acks
        self.outbox = Outbox()
        self.mirrors: dict[int | None, Mirror] = {}
        self.seats: list[int] = []
        self.game = ""
        self.epoch: str | None = None
        self.max_frame = 0
        self.welcomes = 0
        self.welcomed_at = -1
        self.errors: list[Error] = []
        self.pongs: list[int] = []
        self.last_close: int | None = None
        self.closed: Closed | None = None
        self._ws: ClientConnection | None = None
        self._online = asyncio.Event()
        self._online.set()
        self._ready = asyncio.Event()
        self._tick = asyncio.Event()
        self._listeners: list[Callable[[ServerMsg], None]] = []
        self._syncing: set[int | None] = set()
        self._task: asyncio.Task[None] | None = None
        self._stopping = False
        self._resends: list[Pending] = []  # filled by a welcome, sent by the loop
        self._sync_requests: list[int | None] = []  # filled by gaps, sent by the loop
        self._later: set[asyncio.Task[None]] = set()  # resends after store/unavailable

    # ---- lifecycle -----------------------------------------------------------------------------------
    async def __aenter__(self) -> Connection:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def connect(self, timeout: float = 10.0) -> None:
        """Start the connection task and wait for the first ``welcome`` and, in a started room, every
        viewer's first snapshot. Raises `Closed` when the server refused the hello, ``TimeoutError``
        after ``timeout`` seconds."""
        self._task = asyncio.create_task(self._run(), name=f"boardroom-conn-{self.room}")
        await self.wait_until(self._first_view, timeout)

    def _first_view(self) -> bool:
        if self.welcomes == 0:
            return False
        return self.welcomed_at < 0 or all(m.ready for m in self.mirrors.values())

    async def close(self) -> None:
        """Close for good; pending actions fail with `Closed`."""
        self._stopping = True
        self._online.set()
        if self._ws is not None:
            await self._ws.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        for task in list(self._later):
            task.cancel()
        self.outbox.fail_all(Closed(1000, "closed by the client"))

    async def suspend(self, abort: bool = True) -> None:
        """Drop the socket and stay offline until `resume` (``abort``: no closing handshake, as a lost
        network would). Actions submitted meanwhile wait in the outbox."""
        self._online.clear()
        ws = self._ws
        if ws is not None:
            if abort:
                ws.transport.abort()
            else:
                await ws.close()
        await self.wait_until(lambda: not self._ready.is_set(), 5.0)

    def resume(self) -> None:
        """Allow reconnecting again after `suspend`."""
        self._online.set()

    @property
    def subprotocol(self) -> str | None:
        """The subprotocol the server accepted on the current socket (``None``: none, JSON frames)."""
        return self._ws.subprotocol if self._ws is not None else None

    @property
    def online(self) -> bool:
        """Whether a welcomed socket is open now."""
        return self._ready.is_set()

    # ---- acting ----------------------------------------------------------------------------------------
    async def submit(
        self, seat: int, action: dict[str, Any], prompt: str | None = None
    ) -> asyncio.Future[Ack]:
        """Queue ``action`` (wire form) of ``seat`` under a new id and send it if online; returns the
        future its `Ack` resolves (or `ActionRefused` fails). Offline, it is sent after the reconnect.
        ``prompt``: the id of the prompt it answers, by default the seat's prompt in its mirror now (none
        if the mirror shows none): an action sent twice for one prompt (a double click) is applied once,
        the second refused ``action/stale_prompt``."""
        if prompt is None:
            mirror = self.mirrors.get(seat)
            prompt = mirror.prompt.id if mirror is not None and mirror.prompt is not None else None
        item, future = self.outbox.add(seat, action, prompt)
        if self._ready.is_set():
            await self._send_act(item)
        return future

    async def act(
        self, seat: int, action: dict[str, Any], timeout: float | None = 10.0, prompt: str | None = None
    ) -> Ack:
        """Send and wait for the answer (``timeout`` seconds; ``None``: as long as it takes, resent
        through store outages and reconnects; ``prompt`` as `submit`). Raises `ActionRefused` with the
        server's code."""
        future = await self.submit(seat, action, prompt)
        async with asyncio.timeout(timeout):
            return await future

    async def sync(self, since: int | None = None) -> None:
        """Ask for the updates after ``since`` (``None``: a fresh snapshot per viewer)."""
        await self._send(Sync(since=since))

    async def ping(self, n: int = 0, timeout: float = 10.0) -> None:
        """Send ``ping`` ``n`` and wait for its ``pong`` (proof the connection is open and answering)."""
        await self._send(Ping(n=n))
        await self.wait_until(lambda: n in self.pongs, timeout)

    async def send_raw(self, frame: str | bytes) -> None:
        """Send one frame as is (tests of the server's refusals)."""
        if self._ws is not None:
            self._record("out", frame)
            await self._ws.send(frame)

    # ---- observing -------------------------------------------------------------------------------------
    def listen(self, callback: Callable[[ServerMsg], None]) -> None:
        """Call ``callback(msg)`` for every server message, after the mirrors took it."""
        self._listeners.append(callback)

    async def messages(self) -> AsyncIterator[ServerMsg]:
        """Every server message from now on, in arrival order (until the connection closes)."""
        queue: asyncio.Queue[ServerMsg] = asyncio.Queue()
        self._listeners.append(queue.put_nowait)
        try:
            while True:
                yield await queue.get()
        finally:
            self._listeners.remove(queue.put_nowait)

    async def wait_until(self, predicate: Callable[[], bool], timeout: float | None = 10.0) -> None:
        """Wait until ``predicate()`` holds (checked after each message; ``timeout`` in seconds, ``None``:
        no limit). Raises ``TimeoutError``, or
        `Closed` when the server closed the connection for good."""
        async with asyncio.timeout(timeout):
            while not predicate():
                if self.closed is not None:
                    raise self.closed
                self._tick.clear()
                await self._tick.wait()

    async def wait_version(self, version: int, timeout: float = 10.0) -> None:
        """Wait until every mirror shows ``version`` or later."""
        await self.wait_until(lambda: self.synced_at(version), timeout)

    def synced_at(self, version: int) -> bool:
        """Whether every viewer of this connection has a mirror at ``version`` or later."""
        return bool(self.mirrors) and all(m.version >= version for m in self.mirrors.values())

    # ---- the connection loop -----------------------------------------------------------------------------
    async def _run(self) -> None:
        delay, failed = self.backoff[0], 0  # failed: attempts in a row without a welcome
        while not self._stopping:
            await self._online.wait()
            if self._stopping:
                break
            welcomed = self.welcomes
            self.url = self.urls[self.attempts % len(self.urls)]
            self.attempts += 1
            try:
                async with connect(
                    room_url(self.url, self.room),
                    subprotocols=self._subprotocols(),
                    compression=None,
                    max_size=None,
                    ping_interval=self.ping_interval,
                    ping_timeout=self.ping_timeout,
                    close_timeout=CLOSE_TIMEOUT,
                    open_timeout=OPEN_TIMEOUT,
                ) as ws:
                    self._ws = ws
                    await self._session(ws)
            except websockets.ConnectionClosed:
                pass
            except (OSError, TimeoutError, websockets.InvalidHandshake):
                pass
            finally:
                self._ws = None
                self._ready.clear()
                self._wake()
            if self.closed is not None or not self.reconnect:
                break
            if self.welcomes > welcomed:
                delay, failed = self.backoff[0], 0
            else:
                failed += 1
                if failed % len(self.urls) == 0:  # every worker tried once more: back off
                    delay = min(delay * 2, self.backoff[1])
            await asyncio.sleep(delay)

    def _subprotocols(self) -> list[Subprotocol] | None:
        # JSON is the default: offer nothing, so a server that knows no subprotocol still talks to us.
        return [Subprotocol(self.codec.subprotocol)] if self.codec.binary else None

    async def _session(self, ws: ClientConnection) -> None:
        since = self._since()
        await self._send(
            Hello(v=PROTOCOL_MAJOR, room=self.room, tokens=self.tokens, since=since, acks=self.ack_mode)
        )
        try:
            async for frame in ws:
                self._record("in", frame)
                self._handle(self.codec.decode_server(frame))
                await self._flush()
        except websockets.ConnectionClosed:
            pass
        code = self.last_close = ws.close_code
        if code in FATAL_CLOSES and not self._stopping and self._online.is_set():
            self.closed = Closed(code, ws.close_reason or "")
            self.outbox.fail_all(self.closed)

    async def _flush(self) -> None:
        resends, self._resends = self._resends, []
        for item in resends:
            # an action answered meanwhile (its ack, or its error: refusals are not recorded by the server,
            # so a resend after one would be applied as new) is never sent again
            if self.outbox.is_pending(item.id):
                await self._send_act(item)
        syncs, self._sync_requests = self._sync_requests, []
        for since in syncs:
            await self._send(Sync(since=since))

    def _since(self) -> int | None:
        wanted = [self.mirrors.get(seat) for seat in (self.seats or [])] or list(self.mirrors.values())
        if not wanted or any(m is None or not m.ready for m in wanted):
            return None
        return min(m.version for m in wanted if m is not None)

    # ---- message handling (no awaits: frames to send are queued for the loop) ---------------------------
    def _handle(self, msg: ServerMsg) -> None:
        if isinstance(msg, Welcome):
            self._welcome(msg)
        elif isinstance(msg, Snapshot):
            self._mirror(msg.seat).reset(msg)
            self._syncing.discard(msg.seat)
        elif isinstance(msg, Update):
            self._update(msg)
        elif isinstance(msg, Ack):
            self.outbox.ack(msg)
        elif isinstance(msg, Error):
            if msg.code == "store/unavailable" and self._retry_later(msg):
                pass  # stays pending: sent again, same id, after STORE_RETRY seconds
            elif not self.outbox.refuse(msg):
                if msg.code == "rate/limited" and msg.id is None:
                    self._syncing.clear()  # maybe a dropped sync: the next gap asks again
                self.errors.append(msg)
        elif isinstance(msg, Pong):
            self.pongs.append(msg.n)
        elif isinstance(msg, Bye):
            pass  # the close that follows drives the reconnect
        for listener in list(self._listeners):
            listener(msg)
        self._wake()
        if isinstance(msg, Update):
            for ack in msg.acks:  # after the update: the mirror shows the step its ack names
                self._handle(ack)

    def _retry_later(self, msg: Error) -> bool:
        """Send the pending action ``msg`` names again in `STORE_RETRY` seconds under its same id (the
        store was unreachable: it may or may not have applied it; the id makes the resend safe)."""
        item = next((p for p in self.outbox.pending() if p.id == msg.id), None)
        if item is None:
            return False
        task = asyncio.ensure_future(self._resend_later(item))
        self._later.add(task)
        task.add_done_callback(self._later.discard)
        return True

    async def _resend_later(self, item: Pending) -> None:
        await asyncio.sleep(STORE_RETRY)
        if self.outbox.is_pending(item.id):  # a reconnect's welcome may have resent it already
            await self._send_act(item)

    def _welcome(self, msg: Welcome) -> None:
        if self.epoch and msg.epoch != self.epoch:  # "": welcomed before the start, no epoch known yet
            self.mirrors.clear()  # the store went back in time: nothing we show can be trusted
        self.epoch = msg.epoch
        self.game = msg.game
        self.seats = list(msg.seats)
        self.max_frame = msg.max_frame
        self.welcomed_at = msg.version
        viewers: list[int | None] = list(msg.seats) or [None]
        for viewer in viewers:
            self._mirror(viewer)
        self._syncing.clear()
        self.welcomes += 1
        self._ready.set()
        self._resends = self.outbox.pending()

    def _update(self, msg: Update) -> None:
        step = self._mirror(msg.seat).apply(msg)
        if step is Step.APPLIED:
            self._syncing.discard(msg.seat)
        elif step in (Step.GAP, Step.BROKEN) and msg.seat not in self._syncing:
            self._syncing.add(msg.seat)
            mirror = self.mirrors[msg.seat]
            self._sync_requests.append(mirror.version if step is Step.GAP else None)

    def _mirror(self, viewer: int | None) -> Mirror:
        mirror = self.mirrors.get(viewer)
        if mirror is None:
            mirror = self.mirrors[viewer] = Mirror(viewer)
        return mirror

    # ---- sending ------------------------------------------------------------------------------------------
    async def _send_act(self, item: Pending) -> None:
        # The payload is JSON bytes in memory whatever the encoding; the codec transcodes for MessagePack.
        raw = msgspec.Raw(msgspec.json.encode(item.action))
        await self._send(Act(id=item.id, seat=item.seat, action=raw, prompt=item.prompt))

    async def _send(self, msg: ClientMsg) -> None:
        ws = self._ws
        if ws is None:
            return
        frame = self.codec.encode_client(msg)
        self._record("out", frame)
        with contextlib.suppress(websockets.ConnectionClosed):
            await ws.send(frame)

    def _record(self, direction: str, frame: str | bytes) -> None:
        if self.recorder is not None:
            self.recorder(direction, frame)

    def _wake(self) -> None:
        self._tick.set()
