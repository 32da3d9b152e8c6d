"""``boardroom serve``: run a worker (the embedded in-memory store by default, Redis with ``--redis``), or
``--workers N`` of them on one port (`server.process.supervisor`: it accepts, and hands each connection to
the worker of the room its URL names; they share rooms through Redis).

Every setting is a flag and a ``BOARDROOM_*`` variable (`server.process.config`; docs/operations.md).
SIGTERM or Ctrl-C shuts the worker(s) down gracefully (`server.process.shutdown`): clients get ``bye``
1001 and move on.
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from server.settings import Settings


def register(sub: Any) -> None:
    from server.process.config import add_arguments

    parser = sub.add_parser(
        "serve",
        help="run a worker (embedded in-memory store by default)",
        description="Run a worker. Each flag may also be given by its environment variable; a flag wins.",
    )
    add_arguments(parser)
    parser.add_argument(
        "--log-level",
        default=os.environ.get("BOARDROOM_LOG_LEVEL", "info"),
        choices=["critical", "error", "warning", "info", "debug"],
        help="uvicorn's log level (env BOARDROOM_LOG_LEVEL; default info)",
    )
    # For `boardroom bench --server` only (docs/benchmarks.md, "Levers: the server under the app"):
    # another server or uvicorn websocket implementation under the same app. Not for production.
    parser.add_argument("--server", default="uvicorn", choices=EVALUATED, help=argparse.SUPPRESS)
    parser.set_defaults(func=run)


#: The servers of the hidden ``--server``: uvicorn (its websocket implementation as ``--websockets``
#: says: `server.ws.lean` by default), uvicorn with one of its own websocket implementations
#: (``uvicorn-sansio``: the one `server.ws.lean` replaced), or granian.
EVALUATED = ["uvicorn", "uvicorn-sansio", "uvicorn-websockets", "uvicorn-wsproto", "granian"]
UVICORN_WS = {
    "uvicorn-sansio": "websockets-sansio",
    "uvicorn-websockets": "websockets",
    "uvicorn-wsproto": "wsproto",
}
#: What ``boardroom bench --server`` compares: those, and ``picows`` (``--websockets picows``).
SERVERS = [*EVALUATED, "picows"]


def run(args: argparse.Namespace) -> int:
    from server.process.config import ConfigError, settings_from
    from server.process.serving import uvicorn_config
    from server.process.supervisor import Supervisor
    from server.ws.conn import limit_send_buffer

    try:
        settings = settings_from(args, os.environ)
    except ConfigError as exc:
        print(f"boardroom serve: {exc}", file=sys.stderr)
        return 2
    server = args.server
    if server == "granian":  # an evaluation only: one process, granian binds its own socket
        from clients.bench.experiments.granian import serve

        serve(_app(settings), settings, args.log_level)
        return 0
    # bound once here; with --workers the supervisor accepts on it and hands each connection to a worker
    bound = uvicorn_config(None, settings, log_level=args.log_level)
    sock = bound.bind_socket()
    limit_send_buffer(sock, settings.limits.send_buffer)  # accepted connections inherit it (send queue)
    if settings.workers == 1:
        work(sock, settings, args.log_level, server)
        return 0
    sock.listen(bound.backlog)  # uvicorn listens when it serves the socket; here the supervisor accepts
    run_args = (settings, args.log_level, server)
    return Supervisor(settings.workers, work_handed, run_args, settings.shutdown_grace).run(sock)


def _app(settings: Settings) -> Any:
    """The application of one worker process, its collector tuned for a long-lived server."""
    import gc

    from games.catalog import shipped, with_fixtures
    from server.app import create_app

    app = create_app(settings, games=with_fixtures() if settings.fixtures else shipped())
    # The cyclic collector was ~14 % of worker CPU under load (a generation-0 pass every 700
    # allocations, full passes walking every module and game table). What exists now lives as long as
    # the worker: freeze it out of the collector's passes, and collect the young generation less often.
    gc.freeze()
    gc.set_threshold(50_000, 20, 10)
    return app


def work(sock: socket.socket, settings: Settings, log_level: str, server: str = "uvicorn") -> None:
    """One worker serving the bound ``sock`` until SIGTERM or Ctrl-C; ``server``: uvicorn, or one of its
    other websocket implementations (`EVALUATED`)."""
    from server.process.shutdown import GracefulServer

    config, services = _configured(settings, log_level, server)
    GracefulServer(config, services).run(sockets=[sock])


def work_handed(channel: socket.socket, settings: Settings, log_level: str, server: str = "uvicorn") -> None:
    """One worker of `server.process.supervisor`, serving the connections handed over ``channel`` until
    SIGTERM or Ctrl-C (`server.process.handoff`); ``server`` as for `work`."""
    from server.process.handoff import HandedServer

    config, services = _configured(settings, log_level, server)
    HandedServer(config, services, channel).run()


def _configured(settings: Settings, log_level: str, server: str) -> tuple[Any, Any]:
    """A worker's uvicorn configuration and services: frames, pings, the HTTP deadlines, the connection
    cap, the trusted proxies (`server.process.serving`)."""
    from server.process.serving import uvicorn_config

    app = _app(settings)
    options: dict[str, Any] = {"ws": UVICORN_WS[server]} if server in UVICORN_WS else {}
    return uvicorn_config(app, settings, log_level=log_level, **options), app.state.services
