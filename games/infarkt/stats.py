"""How a game of Infarkt ended, read from its final state (for arena measurements and stories)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec

from games.engine import Match, play_out, random_policy
from games.infarkt.cards import GRAVE, OBESITY, TRACKS
from games.infarkt.game import GAME
from games.infarkt.model import State


class Ending(msgspec.Struct, frozen=True):
    """``survivors`` (seats alive at the end), ``deaths`` track -> players it killed (a death at two
    graves at once counts for both), ``nobody_left`` (INF-17), ``rounds`` played and ``guard``."""

    survivors: list[int]
    deaths: dict[str, int]
    nobody_left: bool
    rounds: int
    guard: bool


def ending(state: State) -> Ending:
    """The `Ending` of a finished (or guarded) game."""
    deaths: Counter[str] = Counter()
    for player in state.players:
        if player.died:
            deaths.update(TRACKS[t] for t, v in enumerate(player.tracks) if v >= GRAVE and t != OBESITY)
    survivors = [s for s, p in enumerate(state.players) if not p.died]
    return Ending(survivors, dict(deaths), not survivors, state.round, state.guard)


class Tally(msgspec.Struct):
    """`measure`'s figures: ``games``; ``survivors`` count -> games that ended with that many alive;
    ``deaths`` track -> deaths; ``nobody_left`` and ``guarded`` games; ``rounds`` (mean, median, max);
    ``steps`` actions per game (mean)."""

    games: int
    survivors: dict[int, int]
    deaths: dict[str, int]
    nobody_left: int
    guarded: int
    rounds: tuple[float, int, int]
    steps: float


def measure(
    bots: list[str], games: int, options: dict[str, Any] | None = None, seed: str = "measure"
) -> Tally:
    """Play ``games`` games through `games.engine.play_out`, seat i by the policy named ``bots[i]``
    (``random`` or the game's own), game n seeded ``<seed>/<n>``, and tally how they ended. Raises
    ``KeyError`` for an unknown bot."""
    table = {"random": random_policy, **GAME.bots()}
    policies = [table[b] for b in bots]
    opts = GAME.options(options)
    endings, steps = [], 0
    for n in range(games):
        match = play_out(GAME, policies, opts, f"{seed}/{n}".encode())
        endings.append(ending(match.state))
        steps += match.version
    deaths: Counter[str] = Counter()
    for e in endings:
        deaths.update(e.deaths)
    rounds = [e.rounds for e in endings]
    return Tally(
        games,
        dict(sorted(Counter(len(e.survivors) for e in endings).items())),
        dict(deaths.most_common()),
        sum(e.nobody_left for e in endings),
        sum(e.guard for e in endings),
        _spread(rounds),
        round(steps / games, 1),
    )


class Pace(msgspec.Struct):
    """`pace`'s figures over ``games`` games where every prompt times out: ``rounds`` per game (mean,
    median, max), ``windows`` reaction windows opened per completed round (mean) and ``seconds`` a
    completed round takes (mean, median, max)."""

    games: int
    rounds: tuple[float, int, int]
    windows: float
    seconds: tuple[float, float, float]


def pace(
    seats: int,
    timers: dict[str, float],
    games: int,
    options: dict[str, Any] | None = None,
    seed: str = "pace",
) -> Pace:
    """How long rounds last when nobody acts: ``games`` games (game n seeded ``<seed>/<n>``) in which
    every prompt is left to its deadline and takes its default. ``timers`` is seconds per timer class (a
    room's: ``GET /api/games`` ``timers``; a class missing counts as ``turn``). A prompt's deadline is set
    when its id first appears and kept while the id stays (as the server does); the earliest deadline
    passes first, so prompts open together (the commitments, a family question) lapse together. The
    server's away rule (shorter timeouts after two strikes) is not modelled. Raises ``KeyError`` without
    a ``turn`` class."""
    opts = GAME.options(options)
    rounds, lengths, windows = [], [], []
    for n in range(games):
        match = Match(GAME, seats, opts, f"{seed}/{n}".encode())
        deadlines: dict[tuple[int, str], float] = {}
        now = started = 0.0
        opened: set[str] = set()
        while GAME.outcome(match.state) is None:
            prompts = GAME.prompts(match.state)
            deadlines = {
                (s, p.id): deadlines.get((s, p.id), now + timers.get(p.timer, timers["turn"]))
                for s, p in prompts.items()
            }
            opened.update(p.id.split("/")[0] for p in prompts.values() if p.id.startswith("w"))
            (seat, prompt), now = min(deadlines.items(), key=lambda item: item[1])
            before = match.state.round
            match.act(seat, {"kind": "timeout", "prompt": prompt}, now)
            if match.state.round != before:
                lengths.append(now - started)
                windows.append(len(opened))
                started, opened = now, set()
        rounds.append(match.state.round)
    return Pace(games, _spread(rounds), round(sum(windows) / max(1, len(windows)), 2), _spread(lengths))


def _spread(values: list[Any]) -> tuple[Any, Any, Any]:
    """(mean to 0.1, median, max) of ``values``; zeros when there are none."""
    if not values:
        return (0.0, 0, 0)
    ordered = sorted(values)
    return (round(sum(ordered) / len(ordered), 1), ordered[len(ordered) // 2], ordered[-1])
