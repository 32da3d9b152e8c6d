"""``boardroom client-check``: the client test kit (clients.clientcheck). A scripted server sends a
client exactly the frames each check needs and prints pass, fail or skip per check with what was
expected (protocol/README.md "Checking your client").

    boardroom client-check --sdk python        the kit against the Python SDK's adapter
    boardroom client-check --sdk js            ... the JavaScript SDK's (needs node, npm ci)
    boardroom client-check --adapter "CMD"     ... any adapter: CMD is run with the control URL last
    boardroom client-check --listen 8765       wait for an adapter at ws://127.0.0.1:8765/control
    boardroom client-check --sdk js --check gap-sync   only that check (repeatable)

Exits 0 when no check failed, 1 when one did, 2 when the adapter could not be started or never came.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "client-check", help="the client test kit: check a client against a scripted server"
    )
    how = parser.add_mutually_exclusive_group(required=True)
    how.add_argument("--sdk", choices=["python", "js"], help="check one of our SDKs through its adapter")
    how.add_argument("--adapter", help="an adapter command line; the control URL is appended")
    how.add_argument("--listen", type=int, metavar="PORT", help="serve on PORT and wait for any adapter")
    parser.add_argument("--check", action="append", default=[], help="run only this check (repeatable)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from clients.clientcheck.adapters import command
    from clients.clientcheck.checks import CHECKS
    from clients.clientcheck.run import run as run_kit
    from clients.clientcheck.run import split

    unknown = sorted(set(args.check) - {name for name, _, _ in CHECKS})
    if unknown:
        names = ", ".join(name for name, _, _ in CHECKS)
        print(f"boardroom client-check: no check {', '.join(unknown)}; choose among {names}", file=sys.stderr)
        return 2
    try:
        adapter = command(args.sdk) if args.sdk else split(args.adapter) if args.adapter else None
    except LookupError as exc:
        print(f"boardroom client-check: {exc}", file=sys.stderr)
        return 2
    try:
        results = asyncio.run(run_kit(adapter, args.listen or 0, args.check))
    except RuntimeError as exc:
        print(f"boardroom client-check: {exc}", file=sys.stderr)
        return 2
    return 1 if any(r.failed for r in results) else 0
