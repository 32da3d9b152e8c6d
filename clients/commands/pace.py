"""``boardroom pace GAME [--seats N] [--games G] [--think S] [--json]``: how long a table of people takes,
on a fake clock under the server's deadline rules (`clients.pace`): per game the prompts per turn, the
pass-only prompts a person with the default seat settings is shown, the share of the time spent in
reaction windows where nobody played, the mean round, and the mean round of a table where nobody
clicks. ``GAME`` may be ``all``. ``--json`` prints one object (game -> figures) on the last line.
Exit status 0, or 2 for an unknown game.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import msgspec


def register(sub: Any) -> None:
    parser = sub.add_parser("pace", help="a table's pace in people's time, on a fake clock")
    parser.add_argument("game", help="a game id, or all")
    parser.add_argument("--seats", type=int, default=4, help="seats at each table (default 4)")
    parser.add_argument("--games", type=int, default=3, help="tables per game (default 3)")
    parser.add_argument("--think", type=float, default=5.0, help="seconds a real decision takes (default 5)")
    parser.add_argument("--json", action="store_true", help="also print the figures as one JSON object")
    parser.set_defaults(func=run)


def _problem(args: argparse.Namespace, games: list[Any]) -> str | None:
    """What is wrong with the arguments for ``games``, in words, or ``None``."""
    if args.think <= 0:
        return "--think must be more than 0 seconds"
    if args.games < 1:
        return "--games must be at least 1"
    for game in games:
        low, high = game.seats_for(game.options(None))  # with its default options
        if not low <= args.seats <= high:
            return f"{game.id} seats {low} to {high}, not {args.seats}"
    return None


COLUMNS = ["prompts_per_turn", "pass_only_shown_per_turn", "window_wait_share", "round_seconds"]


def run(args: argparse.Namespace) -> int:
    from clients.pace import measure
    from games.catalog import shipped
    from server.settings import Settings

    games = shipped()
    chosen = sorted(games) if args.game == "all" else [args.game]
    unknown = [g for g in chosen if g not in games]
    if unknown:
        print(
            f"boardroom pace: no game {unknown[0]!r}; choose one of {', '.join(games)} or all",
            file=sys.stderr,
        )
        return 2
    problem = _problem(args, [games[g] for g in chosen])
    if problem:
        print(f"boardroom pace: {problem}", file=sys.stderr)
        return 2
    figures = {}
    print(f"| game | {' | '.join([*COLUMNS, 'idle_round_seconds'])} |")
    print(f"| --- |{' --- |' * (len(COLUMNS) + 1)}")
    for game_id in chosen:
        found = measure(games[game_id], args.seats, args.games, args.think, Settings())
        figures[game_id] = msgspec.to_builtins(found)
        cells = [str(getattr(found, c)) for c in [*COLUMNS, "idle_round_seconds"]]
        print(f"| {game_id} | {' | '.join(cells)} |", flush=True)
    if args.json:
        print(msgspec.json.encode(figures).decode())
    return 0
