"""Seeds of ``fixture-reaction`` tables with a known hand for one seat, found by running the game's own
setup (deterministic: the first matching seed of a fixed list), so tests do not hard-code a deal."""

from __future__ import annotations

from collections.abc import Callable

from games.engine.match import setup_ctx
from games.fixtures.reaction import GAME, KINDS


def seeds_where(
    seat_holds: Callable[[list[str]], bool], seat: int, seats: int = 3, count: int = 1
) -> list[str]:
    """The first ``count`` seeds (hex, as ``POST /api/rooms`` takes them) whose deal gives ``seat`` a
    hand for which ``seat_holds(kinds of its cards)`` is true."""
    found: list[str] = []
    for n in range(1, 4096):
        seed = n.to_bytes(2, "big")
        state = GAME.setup(seats, GAME.options({}), setup_ctx(seed))
        if seat_holds([KINDS[c] for c in state.hands[seat]]):
            found.append(seed.hex())
            if len(found) == count:
                return found
    raise AssertionError("no such deal in the seeds tried")


def no_counter(kinds: list[str]) -> bool:
    """A hand without cancel or veto: the seat can only pass in an announcement's window (RCT-3)."""
    return all(k == "boost" for k in kinds)


def a_counter(kinds: list[str]) -> bool:
    """A hand with a cancel or veto: the seat has a real choice in an announcement's window."""
    return any(k != "boost" for k in kinds)
