"""``boardroom serve --server granian``: the app on granian's embedded server (evaluation only).

Granian (a Rust HTTP and websocket stack) runs in this process's event loop (uvloop) and drives the
app's lifespan, so the scheduler runs. What of `server.settings.Limits` it can take: the header deadline
(``header_timeout``) and the listen backlog. What it cannot: a websocket frame size limit (the session
still closes a frame over ``max_frame`` with 1009, after granian read it whole), websocket pings (none
are sent: a client gone without a close is only noticed by the kernel), the kernel send buffer of the
accepted sockets (granian binds its own), the idle and body deadlines, the 503 past the connection cap
(the session's own 1013 past ``max_connections`` still holds) and the trusted proxies. SIGTERM drains
as `server.process.shutdown` does (bye 1001), then stops granian, whose lifespan stops the scheduler.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from typing import Any

from server.process.shutdown import DRAIN_SHARE, HARD_MARGIN, drain, watchdog
from server.settings import Settings

log = logging.getLogger("boardroom.shutdown")


def serve(app: Any, settings: Settings, log_level: str) -> int:
    """Serve ``app`` on ``settings.host``/``port`` until SIGTERM or SIGINT; returns the exit status."""
    import uvloop

    uvloop.run(_serve(app, settings, log_level))
    return 0


async def _serve(app: Any, settings: Settings, log_level: str) -> None:
    from granian.constants import HTTPModes, Interfaces
    from granian.http import HTTP1Settings
    from granian.log import LogLevels
    from granian.server.embed import Server

    limits = settings.limits
    server = Server(
        app,
        address=settings.host,
        port=settings.port,
        interface=Interfaces.ASGI,
        http=HTTPModes.http1,
        websockets=True,
        backlog=2048,
        log_level=LogLevels(log_level),
        http1_settings=HTTP1Settings(header_read_timeout=max(1, int(limits.header_timeout * 1000))),
    )
    loop = asyncio.get_running_loop()
    stopping: list[asyncio.Future[None]] = []

    def on_signal() -> None:
        if not stopping:
            stopping.append(asyncio.ensure_future(_stop(server, app, settings.shutdown_grace)))

    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, on_signal)
    await server.serve()


async def _stop(server: Any, app: Any, grace: float) -> None:
    """The drain of `server.process.shutdown`, then granian's own stop (its lifespan closes the store)."""
    watchdog(grace + HARD_MARGIN)
    try:
        share = grace * DRAIN_SHARE
        told = await asyncio.wait_for(drain(app.state.services, share), share + 0.5)
        log.info("drained: %d connections told to reconnect elsewhere", told)
    except Exception:  # a failed drain must not keep the worker from stopping
        log.exception("drain failed; stopping anyway")
    server.stop()
