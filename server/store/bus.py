"""The bus: how a committed change reaches every worker with viewers of the room.

Pub/sub is a wake-up, not the truth: a subscriber that sees a version gap reconciles against the store.
`LocalBus` is the in-process implementation (one process, the in-memory store); a Redis bus subscribes
to the room's channel instead. Callbacks run on the publisher's thread and must not block (a worker
queues the change and handles it in its own task).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Protocol

from server.store.model import Change

Callback = Callable[[Change], None]


class Bus(Protocol):
    def publish(self, change: Change) -> None:
        """Deliver ``change`` to every subscriber of its room."""
        ...

    def subscribe(self, room: str, callback: Callback) -> int:
        """Call ``callback`` with each change of ``room``; returns a handle for `unsubscribe`."""
        ...

    def unsubscribe(self, room: str, handle: int) -> None:
        """Stop the subscription ``handle`` (unknown handles are ignored)."""
        ...

    def subscriptions(self) -> int:
        """How many subscriptions are live (tests assert none are left over)."""
        ...


class LocalBus:
    """Subscribers in a dict, called synchronously on publish."""

    def __init__(self) -> None:
        self._subs: dict[str, dict[int, Callback]] = {}
        self._next = 0
        self._lock = threading.Lock()

    def publish(self, change: Change) -> None:
        with self._lock:
            callbacks = list(self._subs.get(change.room, {}).values())
        for callback in callbacks:
            callback(change)

    def subscribe(self, room: str, callback: Callback) -> int:
        with self._lock:
            self._next += 1
            self._subs.setdefault(room, {})[self._next] = callback
            return self._next

    def unsubscribe(self, room: str, handle: int) -> None:
        with self._lock:
            subs = self._subs.get(room)
            if subs is None:
                return
            subs.pop(handle, None)
            if not subs:
                del self._subs[room]

    def subscriptions(self) -> int:
        with self._lock:
            return sum(len(subs) for subs in self._subs.values())
