"""Simultaneous hidden commitments: every seat of a round commits once, all are revealed in one step.

The model (DESIGN.md, "Simultaneous hidden commitments"; Infarkt's placement, INF-8): a game embeds a
`Commitments` value in its state, generic over the committed payload ``P`` (a Struct or a plain value).

- `open_round` names the seats that must commit; the round counter makes each round's prompt ids new.
- `commit` records one seat's payload (refusing a second commit and a seat outside the round).
- `all_committed` tells the game when to call `reveal`, which returns every payload in seat order and
  clears the round, so the reveal is a single step: the last commit's action.
- `prompts` gives every seat yet to commit a prompt (timer ``commit``); a `Timeout` on it should commit the
  game's default for that seat (`commit` again, with the default payload).
- `view` is the only face of a round a seat may see: who must commit, who has committed, and its *own*
  pending payload. Nothing else of a pending payload leaves the state — not its value, not its shape —
  so a view, prompt, event or error of one seat never changes with what another seat committed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Generic, TypeVar

import msgspec

from games.engine.errors import IllegalAction
from games.engine.model import Prompt

P = TypeVar("P")


class Commitments(msgspec.Struct, Generic[P], omit_defaults=True):
    """One round of hidden commitments, kept in the state (never shown as such in a view).

    ``round`` counts the rounds opened so far (0: none yet); ``seats`` the seats that must commit this
    round, ascending; ``pending`` seat -> committed payload, hidden from every other seat until reveal.
    """

    round: int = 0
    seats: list[int] = []
    pending: dict[int, P] = {}


class CommitmentsView(msgspec.Struct, Generic[P], omit_defaults=True):
    """What ``seat`` sees of a round: ``round``, the ``seats`` that must commit, those that ``committed``
    (ascending, never in the order they committed) and ``mine``, its own pending payload if any."""

    round: int
    seats: list[int]
    committed: list[int]
    mine: P | None = None


def open_round(c: Commitments[P], seats: Iterable[int]) -> None:
    """Start a new round for ``seats`` (any order; kept ascending) and forget any previous one.

    Raises ``ValueError`` if a round is still pending (a bug of the game: reveal it first).
    """
    if c.pending:
        raise ValueError("a round of commitments is still pending")
    c.round += 1
    c.seats = sorted(set(seats))
    c.pending = {}


def is_open(c: Commitments[P]) -> bool:
    """Whether a round is waiting for commitments."""
    return bool(c.seats)


def commit(c: Commitments[P], seat: int, payload: P) -> None:
    """Record ``seat``'s payload for this round.

    Raises `IllegalAction` ``action/no_prompt`` for a seat outside the round, ``commit/already`` for a
    seat that has committed this round (its first commitment stands).
    """
    if seat not in c.seats:
        raise IllegalAction("action/no_prompt")
    if seat in c.pending:
        raise IllegalAction("commit/already")
    c.pending[seat] = payload


def all_committed(c: Commitments[P]) -> bool:
    """Whether every seat of the open round has committed (false when no round is open)."""
    return bool(c.seats) and all(s in c.pending for s in c.seats)


def committed(c: Commitments[P]) -> list[int]:
    """The seats that have committed this round, ascending (public: it says nothing of what)."""
    return [s for s in c.seats if s in c.pending]


def waiting(c: Commitments[P]) -> list[int]:
    """The seats of the open round yet to commit, ascending."""
    return [s for s in c.seats if s not in c.pending]


def reveal(c: Commitments[P]) -> list[tuple[int, P]]:
    """Every ``(seat, payload)`` of the round in seat order, and close the round (seats and pending
    cleared; ``round`` keeps counting). Raises ``ValueError`` unless `all_committed`."""
    if not all_committed(c):
        raise ValueError("reveal before every seat has committed")
    revealed = [(s, c.pending[s]) for s in c.seats]
    c.seats = []
    c.pending = {}
    return revealed


def prompt_id(c: Commitments[P], seat: int, prefix: str = "commit") -> str:
    """The id of ``seat``'s prompt this round: ``"<prefix>/<round>/<seat>"``, the same until it commits."""
    return f"{prefix}/{c.round}/{seat}"


def prompts(
    c: Commitments[P],
    kinds: list[str],
    choices: dict[int, dict[str, list[dict[str, Any]]]] | None = None,
    default: str = "default",
    prefix: str = "commit",
) -> dict[int, Prompt]:
    """A `Prompt` (timer ``commit``) for every seat yet to commit, by seat.

    ``choices`` gives each seat's finite legal actions (its own, never computed from another seat's
    pending payload); ``default`` names what a timeout commits; ``prefix`` separates the ids of two
    commitment structures in one game.

    A commitment is a decision of the seat's own: the round waits for it, and a timeout commits what the
    game chose for the seat, so its timeout is a strike (``Prompt.strike``) — unless ``default`` is
    ``pass``, a commitment the seat may skip without consequence (a no-op), which is not.
    """
    return {
        seat: Prompt(
            id=prompt_id(c, seat, prefix),
            kinds=list(kinds),
            timer="commit",
            default=default,
            choices=(choices or {}).get(seat, {}),
            strike=default != "pass",
        )
        for seat in waiting(c)
    }


def view(c: Commitments[P], seat: int | None) -> CommitmentsView[P]:
    """What ``seat`` (``None``: a spectator) may see of the round (see `CommitmentsView`)."""
    mine = c.pending.get(seat) if seat is not None else None
    return CommitmentsView(round=c.round, seats=list(c.seats), committed=committed(c), mine=mine)


def idle_code(c: Commitments[P], seat: int) -> str | None:
    """The refusal for an action of ``seat`` when it has no prompt: ``commit/already`` for a seat that
    has committed this round, else ``None`` (the caller's own reason, or ``action/no_prompt``)."""
    return "commit/already" if seat in c.pending else None
