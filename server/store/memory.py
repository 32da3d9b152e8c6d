"""The in-memory store: the embedded default for one process. Same contract as every store.

Each method runs without awaiting in between, so on one event loop every write is atomic; a lock also
guards the dicts for callers on other threads. Stored Structs are copied in and out (through their
encoding) so a caller mutating what it read never changes the store behind its back.

A finished or abandoned room expires ``ttl`` seconds (on the injected clock) after it closed, as the Redis
store's keys do: from then on every read answers as for an unknown room and the room list leaves it out.
Expired rooms are dropped when next looked at (no timer of our own).
"""

from __future__ import annotations

import heapq
import threading
from typing import Any, TypeVar

import msgspec

from server.clock import Clock, SystemClock
from server.store.base import Publisher
from server.store.listing import STATUSES, ListIndex, RoomQuery, classes_of
from server.store.model import (
    ActionResult,
    Change,
    Commit,
    CommitResult,
    Current,
    Deadline,
    Loaded,
    LogStep,
    RoomMeta,
    RoomState,
    Schedule,
    closed_change,
)

T = TypeVar("T")

_enc = msgspec.msgpack.Encoder()


def _clone(value: T, kind: type[T]) -> T:
    return msgspec.msgpack.decode(_enc.encode(value), type=kind)


class _Room:
    __slots__ = ("actions", "expires", "log", "meta", "schedule", "seed", "seen", "state")

    def __init__(self, meta: RoomMeta, seed: bytes) -> None:
        self.meta = meta
        self.seed = seed
        self.state: RoomState | None = None
        self.schedule: Schedule | None = None
        self.log: list[LogStep] = []
        self.actions: dict[tuple[int, str], ActionResult] = {}
        self.seen: float | None = None
        self.expires: float | None = None  # server time it expires at, once finished or abandoned


