"""The scheduler with a fake clock: deadlines take effect exactly once, away seats, bots, leavers and
abandoned rooms (DESIGN "Timeouts and leavers", "Scheduler")."""

from __future__ import annotations

from server.api import summary
from server.clock import FakeClock
from server.scheduler import SWEEPS_PER_LIMIT, Scheduler
from server.services import Services

from .conftest import TIMERS, first_choice, make_room


async def deadlines(services: Services, room: str) -> list[tuple[int, str, float, str]]:
    schedule = await services.store.get_schedule(room)
    assert schedule is not None
    return [(d.seat, d.prompt, d.due, d.kind) for d in schedule.deadlines]


async def version(services: Services, room: str) -> int:
    loaded = await services.store.get_state(room)
    assert loaded is not None
    return loaded.version


async def test_a_prompt_is_due_after_its_timer_class_seconds(services: Services, clock: FakeClock) -> None:
    room = await make_room(services)
    assert await deadlines(services, room.room) == [(0, "t0", clock.now() + TIMERS["turn"], "timeout")]


async def test_a_room_overrides_the_timer_seconds(services: Services, clock: FakeClock) -> None:
    room = await make_room(services, timers={"turn": 4.0})
    assert await deadlines(services, room.room) == [(0, "t0", clock.now() + 4.0, "timeout")]


async def test_a_deadline_takes_effect_exactly_once(services: Services, clock: FakeClock) -> None:
    room = await make_room(services)
    scheduler, rival = Scheduler(services, "w1"), Scheduler(services, "w2")
    clock.advance(TIMERS["turn"] - 0.01)
    assert await scheduler.tick() == 0
    clock.advance(0.01)
    assert (await scheduler.tick(), await rival.tick(), await scheduler.tick()) == (1, 0, 0)
    log = await services.store.get_log(room.room)
    assert [(s.seat, s.action) for s in log] == [(0, {"kind": "timeout", "prompt": "t0"})]


async def test_a_stale_deadline_is_refused_by_the_commit(services: Services, clock: FakeClock) -> None:
    room = await make_room(services)
    due = await services.store.due(clock.now() + TIMERS["turn"])
    await services.rooms.act(room.room, *(await first_choice(services, room.room)))
    assert await Scheduler(services).fire(due[0]) == 0
    assert await version(services, room.room) == 1


async def test_two_timeouts_in_a_row_mark_a_seat_away_with_short_deadlines(
    services: Services, clock: FakeClock
) -> None:
    room = await make_room(services)
    scheduler = Scheduler(services)
    for _ in range(3):  # seat 0, seat 1, seat 0 time out
        clock.advance(TIMERS["turn"])
        assert await scheduler.tick() == 1
    schedule = await services.store.get_schedule(room.room)
    assert schedule is not None and schedule.strikes == {0: 2, 1: 1}
    assert (schedule.away(0), schedule.away(1)) == (True, False)
    clock.advance(TIMERS["turn"])
    assert await scheduler.tick() == 1  # seat 1's second timeout: now seat 1 is away; seat 0 is prompted
    assert await deadlines(services, room.room) == [(0, "t4", clock.now() + 3.0, "timeout")]
    summary = await services.store.get_schedule(room.room)
    assert summary is not None and (summary.away(0), summary.away(1)) == (True, True)


async def test_acting_again_clears_away(services: Services, clock: FakeClock) -> None:
    room = await make_room(services)
    scheduler = Scheduler(services)
    for _ in range(4):
        clock.advance(TIMERS["turn"])
        await scheduler.tick()
    await services.rooms.act(room.room, *(await first_choice(services, room.room, 0)))
    schedule = await services.store.get_schedule(room.room)
    assert schedule is not None and schedule.strikes == {1: 2}
    assert await deadlines(services, room.room) == [(1, "t5", clock.now() + 3.0, "timeout")]


async def test_bots_play_a_whole_gregs_game(services: Services, clock: FakeClock) -> None:
    room = await make_room(services, "gregs", 4, claim=0)
    for seat, policy in enumerate(["heuristic", "random", "heuristic", "random"]):
        await services.lobby.set_bot(room.room, seat, policy, room.host)
    scheduler = Scheduler(services)
    steps = 0
    while (loaded := await services.store.get_state(room.room)) is not None and not loaded.finished:
        assert await scheduler.tick() >= 1, "a bot seat with a prompt must act on every sweep"
        steps += 1
        assert steps < 5000
    meta = await services.rooms.meta(room.room)
    game = services.rooms.game(meta)
    assert loaded is not None
    outcome = game.outcome(game.decode_state(loaded.state))
    assert outcome is not None and sorted(outcome.ranks)[0] == 1 and len(outcome.ranks) == 4
    assert await services.store.get_schedule(room.room) is not None
    assert await services.store.due(clock.now() + 1e9) == []


async def test_a_leaver_after_the_start_is_played_by_its_defaults(
    services: Services, clock: FakeClock
) -> None:
    room = await make_room(services)
    assert await services.lobby.leave(room.room, room.tokens[0]) == 0
    assert await deadlines(services, room.room) == [(0, "t0", clock.now(), "timeout")]
    assert await Scheduler(services).tick() == 1
    assert await version(services, room.room) == 1


async def test_a_leaver_is_played_by_the_rooms_leaver_bot(services: Services, clock: FakeClock) -> None:
    room = await make_room(services, leaver_bot="random")
    await services.lobby.leave(room.room, room.tokens[0])
    assert await deadlines(services, room.room) == [(0, "t0", clock.now(), "bot")]
    assert await Scheduler(services).tick() == 1
    step = (await services.store.get_log(room.room))[0]
    assert step.action["kind"] in ("play", "draw")


async def test_a_room_nobody_connects_to_is_abandoned(services: Services, clock: FakeClock) -> None:
    room = await make_room(services)
    scheduler = Scheduler(services)
    limit = services.settings.ttls.abandon_after
    await services.store.touch(room.room, clock.now())
    clock.advance(limit)
    await scheduler.tick()
    assert (await services.rooms.meta(room.room)).status == "running"
    clock.advance(1.0)
    await scheduler.tick()  # past the limit, but the sweep ran a second ago
    assert (await services.rooms.meta(room.room)).status == "running"
    clock.advance(limit / SWEEPS_PER_LIMIT)  # the next sweep: at most a tenth of the limit late
    await scheduler.tick()
    assert (await services.rooms.meta(room.room)).status == "abandoned"
    assert await services.store.due(clock.now() + 1e9) == []


async def test_a_seat_away_after_two_timeouts_is_no_longer_away_once_it_left_for_the_leaver_bot(
    services: Services, clock: FakeClock
) -> None:
    """``GET /api/rooms/{room}``: ``away`` is a player's state; a seat that left (here played by the
    room's leaver bot) shows ``left``, not ``away``, although its strikes stay in the schedule."""
    room = await make_room(services, leaver_bot="random")
    scheduler = Scheduler(services)
    while not (schedule := await services.store.get_schedule(room.room)) or not schedule.away(0):
        clock.advance(TIMERS["turn"])
        assert await scheduler.tick() == 1
    shown = await summary(services, await services.rooms.meta(room.room))
    assert (shown["seats"][0]["away"], shown["seats"][0]["left"]) == (True, False)
    await services.lobby.leave(room.room, room.tokens[0])
    shown = await summary(services, await services.rooms.meta(room.room))
    assert (shown["seats"][0]["away"], shown["seats"][0]["left"]) == (False, True)
