"""``boardroom serve --workers N``: N worker processes behind one listening socket, as N workers behind a
load balancer would be (each a whole worker over the shared Redis: its own scheduler, bus subscription,
metrics and connections), with a room's connections kept on one worker.

The supervisor (the parent process) is handed the bound socket and accepts on it itself
(`server.process.intake`): it looks at each connection's request line without reading it and passes the
socket, unread, to a worker over that worker's channel (`server.process.handoff`, ``SCM_RIGHTS``). A
request line that names a room (``/ws?room=r-8f2k``) goes to the worker the room hashes to among the
workers that serve (`server.process.routing`, rendezvous hashing), so a room's seats share a worker
and its steps need no other worker's wake-up; any other connection (the lobby, probes, metrics, a
``/ws`` without ``?room=``) goes to the next worker in turn. No byte of a request passes through the
supervisor, which serves no request and opens no store. Children are started with ``spawn`` (a fork
would copy threads' half-held locks).

- A worker counts for the hashing from its `READY` (its application started) until its channel
  closes (it stopped or died); while none is ready, connections queue on the channels of the started
  ones. A dead worker's rooms go to the others while it restarts, and back to it once it is ready
  (connections that already moved stay where they are: the room's truth is in the store).
- A channel holds a few hundred descriptors; past that a worker's connections wait here, in order (at
  most `QUEUE_MAX`), until it takes them, and go to the others should it end meanwhile.
- A child that ends while the supervisor is not stopping is logged and replaced, at most once per
  `RESTART_PAUSE` seconds per slot (a child that cannot start does not spin a core).
- On SIGTERM or SIGINT the parent stops accepting (closing its socket and the connections it has not
  handed on), sends every child SIGTERM (always SIGTERM: a terminal's Ctrl-C already sent them SIGINT,
  and a second SIGINT forces a worker out without its drain) and waits for all of them; each one shuts
  down gracefully within its grace (`server.process.shutdown`: clients get ``bye`` 1001). A child still
  running `STOP_MARGIN` seconds past its own watchdog is killed. The exit status is 0 when every child
  stopped cleanly, else `HARD_EXIT`.
- On Linux each child gets SIGTERM should the parent die without stopping it (``PR_SET_PDEATHSIG``),
  so no orphaned worker keeps serving.
"""

from __future__ import annotations

import collections
import contextlib
import functools
import logging
import multiprocessing
import selectors
import signal
import socket
import time
from collections.abc import Callable
from multiprocessing.context import SpawnProcess
from types import FrameType
from typing import Any

from server.lineage import die_with_parent
from server.process.handoff import CONNECTION, READY, channel_pair
from server.process.intake import Intake
from server.process.routing import owner
from server.process.shutdown import HARD_EXIT, HARD_MARGIN

log = logging.getLogger("boardroom.supervisor")

#: Seconds at least between two starts of the same worker slot.
RESTART_PAUSE = 1.0
#: Seconds past a child's own watchdog (grace + `HARD_MARGIN`) before the supervisor kills it.
STOP_MARGIN = 3.0
#: Seconds between two looks at the children while serving (how late a dead child is noticed at worst).
POLL = 0.25
#: Connections waiting at most per worker while its channel is full (more are closed: the client retries).
QUEUE_MAX = 4096
#: How a child that stopped on request ends: normally, or by the signal uvicorn re-raises after its
#: graceful shutdown.
CLEAN_EXITS = frozenset({0, -signal.SIGTERM, -signal.SIGINT})

#: ``target(channel, *args)``: serves the connections handed over ``channel`` until SIGTERM, in a child
#: (picklable: a module's function; `server.process.handoff.HandedServer`).
Target = Callable[..., Any]


