"""``boardroom conformance [GAME ...]``: seeded random play-outs of games, every step checked
(clients.conformance), over each game's declared option sets and seat counts (`Game.coverage`).

Prints per game: play-outs, steps, play-outs/s, steps/s (wall time), the guard share and the findings,
then one line per option set when the game declares several; exits 1 when any check fails, the guard
share reaches 1 %, or a fresh process replays a log differently; 2 for an unknown game or bad options.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import msgspec

#: The guard share (0..1) at which a game fails: play-outs ended by a guard or the step cap.
MAX_GUARD_SHARE = 0.01


def register(sub: Any) -> None:
    parser = sub.add_parser("conformance", help="seeded random play-outs of games, every step checked")
    parser.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: every registered game)")
    parser.add_argument("--game", action="append", default=[], help="a game id (repeatable; as GAME)")
    parser.add_argument(
        "--playouts", type=int, default=None, help="play-outs per game (default: the game's count in CI)"
    )
    parser.add_argument("--seed", type=int, default=0, help="base seed of the room seeds (default 0)")
    parser.add_argument(
        "--options", default=None, help="game options as JSON: play only these (default: every declared set)"
    )
    parser.add_argument("--timeouts", type=float, default=0.1, help="share of steps that are timeouts (0.1)")
    parser.add_argument("--no-leaks", action="store_true", help="skip both leak checks (measure play only)")
    parser.add_argument(
        "--replay-child", type=int, default=20, help="logs per game replayed in a fresh process (default 20)"
    )
    parser.add_argument("--show", type=int, default=10, help="findings printed per game (default 10)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from clients.conformance import Config
    from clients.conformance.plan import cells
    from clients.conformance.replay import find_game
    from games.catalog import with_fixtures

    ids = [*args.games, *args.game] or sorted(with_fixtures())
    options = json.loads(args.options) if args.options else None
    leaks = not args.no_leaks
    config = Config(timeout_share=args.timeouts, leak_scan=leaks, interference_every=8 if leaks else 0)
    print(
        f"{'game':<16} {'play-outs':>9} {'steps':>9} {'play-outs/s':>11} {'steps/s':>9} {'guard':>7} findings"
    )
    failed = False
    for game_id in ids:
        try:
            game = find_game(game_id)
            cells(game, options)
        except (KeyError, ValueError, msgspec.ValidationError) as exc:
            print(f"{game_id}: {exc!r}")
            return 2
        failed |= _run_game(game, args, options, config)
    return 1 if failed else 0


def _run_game(game: Any, args: argparse.Namespace, options: Any, config: Any) -> bool:
    """Run, print and judge one game; true when it failed."""
    from clients.conformance import run_game
    from clients.conformance.replay import Job, in_subprocess

    playouts = args.playouts if args.playouts is not None else game.coverage().ci_playouts
    start = time.perf_counter()
    summary, results = run_game(game, playouts, args.seed, options, config)
    seconds = time.perf_counter() - start
    print(
        f"{game.id:<16} {summary.playouts:>9} {summary.steps:>9} {summary.playouts / seconds:>11.1f}"
        f" {summary.steps / seconds:>9.0f} {summary.guard_share:>7.2%} {len(summary.findings)}"
    )
    _print_option_sets(results)
    for finding in summary.findings[: args.show]:
        print(f"  {finding}")
    failed = bool(summary.findings) or summary.guard_share >= MAX_GUARD_SHARE
    sample = [p for p in results if not p.findings][: args.replay_child]
    if sample:
        child = in_subprocess([Job.of(p) for p in sample])
        mismatched = [p.seed.hex() for p, d in zip(sample, child, strict=True) if d != p.digest]
        if mismatched:
            print(f"  [replay] a fresh process replays {len(mismatched)} logs differently: {mismatched[:5]}")
            failed = True
    return failed


def _print_option_sets(results: list[Any]) -> None:
    """One line per option set played (when there are several): its play-outs, steps and guard share."""
    by_options: dict[str, list[Any]] = {}
    for result in results:
        by_options.setdefault(json.dumps(result.options, sort_keys=True), []).append(result)
    if len(by_options) < 2:
        return
    for key, group in by_options.items():
        guarded = sum(p.guarded for p in group) / len(group)
        steps = sum(p.steps for p in group)
        print(f"  {len(group):>7} play-outs {steps:>9} steps {guarded:>7.2%} guard  options {key}")
