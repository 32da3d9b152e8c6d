"""Helpers that keep the iGranie rule tests short: seeded tables with chosen characters, dice fixed in
advance, cards put on top of a deck or into a hand (conserving every card), and one-line actions."""

from __future__ import annotations

from typing import Any

from games.engine import Ctx, Event, Rng, step
from games.engine.testing import kinds as kinds  # the engine's, for the tests
from games.igranie import GAME
from games.igranie.model import State

ILONA, LENA, MARCIN, STEFAN, FIEFIURKA = "ilona", "lena", "marcin", "stefan", "fiefiurka"


class Dice(Rng):
    """A generator whose d6 rolls (`randint`) come from ``rolls`` first; everything else is seeded."""

    def __init__(self, rolls: list[int], seed: bytes = b"igranie-test") -> None:
        super().__init__(seed, "test")
        self.rolls = list(rolls)

    def randint(self, low: int, high: int) -> int:
        return self.rolls.pop(0) if self.rolls else super().randint(low, high)


def table(*characters: str, first: int = 0, seed: bytes = b"igranie-test", **options: Any) -> State:
    """A state after every seat chose ``characters`` in seat order (Fiefiurka's first loop: Chillout),
    ``first`` the first player, the first turn's roll prompt open."""
    opts: dict[str, Any] = {"first_player": str(first), **options}
    if len(characters) == 2:
        opts["allow_two_players"] = True
    state: State = GAME.setup(len(characters), GAME.options(opts), Ctx(Rng(seed, "setup")))
    for i in range(len(characters)):
        seat = (first + i) % len(characters)
        act(state, seat, "choose", character=characters[seat])
    if FIEFIURKA in characters:
        act(state, characters.index(FIEFIURKA), "first_loop", loop="chillout")
    return state


def act(state: State, seat: int, kind: str, /, dice: list[int] | None = None, **fields: Any) -> list[Any]:
    """Check and apply one wire action of ``seat`` in place, the d6 rolls ``dice`` first; the event
    bodies. Raises `IllegalAction` (the state may then be half-changed: tests check refusals on copies
    with `refused`)."""
    action = GAME.convert_action({"kind": kind, **fields})
    events: list[Event[Any]] = step(GAME, state, seat, action, Ctx(Dice(dice or [])))
    return [e.body for e in events]


def refused(state: State, seat: int, kind: str, /, **fields: Any) -> str:
    """The code refusing the action (on a copy, so ``state`` is untouched); fails if it is accepted."""
    from games.engine import IllegalAction

    draft = GAME.copy(state)
    try:
        act(draft, seat, kind, **fields)
    except IllegalAction as exc:
        return exc.code
    raise AssertionError(f"{kind} {fields} was accepted")


def passes(state: State, *seats: int) -> list[Any]:
    """Pass for each seat in turn; the event bodies."""
    return [body for seat in seats for body in act(state, seat, "pass")]


def ask(state: State, plays: dict[int, dict[str, Any]] | None = None) -> list[Any]:
    """One round of asking of the open window (IGR-30): each prompted seat sends its play in ``plays``
    (seat -> ``{"kind": ..., fields}``) or passes, in seat order; the event bodies."""
    bodies: list[Any] = []
    for seat in sorted(GAME.prompts(state)):
        fields = dict((plays or {}).get(seat, {"kind": "pass"}))
        bodies += act(state, seat, fields.pop("kind"), **fields)
    return bodies


def pass_all(state: State) -> list[Any]:
    """Pass with whoever is prompted in windows until no window accepts plays; the event bodies."""
    bodies: list[Any] = []
    while state.windows.stack and not state.windows.stack[-1].resolving:
        seat = next(iter(GAME.prompts(state)))
        bodies += act(state, seat, "pass")
    return bodies


def give(state: State, seat: int, *card_ids: str) -> None:
    """Put ``card_ids`` into ``seat``'s hand, taken from wherever they are (cards stay conserved)."""
    for card in card_ids:
        _take_out(state, card)
        state.players[seat].hand.append(card)


def on_top(state: State, deck: str, *card_ids: str) -> None:
    """Put ``card_ids`` on top of ``deck`` (``work``, ``chillout``, ``res``), the last one drawn first."""
    pile: list[str] = getattr(state, deck)
    for card in card_ids:
        _take_out(state, card)
        pile.append(card)


def _take_out(state: State, card: str) -> None:
    for pile in (state.work, state.chillout, state.res, state.work_discard, state.chillout_discard):
        if card in pile:
            pile.remove(card)
    if card in state.res_discard:
        state.res_discard.remove(card)
    for p in state.players:
        if card in p.hand:
            p.hand.remove(card)
        if card in p.specials:
            p.specials.remove(card)


def empty_hands(state: State) -> None:
    """Every hand's cards back on the Resourcefulness deck (so no seat can play a card)."""
    for p in state.players:
        state.res += p.hand
        p.hand = []


def prompted(state: State) -> list[int]:
    return sorted(GAME.prompts(state))


def choices(state: State, seat: int, kind: str) -> list[dict[str, Any]]:
    return GAME.prompts(state)[seat].choices.get(kind, [])


def to_phase(state: State, seat: int, phase: str) -> None:
    """Make it ``seat``'s turn in ``phase`` with no window open."""
    state.active, state.phase = seat, phase  # type: ignore[assignment]
    state.windows.stack, state.windows.queue = [], []