class MemoryStore:
    """Rooms in a dict; deadlines found by a scan of the rooms' schedules (fine for one process).
    ``bus``: where a start and a deletion are published (a commit reports its change to its caller);
    ``clock`` (default the wall clock) dates expiry; ``ttl``: seconds a finished or abandoned room stays
    readable."""

    def __init__(self, bus: Publisher | None = None, clock: Clock | None = None, ttl: float = 3600.0) -> None:
        self.bus = bus
        self.clock = clock or SystemClock()
        self.ttl = ttl
        self._rooms: dict[str, _Room] = {}
        self._leases: dict[Deadline, tuple[str, float]] = {}
        self._index = ListIndex()
        self._expiring: list[tuple[float, str]] = []  # heap of (expiry, room) of closed rooms
        self._lock = threading.RLock()

    # ---- expiry ----------------------------------------------------------------------------------
    def _entry(self, room: str) -> _Room | None:
        """``room``'s entry, or ``None`` when unknown or expired (an expired one is dropped here)."""
        entry = self._rooms.get(room)
        if entry is not None and entry.expires is not None and entry.expires <= self.clock.now():
            self._drop(room)
            return None
        return entry

    def _drop(self, room: str) -> None:
        del self._rooms[room]
        self._index.drop(room)
        for item in [i for i in self._leases if i.room == room]:
            del self._leases[item]

    def _purge(self) -> None:
        """Drop the rooms expired by now: the heap's due entries only (an entry of a room closed again
        later, or already dropped, is skipped)."""
        now = self.clock.now()
        while self._expiring and self._expiring[0][0] <= now:
            _, room = heapq.heappop(self._expiring)
            entry = self._rooms.get(room)
            if entry is not None and entry.expires is not None and entry.expires <= now:
                self._drop(room)

    def _close(self, entry: _Room) -> None:
        # as the Redis store's close: the time to live starts (again) when the room closes
        entry.expires = self.clock.now() + self.ttl
        heapq.heappush(self._expiring, (entry.expires, entry.meta.room))

    def _list(self, entry: _Room) -> None:
        """Put the room in the lists of what it is now."""
        finished = entry.state is not None and entry.state.finished
        self._index.put(entry.meta.room, entry.meta.game, classes_of(entry.meta, finished))

    # ---- lobby metadata --------------------------------------------------------------------------
    async def create_room(self, meta: RoomMeta, seed: bytes) -> bool:
        with self._lock:
            if self._entry(meta.room) is not None:
                return False
            stored = _clone(meta, RoomMeta)
            stored.rev = 0
            self._rooms[meta.room] = entry = _Room(stored, seed)
            self._list(entry)
            return True

    async def get_meta(self, room: str) -> RoomMeta | None:
        with self._lock:
            entry = self._entry(room)
            return None if entry is None else _clone(entry.meta, RoomMeta)

    async def put_meta(self, meta: RoomMeta) -> bool:
        with self._lock:
            return self._put_meta(meta)

    def _put_meta(self, meta: RoomMeta) -> bool:
        entry = self._entry(meta.room)
        if entry is None or entry.meta.rev != meta.rev:
            return False
        stored = _clone(meta, RoomMeta)
        stored.rev += 1
        entry.meta = stored
        if stored.status == "abandoned":
            self._close(entry)
        self._list(entry)
        return True

    async def list_rooms(self) -> list[RoomMeta]:
        with self._lock:
            self._purge()
            return [_clone(entry.meta, RoomMeta) for entry in self._rooms.values()]

    async def delete_room(self, room: str) -> bool:
        with self._lock:
            if self._entry(room) is None:
                return False
            self._drop(room)
        self._publish(closed_change(room))
        return True

    async def page(self, query: RoomQuery) -> list[RoomMeta]:
        with self._lock:
            self._purge()
            return [_clone(self._rooms[room].meta, RoomMeta) for room in self._index.page(query)]

    async def room_counts(self) -> dict[str, int]:
        with self._lock:
            self._purge()
            return {status: self._index.count(status) for status in STATUSES}

    # ---- state -----------------------------------------------------------------------------------
    async def start_room(self, meta: RoomMeta, state: RoomState, schedule: Schedule) -> bool:
        with self._lock:
            entry = self._entry(meta.room)
            if entry is None or entry.state is not None or not self._put_meta(meta):
                return False
            entry.state = msgspec.structs.replace(state)
            entry.schedule = _clone(schedule, Schedule)
            if state.finished:
                self._close(entry)
            self._list(entry)
            change = Change(
                meta.room, state.version, state.epoch, state.state, schedule, None, state.finished
            )
        self._publish(change)
        return True

    async def get_seed(self, room: str) -> bytes | None:
        with self._lock:
            entry = self._entry(room)
            return None if entry is None else entry.seed

    async def get_state(self, room: str) -> RoomState | None:
        with self._lock:
            entry = self._entry(room)
            if entry is None or entry.state is None:
                return None
            return msgspec.structs.replace(entry.state)  # every field immutable: a shallow copy is a copy

    async def commit(self, commit: Commit) -> CommitResult:
        with self._lock:
            entry = self._entry(commit.room)
            if entry is None or entry.state is None:
                return CommitResult("conflict")
            if commit.action_id is not None:
                known = entry.actions.get((commit.step.seat, commit.action_id))
                if known is not None:
                    same = known.digest == commit.digest
                    return CommitResult("duplicate" if same else "id_reused", known.version)
            if entry.state.version != commit.expect:
                return CommitResult("conflict")
            if commit.meta_rev is not None and entry.meta.rev != commit.meta_rev:
                return CommitResult("conflict")
            version = commit.expect + 1
            entry.state = RoomState(commit.state, version, entry.state.epoch, commit.finished)
            entry.log.append(_clone(commit.step, LogStep))
            entry.schedule = _clone(commit.schedule, Schedule)
            if commit.action_id is not None:
                entry.actions[(commit.step.seat, commit.action_id)] = ActionResult(commit.digest, version)
            if commit.finished:
                self._close(entry)
                self._list(entry)
            # reported, not published: the caller hands it to the bus once this call returned; it
            # holds the caller's objects (the store keeps clones of its own), as the Redis store's does
            return CommitResult("committed", version, commit.change(version, entry.state.epoch))

    def _publish(self, change: Change) -> None:
        if self.bus is not None:
            self.bus.publish(change)

    async def get_log(self, room: str, since: int = 0) -> list[LogStep]:
        with self._lock:
            entry = self._entry(room)
            if entry is None:
                return []
            # log[i] produced version i + 1, so versions > since start at index since
            return [_clone(step, LogStep) for step in entry.log[max(since, 0) :]]

    async def current(self, room: str, since: int = 0) -> Current:
        with self._lock:
            entry = self._entry(room)
            if entry is None or entry.state is None:
                return Current()
            state = msgspec.structs.replace(entry.state)
            schedule = None if entry.schedule is None else _clone(entry.schedule, Schedule)
            steps = entry.log[max(since, 0) : state.version]
            return Current(state, schedule, [_clone(step, LogStep) for step in steps])

    async def get_action(self, room: str, seat: int, action_id: str) -> ActionResult | None:
        with self._lock:
            entry = self._entry(room)
            return None if entry is None else entry.actions.get((seat, action_id))

    async def load(self, room: str, seat: int, action_id: str | None) -> Loaded:
        # composed of the single reads (no round trips to save here), so a subclass that changes one
        # of them (a test's store that yields inside get_state) changes the action path too
        meta = await self.get_meta(room)
        if meta is None:
            return Loaded(None)
        state = await self.get_state(room)
        schedule = await self.get_schedule(room)
        known = None if action_id is None else await self.get_action(room, seat, action_id)
        return Loaded(meta, state, schedule, known)

    # ---- scheduler -------------------------------------------------------------------------------
    async def get_schedule(self, room: str) -> Schedule | None:
        with self._lock:
            entry = self._entry(room)
            if entry is None or entry.schedule is None:
                return None
            return _clone(entry.schedule, Schedule)

    async def put_schedule(self, room: str, schedule: Schedule) -> bool:
        with self._lock:
            entry = self._entry(room)
            if entry is None or entry.state is None or entry.state.version != schedule.version:
                return False
            entry.schedule = _clone(schedule, Schedule)
            return True

    async def due(self, now: float, limit: int = 100) -> list[Deadline]:
        with self._lock:
            self._purge()
            items = [
                item
                for entry in self._rooms.values()
                if entry.schedule is not None and entry.meta.status == "running"
                for item in entry.schedule.deadlines
                if item.due <= now and not self._leased(item, now)
            ]
        items.sort(key=lambda item: item.due)
        return items[:limit]

    def _leased(self, item: Deadline, now: float) -> bool:
        held = self._leases.get(item)
        return held is not None and held[1] > now

    async def reindex(self, rooms: list[str]) -> None:
        """Nothing to repair: the due deadlines are read from the rooms themselves."""

    async def lease(self, item: Deadline, worker: str, now: float, seconds: float) -> bool:
        with self._lock:
            held = self._leases.get(item)
            if held is not None and held[0] != worker and held[1] > now:
                return False
            self._drop_stale_leases(item.room)
            self._leases[item] = (worker, now + seconds)
            return True

    def _drop_stale_leases(self, room: str) -> None:
        entry = self._entry(room)
        live = set(entry.schedule.deadlines) if entry is not None and entry.schedule is not None else set()
        for item in [i for i in self._leases if i.room == room and i not in live]:
            del self._leases[item]

    async def touch(self, room: str, now: float) -> None:
        with self._lock:
            entry = self._entry(room)
            if entry is not None:
                entry.seen = now

    async def touch_all(self, rooms: list[str], now: float) -> None:
        for room in rooms:
            await self.touch(room, now)

    async def last_seen(self, room: str) -> float | None:
        with self._lock:
            entry = self._entry(room)
            return None if entry is None else entry.seen

    # ---- counts for tests --------------------------------------------------------------------------
    def counts(self) -> dict[str, Any]:
        """How many rooms, log steps and leases are held (tests assert these, not timings)."""
        with self._lock:
            self._purge()
            return {
                "rooms": len(self._rooms),
                "steps": sum(len(entry.log) for entry in self._rooms.values()),
                "leases": len(self._leases),
            }
