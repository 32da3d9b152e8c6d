"""Giving a crowd's memory back to the system once it left (docs/operations.md "Memory").

A websocket costs a worker ~23 KB of Python objects while it is open (uvicorn's protocol and handshake,
asyncio's transport, the session); all of it is freed when it closes (tests/server/test_crowd_memory.py
counts the objects). The allocators keep the pages, though: glibc's ``malloc`` returns free pages in the
middle of its heap only when asked (``malloc_trim``), and CPython's own small-object allocator returns an
arena (1 MiB) only once every block in it is free. `Trimmer` asks glibc soon after every `TRIM_EVERY`
connections that ended; with ``PYTHONMALLOC=malloc`` every object lives in glibc's heap and a worker
comes back to within a few MiB of its start after a crowd of 2,000 left (docs/benchmarks.md).
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

#: Connections ended between two trims (a trim walks the heap: ~1 ms per 100 MiB), and the seconds a
#: trim waits after the last of them.
TRIM_EVERY = 256
TRIM_DELAY = 1.0
#: Seconds at least between two trims (each runs a full garbage collection first).
TRIM_SPACING = 10.0


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
    """Collects garbage and calls ``trim`` (default glibc's ``malloc_trim``) `TRIM_DELAY` seconds after
    the ``every``-th call of `ended` since the last trim (by then the web server has dropped what it
    held of those connections too: their protocol, transport and task outlive the session by a
    moment), `TRIM_SPACING` seconds apart at least."""

    def __init__(self, every: int = TRIM_EVERY, trim: Callable[[], None] | None = None) -> None:
        self.every = every
        self.trim = trim if trim is not None else _malloc_trim()
        self._ended = 0
        self._pending: asyncio.TimerHandle | None = None
        self._last = -float("inf")  # loop time of the last trim
        #: trims done so far (tests count them)
        self.trims = 0

    def ended(self) -> None:
        """A connection ended (call on the event loop)."""
        self._ended += 1
        if self._ended >= self.every and self._pending is None and self.trim is not None:
            loop = asyncio.get_running_loop()
            at = max(loop.time() + TRIM_DELAY, self._last + TRIM_SPACING)
            self._pending = loop.call_at(at, self._run)

    def _run(self) -> None:
        self._pending, self._ended = None, 0
        self._last = asyncio.get_running_loop().time()
        self.trims += 1
        started = time.perf_counter()
        # a closed connection's objects are in reference cycles (protocol, transport, task): until the
        # collector ran, their memory is not free to give back
        collected = gc.collect()
        if self.trim is not None:
            self.trim()
        log.debug(
            "trimmed after %d objects collected in %.1f ms", collected, (time.perf_counter() - started) * 1e3
        )
