"""The ``outcome`` check: winners are exactly the seats ranked 1, in seat order, or none with a reason.

Each case ends a real ``fixture-hands`` play-out (2 seats) with a fixed outcome and lists what the check
reports about it.
"""

from __future__ import annotations

import pytest

from clients.conformance import Config, play_out
from games.engine import Outcome
from games.fixtures.hands import HandsGame, HandsState

QUICK = Config(leak_scan=False, interference_every=0, probes=False)


class EndsWith(HandsGame):
    """``fixture-hands`` whose finished games end with ``fixed`` instead of the scored outcome."""

    def __init__(self, fixed: Outcome) -> None:
        super().__init__()
        self.fixed = fixed

    def outcome(self, state: HandsState) -> Outcome | None:
        return None if super().outcome(state) is None else self.fixed


def reported(fixed: Outcome) -> list[tuple[str, object]]:
    found = play_out(EndsWith(fixed), 2, b"outcome-check", None, QUICK).findings
    return [(f.detail, f.value) for f in found]


@pytest.mark.parametrize(
    ("fixed", "expected"),
    [
        (Outcome([2, 1], [1]), []),
        (Outcome([1, 1], [0, 1]), []),
        (Outcome([1, 2], [], "no_survivor"), []),
        (Outcome([1, 1], [], "no_survivor"), []),
        (Outcome([1, 2], [], "turn_limit", guard=True), []),
        (Outcome([1, 2], []), [("no winner needs a reason other than 'finished'", [])]),
        (Outcome([2, 1], [0, 1]), [("winners must be the seats ranked 1, [1]", [0, 1])]),
        (Outcome([1, 1], [1, 0]), [("winners must be the seats ranked 1, [0, 1]", [1, 0])]),
        (Outcome([1, 1], [0]), [("winners must be the seats ranked 1, [0, 1]", [0])]),
        (
            Outcome([2, 2], [], "no_survivor"),
            [("ranks must give every seat a rank in 1..seats, someone 1", [2, 2])],
        ),
    ],
    ids=[
        "one winner",
        "a tie",
        "nobody wins, for a reason",
        "nobody wins though the ranks tie",
        "a guard without a winner",
        "nobody wins for no reason",
        "a winner not ranked 1",
        "winners out of seat order",
        "a winner ranked 1 left out",
        "nobody ranked 1",
    ],
)
def test_outcome_check(fixed: Outcome, expected: list[tuple[str, object]]) -> None:
    assert reported(fixed) == expected
