"""The ``boardroom`` command line: one subcommand per module of `clients.commands`."""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Sequence

#: Subcommand modules under ``clients.commands``, in help order.
COMMANDS = ["serve", "arena", "play", "pace", "schema", "catalog", "conformance", "bench", "client_check"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="boardroom", description="Real-time tabletop game server.")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in COMMANDS:
        importlib.import_module(f"clients.commands.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the process exit status."""
    args = build_parser().parse_args(argv)
    return int(args.func(args))
