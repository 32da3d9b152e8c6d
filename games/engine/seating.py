"""The first seat of a game, as a room's option names it: ``seat0``, ``random`` or a seat number."""

from __future__ import annotations

from games.engine.rng import Rng


def first_seat(choice: str, seats: int, rng: Rng, option: str) -> int:
    """The seat ``choice`` names among ``seats``: ``seat0``, a random one (``rng``) for ``random``, or
    the seat number given as the seat's own digits (``"2"``; ``"02"`` is refused). Raises ``ValueError``
    naming the room option ``option`` otherwise."""
    if choice == "seat0":
        return 0
    if choice == "random":
        return rng.below(seats)
    # one spelling per seat: a room's stored options then say the seat the way every client shows it
    if choice.isdigit() and str(int(choice)) == choice and int(choice) < seats:
        return int(choice)
    raise ValueError(f"{option} must be 'seat0', 'random' or a seat number below {seats}, got {choice!r}")
