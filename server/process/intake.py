"""The supervisor's accept loop: accept each connection, look at its request line without reading it
(``MSG_PEEK``) and hand the socket on, still unread, with the room it names (`server.process.routing`).

Everything is non-blocking on the supervisor's one selector: a connection is watched until its first
line is in. A line that comes in pieces is looked at again every `RETRY` seconds (a peeked socket stays
readable, so it is not watched meanwhile), and a connection without a whole line `PEEK_TIMEOUT` seconds
after its accept is closed: a slow or silent client holds one socket, never the loop. A client that
closes first is closed too. Nothing of a request is consumed here: the worker reads it all.
"""

from __future__ import annotations

import functools
import logging
import selectors
import socket
import time
from collections.abc import Callable

from server.process.routing import PEEK_BYTES, request_line, room_in

log = logging.getLogger("boardroom.supervisor")

#: Seconds from the accept until the request line must be in, else the connection is closed.
PEEK_TIMEOUT = 5.0
#: Seconds between two looks at a request line that was incomplete.
RETRY = 0.02
#: Connections accepted at most per readiness of the listening socket (the others wait their turn).
ACCEPT_BATCH = 64

#: ``hand(conn, room)``: pass the accepted ``conn`` to a worker (``room``: the URL's, or ``None``); it
#: owns ``conn`` from then on (closes the supervisor's copy once handed, or when nobody can take it).
Hand = Callable[[socket.socket, str | None], None]


class Intake:
    """Accepts on ``listener`` (non-blocking from now on) into ``selector``, whose keys' ``data`` are
    callbacks of the events ready (``selectors.EVENT_READ``...); ``hand`` gets each connection once its
    request line is in."""

    def __init__(
        self,
        selector: selectors.BaseSelector,
        listener: socket.socket,
        hand: Hand,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.selector, self.listener, self.hand, self.clock = selector, listener, hand, clock
        self.deadlines: dict[socket.socket, float] = {}  # every connection not yet handed on
        self.parked: dict[socket.socket, float] = {}  # incomplete line: not watched until then
        listener.setblocking(False)
        selector.register(listener, selectors.EVENT_READ, self.accept)

    def accept(self, events: int = selectors.EVENT_READ) -> None:
        for _ in range(ACCEPT_BATCH):
            try:
                conn, _ = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:  # e.g. out of file descriptors: the backlog keeps the rest
                log.warning("accept failed: %s", exc)
                return
            conn.setblocking(False)
            self.deadlines[conn] = self.clock() + PEEK_TIMEOUT
            self._watch(conn)

    def timeout(self, most: float) -> float:
        """Seconds the selector may wait, at most ``most``: until the next retry or deadline."""
        now = self.clock()
        due = min([*self.parked.values(), *self.deadlines.values()], default=now + most)
        return max(0.0, min(most, due - now))

    def expire(self) -> None:
        """Close the connections past their deadline; watch again the parked ones whose retry is due."""
        now = self.clock()
        for conn, deadline in list(self.deadlines.items()):
            if deadline <= now:
                self._drop(conn)
        for conn, retry in list(self.parked.items()):
            if retry <= now:
                del self.parked[conn]
                self._watch(conn)

    def close(self) -> None:
        """Stop accepting (the listener is closed) and close every connection not yet handed on."""
        self.selector.unregister(self.listener)
        self.listener.close()
        for conn in list(self.deadlines):
            self._drop(conn)

    def pending(self) -> int:
        """Connections accepted and not yet handed on."""
        return len(self.deadlines)

    def _watch(self, conn: socket.socket) -> None:
        self.selector.register(conn, selectors.EVENT_READ, functools.partial(self._peek, conn))

    def _peek(self, conn: socket.socket, events: int = selectors.EVENT_READ) -> None:
        try:
            peeked = conn.recv(PEEK_BYTES, socket.MSG_PEEK)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:  # reset by the client
            self._drop(conn)
            return
        if not peeked:  # closed before a request
            self._drop(conn)
            return
        line = request_line(peeked)
        self.selector.unregister(conn)
        if line is None:
            self.parked[conn] = self.clock() + RETRY
            return
        del self.deadlines[conn]
        self.hand(conn, room_in(line))

    def _drop(self, conn: socket.socket) -> None:
        self.deadlines.pop(conn, None)
        if self.parked.pop(conn, None) is None:
            self.selector.unregister(conn)
        conn.close()
