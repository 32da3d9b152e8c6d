"""The `Store` protocol every store implements (memory now, Redis next), checked by one contract suite
(tests/server/test_store_contract.py).

Every write that depends on what was read is compare-and-set inside the store (``rev`` for metadata,
``version`` for state), never "read, check in Python, write".
"""

from __future__ import annotations

from typing import Protocol

from server.store.listing import RoomQuery
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
)


class Store(Protocol):
    # ---- lobby metadata --------------------------------------------------------------------------
    async def create_room(self, meta: RoomMeta, seed: bytes) -> bool:
        """Add a room (``meta.rev`` 0) with its secret seed. False when the id is taken."""
        ...

    async def get_meta(self, room: str) -> RoomMeta | None:
        """The room's metadata, or ``None`` for an unknown room."""
        ...

    async def put_meta(self, meta: RoomMeta) -> bool:
        """Write ``meta`` if the stored ``rev`` still equals ``meta.rev``; the stored copy gets
        ``rev + 1``. False on a conflict (reload and retry)."""
        ...

    async def list_rooms(self) -> list[RoomMeta]:
        """Every room's metadata (unordered): the abandon sweep's, which reads every room."""
        ...

    async def page(self, query: RoomQuery) -> list[RoomMeta]:
        """At most ``query.limit`` rooms matching ``query`` with ids after ``query.after``, ordered by id
        (`RoomQuery`; ``GET /api/rooms``). Reads the rooms of the page only, not every room: an index
        per filter, kept by the store's writes."""
        ...

    async def room_counts(self) -> dict[str, int]:
        """Rooms per listed status (``open``, ``running``, ``finished``, ``abandoned``), from the sizes of
        those indexes (no room is read)."""
        ...

    async def delete_room(self, room: str) -> bool:
        """Delete every key of ``room`` (its state, log, schedule, leases, its place in the room list and
        the due index) and publish `closed_change`. False for an unknown room."""
        ...

    # ---- state -----------------------------------------------------------------------------------
    async def start_room(self, meta: RoomMeta, state: RoomState, schedule: Schedule) -> bool:
        """Atomically write ``meta`` (compare-and-set on ``rev``, as `put_meta`) with the first state and
        schedule, then publish version 0. False on a conflict or when the room already has a state."""
        ...

    async def get_seed(self, room: str) -> bytes | None: ...

    async def get_state(self, room: str) -> RoomState | None:
        """The current state, or ``None`` before the start."""
        ...

    async def commit(self, commit: Commit) -> CommitResult:
        """The atomic step write (see `Commit`). Publishes nothing: when committed, the result's
        ``change`` is what was stored, and the caller publishes it (`server.play.rooms.Rooms`)."""
        ...

    async def get_log(self, room: str, since: int = 0) -> list[LogStep]:
        """Log steps with ``version > since``, in order."""
        ...

    async def current(self, room: str, since: int = 0) -> Current:
        """The state, its schedule and the log steps with ``since < version <= state.version``, in one
        read (Redis: one script), so none of them is of another version than the state. An empty
        `Current` before the start or for an unknown room."""
        ...

    async def get_action(self, room: str, seat: int, action_id: str) -> ActionResult | None: ...

    async def load(self, room: str, seat: int, action_id: str | None) -> Loaded:
        """The room's metadata, state and schedule and the result of ``action_id`` of ``seat`` (when
        given), in one read (Redis: one pipelined round trip, the hot path of every action)."""
        ...

    # ---- scheduler -------------------------------------------------------------------------------
    async def get_schedule(self, room: str) -> Schedule | None: ...

    async def put_schedule(self, room: str, schedule: Schedule) -> bool:
        """Replace the schedule if the room's state is still at ``schedule.version`` (a seat changed
        hands between steps). False otherwise."""
        ...

    async def due(self, now: float, limit: int = 100) -> list[Deadline]:
        """Deadlines with ``due <= now`` not leased by anyone, earliest first, at most ``limit``."""
        ...

    async def reindex(self, rooms: list[str]) -> None:
        """Make sure the deadlines of ``rooms`` (running ones) are found by `due` (a store whose index is
        written apart from the room repairs what a worker that died in between left out)."""
        ...

    async def lease(self, item: Deadline, worker: str, now: float, seconds: float) -> bool:
        """Claim ``item`` for ``worker`` for ``seconds`` from server time ``now``; False while another
        worker holds an unexpired lease on it."""
        ...

    async def touch(self, room: str, now: float) -> None:
        """Record that somebody is connected to ``room`` at server time ``now``."""
        ...

    async def touch_all(self, rooms: list[str], now: float) -> None:
        """`touch` every room of ``rooms`` (the heartbeat of a worker's watched rooms)."""
        ...

    async def last_seen(self, room: str) -> float | None:
        """The last `touch` time, or ``None`` when nobody ever connected."""
        ...


class Publisher(Protocol):
    """Where changes are published (the `server.store.bus.Bus`): the commits' by `server.play.rooms.Rooms`,
    a start's and a deletion's by the store itself."""

    def publish(self, change: Change) -> None: ...
