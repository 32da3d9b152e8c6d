"""``boardroom arena``: play N in-memory games between named bot policies and report win rates.

Example: ``boardroom arena gregs --games 1000 --bots heuristic,random,random,random --seed 1`` (or
``--bots heuristic --bots random,random,random``: repeated ``--bots`` add seats). Game i
uses the seed ``<seed>/<i>``; with ``--rotate`` the policies move one seat on per game, so no policy
keeps the start seat. A policy's wins count every game it is among the winners of.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from games.engine import Match, Outcome, Policy, Rng, random_policy


class Tally(msgspec.Struct):
    """Results of an arena run: ``games`` played, ``wins`` per policy name, ``guarded`` games ended by a
    guard, ``actions`` applied in all."""

    games: int = 0
    wins: dict[str, int] = {}
    guarded: int = 0
    actions: int = 0


def policies_of(game: Any) -> dict[str, Policy]:
    """The policies a game offers by name: ``random`` and the game's own `Game.bots`."""
    return {"random": random_policy, **game.bots()}


def play(game: Any, policies: Sequence[Policy], options: Any, seed: bytes) -> tuple[Outcome, int]:
    """One game to its end, seat i played by ``policies[i]``: ``(outcome, actions applied)``.

    Each bot draws from its own stream ``bot/<seat>/v<version>`` and sees only its seat's view.
    """
    match = Match(game, len(policies), options, seed)
    while (outcome := game.outcome(match.state)) is None:
        for seat, prompt in game.prompts(match.state).items():
            view = game.view(match.state, seat)
            action = policies[seat](view, prompt, Rng(seed, f"bot/{seat}/v{match.version}"))
            match.act(seat, action)
            break  # prompts change after every action: ask again
    return outcome, match.version


def run_arena(
    game: Any,
    names: Sequence[str],
    games: int,
    seed: str,
    options: Mapping[str, Any] | None = None,
    rotate: bool = True,
) -> Tally:
    """Play ``games`` games with the policies ``names`` (one per seat) and tally the wins per name.

    Raises ``KeyError`` for an unknown policy name.
    """
    table = policies_of(game)
    opts = game.options(options)
    tally = Tally(wins={name: 0 for name in names})
    for index in range(games):
        shift = index % len(names) if rotate else 0
        seated = list(names[-shift:]) + list(names[:-shift]) if shift else list(names)
        outcome, actions = play(game, [table[n] for n in seated], opts, f"{seed}/{index}".encode())
        tally.games += 1
        tally.actions += actions
        tally.guarded += outcome.guard
        for name in {seated[w] for w in outcome.winners}:
            tally.wins[name] += 1
    return tally


#: The seats of ``--bots`` when none is given (a four-seat table).
DEFAULT_BOTS = "heuristic,random,random,random"


class ArenaUsage(Exception):
    """Arguments that cannot make an arena run; the message is the one line printed."""


def register(sub: Any) -> None:
    parser = sub.add_parser("arena", help="play in-memory games between bot policies and report win rates")
    parser.add_argument("game", help="game id, e.g. gregs")
    parser.add_argument("--games", type=int, default=1000, help="number of games, at least 1 (default 1000)")
    parser.add_argument(
        "--bots",
        action="append",
        help=f"policy names, one per seat, comma-separated or repeated (default {DEFAULT_BOTS})",
    )
    parser.add_argument("--seed", default="arena", help="seed prefix; game i uses '<seed>/<i>'")
    parser.add_argument("--no-rotate", action="store_true", help="keep every policy in its seat")
    parser.set_defaults(func=run)


def checked(args: argparse.Namespace) -> tuple[Any, list[str]]:
    """The game and the seats' policy names ``args`` ask for (``--bots a,b --bots c`` is three seats).
    Raises `ArenaUsage` for an unknown game or policy, a seat count the game cannot seat, or
    ``--games`` below 1."""
    from games.catalog import shipped

    games = shipped()
    game = games.get(args.game)
    if game is None:
        raise ArenaUsage(f"no game {args.game!r}; choose one of {', '.join(sorted(games))}")
    names = [n.strip() for text in args.bots or [DEFAULT_BOTS] for n in text.split(",") if n.strip()]
    unknown = sorted(set(names) - set(policies_of(game)))
    if unknown:
        offered = ", ".join(sorted(policies_of(game)))
        raise ArenaUsage(f"no bot policy {', '.join(unknown)} for {game.id}; choose from {offered}")
    if not game.min_seats <= len(names) <= game.max_seats:
        raise ArenaUsage(
            f"{game.id} seats {game.min_seats} to {game.max_seats} players, "
            f"not {len(names)} (--bots {','.join(names)})"
        )
    if args.games < 1:
        raise ArenaUsage(f"--games must be at least 1, not {args.games}")
    return game, names


def run(args: argparse.Namespace) -> int:
    """Play and print the win rates, or print one line saying why not (exit status 2)."""
    try:
        game, names = checked(args)
    except ArenaUsage as exc:
        print(f"boardroom arena: {exc}", file=sys.stderr)
        return 2
    tally = run_arena(game, names, args.games, args.seed, rotate=not args.no_rotate)
    print(f"{game.id}: {tally.games} games, seats {','.join(names)}, seed {args.seed!r}")
    for name in dict.fromkeys(names):
        seats = names.count(name)
        share = tally.wins[name] / tally.games
        wins = tally.wins[name]
        print(f"  {name:12} seats {seats}  wins {wins:5}  {share:6.1%}  ({share / seats:6.1%} per seat)")
    print(f"  ended by a guard: {tally.guarded}, actions: {tally.actions}")
    return 0
