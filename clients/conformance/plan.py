"""Which tables a run plays: a game's declared option sets and seat counts (`Game.coverage`), checked.

A run cycles through the *cells* of the plan, ``(options, seats)`` pairs option set by option set
(`games.engine.Coverage.cells`); play-out ``i`` plays cell ``i % len(cells)``. Options given on the
command line replace the plan by one option set: the declared seat counts of an equal declared set, else
every seat count whose setup accepts those options.
"""

from __future__ import annotations

from typing import Any

import msgspec

from clients.conformance.model import Finding
from games.engine import Game
from games.engine.match import setup_ctx


def cells(game: Game[Any, Any], options: dict[str, Any] | None = None) -> list[tuple[dict[str, Any], int]]:
    """The ``(options, seats)`` pairs a run cycles through. Raises ``ValueError`` when ``options`` start
    no table at any seat count, ``msgspec.ValidationError`` (with the path) when they do not decode."""
    plan = game.coverage()
    if options is None:
        return plan.cells()
    game.options(options)
    declared = [s.seats for s in plan.option_sets if _same(game, s.options, options)]
    seats = declared[0] if declared else [n for n in _seat_range(game) if _starts(game, options, n)]
    if not seats:
        raise ValueError(
            f"{game.id}: the options {options} start no table of {game.min_seats}..{game.max_seats}"
        )
    return [(options, n) for n in seats]


def check(game: Game[Any, Any]) -> list[Finding]:
    """Findings (check ``coverage``) of a plan that cannot be played as declared: no option set, options
    that do not decode, a seat count outside ``min_seats..max_seats`` or one whose setup refuses them."""
    plan = game.coverage()
    found = [] if plan.option_sets else ["the coverage declares no option set"]
    for option_set in plan.option_sets:
        try:
            game.options(option_set.options)
        except msgspec.ValidationError as exc:
            found.append(f"options {option_set.options} do not decode: {exc}")
            continue
        if not option_set.seats:
            found.append(f"options {option_set.options} declare no seat count")
        found += [
            f"options {option_set.options} at {n} seats: setup refuses them"
            for n in option_set.seats
            if n not in _seat_range(game) or not _starts(game, option_set.options, n)
        ]
    return [Finding("coverage", game.id, 0, "", 0, detail) for detail in found]


def _seat_range(game: Game[Any, Any]) -> range:
    return range(game.min_seats, game.max_seats + 1)


def _same(game: Game[Any, Any], one: dict[str, Any], other: dict[str, Any]) -> bool:
    """Whether two option sets decode to the same options (``{}`` equals the defaults spelled out)."""
    return bool(game.options(one) == game.options(other))


def _starts(game: Game[Any, Any], options: dict[str, Any], seats: int) -> bool:
    """Whether setup accepts ``options`` at ``seats`` seats (the lobby's dry run)."""
    try:
        game.setup(seats, game.options(options), setup_ctx(b"dry-run"))
    except ValueError:
        return False
    return True
