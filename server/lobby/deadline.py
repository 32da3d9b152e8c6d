"""A lobby call's deadline for the store that a standing event loop does not spend (`LoopDeadline`).

A lobby call has `server.lobby.api.STORE_DEADLINE` seconds for the store (past them: 503
``store/unavailable``, so a Redis that hangs with its sockets open is answered at once). But on a busy
machine the worker's event loop itself may stand still for longer: a full garbage collection of a
worker holding 20,000 connections took 1.4 s and more (docs/benchmarks.md, sixth round). Its timer then
fires late, before the loop has read the store's answer waiting in its socket, or before the call's own
code, paused mid-way by the collection, has run on: a room creation was answered ``store/unavailable``
with nothing wrong with the store. A timer that fired late is moved on by as long as it was late, up to
`MAX_STALLS` seconds in all; one that fires on time ends the call.
"""

from __future__ import annotations

import asyncio

#: Seconds a timer may fire after its time and still count as on time (a loop that was only busy).
LATE = 0.05
#: Seconds in all a call's deadline may be moved on for the loop's stalls (a loop that stays
#: overloaded still answers a store that hangs within the deadline and these).
MAX_STALLS = 4.0


class LoopDeadline:
    """Drives ``timeout`` (an ``asyncio.timeout(None)``) to expire ``seconds`` after each `arm`, counting
    only the time the event loop ran (module docstring); `lift` lets the call run without one."""

    __slots__ = ("_due", "_handle", "_moved", "_seconds", "_timeout")

    def __init__(self, timeout: asyncio.Timeout, seconds: float) -> None:
        self._timeout = timeout
        self._seconds = seconds
        self._handle: asyncio.TimerHandle | None = None
        self._due = 0.0
        self._moved = 0.0

    def arm(self) -> None:
        """Expire ``seconds`` from now (the loop's stalls not counted)."""
        self.lift()
        loop = asyncio.get_running_loop()
        self._due = loop.time() + self._seconds
        self._handle = loop.call_at(self._due, self._check)

    def lift(self) -> None:
        """No deadline until the next `arm` (an upload's pace is bounded elsewhere; a replay's work)."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _check(self) -> None:
        loop = asyncio.get_running_loop()
        now = loop.time()
        late = now - self._due
        if late > LATE and self._moved < MAX_STALLS:
            step = min(late, MAX_STALLS - self._moved)
            self._moved += step
            self._due = now + step
            self._handle = loop.call_at(self._due, self._check)
            return
        self._handle = None
        self._timeout.reschedule(now)  # expires now: the call is cancelled and answered 503
