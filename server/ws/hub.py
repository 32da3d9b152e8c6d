"""The per-worker hub: which local connections watch which room, and each room's fan-out task.

A room is subscribed on the bus when its first watcher arrives and unsubscribed when the last one leaves
(reference-counted by connections). Every change of a room and every join is handled in order by the
room's own task (`RoomWatch`): the state is decoded once per version, each distinct view computed and
diffed once, each message encoded once per encoding (`protocol.fanout`), and the same frame written to
every connection showing that viewer.

A change this worker committed reaches the watch from `server.play.rooms.Rooms`, which publishes what the
store's commit reported once that call returned; when its ``origin`` (the acting connection) asked for
acks inside updates, the watch owes that connection the ack from then on (`server.ws.acks`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

import msgspec

from protocol.fanout import Outgoing, Step, ViewCache, Viewer, fan_out, snapshot
from protocol.messages import Ack, Bye, Error, Update
from server.clock import SystemClock
from server.lobby.ratelimit import TokenBucket
from server.play.rooms import Rooms
from server.store.bus import Bus
from server.store.model import Change, LogStep, RoomMeta
from server.ws.catchup import catch_up
from server.ws.conn import Conn
from server.ws.steps import engine_events, event_versions, prompts_out

log = logging.getLogger("boardroom.ws")

#: Close code of a connection whose token no longer holds its seat (protocol/codes.py CLOSES: 4401).
REVOKED = 4401
#: The answer to a ``sync`` before the start: there is nothing to bring up to date yet; the snapshots at
#: version 0 come by themselves when the room starts.
NOT_STARTED = Error("room/not_started", "the room has not started yet; its snapshots come when it starts")

#: Close code and `Bye` reason of the connections of a room its host closed (protocol/README.md).
GONE, CLOSED = 4404, "closed"
#: Catch-ups that replay a room's log, per second and in a burst, per room and worker (`RoomWatch`).
REPLAYS_PER_SECOND = 5.0
REPLAY_BURST = 20.0


class Join:
    """A connection that needs to be brought up to date (``since``: the version it shows, or ``None``;
    ``sync``: it asked with a ``sync`` frame, which is answered even before the start). ``shown``, when
    given, is called once its catch-up frames were sent (or none will be: the connection left)."""

    def __init__(
        self, conn: Conn, since: int | None, sync: bool = False, shown: Callable[[], None] | None = None
    ) -> None:
        self.conn = conn
        self.since = since
        self.sync = sync
        self.shown = shown


class RoomWatch:
    """One room's viewers in this worker and its ordered fan-out task."""

    def __init__(self, hub: Hub, meta: RoomMeta) -> None:
        self.hub = hub
        self.room = meta.room
        self.game = hub.rooms.game(meta)
        self.conns: set[Conn] = set()
        #: connections whose seats were claimed before the start, with the token hash of each seat: the
        #: lobby may free or give a seat to someone else until the start (`_confirm`)
        self.unconfirmed: dict[Conn, dict[int, str | None]] = {}
        self.cache = ViewCache()
        self.version = -1
        self.state: Any = None
        self.queue: asyncio.Queue[Change | Join] = asyncio.Queue()
        self.busy = False  # `_run` is handling an item (it may be waiting on the store)
        #: connections owed acks (`_owe`), looked at after each item and each change shown at once
        self.acking: set[Conn] = set()
        #: catch-ups that replay the log, per room and worker: a crowd resuming (or reconnecting on
        #: purpose) gets snapshots past it, not a replay each
        self.replays = TokenBucket(REPLAYS_PER_SECOND, REPLAY_BURST, SystemClock())
        self.loop = asyncio.get_running_loop()
        self.handle = hub.bus.subscribe(meta.room, self._on_change)
        self.task = asyncio.ensure_future(self._run())

    def _on_change(self, change: Change) -> None:
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is not self.loop:
            self.loop.call_soon_threadsafe(self._on_change, change)
            return
        self._owe(change)  # before any update that may show its version: each of them carries it
        if self._next_at_once(change):
            # this worker's own commit, next in line, nothing queued before it: fan it out now (no
            # wake-up of the room's task, no second pass through the event loop)
            try:
                self._show(change, change.live, [change.step] if change.step else [])
                if self.acking:
                    self._flush_acks()
            except Exception:
                self._failed()
        else:
            self.queue.put_nowait(change)

    def _owe(self, change: Change) -> None:
        """Owe the ack of ``change``'s action to its ``origin``, the connection that sent it, when that
        connection asked for acks inside updates and still shows the seat."""
        conn, step = change.origin, change.step
        if not isinstance(conn, Conn) or conn.acks is None or step is None or change.action_id is None:
            return
        if conn in self.conns and step.seat in conn.viewers:
            conn.acks.waiting.append(Ack(change.action_id, step.seat, change.version))
            self.acking.add(conn)

    def _next_at_once(self, change: Change) -> bool:
        """Whether ``change`` needs nothing from the store: the next version, with its step and decoded
        state, while nothing else of this room is queued or under way."""
        return (
            not self.busy
            and self.queue.empty()
            and not self.unconfirmed
            and self.version >= 0
            and change.version == self.version + 1
            and change.step is not None
            and change.live is not None
        )

    def _failed(self) -> None:
        """Our bug: close this room's connections so clients resume elsewhere."""
        log.exception("fan-out of room %s failed", self.room)
        for conn in list(self.conns):
            conn.close(1011, "internal error; reconnect and resume")

    def viewers(self) -> set[Viewer]:
        return {viewer for conn in self.conns for viewer in conn.viewers}

    async def _run(self) -> None:
        while True:
            item = await self.queue.get()
            self.busy = True
            try:
                if isinstance(item, Join):
                    await self._join(item)
                else:
                    await self._change(item)
            except Exception:
                self._failed()
            finally:
                self.busy = False
                if self.acking:
                    self._flush_acks()

    def _flush_acks(self) -> None:
        """Write, as frames of their own, the waiting acks whose version a connection was shown by now
        without them (a catch-up, a snapshot)."""
        for conn in list(self.acking):
            if conn.acks is None or not conn.acks.waiting:
                self.acking.discard(conn)
                continue
            for ack in conn.acks.due(conn.versions):
                conn.send(conn.codec.encode_server(ack))

    async def _join(self, join: Join) -> None:
        try:
            await self._catch_up(join)
        finally:
            if join.shown is not None:
                join.shown()

    async def _catch_up(self, join: Join) -> None:
        conn = join.conn
        if conn not in self.conns:
            return
        replay = self.replays.take()  # past the room's budget, a snapshot instead of replaying the log
        frames, loaded = await catch_up(
            self.hub.rooms, self.game, self.room, conn, join.since, self.hub.gap, replay
        )
        if conn in self.unconfirmed and loaded is not None:
            # read after the state: a room seen started has its final seat holders
            await self._confirm()
        if conn.viewers:  # not revoked meanwhile
            for out in frames:
                conn.send(out.frame(conn.codec))
            if join.sync and loaded is None and conn.closing is None:
                conn.send(conn.codec.encode_server(NOT_STARTED))
        if loaded is not None and self.version < 0:
            # the first viewer: later changes continue from the very state it was shown
            self.state, self.version = self.game.decode_state(loaded.state), loaded.version

    async def _change(self, change: Change) -> None:
        if change.closed:
            self._bye()
            return
        if self.unconfirmed:  # first, even for a version a join showed already (it may have raced)
            await self._confirm()
        if change.version <= self.version:
            return
        # this worker's own commit hands over its decoded state: no second decode
        state = change.live if change.live is not None else self.game.decode_state(change.state)
        if change.version == self.version + 1 and (change.step is not None or change.version == 0):
            steps = [change.step] if change.step is not None else []
        else:  # a gap (lost wake-up): the missing steps from the log, in one update
            steps = await self.hub.rooms.store.get_log(self.room, max(self.version, 0))
            steps = [s for s in steps if s.version <= change.version]
        self._show(change, state, steps)

    def _bye(self) -> None:
        """The room was deleted: every connection gets ``bye`` (`CLOSED`) and is closed, as for an
        unknown room (`GONE`): nothing more will happen in it."""
        for conn in list(self.conns):
            conn.viewers = []  # nothing queued after this of the room's updates
            conn.send(conn.codec.encode_server(Bye(GONE, CLOSED)))
            conn.close(GONE, "the room was closed by its host")

    def _show(self, change: Change, state: Any, steps: list[LogStep]) -> None:
        """Send ``change`` (``state``: its decoded state, ``steps``: the log steps since the last version
        shown) to every connection; it becomes the last version shown."""
        step = self._step(change, state, steps)
        outgoing = fan_out(self.game, state, step, self.viewers(), self.cache, self.state)
        self._send(step, outgoing, state)
        self.state, self.version = state, change.version

    async def _confirm(self) -> None:
        """Close (4401) the connections whose seat was freed or claimed by another token since their
        hello, before they are shown anything of the seat; once the room has started, seats no longer
        change hands and the rest are confirmed."""
        meta = await self.hub.rooms.meta(self.room)
        for conn, holds in list(self.unconfirmed.items()):
            if any(meta.seats[seat].token_hash != held for seat, held in holds.items()):
                del self.unconfirmed[conn]
                conn.viewers = []  # nothing more of the seat, not even a frame queued before the close
                conn.close(REVOKED, "the seat was given up or taken by another player")
        if meta.status != "open":
            self.unconfirmed.clear()

    def _step(self, change: Change, state: Any, steps: list[LogStep]) -> Step:
        outcome = self.game.outcome(state) if change.finished else None
        prompts = prompts_out(self.game, state, change.schedule, change.prompts) if outcome is None else {}
        events, versions = engine_events(steps), event_versions(steps)
        return Step(self.version, change.version, events, prompts, outcome, versions)

    def _send(self, step: Step, outgoing: dict[Viewer, Outgoing], state: Any) -> None:
        for conn in list(self.conns):
            for viewer in conn.viewers:
                have = conn.versions.get(viewer, -1)
                if have >= step.to:
                    continue
                out = outgoing[viewer]
                if have != step.frm and isinstance(out.message, Update):
                    out = snapshot(
                        self.game,
                        state,
                        step.to,
                        viewer,
                        self.cache,
                        step.prompts,
                        out.message.events,
                        step.outcome,
                    )
                acks = conn.acks
                if acks is None or viewer is None or not acks.waiting:
                    # no ack to carry: the frame shared by every connection of the viewer
                    conn.send(out.frame(conn.codec))
                    conn.versions[viewer] = step.to
                else:
                    self._send_acked(conn, viewer, out, step)

    @staticmethod
    def _send_acked(conn: Conn, seat: int, out: Outgoing, step: Step) -> None:
        """``out`` for ``seat`` of ``conn`` (which asked for acks inside updates) with the acks it
        carries (an update: in its ``acks``, encoded for this connection alone; a snapshot: as frames
        right after it)."""
        assert conn.acks is not None
        carried = conn.acks.take(seat, step.frm, step.to)
        codec = conn.codec
        if carried and isinstance(out.message, Update):
            conn.send(codec.encode_server(msgspec.structs.replace(out.message, acks=carried)))
            carried = []
        else:
            conn.send(out.frame(codec))
        conn.versions[seat] = step.to
        for ack in [*carried, *conn.acks.due(conn.versions)]:
            conn.send(codec.encode_server(ack))


