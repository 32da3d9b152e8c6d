"""``boardroom serve``: run a worker (the embedded in-memory store by default, Redis with ``--redis``).

Every setting is a flag and a ``BOARDROOM_*`` variable (`server.config`; docs/operations.md). SIGTERM or
Ctrl-C shuts the worker down gracefully (`server.shutdown`): clients get ``bye`` 1001 and move on.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any


def register(sub: Any) -> None:
    from server.config import add_arguments

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
#: says), uvicorn with one of its other websocket implementations, or granian.
EVALUATED = ["uvicorn", "uvicorn-websockets", "uvicorn-wsproto", "granian"]
UVICORN_WS = {"uvicorn-websockets": "websockets", "uvicorn-wsproto": "wsproto"}
#: What ``boardroom bench --server`` compares: those, and ``picows`` (``--websockets picows``).
SERVERS = [*EVALUATED, "picows"]


def run(args: argparse.Namespace) -> int:
    import gc

    from server.app import create_app
    from server.config import ConfigError, settings_from
    from server.serving import uvicorn_config
    from server.shutdown import GracefulServer
    from server.ws.conn import limit_send_buffer

    try:
        settings = settings_from(args, os.environ)
    except ConfigError as exc:
        print(f"boardroom serve: {exc}", file=sys.stderr)
        return 2
    from games.catalog import shipped, with_fixtures

    app = create_app(settings, games=with_fixtures() if settings.fixtures else shipped())
    # frames, pings, the HTTP deadlines, the connection cap, the trusted proxies (`server.serving`)
    server = getattr(args, "server", "uvicorn")
    options: dict[str, Any] = {"ws": UVICORN_WS[server]} if server in UVICORN_WS else {}
    config = uvicorn_config(app, settings, log_level=args.log_level, **options)
    # The cyclic collector was ~14 % of worker CPU under load (a generation-0 pass every 700
    # allocations, full passes walking every module and game table). What exists now lives as long as
    # the worker: freeze it out of the collector's passes, and collect the young generation less often.
    gc.freeze()
    gc.set_threshold(50_000, 20, 10)
    if server == "granian":
        from server.experimental.granian import serve

        return serve(app, settings, args.log_level)
    sock = config.bind_socket()
    limit_send_buffer(sock, settings.limits.send_buffer)  # accepted connections inherit it (send queue)
    GracefulServer(config, app.state.services).run(sockets=[sock])
    return 0
