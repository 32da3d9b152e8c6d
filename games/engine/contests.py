"""Contests decided by totals that a window's plays modified (IGR-18; the fixture's RCT-6).

The higher total wins. Equal totals after the window go to the side that was ahead before the last card
played, judged on the plays *as played*: walk back through the history of the totals to the most recent
moment at which they were unequal; the side ahead then wins. A cancel counts at the moment it was
played: its change is minus its target's contribution at that moment, and a cancel of a cancel restores
it — each moment's totals are those the window would give if it closed right then. IGR-18's example:
dice 5-4; attacker +1 (6-4), defender +2 (6-6), attacker +1 (7-6), defender cancels the attacker's
first card (6-6): the attacker wins, ahead at 7-6.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from games.engine.windows import Play, Window, cancelled_ids

P = TypeVar("P")

#: A play's change to each side's total (``(1, 0)``: +1 to side 0), or nothing for a cancel.
Delta = Callable[[Play[P]], Sequence[int]]


def leader(totals: Sequence[int]) -> int | None:
    """The index of the unique highest total, or ``None`` when the highest is shared."""
    best = max(totals)
    leaders = [i for i, t in enumerate(totals) if t == best]
    return leaders[0] if len(leaders) == 1 else None


def last_leader(history: Sequence[Sequence[int]]) -> int | None:
    """The leader of the most recent totals in ``history`` (oldest first) that have one, else ``None``."""
    for totals in reversed(history):
        side = leader(totals)
        if side is not None:
            return side
    return None


def ahead_before_last(start: Sequence[int], deltas: Sequence[Sequence[int]]) -> int | None:
    """The winning side: the leader of the final totals or, if they tie, of the most recent totals before
    them that do not (IGR-18). ``start`` holds each side's total before any play (e.g. two dice);
    ``deltas`` each moment's change to every side, in play order. ``None`` when no moment had a unique
    leader."""
    history = [list(start)]
    for delta in deltas:
        history.append([t + d for t, d in zip(history[-1], delta, strict=True)])
    return last_leader(history)


def totals_as_played(plays: Sequence[Play[P]], start: Sequence[int], delta: Delta[P]) -> list[list[int]]:
    """The totals after each moment: ``start``, then after each of ``plays`` (in play order) what the
    window would give if it closed then — the sum of ``delta`` over the plays standing at that moment.
    The last entry is the window's result."""
    history = [list(start)]
    for end in range(1, len(plays) + 1):
        played = plays[:end]
        out = cancelled_ids(played)
        totals = list(start)
        for entry in played:
            if entry.id not in out:
                totals = [t + d for t, d in zip(totals, delta(entry), strict=True)]
        history.append(totals)
    return history


def contest_winner(window: Window[P], start: Sequence[int], delta: Delta[P]) -> int | None:
    """The winning side of a contest over ``window``'s plays (as played, see the module docstring):
    ``delta(play)`` is a play's own change to each side's total (a cancel's is nothing: its effect comes
    from its target). ``None`` when no moment had a unique leader."""
    return last_leader(totals_as_played(window.plays, start, delta))