class Hub:
    """The rooms watched by this worker's connections."""

    def __init__(self, rooms: Rooms, bus: Bus, gap: int) -> None:
        self.rooms = rooms
        self.bus = bus
        self.gap = gap
        self.watches: dict[str, RoomWatch] = {}

    async def join(
        self, conn: Conn, meta: RoomMeta, since: int | None, shown: Callable[[], None] | None = None
    ) -> None:
        """Start showing ``conn`` its viewers of ``meta``'s room (snapshots or missed updates first);
        ``shown`` is called once those were sent (`Join`)."""
        watch = self.watches.get(meta.room)
        if watch is None:
            watch = self.watches[meta.room] = RoomWatch(self, meta)
        watch.conns.add(conn)
        if meta.status == "open" and conn.seats:
            watch.unconfirmed[conn] = {seat: meta.seats[seat].token_hash for seat in conn.seats}
        watch.queue.put_nowait(Join(conn, since, shown=shown))
        await self.rooms.store.touch(meta.room, self.rooms.clock.now())

    def resync(self, conn: Conn, since: int | None) -> None:
        """Bring ``conn`` up to date again (its ``sync`` message)."""
        watch = self.watches.get(conn.room)
        if watch is not None:
            for viewer in conn.viewers:
                conn.versions.pop(viewer, None)
            watch.queue.put_nowait(Join(conn, since, sync=True))

    async def leave(self, conn: Conn) -> None:
        """Stop showing ``conn``; the last watcher of a room unsubscribes it and stops its task."""
        watch = self.watches.get(conn.room)
        if watch is None or conn not in watch.conns:
            return
        watch.conns.discard(conn)
        watch.unconfirmed.pop(conn, None)
        watch.acking.discard(conn)
        for viewer in set(conn.viewers) - watch.viewers():
            watch.cache.forget(viewer)
        if not watch.conns:
            del self.watches[conn.room]
            self.bus.unsubscribe(conn.room, watch.handle)
            self.rooms.forget(conn.room)  # else every room this worker ever showed keeps its seed here
            watch.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watch.task

    async def heartbeat(self) -> None:
        """Record that the watched rooms have somebody connected (abandonment is judged from it)."""
        await self.rooms.store.touch_all(list(self.watches), self.rooms.clock.now())

    def counts(self) -> dict[str, int]:
        """Watched rooms and connections (tests assert none are left over)."""
        return {"rooms": len(self.watches), "conns": sum(len(w.conns) for w in self.watches.values())}
