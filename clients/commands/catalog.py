"""``boardroom catalog [GAME]``: each game's catalogue per language, as ``GET /api/games/{game}/catalog``
serves it: how much of it the language gives itself (entries, rules included, and story kinds; the
rest falls back to English), its reconstructed entries and its size on the wire (bytes, and gzipped).
``--reconstructed`` also lists every entry whose contents are a reconstruction. Exit status 0, or 2
for an unknown game.
"""

from __future__ import annotations

import argparse
import gzip
import sys
from typing import Any


def register(sub: Any) -> None:
    parser = sub.add_parser("catalog", help="each game's catalogue: coverage per language and size")
    parser.add_argument("game", nargs="?", help="one game id (default: every shipped game)")
    parser.add_argument("--reconstructed", action="store_true", help="list the reconstructed entries")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from games.catalog import shipped

    games = shipped()
    if args.game is not None and args.game not in games:
        print(f"boardroom catalog: no game {args.game!r}; choose one of {', '.join(games)}", file=sys.stderr)
        return 2
    print("| game | lang | entries | story kinds | coverage | bytes | gzipped | reconstructed |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for game_id in [args.game] if args.game else sorted(games):
        catalog = games[game_id].catalog
        if catalog is None:
            continue
        rebuilt = sum(1 for term in catalog.provenance.values() if term == "reconstruction")
        for c in catalog.coverage():
            body = catalog.encoded(c.lang)
            print(
                f"| {game_id} | {c.lang} | {c.entries}/{c.total} | {c.story}/{c.story_total} | "
                f"{c.percent:.0f} % | {len(body)} | {len(gzip.compress(body, mtime=0))} | {rebuilt} |"
            )
    if args.reconstructed:
        for game_id in [args.game] if args.game else sorted(games):
            own = games[game_id].catalog
            en = own.doc("en").entries if own else {}
            for row_id, entry in en.items():
                if entry.provenance == "reconstruction":
                    print(f"{game_id} {row_id}: {entry.name} — {entry.text}")
    return 0
