"""What one replay call costs (`server.lobby.replays`): ``python -m clients.bench.replays [--games N]``.

For each game, the longest of N seeded games of random bots at 4 seats (iGranie also with every option
that lengthens it) is logged, then timed: the first call (the whole log played once, the kept states
encoded), and later calls at every 97th version (decode the kept state below, play on, the spectator
view). Medians in milliseconds, with the kept states' bytes.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from games.catalog import shipped
from games.engine import Game, bots_of, play_out
from server.lobby.replays import Kept, Table
from server.store.model import LogStep


def longest(game: Game[Any, Any], games: int) -> tuple[Table, list[LogStep]]:
    """The longest of ``games`` seeded random games of ``game`` at 4 seats, as a table and its log."""
    bots = [bots_of(game)["random"]] * 4
    best: tuple[Table, list[LogStep]] | None = None
    for n in range(games):
        seed = f"replay/{n}".encode()
        match = play_out(game, bots, game.options(None), seed)
        steps = [LogStep(i + 1, e.seat, e.action, e.now) for i, e in enumerate(match.log)]
        if best is None or len(steps) > len(best[1]):
            best = (Table(game, 4, {}, seed), steps)
    assert best is not None
    return best


def cost(table: Table, steps: list[LogStep]) -> dict[str, float]:
    """The milliseconds of a first call at the last version (the whole log played), of later calls at
    20 versions spread over the game (median), of stepping forward one version at a time (median per
    call, a fresh room), and the kept states' bytes."""
    kept = Kept(table)
    first = timed(kept.view_at, steps, len(steps))
    spread = range(0, len(steps) + 1, max(1, len(steps) // 20))
    later = statistics.median(timed(kept.view_at, steps, v) for v in spread)
    fresh = Kept(table)
    stepping = statistics.median(timed(fresh.view_at, steps, v) for v in range(len(steps) + 1))
    size = sum(len(s) for s in kept.states)
    return {"steps": len(steps), "first": first, "later": later, "stepping": stepping, "bytes": size}


def timed(call: Callable[..., object], *args: Any) -> float:
    """Milliseconds ``call(*args)`` took."""
    start = time.perf_counter()
    call(*args)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="seeded games per game, the longest is timed")
    args = parser.parse_args()
    print(
        "| game | steps | first call at the end, ms | a later call, ms | stepping, ms a call | kept, bytes |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    for game_id, game in sorted(shipped().items()):
        c = cost(*longest(game, args.games))
        cells = [c["steps"], f"{c['first']:.1f}", f"{c['later']:.2f}", f"{c['stepping']:.2f}", c["bytes"]]
        print(f"| {game_id} | {' | '.join(map(str, cells))} |")


if __name__ == "__main__":
    main()
