"""``boardroom serve --workers N``: N worker processes serving one listening socket, as N workers behind a
load balancer would (each a whole worker over the shared Redis: its own scheduler, bus subscription,
metrics and connections).

The supervisor (the parent process) binds nothing itself: it is handed the bound socket, starts the
children with ``spawn`` (a fork would copy threads' half-held locks) and the kernel hands each new
connection to whichever child accepts it first. The parent serves no request and opens no store.

- A child that ends while the supervisor is not stopping is logged and replaced, at most once per
  `RESTART_PAUSE` seconds per slot (a child that cannot start does not spin a core).
- On SIGTERM or SIGINT the parent closes its copy of the socket, sends every child SIGTERM (always
  SIGTERM: a terminal's Ctrl-C already sent them SIGINT, and a second SIGINT forces a worker out
  without its drain) and waits for all of them; each one shuts down gracefully within its grace
  (`server.process.shutdown`: clients get ``bye`` 1001). A child still running `STOP_MARGIN` seconds past its
  own watchdog is killed. The exit status is 0 when every child stopped cleanly, else `HARD_EXIT`.
- On Linux each child gets SIGTERM should the parent die without stopping it (``PR_SET_PDEATHSIG``),
  so no orphaned worker keeps serving the port.
"""

from __future__ import annotations

import contextlib
import ctypes
import logging
import multiprocessing
import multiprocessing.connection
import signal
import socket
import time
from collections.abc import Callable
from multiprocessing.context import SpawnProcess
from types import FrameType
from typing import Any

from server.process.shutdown import HARD_EXIT, HARD_MARGIN

log = logging.getLogger("boardroom.supervisor")

#: Seconds at least between two starts of the same worker slot.
RESTART_PAUSE = 1.0
#: Seconds past a child's own watchdog (grace + `HARD_MARGIN`) before the supervisor kills it.
STOP_MARGIN = 3.0
#: Seconds between two looks at the children while serving (how late a dead child is noticed).
POLL = 0.25
#: How a child that stopped on request ends: normally, or by the signal uvicorn re-raises after its
#: graceful shutdown.
CLEAN_EXITS = frozenset({0, -signal.SIGTERM, -signal.SIGINT})

#: ``target(sock, *args)``: serves ``sock`` until SIGTERM, in a child (picklable: a module's function).
Target = Callable[..., Any]


class Supervisor:
    """Runs ``count`` children, each ``target(sock, *args)``, for as long as no SIGTERM/SIGINT came;
    ``grace``: the children's shutdown grace, seconds (the module docstring has the rest)."""

    def __init__(self, count: int, target: Target, args: tuple[Any, ...], grace: float) -> None:
        self.count = count
        self.target = target
        self.args = args
        self.grace = grace
        self.context = multiprocessing.get_context("spawn")
        self.children: list[SpawnProcess | None] = [None] * count
        self.started = [-RESTART_PAUSE] * count  # monotonic time of each slot's last start
        self.stopping = False

    def run(self, sock: socket.socket) -> int:
        """Serve ``sock`` with the children until a signal, then stop them; returns the exit status."""
        previous = {sig: signal.signal(sig, self._signalled) for sig in (signal.SIGTERM, signal.SIGINT)}
        try:
            while not self.stopping:
                self._keep_up(sock)
                sentinels = [child.sentinel for child in self.children if child is not None]
                multiprocessing.connection.wait(sentinels, POLL)
            sock.close()  # with every child's copy closed too, new connections are refused
            return self._stop_all()
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)

    def _signalled(self, sig: int, frame: FrameType | None) -> None:
        if not self.stopping:
            log.warning("%s: stopping %d workers", signal.Signals(sig).name, self.count)
        self.stopping = True

    def _keep_up(self, sock: socket.socket) -> None:
        """Start each slot whose child is missing or ended (once its pause is over)."""
        now = time.monotonic()
        for slot, child in enumerate(self.children):
            if child is not None and child.is_alive():
                continue
            if child is not None:
                log.error("worker %d (pid %s) ended with %s; replacing it", slot, child.pid, child.exitcode)
                child.close()
                self.children[slot] = None
            if now - self.started[slot] >= RESTART_PAUSE:
                self.children[slot] = self._start(sock)
                self.started[slot] = now

    def _start(self, sock: socket.socket) -> SpawnProcess:
        child = self.context.Process(target=_child, args=(self.target, sock, *self.args), daemon=False)
        child.start()
        return child

    def _stop_all(self) -> int:
        """SIGTERM every child, wait for all; returns 0 when each stopped cleanly, else `HARD_EXIT`."""
        # a child that ended since the last look is checked too (a terminal's Ctrl-C may have stopped it)
        present = [child for child in self.children if child is not None]
        for child in present:
            if child.is_alive():
                with contextlib.suppress(ProcessLookupError):
                    child.terminate()
        deadline = time.monotonic() + self.grace + HARD_MARGIN + STOP_MARGIN
        clean = True
        for child in present:
            child.join(max(0.0, deadline - time.monotonic()))
            if child.exitcode is None:
                log.error("worker pid %s still running past its grace; killing it", child.pid)
                child.kill()
                child.join()
            if child.exitcode not in CLEAN_EXITS:
                clean = False
                log.error("worker pid %s stopped with %s", child.pid, child.exitcode)
        return 0 if clean else HARD_EXIT


def _child(target: Target, sock: socket.socket, *args: Any) -> None:
    """A child's entry: end with the parent (Linux), then serve. A terminal's Ctrl-C reaches the child
    as well as the supervisor's SIGTERM; after the graceful shutdown uvicorn raises the signals it caught
    again, and the SIGINT one comes back as ``KeyboardInterrupt``: the stop that was asked for, not a
    failure (a traceback and status 1)."""
    _die_with_parent()
    with contextlib.suppress(KeyboardInterrupt):
        target(sock, *args)


def _die_with_parent() -> None:
    """Ask Linux for SIGTERM when the parent ends (``prctl(PR_SET_PDEATHSIG)``); elsewhere nothing."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM, 0, 0, 0)  # 1: PR_SET_PDEATHSIG
