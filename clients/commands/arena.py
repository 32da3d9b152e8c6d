"""``boardroom arena``: play N in-memory games between named bots and report win rates and think time.

Example: ``boardroom arena gregs --games 1000 --bots search,random,random,random --seed 1`` (or
``--bots search --seats 4``: seats past the named ones are ``random``; repeated ``--bots`` add seats).
Game i uses the seed ``<seed>/<i>``; with rotation (the default) the bots move one seat on per game, so
none keeps the start seat. When several seats are prompted at once, they act in a random order drawn
from the play-out's own stream ``play/v<version>``. A bot's wins count every game it is among the winners
of. ``--jobs N`` plays the games in N processes; the results are the same for any N.

A game's own figures (`Game.tallies`, e.g. iGranie's ends, deaths and rent rounds) are summed over the
games and printed with their share per game.

Think time is per decision: the nodes a search bot spent (0 for a plain policy) and the milliseconds of
wall time it took, as the 50th and 95th percentiles per bot.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import msgspec

from clients.commands.options import OptionsError, game_options
from games.engine import Bot, Event, Match, Outcome, Policy, Rng, Thought, bots_of, play_out, think


class Tally(msgspec.Struct):
    """Results of an arena run: ``games`` played, ``wins`` per bot name, ``guarded`` games ended by a
    guard, ``actions`` applied in all, per bot the ``nodes`` and ``ms`` of each of its decisions, and
    ``counts``: the game's own figures (`Game.tallies`) summed over the games."""

    games: int = 0
    wins: dict[str, int] = {}
    guarded: int = 0
    actions: int = 0
    nodes: dict[str, list[int]] = {}
    ms: dict[str, list[float]] = {}
    counts: dict[str, int] = {}

    def add(self, other: Tally) -> None:
        """Fold ``other`` (a run over other games) into this one."""
        self.games += other.games
        self.guarded += other.guarded
        self.actions += other.actions
        for name, wins in other.wins.items():
            self.wins[name] = self.wins.get(name, 0) + wins
        for name, nodes in other.nodes.items():
            self.nodes.setdefault(name, []).extend(nodes)
        for name, ms in other.ms.items():
            self.ms.setdefault(name, []).extend(ms)
        self.count(other.counts)

    def count(self, figures: Mapping[str, int]) -> None:
        """Add one game's (or one run's) `Game.tallies` figures."""
        for name, n in figures.items():
            self.counts[name] = self.counts.get(name, 0) + n


def policies_of(game: Any) -> dict[str, Bot]:
    """The bots a game offers by name (`games.engine.bots.bots_of`)."""
    return bots_of(game)


def play(
    game: Any,
    bots: Sequence[Bot | Policy],
    options: Any,
    seed: bytes,
    tally: Tally | None = None,
    names: Sequence[str] = (),
    events: list[Event[Any]] | None = None,
) -> tuple[Outcome, Match]:
    """One game to its end, seat i played by ``bots[i]``: its outcome and the finished `Match`.

    `games.engine.play_out` plays it: each bot draws from its own stream (`games.engine.bot_rng`) and
    sees only its seat's view (a search bot: worlds sampled by the game's ``redeal``); among several
    prompted seats the one to act is drawn from the stream ``play/v<version>``. With ``tally``, each
    decision's nodes and milliseconds are recorded under ``names[seat]``. With ``events``, every
    applied action's events are appended to it.
    """

    def timed(game: Any, bot: Bot | Policy, state: Any, seat: int, rng: Rng) -> Thought:
        started = time.perf_counter()
        thought = think(game, bot, state, seat, rng)
        if tally is not None:
            tally.ms.setdefault(names[seat], []).append((time.perf_counter() - started) * 1000)
            tally.nodes.setdefault(names[seat], []).append(thought.nodes)
        return thought

    match = play_out(game, bots, options, seed, decide=timed, events=events)
    outcome = game.outcome(match.state)
    assert outcome is not None  # no cap: a game with no prompt left before its outcome is a bug
    return outcome, match


def run_arena(
    game: Any,
    names: Sequence[str],
    games: int,
    seed: str,
    options: Mapping[str, Any] | None = None,
    rotate: bool = True,
    first: int = 0,
) -> Tally:
    """Play games ``first`` to ``first + games - 1`` with the bots ``names`` (one per seat) and tally
    the wins and think time per name. Raises ``KeyError`` for an unknown bot name."""
    table = policies_of(game)
    opts = game.options(options)
    tally = Tally(wins={name: 0 for name in names})
    for index in range(first, first + games):
        shift = index % len(names) if rotate else 0
        seated = list(names[-shift:]) + list(names[:-shift]) if shift else list(names)
        bots = [table[n] for n in seated]
        events: list[Event[Any]] = []
        outcome, match = play(game, bots, opts, f"{seed}/{index}".encode(), tally, seated, events)
        tally.count(game.tallies(match.state, events))
        tally.games += 1
        tally.actions += match.version
        tally.guarded += outcome.guard
        for name in {seated[w] for w in outcome.winners}:
            tally.wins[name] += 1
    return tally


def _run_part(
    game_id: str, names: list[str], part: tuple[int, int], seed: str, options: Any, rotate: bool
) -> Tally:
    from games.catalog import with_fixtures

    first, count = part
    return run_arena(with_fixtures()[game_id], names, count, seed, options, rotate, first)