class Supervisor:
    """Runs ``count`` children, each ``target(channel, *args)``, for as long as no SIGTERM/SIGINT came;
    ``grace``: the children's shutdown grace, seconds (the module docstring has the rest)."""

    def __init__(self, count: int, target: Target, args: tuple[Any, ...], grace: float) -> None:
        self.count = count
        self.target = target
        self.args = args
        self.grace = grace
        self.context = multiprocessing.get_context("spawn")
        self.children: list[SpawnProcess | None] = [None] * count
        self.channels: list[socket.socket | None] = [None] * count  # the supervisor's ends
        self.ready = [False] * count
        # per slot, the connections (with their room) its full channel could not take yet, in order
        self.queued: list[collections.deque[tuple[socket.socket, str | None]]] = [
            collections.deque() for _ in range(count)
        ]
        self.started = [-RESTART_PAUSE] * count  # monotonic time of each slot's last start
        self.turn = 0  # the round robin of connections that name no room
        self.stopping = False
        self.selector = selectors.DefaultSelector()

    def run(self, sock: socket.socket) -> int:
        """Serve ``sock`` with the children until a signal, then stop them; returns the exit status."""
        previous = {sig: signal.signal(sig, self._signalled) for sig in (signal.SIGTERM, signal.SIGINT)}
        intake = Intake(self.selector, sock, self._hand)
        try:
            while not self.stopping:
                self._keep_up()
                for key, events in self.selector.select(intake.timeout(POLL)):
                    key.data(events)
                intake.expire()
            intake.close()  # new connections are refused from now on
            return self._stop_all()
        finally:
            for slot in range(self.count):
                self._close_channel(slot, rehand=False)
            self.selector.close()
            for sig, handler in previous.items():
                signal.signal(sig, handler)

    def _signalled(self, sig: int, frame: FrameType | None) -> None:
        if not self.stopping:
            log.warning("%s: stopping %d workers", signal.Signals(sig).name, self.count)
        self.stopping = True

    def _hand(self, conn: socket.socket, room: str | None) -> None:
        """Pass ``conn`` to the worker of ``room`` (the next in turn without one) over its channel; it is
        closed here once handed, or when no worker can take it."""
        slots = [slot for slot in range(self.count) if self.ready[slot]]
        slots = slots or [slot for slot in range(self.count) if self.channels[slot] is not None]
        while slots:
            if room is None:
                slot = slots[self.turn % len(slots)]
                self.turn += 1
            else:
                slot = owner(room, slots)
            if self._send(slot, conn, room):
                return
            self._close_channel(slot)  # it ended (its sentinel tells soon): try the next one
            slots.remove(slot)
        log.warning("no worker to take a connection; closed")
        conn.close()

    def _send(self, slot: int, conn: socket.socket, room: str | None) -> bool:
        """Hand ``conn`` to ``slot``, or queue it behind those its full channel holds back; ``False``
        when the channel is broken."""
        queue = self.queued[slot]
        if not queue:
            try:
                self._pass(slot, conn)
                return True
            except BlockingIOError:
                self._watch_channel(slot, selectors.EVENT_READ | selectors.EVENT_WRITE)
            except OSError:
                return False
        if len(queue) >= QUEUE_MAX:
            log.warning("worker %d has %d connections waiting; one closed", slot, len(queue))
            conn.close()
        else:
            queue.append((conn, room))
        return True

    def _pass(self, slot: int, conn: socket.socket) -> None:
        """Send ``conn``'s descriptor over ``slot``'s channel, then close the supervisor's copy."""
        channel = self.channels[slot]
        assert channel is not None
        socket.send_fds(channel, [CONNECTION], [conn.fileno()])
        conn.close()

    def _channel_ready(self, slot: int, events: int) -> None:
        if self.channels[slot] is None:  # closed earlier in the same batch of events
            return
        if events & selectors.EVENT_WRITE:
            self._flush(slot)
        if events & selectors.EVENT_READ and self.channels[slot] is not None:
            self._heard(slot)

    def _flush(self, slot: int) -> None:
        """Send the connections queued for ``slot`` while its channel takes them."""
        queue = self.queued[slot]
        while queue:
            try:
                self._pass(slot, queue[0][0])
            except BlockingIOError:
                return
            except OSError:
                self._close_channel(slot)
                return
            queue.popleft()
        self._watch_channel(slot, selectors.EVENT_READ)

    def _watch_channel(self, slot: int, events: int) -> None:
        channel = self.channels[slot]
        assert channel is not None
        self.selector.modify(channel, events, functools.partial(self._channel_ready, slot))

    def _heard(self, slot: int) -> None:
        """A worker's message on its channel: `READY`, or its end closed (it stopped or ended)."""
        channel = self.channels[slot]
        assert channel is not None
        try:
            message = channel.recv(16)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            message = b""
        if message == READY:
            self.ready[slot] = True
        elif not message:
            self._close_channel(slot)

    def _close_channel(self, slot: int, rehand: bool = True) -> None:
        """Forget ``slot``'s channel: connections queued in it and never taken are closed by the kernel;
        those still queued here go to the other workers (``rehand``) or are closed."""
        channel = self.channels[slot]
        self.channels[slot], self.ready[slot] = None, False
        if channel is not None:
            self.selector.unregister(channel)
            channel.close()
        queue, self.queued[slot] = self.queued[slot], collections.deque()
        for conn, room in queue:
            if rehand:
                self._hand(conn, room)
            else:
                conn.close()

    def _keep_up(self) -> None:
        """Start each slot whose child is missing or ended (once its pause is over)."""
        now = time.monotonic()
        for slot, child in enumerate(self.children):
            if child is not None and child.is_alive():
                continue
            if child is not None:
                log.error("worker %d (pid %s) ended with %s; replacing it", slot, child.pid, child.exitcode)
                self._close_channel(slot)
                self.selector.unregister(child.sentinel)
                child.close()
                self.children[slot] = None
            if now - self.started[slot] >= RESTART_PAUSE:
                self.children[slot] = self._start(slot)
                self.started[slot] = now

    def _start(self, slot: int) -> SpawnProcess:
        mine, theirs = channel_pair()
        child = self.context.Process(target=_child, args=(self.target, theirs, *self.args), daemon=False)
        try:
            child.start()
        finally:
            theirs.close()  # the child has its own copy (or none: then the channel reads as closed)
        mine.setblocking(False)
        self.channels[slot] = mine
        self.selector.register(mine, selectors.EVENT_READ, functools.partial(self._channel_ready, slot))
        self.selector.register(child.sentinel, selectors.EVENT_READ, _nothing)  # wakes the loop
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


def _nothing(events: int) -> None:
    """A key whose readiness only wakes the loop (a child's sentinel: `Supervisor._keep_up` looks)."""


def _child(target: Target, channel: socket.socket, *args: Any) -> None:
    """A child's entry: end with the parent (Linux), then serve. A terminal's Ctrl-C reaches the child
    as well as the supervisor's SIGTERM; after the graceful shutdown uvicorn raises the signals it caught
    again, and the SIGINT one comes back as ``KeyboardInterrupt``: the stop that was asked for, not a
    failure (a traceback and status 1)."""
    die_with_parent()
    with contextlib.suppress(KeyboardInterrupt):
        target(channel, *args)
