"""A real server for tests: uvicorn on 127.0.0.1 and a free port, in a thread, with injected settings,
games and clock. Used by the server's tests and by the end-to-end tests.

    with running_server(Settings(timers={"turn": 5}), clock=FakeClock()) as server:
        server.url      # "http://127.0.0.1:<port>"
        server.ws_url   # "ws://127.0.0.1:<port>/ws"
        server.services # the worker's store, rooms, lobby, hub (for assertions on counts)
"""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn

from games.engine.plugin import Game
from server.app import create_app
from server.clock import Clock
from server.process.serving import quiet_bad_frames
from server.services import Services
from server.settings import Settings
from server.ws.conn import limit_send_buffer


class RunningServer:
    """A started server; `stop` ends it (idempotent)."""

    def __init__(
        self, server: uvicorn.Server, thread: threading.Thread, port: int, services: Services
    ) -> None:
        self.server = server
        self.thread = thread
        self.port = port
        self.services = services
        self.url = f"http://127.0.0.1:{port}"
        self.ws_url = f"ws://127.0.0.1:{port}/ws"

    def stop(self, timeout: float = 10.0) -> None:
        """Ask uvicorn to exit (closing websockets with 1012/1001) and wait for the thread, ``timeout`` s."""
        self.server.should_exit = True
        self.thread.join(timeout)


def start_server(
    settings: Settings | None = None,
    *,
    games: dict[str, Game[Any, Any]] | None = None,
    clock: Clock | None = None,
    timeout: float = 10.0,
) -> RunningServer:
    """Start the app on a free port in a daemon thread; returns once it accepts connections.
    ``games`` default to the shipped games and the fixtures. Raises ``RuntimeError`` if it fails to
    start within ``timeout`` seconds."""
    if games is None:
        from games.catalog import with_fixtures

        games = with_fixtures()
    settings = settings or Settings()
    app = create_app(settings, games=games, clock=clock)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    limit_send_buffer(sock, settings.limits.send_buffer)
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        app,
        log_level="warning",
        ws_per_message_deflate=False,
        ws_max_size=settings.limits.max_frame,
        ws_ping_interval=settings.limits.ping_interval,
        ws_ping_timeout=settings.limits.ping_timeout,
        lifespan="on",
        **_websockets(app, settings),
    )
    quiet_bad_frames()  # as `server.process.serving.uvicorn_config`
    server = uvicorn.Server(config)
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[sock])), daemon=True)
    thread.start()
    running = RunningServer(server, thread, port, app.state.services)
    thread.join(0.01)
    deadline = threading.Event()
    for _ in range(int(timeout / 0.01)):
        if server.started:
            return running
        if not thread.is_alive():
            break
        deadline.wait(0.01)
    running.stop()
    raise RuntimeError("the test server did not start")


@contextmanager
def running_server(
    settings: Settings | None = None,
    *,
    games: dict[str, Game[Any, Any]] | None = None,
    clock: Clock | None = None,
) -> Iterator[RunningServer]:
    """`start_server` as a context manager that stops the server on exit."""
    running = start_server(settings, games=games, clock=clock)
    try:
        yield running
    finally:
        running.stop()


def _websockets(app: Any, settings: Settings) -> dict[str, Any]:
    """uvicorn's ``ws`` argument for ``settings.websockets`` (none: uvicorn's default)."""
    if settings.websockets == "picows":
        from server.ws.picows import picows_protocol

        return {"ws": picows_protocol(app, settings)}
    from server.ws.lean import LeanWebSocket

    return {"ws": LeanWebSocket}
