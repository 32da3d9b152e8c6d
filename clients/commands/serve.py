"""``boardroom serve``: run a server (the embedded in-memory store by default, Redis with ``--redis``)."""

from __future__ import annotations

import argparse
import os
from typing import Any


def register(sub: Any) -> None:
    parser = sub.add_parser("serve", help="run a server (embedded in-memory store by default)")
    parser.add_argument("--host", default="127.0.0.1", help="bind address (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="TCP port (default 8000)")
    parser.add_argument(
        "--redis",
        metavar="URL",
        default=os.environ.get("BOARDROOM_REDIS_URL"),
        help="keep rooms in this Redis so several workers share them (env BOARDROOM_REDIS_URL)",
    )
    parser.add_argument(
        "--redis-prefix",
        metavar="PREFIX",
        default=os.environ.get("BOARDROOM_REDIS_PREFIX", "boardroom:"),
        help="prefix of every Redis key; workers of one deployment share it (env BOARDROOM_REDIS_PREFIX)",
    )
    parser.add_argument(
        "--origin",
        action="append",
        metavar="ORIGIN",
        help="allowed Origin of browser websockets (repeatable; default: any)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from server.app import create_app
    from server.settings import Settings

    settings = Settings(host=args.host, port=args.port, origins=args.origin)
    if args.redis:
        settings = Settings(
            host=args.host,
            port=args.port,
            origins=args.origin,
            store="redis",
            redis_url=args.redis,
            redis_prefix=args.redis_prefix,
        )
    uvicorn.run(
        create_app(settings),
        host=args.host,
        port=args.port,
        ws_per_message_deflate=False,  # memory per connection (DESIGN "Back-pressure and limits")
        ws_max_size=settings.limits.max_frame,  # bigger frames close with 1009
        log_level="info",
    )
    return 0
