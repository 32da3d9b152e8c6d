"""The first seat of a game, as a room's option names it: ``seat0``, ``random`` or a seat number."""

from __future__ import annotations

from games.engine.rng import Rng


def first_seat(choice: str, seats: int, rng: Rng, option: str) -> int:
    """The seat ``choice`` names among ``seats``: ``seat0``, a random one (``rng``) for ``random``, or
    the seat number given. Raises ``ValueError`` naming the room option ``option`` otherwise."""
    if choice == "seat0":
        return 0
    if choice == "random":
        return rng.below(seats)
    if choice.isdigit() and int(choice) < seats:
        return int(choice)
    raise ValueError(f"{option} must be 'seat0', 'random' or a seat number below {seats}, got {choice!r}")
