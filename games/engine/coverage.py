"""What the conformance suite must play of one game: its option sets, seat counts and budgets.

A game declares them with `Game.coverage`; the suite (``clients.conformance``) plays every option set at
each of its seat counts in turn, stops a play-out at ``step_cap`` actions (counted as ended by a guard)
and, in CI, plays ``ci_playouts`` play-outs of the game, a count set against the test budget.
"""

from __future__ import annotations

from typing import Any

import msgspec


class OptionSet(msgspec.Struct, frozen=True):
    """One set of room options the suite must cover: ``options`` as JSON data (what a room's creation
    sends; ``{}`` means the defaults) and ``seats``, the seat counts these options allow (iGranie's
    ``allow_two_players`` adds 2 to 3..6)."""

    options: dict[str, Any]
    seats: tuple[int, ...]


class Coverage(msgspec.Struct, frozen=True):
    """A game's conformance plan.

    - ``option_sets``: every `OptionSet` to play (at least one).
    - ``step_cap``: actions after which a play-out counts as ended by a guard (a game's longest honest
      play-out, with margin).
    - ``ci_playouts``: play-outs in CI, spread over the option sets and their seat counts; set from the
      game's checked steps per second so the conformance test group stays within its budget.
    """

    option_sets: tuple[OptionSet, ...]
    step_cap: int = 2000
    ci_playouts: int = 300

    def cells(self) -> list[tuple[dict[str, Any], int]]:
        """Every ``(options, seats)`` pair, option set by option set: the order play-outs cycle through."""
        return [(s.options, n) for s in self.option_sets for n in s.seats]
