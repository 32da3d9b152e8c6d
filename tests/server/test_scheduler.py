"""The scheduler with a fake clock: deadlines take effect exactly once, away seats, bots, leavers and
abandoned rooms (DESIGN "Timeouts and leavers", "Scheduler")."""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Mapping
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any

import msgspec
import pytest

from games.engine import Bot, Policy, Prompt, Rng, Thought, bots_of, think
from games.engine.bots import SEARCH_NODES
from games.fixtures.hands import HandsGame
from server.clock import FakeClock
from server.errors import Refused
from server.lobby.api import summary
from server.lobby.lobby import CreateRoom
from server.play.scheduler import SWEEPS_PER_LIMIT, Scheduler
from server.services import Services
from server.settings import Settings

from .conftest import GAMES, TIMERS, act, first_choice, make_room


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
    await act(services.rooms, room.room, *(await first_choice(services, room.room)))
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
    await act(services.rooms, room.room, *(await first_choice(services, room.room, 0)))
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


async def test_a_seat_away_is_played_by_the_rooms_away_bot_and_the_count_is_the_rooms(
    services: Services, clock: FakeClock
) -> None:
    """The pace issue's absent players: after the room's ``away_after`` timeouts in a row (here 1) the
    seat is away, shown so, and its next prompt is the room's away bot's at once."""
    room = await make_room(services, away_after=1, away_bot="random")
    scheduler = Scheduler(services)
    clock.advance(TIMERS["turn"])
    assert await scheduler.tick() == 1  # the first timeout: away already
    shown = await summary(services, await services.rooms.meta(room.room))
    assert [s["away"] for s in shown["seats"]] == [True, False]
    [(seat, _, due, kind)] = await deadlines(services, room.room)
    assert (seat, due, kind) == (1, clock.now() + TIMERS["turn"], "timeout")  # seat 1 is not away
    clock.advance(TIMERS["turn"])
    assert await scheduler.tick() == 1  # seat 1 away too
    assert [d[3] for d in await deadlines(services, room.room)] == ["bot"]
    step = (await services.store.get_log(room.room))[-1]
    assert step.action["kind"] == "timeout"


async def test_a_room_refuses_an_away_count_out_of_range_and_an_unknown_away_bot(services: Services) -> None:
    with pytest.raises(msgspec.ValidationError, match="away_after"):  # the API answers request/invalid
        msgspec.convert({"game": "fixture-hands", "seats": 2, "away_after": 0}, CreateRoom)
    with pytest.raises(Refused) as refused:
        await make_room(services, away_bot="nobody")
    message = "no bot policy 'nobody' (the game has random, search) - at `$.away_bot`"
    assert (refused.value.code, refused.value.message) == ("request/invalid", message)
    assert refused.value.details == {"error": message, "path": "$.away_bot", "bots": ["random", "search"]}


def _broken(view: Any, prompt: Prompt, rng: Rng) -> dict[str, Any]:
    raise IndexError("list index out of range")


class BrokenBotHands(HandsGame):
    """fixture-hands with a bot whose policy raises (a bug that is not a KeyError or ValueError)."""

    id = "fixture-hands-broken-bot"

    def bots(self) -> Mapping[str, Bot | Policy]:
        return {"broken": _broken}


async def test_a_bot_that_raises_takes_its_default_and_the_room_moves_on(
    clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    services = Services(
        Settings(timers=TIMERS), {**GAMES, "fixture-hands-broken-bot": BrokenBotHands()}, clock
    )
    room = await make_room(services, "fixture-hands-broken-bot", 2, claim=0)
    for seat in (0, 1):
        await services.lobby.set_bot(room.room, seat, "broken", room.host)
    scheduler = Scheduler(services)
    assert (await scheduler.tick(), await scheduler.tick()) == (1, 1)
    log = await services.store.get_log(room.room)
    assert [(s.seat, s.action) for s in log] == [
        (0, {"kind": "timeout", "prompt": "t0"}),
        (1, {"kind": "timeout", "prompt": "t1"}),
    ]
    failures = [r for r in caplog.records if r.name == "boardroom.scheduler"]
    assert [r.getMessage() for r in failures] == [
        f"bot 'broken' failed in room {room.room}: it takes its default"
    ] * 2
    assert failures[0].exc_info is not None and failures[0].exc_info[0] is IndexError


class CountingPool(ProcessPoolExecutor):
    """A process pool that counts what it was given."""

    submitted = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        self.submitted += 1
        return super().submit(fn, *args, **kwargs)


async def test_a_search_bot_thinks_in_the_process_pool_as_it_would_in_process(
    services: Services, clock: FakeClock
) -> None:
    room = await make_room(services, "gregs", 3, claim=0)
    for seat in range(3):
        await services.lobby.set_bot(room.room, seat, "search", room.host)
    loaded = await services.store.get_state(room.room)
    assert loaded is not None
    game = services.rooms.game(await services.rooms.meta(room.room))
    seed = await services.rooms.seed(room.room)
    expected = think(game, bots_of(game)["search"], game.decode_state(loaded.state), 0, Rng(seed, "bot/0/v0"))
    with CountingPool(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        assert await Scheduler(services, thinkers=pool).tick() == 1
        assert pool.submitted == 1
    assert expected.nodes == SEARCH_NODES
    assert [s.action for s in await services.store.get_log(room.room)] == [expected.action]


class HeldPool(Executor):
    """An executor whose futures the test resolves by hand: shows how many searches run at once."""

    def __init__(self) -> None:
        self.pending: list[Future[Any]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.pending.append(future)
        return future


async def test_due_items_fire_concurrently_up_to_the_bound(services: Services, clock: FakeClock) -> None:
    rooms = []
    for _ in range(3):
        room = await make_room(services, "gregs", 3, claim=0)
        for seat in range(3):
            await services.lobby.set_bot(room.room, seat, "search", room.host)
        rooms.append(room.room)
    pool = HeldPool()
    sweep = asyncio.ensure_future(Scheduler(services, thinkers=pool, concurrency=2).tick())
    for _ in range(50):
        await asyncio.sleep(0)
    assert len(pool.pending) == 2  # two rooms think at once, the third waits for a slot
    chosen = Thought({"kind": "choose", "character": "chr-greg"}, SEARCH_NODES)
    for future in pool.pending[:2]:
        future.set_result(chosen)
    for _ in range(50):
        await asyncio.sleep(0)
    assert len(pool.pending) == 3
    pool.pending[2].set_result(chosen)
    assert await sweep == 3
    for room_id in rooms:
        assert [s.action for s in await services.store.get_log(room_id)] == [chosen.action]


async def test_a_dead_pool_process_costs_one_default_and_a_fresh_pool_thinks_on(
    services: Services, clock: FakeClock
) -> None:
    room = await make_room(services, "gregs", 3, claim=0)
    for seat in range(3):
        await services.lobby.set_bot(room.room, seat, "search", room.host)
    scheduler = Scheduler(services)
    try:
        assert await scheduler.tick() == 1
        pool = scheduler._thinkers
        assert isinstance(pool, ProcessPoolExecutor)
        for process in list(pool._processes.values()):  # type: ignore[attr-defined]
            process.kill()
            process.join()
        assert (await scheduler.tick(), await scheduler.tick()) == (1, 1)
        assert scheduler._thinkers is not None and scheduler._thinkers is not pool
    finally:
        scheduler.close()
    kinds = [s.action["kind"] for s in await services.store.get_log(room.room)]
    assert kinds == ["choose", "timeout", "choose"]
