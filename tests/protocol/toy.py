"""A tiny game for the fan-out tests: a public counter and one secret number per seat.

TOY-1 Setup: ``counter`` 0, seat ``i`` holds ``options.secrets[i]``, seat 0 is active.
TOY-2 The active seat sends ``inc``: the counter grows by one (everyone sees ``bumped``), the actor alone
sees ``noted``, and the turn passes on. TOY-3 The game ends when the counter reaches ``options.target``.
A seat's view shows the counter, the active seat and its own secret (a spectator's: ``None``), so two
seats with equal secrets see equal views.
"""

from __future__ import annotations

from typing import Any

import msgspec

from games.engine import EVERYONE, Ctx, Event, Game, Outcome, Prompt, only


class ToyOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    secrets: tuple[int, ...] = (7, 7, 3)
    target: int = 3


class ToyState(msgspec.Struct):
    counter: int
    secrets: list[int]
    active: int
    target: int


class Inc(msgspec.Struct, frozen=True, tag="inc", tag_field="kind", forbid_unknown_fields=True):
    pass


class ToyView(msgspec.Struct, frozen=True):
    counter: int
    active: int | None
    secret: int | None


class Bumped(msgspec.Struct, frozen=True, tag="bumped", tag_field="kind"):
    seat: int
    counter: int


class Noted(msgspec.Struct, frozen=True, tag="noted", tag_field="kind"):
    secret: int


class ToyGame(Game[ToyState, ToyOptions]):
    id = "toy"
    title = "Toy"
    min_seats = 1
    max_seats = 3
    State = ToyState
    Options = ToyOptions
    Action = Inc
    View = ToyView
    EventBody = Bumped | Noted

    def setup(self, seats: int, options: ToyOptions, ctx: Ctx) -> ToyState:
        return ToyState(0, list(options.secrets[:seats]), 0, options.target)

    def prompts(self, state: ToyState) -> dict[int, Prompt]:
        if state.counter >= state.target:
            return {}
        return {state.active: Prompt(id=f"c{state.counter}", kinds=["inc"], choices={"inc": [{}]})}

    def apply(self, state: ToyState, seat: int, action: Any, ctx: Ctx) -> list[Event[Any]]:
        state.counter += 1
        state.active = (state.active + 1) % len(state.secrets)
        return [Event(Bumped(seat, state.counter), EVERYONE), Event(Noted(state.secrets[seat]), only(seat))]

    def view(self, state: ToyState, seat: int | None) -> ToyView:
        over = state.counter >= state.target
        secret = None if seat is None else state.secrets[seat]
        return ToyView(state.counter, None if over else state.active, secret)

    def outcome(self, state: ToyState) -> Outcome | None:
        if state.counter < state.target:
            return None
        return Outcome(ranks=[1] * len(state.secrets), winners=list(range(len(state.secrets))))


GAME = ToyGame()