def run_parallel(
    game: Any, names: list[str], games: int, seed: str, options: Any, rotate: bool, jobs: int
) -> Tally:
    """`run_arena` split over ``jobs`` processes (the same games, so the same results)."""
    if jobs <= 1:
        return run_arena(game, names, games, seed, options, rotate)
    size = -(-games // (jobs * 4))  # a few parts per process, so a slow part does not idle the others
    parts = [(first, min(size, games - first)) for first in range(0, games, size)]
    tally = Tally(wins={name: 0 for name in names})
    with ProcessPoolExecutor(jobs) as pool:
        futures = [pool.submit(_run_part, game.id, names, p, seed, options, rotate) for p in parts]
        for future in futures:
            tally.add(future.result())
    return tally


#: The seats of ``--bots`` when none is given: the game's own first bot (`best_of`) and three random ones.
DEFAULT_BOTS = "<the game's own bot>,random,random,random"


def best_of(game: Any) -> str:
    """The name of the first bot ``game`` declares other than ``random`` (Gregs' ``heuristic``, Grucha's
    ``greedy``); ``random`` when it declares none."""
    return next((name for name in game.bots() if name != "random"), "random")


class ArenaUsage(Exception):
    """Arguments that cannot make an arena run; the message is the one line printed."""


def register(sub: Any) -> None:
    parser = sub.add_parser("arena", help="play in-memory games between bots; win rates and think time")
    parser.add_argument("game", help="game id, e.g. gregs")
    parser.add_argument("--games", type=int, default=1000, help="number of games, at least 1 (default 1000)")
    parser.add_argument(
        "--bots",
        action="append",
        help=f"bot names, one per seat, comma-separated or repeated (default {DEFAULT_BOTS})",
    )
    parser.add_argument("--seats", type=int, help="seats at the table; those past the --bots are random")
    parser.add_argument("--options", help="game options as a JSON object (default: the game's defaults)")
    parser.add_argument("--seed", default="arena", help="seed prefix; game i uses '<seed>/<i>'")
    parser.add_argument("--no-rotate", action="store_true", help="keep every bot in its seat")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in (default 1)")
    parser.set_defaults(func=run)


def checked(args: argparse.Namespace) -> tuple[Any, list[str], dict[str, Any]]:
    """The game, the seats' bot names and the options ``args`` ask for (``--bots a,b --bots c`` is
    three seats). Raises `ArenaUsage` for an unknown game or bot, a seat count the game cannot seat,
    ``--seats`` below the bots named, bad ``--options``, or ``--games`` or ``--jobs`` below 1."""
    from games.catalog import shipped

    games = shipped()
    game = games.get(args.game)
    if game is None:
        raise ArenaUsage(f"no game {args.game!r}; choose one of {', '.join(sorted(games))}")
    default = f"{best_of(game)},random,random,random"
    names = [n.strip() for text in args.bots or [default] for n in text.split(",") if n.strip()]
    unknown = sorted(set(names) - set(policies_of(game)))
    if unknown:
        offered = ", ".join(sorted(policies_of(game)))
        raise ArenaUsage(f"no bot policy {', '.join(unknown)} for {game.id}; choose from {offered}")
    if args.seats is not None:
        if args.seats < len(names):
            raise ArenaUsage(f"--seats {args.seats} is fewer than the {len(names)} bots named")
        names += ["random"] * (args.seats - len(names))
    if not game.min_seats <= len(names) <= game.max_seats:
        raise ArenaUsage(
            f"{game.id} seats {game.min_seats} to {game.max_seats} players, "
            f"not {len(names)} (--bots {','.join(names)})"
        )
    if args.games < 1:
        raise ArenaUsage(f"--games must be at least 1, not {args.games}")
    if args.jobs < 1:
        raise ArenaUsage(f"--jobs must be at least 1, not {args.jobs}")
    try:
        options = game_options(game, args.options, len(names))
    except OptionsError as exc:
        raise ArenaUsage(str(exc)) from None
    return game, names, options


def percentiles(values: Sequence[float]) -> tuple[float, float]:
    """The 50th and 95th percentiles of ``values`` (inclusive method; one value is both)."""
    if len(values) == 1:
        return values[0], values[0]
    cuts = statistics.quantiles(values, n=20, method="inclusive")
    return cuts[9], cuts[18]


def run(args: argparse.Namespace) -> int:
    """Play and print the win rates and think time, or print one line saying why not (exit status 2)."""
    try:
        game, names, options = checked(args)
    except ArenaUsage as exc:
        print(f"boardroom arena: {exc}", file=sys.stderr)
        return 2
    tally = run_parallel(game, names, args.games, args.seed, options, not args.no_rotate, args.jobs)
    print(f"{game.id}: {tally.games} games, seats {','.join(names)}, seed {args.seed!r}")
    for name in dict.fromkeys(names):
        seats = names.count(name)
        share = tally.wins[name] / tally.games
        wins = tally.wins[name]
        print(f"  {name:12} seats {seats}  wins {wins:5}  {share:6.1%}  ({share / seats:6.1%} per seat)")
    print(f"  ended by a guard: {tally.guarded}, actions: {tally.actions}")
    if tally.counts:
        print("  the game's figures (count, per game):")
        for name, n in sorted(tally.counts.items()):
            print(f"  {name:44} {n:7}  {n / tally.games:8.1%}")
    print("  think per decision (p50 / p95):")
    for name in dict.fromkeys(names):
        if not tally.ms.get(name):
            continue  # never prompted
        nodes, ms = percentiles(tally.nodes[name]), percentiles(tally.ms[name])
        count = len(tally.ms[name])
        print(
            f"  {name:12} {count:7} decisions  nodes {nodes[0]:7.0f} / {nodes[1]:7.0f}"
            f"  ms {ms[0]:8.2f} / {ms[1]:8.2f}"
        )
    return 0
