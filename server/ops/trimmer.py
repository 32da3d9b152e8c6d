"""Giving a crowd's memory back to the system once it left (docs/operations.md "Memory").

A websocket costs a worker ~24 KB of Python objects while it is open (uvicorn's protocol and handshake,
asyncio's transport, the session); all of it is freed once it closed (tests/server/test_crowd_memory.py
counts the objects), but not at once: uvicorn leaves each upgraded connection's HTTP protocol in a
reference cycle that only a full collection frees. And the allocators keep the pages: glibc's
``malloc`` returns free pages in the middle of its heap only when asked (``malloc_trim``), CPython's
small-object allocator returns an arena (1 MiB) only once every block in it is free. `Trimmer` collects
and asks glibc soon after every `TRIM_EVERY` connections that ended; with ``PYTHONMALLOC=malloc`` every
object lives in glibc's heap and a worker comes back to within ~10 MiB of its start after a crowd of
2,000 left (docs/benchmarks.md, "A crowd of spectators").
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import gc
import logging
import time
from collections.abc import Callable

log = logging.getLogger("boardroom.memory")

#: Connections ended between two trims (a crowd, not the odd leaver), and the seconds without another
#: one a trim waits for.
TRIM_EVERY = 1000
TRIM_DELAY = 1.0
#: Seconds a trim waits at most once it is due (each runs a full garbage collection first).
TRIM_SPACING = 10.0
#: Seconds at least between two trims: the full collection before a trim took 35 to 180 ms on a
#: loaded machine (docs/benchmarks.md), a pause of the event loop.
TRIM_GAP = 60.0


def _malloc_trim() -> Callable[[], None] | None:
    """glibc's ``malloc_trim(0)``, or ``None`` where there is none (musl, macOS)."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        trim = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    return lambda: trim(0)


class Trimmer:
    """Collects garbage and calls ``trim`` (default glibc's ``malloc_trim``) once ``every`` connections
    ended since the last trim and then none for `TRIM_DELAY` seconds (by then the web server has dropped
    what it held of them too: their protocol, transport and task outlive the session by a moment), or
    `TRIM_SPACING` seconds after the ``every``-th at the latest (connections that never stop ending);
    `TRIM_GAP` seconds apart at least."""

    def __init__(self, every: int = TRIM_EVERY, trim: Callable[[], None] | None = None) -> None:
        self.every = every
        self.trim = trim if trim is not None else _malloc_trim()
        self._ended = 0
        self._pending: asyncio.TimerHandle | None = None
        self._latest: float | None = None  # loop time the pending trim runs at, at the latest
        self._last = -float("inf")  # loop time of the last trim
        #: trims done so far (tests count them)
        self.trims = 0

    def ended(self) -> None:
        """A connection ended (call on the event loop)."""
        self._ended += 1
        if self._ended < self.every or self.trim is None:
            return
        loop = asyncio.get_running_loop()
        now = loop.time()
        if self._latest is None:
            self._latest = now + TRIM_SPACING
        if self._pending is not None:
            self._pending.cancel()
        at = max(min(now + TRIM_DELAY, self._latest), self._last + TRIM_GAP)
        self._pending = loop.call_at(at, self._run)

    def _run(self) -> None:
        self._pending, self._latest, self._ended = None, None, 0
        self._last = asyncio.get_running_loop().time()
        self.trims += 1
        started = time.perf_counter()
        # a closed connection's objects are in reference cycles (protocol, transport, task): until the
        # collector ran, their memory is not free to give back
        collected = gc.collect()
        collecting = time.perf_counter() - started
        if self.trim is not None:
            self.trim()
        log.debug(
            "trimmed in %.1f ms after collecting %d objects in %.1f ms",
            (time.perf_counter() - started - collecting) * 1e3,
            collected,
            collecting * 1e3,
        )
