"""Grucha's bots: pure policies ``(view, prompt, rng) -> action`` in wire form that see only the view.

The engine's random policy cannot play Grucha: ``submit`` is free-form. Both bots find their plays with
`games.grucha.moves.moves` from their hand and the table, so every submission they send is accepted.

- ``random``: one of the moves found, or one of the prompt's finite choices, uniformly at random (a coin
  decides between submitting and the finite choices when both exist);
- ``greedy``: the move shedding the most points (GRU-13) while one exists, else draws once, else ends the
  turn, calling GRUCHA with one card left; passes with an empty stock; is ready at once at a round's
  end (the ``random`` bot too: it is the only finite choice).
"""

from __future__ import annotations

from typing import Any

from games.engine import Prompt, Rng
from games.grucha.events import View
from games.grucha.moves import Move, moves

#: The most moves a bot considers in one decision (bounds its think time): greedy, random.
BUDGET = 200
RANDOM_BUDGET = 60


def _moves(view: View, budget: int) -> list[Move]:
    seat = view.seat
    if seat is None or view.phase != "play":
        return []
    opening = 0 if view.opened[seat] else view.opening_min_points
    return moves(view.table, view.hand, view.jokers_must_be_minority, opening, budget)


def _finite(prompt: Prompt) -> list[dict[str, Any]]:
    return [{"kind": kind, **fields} for kind, options in prompt.choices.items() for fields in options]


def random_bot(view: View, prompt: Prompt, rng: Rng) -> dict[str, Any]:
    """A coin decides between submitting and a finite choice; a submission is a random one of the first
    `RANDOM_BUDGET` moves found (a finite choice when none is found)."""
    finite = _finite(prompt)
    if not finite or rng.below(2) == 0:
        found = _moves(view, RANDOM_BUDGET)
        if found:
            return {"kind": "submit", **rng.choice(found).payload()}
    return rng.choice(finite)


def greedy(view: View, prompt: Prompt, rng: Rng) -> dict[str, Any]:
    """The best-scoring move, else draw, else end (with the call on one card), else pass; at a round's
    end, ready at once."""
    if prompt.choices.get("next"):
        return {"kind": "next"}
    found = _moves(view, BUDGET)
    if found:
        best = max(found, key=lambda m: (m.value(), len(m.added)))
        return {"kind": "submit", **best.payload()}
    choices = prompt.choices
    if choices.get("draw"):
        return {"kind": "draw"}
    if choices.get("end"):
        return {"kind": "end", "grucha": len(view.hand) == 1}
    return {"kind": "pass"}
