"""``boardroom schema [--check]``: (re)generate the protocol's JSON Schema files and README code tables.

Without ``--check`` it writes ``protocol/schema/*.json`` and the code tables of ``protocol/README.md``
and names what changed. With ``--check`` it writes nothing and exits 1 naming each stale file (CI runs
it through the tests), 0 when everything is current.
"""

from __future__ import annotations

import argparse
from typing import Any


def register(sub: Any) -> None:
    parser = sub.add_parser("schema", help="generate protocol/schema/*.json and the README code tables")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 naming stale files")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from games.catalog import shipped
    from protocol import reference, schema

    expected = schema.expected_files(shipped().values())
    readme = reference.README.read_text(encoding="utf-8")
    fresh_readme = reference.with_tables(readme)
    stale = [f"protocol/schema/{name}" for name in schema.stale_files(expected)]
    if readme != fresh_readme:
        stale.append("protocol/README.md")
    if args.check:
        for name in stale:
            print(f"stale: {name} (run `boardroom schema`)")
        return 1 if stale else 0
    schema.write_files(expected)
    if readme != fresh_readme:
        reference.README.write_text(fresh_readme, encoding="utf-8")
    for name in stale:
        print(f"wrote: {name}")
    return 0
