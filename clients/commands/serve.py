"""``boardroom serve``: run a server (the embedded in-memory store by default)."""

from __future__ import annotations

import argparse
from typing import Any


def register(sub: Any) -> None:
    parser = sub.add_parser("serve", help="run a server (embedded in-memory store by default)")
    parser.add_argument("--host", default="127.0.0.1", help="bind address (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="TCP port (default 8000)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from server.app import create_app

    uvicorn.run(create_app(), host=args.host, port=args.port, ws_per_message_deflate=False, log_level="info")
    return 0
