"""The ``boardroom`` command: ``serve``, and the tools around it."""

from __future__ import annotations

import argparse
from collections.abc import Sequence


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from server.app import create_app

    uvicorn.run(create_app(), host=args.host, port=args.port, ws_per_message_deflate=False, log_level="info")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="boardroom", description="Real-time tabletop game server.")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run a server (embedded in-memory store by default)")
    serve.add_argument("--host", default="127.0.0.1", help="bind address (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="TCP port (default 8000)")
    serve.set_defaults(func=_serve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the process exit status."""
    args = build_parser().parse_args(argv)
    return int(args.func(args))
