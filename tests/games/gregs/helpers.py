"""Helpers that keep the Gregs rule tests to a handful of lines: seeded tables, hand-set fans and
timeouts."""

from __future__ import annotations

from typing import Any

from games.engine import Match
from games.engine.testing import act as act  # the engine's, for the tests
from games.engine.testing import kinds as kinds
from games.engine.testing import new_match
from games.gregs import GAME
from games.gregs.cards import ACTIONS, CHARACTER_IDS, RANK_IDS
from games.gregs.cards import CHEESE as CHEESE  # re-exported for the tests
from games.gregs.model import Slot, State

GREG, RUPERT, FINLEY, RODRICK, MANNI, FREGLEY = CHARACTER_IDS
PLASTER, WRESTLING, ROBOT = "act-plaster-cast-1", "act-wrestling-1", "act-building-a-robot-1"
ZOO, SNOWBALL, TEENS = "act-zoo-wee-mama-1", "act-giant-snowball-1", "act-chased-by-teenagers-1"
PLASTER2, WRESTLING2, ZOO2 = "act-plaster-cast-2", "act-wrestling-2", "act-zoo-wee-mama-2"
R51, R40, R30, R20, R10, R2 = RANK_IDS


def table(seats: int = 4, seed: bytes = b"gregs-test", **options: Any) -> Match:
    """A match after every seat chose, in seat order, the next character of the data file."""
    match = new_match(GAME, seats, seed, **options)
    for seat in range(seats):
        match.act(seat, {"kind": "choose", "character": CHARACTER_IDS[seat]})
    return match


def set_fan(state: State, cards: list[str], revealed: int = 0) -> None:
    """Put ``cards`` in the fan in this slot order (the first ``revealed`` face up); the draw pile holds
    every other action card not in the discard pile, so the cards stay conserved."""
    state.fan = [Slot(c, revealed=i < revealed) for i, c in enumerate(cards)]
    state.draw = [c for c in ACTIONS if c not in cards and c not in state.discard]


def turn_of(match: Match, seat: int, holder: int, fan: list[str], revealed: int = 0) -> State:
    """Make it ``seat``'s turn (a holder's turn when ``seat == holder``) with ``fan`` in slot order."""
    state: State = match.state
    state.active, state.holder, state.holder_turn, state.phase = seat, holder, seat == holder, "reveal"
    set_fan(state, fan, revealed)
    return state


def reveal(match: Match, seat: int, *slots: int) -> list[Any]:
    """Reveal ``slots`` one after the other; the bodies of all their events."""
    return [body for slot in slots for body in act(match, seat, "reveal", slot=slot)]


def fan_cards(state: State) -> list[str]:
    """The fan's cards, sorted (its order is a secret shuffle)."""
    return sorted(s.card for s in state.fan)


#: A holder's fan: +2, +1, +4 in slots 0-2, the cheese in slot 3, -2 in slot 4.
HOLDER_FAN = [PLASTER, WRESTLING, ZOO, "cheese", ROBOT]


def time_out(match: Match) -> list[Any]:
    """Let the deadline of the one prompted seat pass; the event bodies."""
    ((seat, prompt),) = GAME.prompts(match.state).items()
    return [e.body for e in match.act(seat, {"kind": "timeout", "prompt": prompt.id})]
