"""Graceful shutdown of a worker (on SIGTERM or Ctrl-C), so that clients move to another worker and no
action it started is lost.

The order (`GracefulServer.shutdown`, then the app's lifespan):

1. stop accepting connections; ``/readyz`` answers 503 from now on;
2. wait for the actions already running (their acks still reach the clients);
3. send every connection ``bye`` (code 1001, reason ``shutdown``) and close it with 1001: clients
   reconnect (through the load balancer, to another worker) and resume from their version;
4. wait for the actions that arrived meanwhile (they run shielded, see `server.inflight`);
5. uvicorn closes what is left (connections that never said hello) and the lifespan stops the scheduler
   and waits for its last commit before closing the store.

Each wait is bounded by ``settings.shutdown_grace`` seconds in total.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket

import uvicorn

from protocol.messages import Bye
from server.services import Services

log = logging.getLogger("boardroom.shutdown")

#: Close code and reason of a planned shutdown (protocol/codes.py).
GOING_AWAY = 1001
REASON = "shutdown"


async def drain(services: Services, grace: float) -> int:
    """Steps 2-4 above within ``grace`` seconds; returns how many connections were told to leave."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + grace
    services.inflight.draining = True
    await services.inflight.settle(grace, inline_only=True)
    conns = [conn for watch in list(services.hub.watches.values()) for conn in watch.conns]
    for conn in conns:
        conn.send(conn.codec.encode_server(Bye(GOING_AWAY, REASON)))
        conn.close(GOING_AWAY)
    waits = [asyncio.ensure_future(conn.done.wait()) for conn in conns]
    if waits:
        _, pending = await asyncio.wait(waits, timeout=max(0.0, deadline - loop.time()))
        for task in pending:
            task.cancel()
    if not await services.inflight.settle(max(0.0, deadline - loop.time())):
        log.warning("%d actions still in flight after %.1f s", services.inflight.count(), grace)
    return len(conns)


class GracefulServer(uvicorn.Server):
    """A uvicorn server that drains ``services`` (`drain`) before uvicorn's own shutdown."""

    def __init__(self, config: uvicorn.Config, services: Services) -> None:
        super().__init__(config)
        self.services = services

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for server in self.servers:
            server.close()  # step 1 (uvicorn's shutdown closes them again: harmless)
        with contextlib.suppress(Exception):
            told = await drain(self.services, self.services.settings.shutdown_grace)
            log.info("drained: %d connections told to reconnect elsewhere", told)
        await super().shutdown(sockets)
