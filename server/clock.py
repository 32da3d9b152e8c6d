"""Time, injected: the server reads ``clock.now()`` (seconds since the Unix epoch) and never ``time``
directly, so tests jump time instead of sleeping."""

from __future__ import annotations

import threading
import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the Unix epoch."""
        ...


class SystemClock:
    """The wall clock."""

    def now(self) -> float:
        return time.time()


class FakeClock:
    """A clock that moves only when told (thread-safe, so a test may drive a server in another thread)."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self._now = start
        self._lock = threading.Lock()

    def now(self) -> float:
        with self._lock:
            return self._now

    def advance(self, seconds: float) -> float:
        """Move forward by ``seconds``; returns the new time."""
        with self._lock:
            self._now += seconds
            return self._now
