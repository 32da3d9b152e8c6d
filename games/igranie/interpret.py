"""Carrying out effect data (IGR-9, 10, 28, 31): the steps of an Event card, a Small Loop effect or a
Resourcefulness card's effect (`games.igranie.cards.Effect`), over the resources (`effects`) and the
board (`board.move`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engine import Event, Rng
from games.igranie import cards
from games.igranie.board import move
from games.igranie.cards import Effect
from games.igranie.effects import die, discard_random, draw, gain, living, mark
from games.igranie.events import Changed
from games.igranie.model import State


def apply(state: State, seat: int, steps: Sequence[Effect], source: str, rng: Rng) -> list[Event[Any]]:
    """Carry out ``steps`` for ``seat`` (``who="all"``: every living player). ``source`` is ``loop``,
    ``event`` or ``card``: IGR-31 Fat'n'Proud gives loop-effect Food to Ilona only."""
    events: list[Event[Any]] = []
    for step in steps:
        for target in living(state) if step.who == "all" else [seat]:
            events += one(state, target, step, source, rng)
    return events


def one(state: State, seat: int, step: Effect, source: str, rng: Rng) -> list[Event[Any]]:
    player = state.players[seat]
    if player.dead:
        return []
    op, n = step.op, step.n
    if op == "food" and n > 0 and source == "loop" and player.character != "ilona":
        return []
    if op in ("money", "food"):
        return gain(state, seat, op, n, source)
    if op == "cards":
        return draw(state, seat, n, rng, source) if n > 0 else discard_random(state, seat, -n, rng, source)
    if op == "move":
        return move(state, seat, n, rng)
    if op in ("skip", "hunger", "rent_release"):
        return mark(state, seat, op, source)
    if op == "hiv":
        if any(cards.HIV in p.specials for p in state.players):
            return []
        player.specials.append(cards.HIV)
        return [Event(Changed(seat, "special", 1, source, [cards.HIV]))]
    if op == "cold":
        if cards.HIV in player.specials:
            return die(state, seat, "cold")
        return gain(state, seat, "food", -1, "cold")
    raise ValueError(f"effect {op!r} is not an event or loop effect")
