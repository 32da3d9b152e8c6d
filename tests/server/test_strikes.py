"""Strikes only for one's own decisions (`Prompt.strike`): a seat that lets reaction windows lapse — what
a player with nothing to play does all game — is never marked away, keeps its full turn deadline and is
not shown ``away``; a lapsed turn still strikes (DESIGN "Timeouts and leavers")."""

from __future__ import annotations

import functools
from typing import Any

from server.clock import FakeClock
from server.lobby.api import summary
from server.play.scheduler import Scheduler
from server.services import Services
from server.store.model import SeatSettings

from .conftest import TIMERS, make_room
from .conftest import act as act_on


async def prompt_of(services: Services, room: str, seat: int) -> Any:
    meta = await services.rooms.meta(room)
    game = services.rooms.game(meta)
    loaded = await services.store.get_state(room)
    assert loaded is not None
    return game.prompts(game.decode_state(loaded.state)).get(seat)


async def strikes_and_deadline(services: Services, room: str, seat: int) -> tuple[dict[int, int], float]:
    schedule = await services.store.get_schedule(room)
    assert schedule is not None
    (due,) = [d.due for d in schedule.deadlines if d.seat == seat]
    return schedule.strikes, due


async def lapse(services: Services, clock: FakeClock, room: str, seat: int) -> None:
    """``seat``'s reaction prompt times out (its deadline is the ``reaction`` timer)."""
    assert (await prompt_of(services, room, seat)).timer == "reaction"
    clock.advance(TIMERS["reaction"])
    assert await Scheduler(services).tick() == 1


async def test_a_seat_letting_reaction_windows_lapse_is_never_away(
    services: Services, clock: FakeClock
) -> None:
    """RCT-3, RCT-5: seat 0 raids seat 2; seat 1 lets the announcement's window and the raid's contest
    window lapse (two timeouts in a row), then its own turn comes with the full ``turn`` seconds."""
    made = await make_room(services, "fixture-reaction", 3)
    room = made.room
    # seat 1 lets its windows lapse, its pass-only ones too (auto-pass would answer those)
    await services.lobby.set_settings(room, 1, made.tokens[1], SeatSettings(auto_pass=False))
    act = functools.partial(act_on, services.rooms)
    await act(room, 0, {"kind": "announce", "move": "raid", "target": 2})
    await act(room, 0, {"kind": "pass"})  # the ordered window: 0, 1, 2
    await lapse(services, clock, room, 1)
    await act(room, 2, {"kind": "pass"})
    for seat in (0, 2):  # the contest: a concurrent window over every seat
        await act(room, seat, {"kind": "pass"})
    await lapse(services, clock, room, 1)
    assert (await prompt_of(services, room, 1)).timer == "turn"  # seat 1's own turn now
    assert await strikes_and_deadline(services, room, 1) == ({}, clock.now() + TIMERS["turn"])
    shown = await summary(services, await services.rooms.meta(room))
    assert [s["away"] for s in shown["seats"]] == [False, False, False]
    log = await services.store.get_log(room)
    assert sum(s.action["kind"] == "timeout" for s in log) == 2


async def test_a_lapsed_turn_still_strikes(services: Services, clock: FakeClock) -> None:
    room = (await make_room(services, "fixture-reaction", 2)).room
    clock.advance(TIMERS["turn"])
    assert await Scheduler(services).tick() == 1  # seat 0's turn: it advances by default (RCT-2)
    schedule = await services.store.get_schedule(room)
    assert schedule is not None and schedule.strikes == {0: 1}


async def test_a_window_prompt_says_its_timeout_is_no_strike(services: Services) -> None:
    room = (await make_room(services, "fixture-reaction", 2)).room
    assert (await prompt_of(services, room, 0)).strike is True
    await act_on(services.rooms, room, 0, {"kind": "announce", "move": "advance"})
    assert (await prompt_of(services, room, 0)).strike is False
