"""GRU-12 on a server with a fake clock: the turn timer measures the whole turn, so a draw or a
submission inside the turn does not restart it."""

from __future__ import annotations

from server.clock import FakeClock
from server.play.scheduler import Scheduler
from server.services import Services

from .conftest import act, make_room


async def test_gru12_the_turn_timer_measures_the_whole_turn(services: Services, clock: FakeClock) -> None:
    """With a 3 s timer, a draw at 2 s leaves the deadline at 3 s: the turn ends at 3.0 s, not 5.0 s."""
    room = await make_room(services, "grucha", 2, options={"rounds": 1}, timers={"turn": 3.0})
    start = clock.now()
    loaded = await services.store.get_state(room.room)
    assert loaded is not None
    game = services.rooms.game(await services.rooms.meta(room.room))
    ((seat, prompt),) = game.prompts(game.decode_state(loaded.state)).items()
    clock.advance(2.0)
    await act(services.rooms, room.room, seat, {"kind": "draw"}, prompt=prompt.id)
    schedule = await services.store.get_schedule(room.room)
    assert schedule is not None
    assert [(d.seat, d.prompt, d.due) for d in schedule.deadlines] == [
        (seat, f"{prompt.clock}-1", start + 3.0)
    ]
    clock.advance(0.99)
    assert await Scheduler(services).tick() == 0
    clock.advance(0.01)
    assert await Scheduler(services).tick() == 1
    log = await services.store.get_log(room.room)
    assert [(e.seat, e.action, e.now - start) for e in log] == [
        (seat, {"kind": "draw"}, 2.0),
        (seat, {"kind": "timeout", "prompt": f"{prompt.clock}-1"}, 3.0),
    ]
