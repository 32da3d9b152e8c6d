"""Graceful shutdown of a worker (on SIGTERM or Ctrl-C), so that clients move to another worker and no
action it started is lost.

The order (`GracefulServer.shutdown`, then the app's lifespan):

1. stop accepting connections; ``/readyz`` answers 503 from now on;
2. wait for the actions already running (their acks still reach the clients);
3. send every connection ``bye`` (code 1001, reason ``shutdown``) and close it with 1001: clients
   reconnect (through the load balancer, to another worker) and resume from their version;
4. wait for the actions that arrived meanwhile (they run shielded, see `server.ops.inflight`);
5. uvicorn closes what is left (connections that never said hello) and the lifespan stops the scheduler
   and waits for its last commit before closing the store.

The whole shutdown is bounded by ``settings.shutdown_grace`` seconds (``G``): the drain takes at most
`DRAIN_SHARE` of it, uvicorn's wait for the connections and tasks left gets what remains, and the
lifespan's close must end by then too (plus `LIFESPAN_MARGIN`). What could otherwise keep a worker up
past its grace: an HTTP request stuck on an unreachable store (uvicorn waits for every connection, with
no timeout unless told), a session blocked in a commit, the pub/sub reader or a Redis disconnect without
a timeout. Last, a watchdog thread ends the process ``G`` + `HARD_MARGIN` seconds after the signal
whatever still runs (the event loop's own teardown cancels tasks and joins executor threads unbounded).
"""

from __future__ import annotations

import asyncio
import logging
import math
import os
import socket
import threading

import uvicorn

from protocol.messages import Bye
from server.services import Services

log = logging.getLogger("boardroom.shutdown")

#: Close code and reason of a planned shutdown (protocol/codes.py).
GOING_AWAY = 1001
REASON = "shutdown"

#: Share of the grace the drain (steps 2-4) may take; uvicorn's own wait and the lifespan get the rest.
DRAIN_SHARE = 0.6
#: Seconds the lifespan's close (scheduler, store) may take past the grace before it is abandoned.
LIFESPAN_MARGIN = 1.0
#: Seconds past the grace after which the watchdog ends the process (exit status `HARD_EXIT`).
HARD_MARGIN = 2.0
HARD_EXIT = 70  # EX_SOFTWARE: the orchestrator sees a worker that did not stop cleanly


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


def watchdog(seconds: float) -> threading.Timer:
    """A started daemon timer that ends the process with `HARD_EXIT` in ``seconds`` (a daemon: a worker
    that stopped in time exits without waiting for it)."""

    def expire() -> None:
        log.error("shutdown still running %.1f s after the signal; exiting", seconds)
        logging.shutdown()
        os._exit(HARD_EXIT)

    timer = threading.Timer(seconds, expire)
    timer.daemon = True
    timer.start()
    return timer


class GracefulServer(uvicorn.Server):
    """A uvicorn server that drains ``services`` (`drain`) before uvicorn's own shutdown, all within
    ``settings.shutdown_grace`` seconds; ``hard_exit``: arm the `watchdog` (off for servers in a thread
    of a test process)."""

    def __init__(self, config: uvicorn.Config, services: Services, hard_exit: bool = True) -> None:
        super().__init__(config)
        self.services = services
        self.hard_exit = hard_exit

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        grace = self.services.settings.shutdown_grace
        if self.hard_exit:
            watchdog(grace + HARD_MARGIN)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + grace
        for server in self.servers:
            server.close()  # step 1 (uvicorn's shutdown closes them again: harmless)
        try:
            told = await asyncio.wait_for(
                drain(self.services, grace * DRAIN_SHARE), grace * DRAIN_SHARE + 0.5
            )
            log.info("drained: %d connections told to reconnect elsewhere", told)
        except Exception:  # a failed drain must not keep the worker from stopping
            log.exception("drain failed; stopping anyway")
        left = max(0.0, deadline - loop.time())
        # uvicorn waits for connections and tasks without limit unless told (it takes whole seconds)
        self.config.timeout_graceful_shutdown = max(1, math.floor(left))
        try:
            await asyncio.wait_for(super().shutdown(sockets), left + LIFESPAN_MARGIN)
        except TimeoutError:
            log.warning("shutdown exceeded its %.1f s grace: the lifespan's close was abandoned", grace)
