"""How a game of Infarkt ended, read from its final state (for arena measurements and stories)."""

from __future__ import annotations

from collections import Counter

import msgspec

from games.infarkt.cards import GRAVE, OBESITY, TRACKS
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
