"""A worker of ``boardroom serve --workers N`` serves the connections its supervisor accepted and hands
it (`server.process.supervisor`), not a listening socket of its own.

Each worker has a channel to the supervisor: one end of a ``SOCK_SEQPACKET`` Unix socket pair. The
supervisor sends one message per connection, `CONNECTION` with the accepted socket's descriptor
attached (``SCM_RIGHTS``, `socket.send_fds`); the request is still unread in it. `HandedServer` takes
them on its event loop and serves each as uvicorn serves an accepted connection
(``loop.connect_accepted_socket`` with uvicorn's own HTTP protocol class: the HTTP deadlines, the
connection cap, the websocket upgrade, ``--websockets picows`` all hold). Once its application has
started it sends `READY`, and the supervisor counts it among the workers that rooms hash over; on
shutdown it closes its end first (step 1 of `server.process.shutdown`: accepting nothing more), and
connections still queued in the channel are closed with it.
"""

from __future__ import annotations

import asyncio
import logging
import socket

import uvicorn

from server.process.shutdown import GracefulServer
from server.services import Services

log = logging.getLogger("boardroom.handoff")

#: The supervisor's message carrying one connection's descriptor.
CONNECTION = b"c"
#: The worker's message once it serves: hash rooms to me.
READY = b"r"
#: Connections taken at most per readiness of the channel (the loop serves others in between).
TAKE_BATCH = 64


def channel_pair() -> tuple[socket.socket, socket.socket]:
    """A new channel: (the supervisor's end, the worker's end)."""
    return socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)


class HandedServer(GracefulServer):
    """A `GracefulServer` whose connections come over ``channel`` (the worker's end of `channel_pair`)
    instead of a listening socket; ``run()`` without sockets."""

    def __init__(
        self, config: uvicorn.Config, services: Services, channel: socket.socket, hard_exit: bool = True
    ) -> None:
        super().__init__(config, services, hard_exit)
        self.channel: socket.socket | None = channel
        self.handing: set[asyncio.Task[None]] = set()  # connections being set up (strong references)

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=[])  # the lifespan, and no listening socket
        if self.channel is None or not self.started:
            return
        loop = asyncio.get_running_loop()
        self.channel.setblocking(False)
        loop.add_reader(self.channel.fileno(), self._take, loop)
        try:
            self.channel.send(READY)
        except OSError:  # the supervisor is gone: nothing will come
            self._stop_taking(loop)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self._stop_taking(asyncio.get_running_loop())
        await super().shutdown(sockets)

    def _protocol(self) -> asyncio.Protocol:
        """uvicorn's protocol of one connection, as its own ``startup`` builds it."""
        protocol: asyncio.Protocol = self.config.http_protocol_class(  # type: ignore[call-arg]
            config=self.config, server_state=self.server_state, app_state=self.lifespan.state
        )
        return protocol

    def _take(self, loop: asyncio.AbstractEventLoop) -> None:
        """Serve the connections waiting in the channel (at most `TAKE_BATCH`)."""
        for _ in range(TAKE_BATCH):
            if self.channel is None:
                return
            try:
                message, fds, _, _ = socket.recv_fds(self.channel, 16, 4)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                message, fds = b"", []
            if not message and not fds:  # the supervisor closed its end
                self._stop_taking(loop)
                return
            for fd in fds:
                task = loop.create_task(self._connect(loop, socket.socket(fileno=fd)))
                self.handing.add(task)
                task.add_done_callback(self.handing.discard)

    async def _connect(self, loop: asyncio.AbstractEventLoop, sock: socket.socket) -> None:
        try:
            await loop.connect_accepted_socket(self._protocol, sock)
        except OSError as exc:  # the client left meanwhile
            log.debug("a handed connection failed: %s", exc)
            sock.close()

    def _stop_taking(self, loop: asyncio.AbstractEventLoop) -> None:
        if self.channel is not None:
            loop.remove_reader(self.channel.fileno())
            self.channel.close()
            self.channel = None
