"""iGranie's calendar (IGR-20, 21): 24 weeks in six months of four, rent at the start of every month but
the first, and the Dream Bank's cap. Used by the flow, the Abilities and the view alike."""

from __future__ import annotations

#: The last round (IGR-21: 24 weeks), the default of the ``weeks`` option.
ROUNDS = 24
#: IGR-22, 23: each Dream Bank track stops at 15; 15 and 15 win.
BANK_CAP = 15


def month(round_: int) -> int:
    """IGR-21: the month (0..5) of a round."""
    return (round_ - 1) // 4


def rent_round(round_: int) -> bool:
    """IGR-20: the first round of a month, never round 1."""
    return round_ > 1 and (round_ - 1) % 4 == 0


def first_week(round_: int) -> bool:
    return (round_ - 1) % 4 == 0
