"""Stores: where rooms live. `Store` is the protocol; `MemoryStore` the embedded default."""

from server.store.base import Publisher, Store
from server.store.memory import MemoryStore
from server.store.model import (
    ActionResult,
    Change,
    Commit,
    CommitResult,
    Current,
    Deadline,
    LogEvent,
    LogStep,
    RoomMeta,
    RoomState,
    Schedule,
    SeatRecord,
    SeatSettings,
)

__all__ = [
    "ActionResult",
    "Change",
    "Commit",
    "CommitResult",
    "Current",
    "Deadline",
    "LogEvent",
    "LogStep",
    "MemoryStore",
    "Publisher",
    "RoomMeta",
    "RoomState",
    "Schedule",
    "SeatRecord",
    "SeatSettings",
    "Store",
]
