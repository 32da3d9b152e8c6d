"""Per-seat private settings and auto-pass: the ``autopass`` deadline beside a pass-only prompt's timeout,
its secret delay, the scheduler's pass of the seat's own, and the settings route (docs/api.md)."""

from __future__ import annotations

import argparse
import statistics
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest

from games.catalog import with_fixtures
from games.engine.model import Prompt
from server.clock import FakeClock
from server.lobby.lobby import CreateRoom
from server.play.deadlines import AutoPass, TimerPolicy, schedule_for, secret_delay
from server.play.scheduler import Scheduler
from server.process.config import ConfigError, add_arguments, settings_from
from server.services import Services
from server.settings import Settings
from server.store.bus import LocalBus
from server.store.model import Deadline, RoomMeta, SeatRecord, SeatSettings
from server.testing import running_server
from tests.redis.support import scratch_store
from tests.server.conftest import act

from .reaction_seeds import a_counter, no_counter, seeds_where

POLICY = TimerPolicy({"turn": 30.0, "reaction": 10.0})
PASS_ONLY = Prompt("w1/1/0/1", ["pass"], "reaction", "pass", {"pass": [{}]}, strike=False)
A_CHOICE = Prompt("w1/1/0/1", ["pass", "counter"], "reaction", "pass", {"pass": [{}], "counter": [{}]})
SETTINGS = Settings(timers={"turn": 30.0, "reaction": 10.0}, allow_seed=True)


def room_meta(*records: SeatRecord) -> RoomMeta:
    return RoomMeta("r", "fixture-reaction", list(records), "host", status="running")


AUTO = SeatSettings(auto_pass=True)
#: Auto-pass is on by default: a seat whose holder does not want it says so.
OFF = SeatSettings(auto_pass=False)


def items(schedule: Any) -> list[tuple[int, str, float]]:
    return [(d.seat, d.kind, d.due) for d in schedule.deadlines]


class Draws:
    """A delay source answering ``delay`` seconds (at most the range's top); keeps the ranges asked for."""

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.ranges: list[tuple[float, float]] = []

    def __call__(self, low: float, high: float) -> float:
        self.ranges.append((low, high))
        return min(self.delay, high)


class TestTheDeadline:
    def test_a_pass_only_prompt_of_an_auto_passing_seat_gets_an_autopass_beside_its_timeout(self) -> None:
        meta = room_meta(SeatRecord(0, "h0", settings=AUTO), SeatRecord(1, "h1", settings=OFF))
        draw = Draws(2.5)
        schedule = schedule_for(
            meta, 1, {0: PASS_ONLY, 1: PASS_ONLY}, None, {}, 100.0, POLICY, AutoPass(draw=draw)
        )
        assert items(schedule) == [(0, "timeout", 110.0), (0, "autopass", 102.5), (1, "timeout", 110.0)]
        assert draw.ranges == [(1.0, 4.0)]

    def test_a_players_seat_auto_passes_by_default_and_a_bots_seat_does_not(self) -> None:
        assert SeatRecord(0, "h0").settings == AUTO
        meta = room_meta(SeatRecord(0, "h0"), SeatRecord(1, bot="random"))
        schedule = schedule_for(
            meta, 1, {0: PASS_ONLY, 1: PASS_ONLY}, None, {}, 100.0, POLICY, AutoPass(draw=Draws(1.5))
        )
        assert items(schedule) == [(0, "timeout", 110.0), (0, "autopass", 101.5), (1, "bot", 100.0)]

    @pytest.mark.parametrize(
        ("record", "prompt"),
        [
            (SeatRecord(0, "h0", settings=AUTO), A_CHOICE),  # a real choice is never auto-passed
            (SeatRecord(0, "h0", settings=AUTO), Prompt("t1", ["pass"], "turn", "advance")),
            (
                SeatRecord(0, "h0", settings=AUTO),
                Prompt("t1", ["pass"], "turn", "pass", {"pass": [{"x": 1}]}),
            ),
            (SeatRecord(0, "h0", left=True, settings=AUTO), PASS_ONLY),  # a leaver takes its defaults
            (SeatRecord(0, bot="random", settings=AUTO), PASS_ONLY),  # a bot plays
            (SeatRecord(0, bot="random"), PASS_ONLY),  # the default is for players, not bots
            (SeatRecord(0, "h0", settings=OFF), PASS_ONLY),  # the setting is off
        ],
    )
    def test_no_autopass_otherwise(self, record: SeatRecord, prompt: Prompt) -> None:
        schedule = schedule_for(
            room_meta(record), 1, {0: prompt}, None, {}, 100.0, POLICY, AutoPass(draw=Draws(2.0))
        )
        assert [d.kind for d in schedule.deadlines] == ["bot" if record.bot else "timeout"]

    def test_the_delay_is_drawn_once_per_prompt_not_again_on_another_seats_move(self) -> None:
        meta = room_meta(SeatRecord(0, "h0", settings=AUTO))
        first = schedule_for(meta, 1, {0: PASS_ONLY}, None, {}, 100.0, POLICY, AutoPass(draw=Draws(3.0)))
        again = schedule_for(meta, 2, {0: PASS_ONLY}, first, {}, 101.0, POLICY, AutoPass(draw=Draws(1.0)))
        assert items(again) == [(0, "timeout", 110.0), (0, "autopass", 103.0)]

    def test_a_short_timer_narrows_the_range_to_the_time_left(self) -> None:
        meta = RoomMeta("r", "g", [SeatRecord(0, "h0", settings=AUTO)], "host", timers={"reaction": 2.0})
        draw = Draws(3.0)
        schedule = schedule_for(meta, 1, {0: PASS_ONLY}, None, {}, 100.0, POLICY, AutoPass(draw=draw))
        assert draw.ranges == [(1.0, 2.0)]
        assert items(schedule) == [(0, "timeout", 102.0), (0, "autopass", 102.0)]


def _round(seat: int) -> Prompt:
    """``seat``'s prompt in the first round of asking of window 1 (one id for the whole round)."""
    return Prompt(f"w1/r0/{seat}", ["pass", "counter"], "reaction", "pass", {"pass": [{}], "counter": [{}]})


class TestTheScreen:
    """Seats played at one screen (``screen``: a hot-seat tab) answer a round one after the other: when
    one answers, the others of that screen get their full time again; another seat keeps its clock."""

    def test_a_seat_of_the_screen_answering_gives_the_other_its_full_time_again(self) -> None:
        tab = SeatSettings(auto_pass=False, screen="tab-a")
        meta = room_meta(
            SeatRecord(0, "h0", settings=tab),
            SeatRecord(1, "h1", settings=tab),
            SeatRecord(2, "h2", settings=OFF),
        )
        first = schedule_for(meta, 1, {s: _round(s) for s in range(3)}, None, {}, 100.0, POLICY)
        # seat 1 waits behind seat 0's curtain: its 10 s come after seat 0's (another screen's do not)
        assert items(first) == [(0, "timeout", 110.0), (1, "timeout", 120.0), (2, "timeout", 110.0)]
        # seat 0 answers after 9 s: seat 1, at the same screen, gets 10 s from now, not the 1 s left
        after = schedule_for(meta, 2, {1: _round(1), 2: _round(2)}, first, {}, 109.0, POLICY)
        assert items(after) == [(1, "timeout", 119.0), (2, "timeout", 110.0)]
        # seat 2's answer (another screen) moves nobody's clock
        last = schedule_for(meta, 3, {1: _round(1)}, after, {}, 112.0, POLICY)
        assert items(last) == [(1, "timeout", 119.0)]

    def test_a_seat_behind_its_screen_mates_curtain_keeps_its_time_when_they_time_out(self) -> None:
        """A new user's tab of two seats: the window's 5 s ran out for both before the second seat was
        shown it. Seat 1's time runs after seat 0's, and again from seat 0's timeout."""
        tab = SeatSettings(auto_pass=False, screen="tab-a")
        meta = room_meta(SeatRecord(0, "h0", settings=tab), SeatRecord(1, "h1", settings=tab))
        first = schedule_for(meta, 1, {0: _round(0), 1: _round(1)}, None, {}, 100.0, POLICY)
        assert items(first) == [(0, "timeout", 110.0), (1, "timeout", 120.0)]
        lapsed = schedule_for(meta, 2, {1: _round(1)}, first, {}, 110.0, POLICY)
        assert items(lapsed) == [(1, "timeout", 120.0)]

    def test_without_a_shared_screen_the_round_keeps_one_clock(self) -> None:
        meta = room_meta(
            SeatRecord(0, "h0", settings=SeatSettings(screen="tab-a")),
            SeatRecord(1, "h1", settings=SeatSettings(screen="tab-b")),
        )
        first = schedule_for(meta, 1, {0: _round(0), 1: _round(1)}, None, {}, 100.0, POLICY)
        after = schedule_for(meta, 2, {1: _round(1)}, first, {}, 109.0, POLICY)
        assert items(after) == [(1, "timeout", 110.0)]


def test_delays_lie_in_the_range_and_spread_over_it() -> None:
    """No timing tell: 4,000 draws of the real source all lie in [1, 4] s, reach within 0.1 s of both
    ends, average the middle and repeat no value (a failure by chance is below 1e-100)."""
    meta = room_meta(SeatRecord(0, "h0", settings=AUTO))
    delays = []
    for n in range(4000):
        prompt = Prompt(f"w{n}/0/0", ["pass"], "reaction", "pass", {"pass": [{}]})
        schedule = schedule_for(meta, n, {0: prompt}, None, {}, 1000.0, POLICY)
        (auto,) = [d for d in schedule.deadlines if d.kind == "autopass"]
        delays.append(auto.due - 1000.0)
    assert all(1.0 <= d <= 4.0 for d in delays)
    assert min(delays) < 1.1 and max(delays) > 3.9
    assert 2.4 < statistics.fmean(delays) < 2.6
    assert len(set(delays)) == len(delays)
    assert secret_delay(2.0, 2.0) == 2.0


# ---- through the lobby and the scheduler -------------------------------------------------------------


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(params=["memory", "redis"])
async def services(request: pytest.FixtureRequest, clock: FakeClock) -> AsyncIterator[Services]:
    """A worker's services on the in-memory store, or on a Redis store of its own (keys deleted after)."""
    if request.param == "memory":
        yield Services(SETTINGS, with_fixtures(), clock)
        return
    bus = LocalBus()
    made = Services(SETTINGS, with_fixtures(), clock, scratch_store(bus), bus)
    yield made
    await made.aclose()


async def reaction_room(
    services: Services, seed: str, auto: bool | None = True
) -> tuple[str, dict[int, str]]:
    """A started 3-seat ``fixture-reaction`` room of ``seed``, seat 1 auto-passing (``auto``; ``None``:
    its settings never set), after seat 0 announced and passed: seat 1 is prompted in the
    announcement's window."""
    room, _ = await services.lobby.create(CreateRoom("fixture-reaction", 3, seed=seed))
    tokens = dict([await services.lobby.claim(room, seat, f"p{seat}") for seat in range(2)])
    if auto is not None:
        await services.lobby.set_settings(room, 1, tokens[1], SeatSettings(auto_pass=auto))
    tokens[2] = (await services.lobby.claim(room, 2, "p2"))[1]  # the last seat starts the room
    await act(services.rooms, room, 0, {"kind": "announce", "move": "advance"})
    await act(services.rooms, room, 0, {"kind": "pass"})
    return room, tokens


async def deadlines(services: Services, room: str) -> list[Deadline]:
    schedule = await services.store.get_schedule(room)
    assert schedule is not None
    return schedule.deadlines


class TestTheScheduler:
    async def test_the_server_passes_for_the_seat_as_its_own_pass(
        self, services: Services, clock: FakeClock
    ) -> None:
        room, _ = await reaction_room(services, seeds_where(no_counter, 1)[0])
        start = clock.now()
        timeout, auto = await deadlines(services, room)
        assert (timeout.kind, timeout.due, auto.kind, auto.prompt) == (
            "timeout",
            start + 10.0,
            "autopass",
            timeout.prompt,
        )
        assert start + 1.0 <= auto.due <= start + 4.0
        clock.advance(auto.due - start - 0.001)
        assert await Scheduler(services).tick() == 0
        clock.advance(0.001)
        assert await Scheduler(services).tick() == 1
        step = (await services.store.get_log(room))[-1]
        assert (step.seat, step.action, step.now, [e.body for e in step.events]) == (
            1,
            {"kind": "pass"},
            clock.now(),
            [{"kind": "passed", "seat": 1}],
        )
        schedule = await services.store.get_schedule(room)
        assert schedule is not None and schedule.strikes == {}
        counted = {"actor": "autopass", "result": "applied"}
        assert services.metrics.registry.get_sample_value("boardroom_actions_total", counted) == 1.0

    async def test_by_default_the_server_passes_for_a_player_within_the_range_unasked(
        self, services: Services, clock: FakeClock
    ) -> None:
        room, tokens = await reaction_room(services, seeds_where(no_counter, 1)[0], auto=None)
        assert await services.lobby.settings(room, 1, tokens[1]) == AUTO
        start = clock.now()
        timeout, auto = await deadlines(services, room)
        assert (timeout.due, auto.kind) == (start + 10.0, "autopass")
        assert start + SETTINGS.autopass_min <= auto.due <= start + SETTINGS.autopass_max
        clock.advance(auto.due - start)
        assert await Scheduler(services).tick() == 1  # no client sent anything
        step = (await services.store.get_log(room))[-1]
        assert (step.seat, step.action, step.now) == (1, {"kind": "pass"}, auto.due)

    async def test_switched_off_the_pass_only_prompt_waits_for_its_deadline(
        self, services: Services, clock: FakeClock
    ) -> None:
        room, _ = await reaction_room(services, seeds_where(no_counter, 1)[0], auto=False)
        (timeout,) = await deadlines(services, room)
        assert timeout.kind == "timeout"
        clock.advance(9.9)
        assert await Scheduler(services).tick() == 0
        clock.advance(0.1)
        assert await Scheduler(services).tick() == 1
        step = (await services.store.get_log(room))[-1]
        assert (step.seat, step.action) == (1, {"kind": "timeout", "prompt": timeout.prompt})

    async def test_a_prompt_with_real_choices_is_never_auto_passed(
        self, services: Services, clock: FakeClock
    ) -> None:
        room, _ = await reaction_room(services, seeds_where(a_counter, 1)[0])
        assert [d.kind for d in await deadlines(services, room)] == ["timeout"]
        clock.advance(9.9)
        assert await Scheduler(services).tick() == 0
        clock.advance(0.1)
        assert await Scheduler(services).tick() == 1
        assert (await services.store.get_log(room))[-1].action["kind"] == "timeout"

    async def test_turning_it_off_drops_the_autopass_and_keeps_the_timer(
        self, services: Services, clock: FakeClock
    ) -> None:
        room, tokens = await reaction_room(services, seeds_where(no_counter, 1)[0])
        timeout, auto = await deadlines(services, room)
        clock.advance(0.5)
        await services.lobby.set_settings(room, 1, tokens[1], OFF)
        assert await deadlines(services, room) == [timeout]  # no fresh reaction seconds from the toggle
        assert await Scheduler(services).fire(auto) == 0  # a stale auto-pass is refused by the commit
        await services.lobby.set_settings(room, 1, tokens[1], SeatSettings(auto_pass=True))
        kinds = [(d.kind, d.due) for d in await deadlines(services, room)]
        assert kinds[0] == ("timeout", timeout.due) and kinds[1][0] == "autopass"
        assert clock.now() + 1.0 <= kinds[1][1] <= clock.now() + 4.0

    async def test_an_autopass_of_a_prompt_gone_is_stale(self, services: Services, clock: FakeClock) -> None:
        room, _ = await reaction_room(services, seeds_where(no_counter, 1)[0])
        _, auto = await deadlines(services, room)
        await act(services.rooms, room, 1, {"kind": "pass"})  # the player was quicker
        assert await Scheduler(services).fire(auto) == 0
        assert len(await services.store.get_log(room)) == 3

    async def test_settings_reset_when_the_seat_is_freed(self, services: Services) -> None:
        room, _ = await services.lobby.create(CreateRoom("fixture-reaction", 2))
        seat, token = await services.lobby.claim(room, 0, "ann")
        await services.lobby.set_settings(room, seat, token, OFF)
        await services.lobby.leave(room, token)
        seat, token = await services.lobby.claim(room, 0, "bob")
        assert await services.lobby.settings(room, seat, token) == SeatSettings() == AUTO


# ---- the route ----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def http() -> Iterator[httpx.Client]:
    with (
        running_server(SETTINGS, games=with_fixtures(), clock=FakeClock()) as server,
        httpx.Client(base_url=server.url) as client,
    ):
        yield client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def started(http: httpx.Client) -> tuple[str, list[str]]:
    room = http.post("/api/rooms", json={"game": "fixture-reaction", "seats": 2}).json()["room"]
    tokens = [http.post(f"/api/rooms/{room}/seats/{i}/claim", json={}).json()["token"] for i in range(2)]
    return room, tokens


class TestTheRoute:
    def test_the_seat_holder_sets_and_reads_its_settings(self, http: httpx.Client) -> None:
        room, tokens = started(http)
        path = f"/api/rooms/{room}/seats/1/settings"
        assert http.get(path, headers=bearer(tokens[1])).json() == {"auto_pass": True}  # the default
        put = http.put(path, json={"auto_pass": False}, headers=bearer(tokens[1]))
        assert (put.status_code, put.json()) == (200, {"auto_pass": False})
        assert http.get(path, headers=bearer(tokens[1])).json() == {"auto_pass": False}
        assert http.get(f"/api/rooms/{room}/seats/0/settings", headers=bearer(tokens[0])).json() == {
            "auto_pass": True
        }
        assert http.put(path, json={}, headers=bearer(tokens[1])).json() == {"auto_pass": True}
        # the screen a seat is played at (a hot-seat tab's seats share one), answered once set
        shared = {"auto_pass": True, "screen": "tab-7Qx_2"}
        assert http.put(path, json=shared, headers=bearer(tokens[1])).json() == shared
        assert http.get(path, headers=bearer(tokens[1])).json() == shared

    @pytest.mark.parametrize(
        ("seat", "token", "body", "answer"),
        [
            ("1", 0, {"auto_pass": False}, (401, "auth/bad_token")),  # another seat's token
            ("1", None, {"auto_pass": False}, (401, "auth/bad_token")),
            ("1", 1, {"auto_pass": False, "autoplay": True}, (400, "request/invalid")),
            ("1", 1, {"auto_pass": "no"}, (400, "request/invalid")),
            ("1", 1, {"screen": "a tab"}, (400, "request/invalid")),  # letters, digits, - and _ only
            ("1", 1, {"screen": "x" * 41}, (400, "request/invalid")),
            ("7", 1, {"auto_pass": False}, (404, "seat/not_found")),
        ],
    )
    def test_bad_requests_are_refused_and_change_nothing(
        self, http: httpx.Client, seat: str, token: int | None, body: dict[str, Any], answer: tuple[int, str]
    ) -> None:
        room, tokens = started(http)
        headers = bearer(tokens[token]) if token is not None else {}
        refused = http.put(f"/api/rooms/{room}/seats/{seat}/settings", json=body, headers=headers)
        assert (refused.status_code, refused.json()["code"]) == answer
        assert http.get(f"/api/rooms/{room}/seats/1/settings", headers=bearer(tokens[1])).json() == {
            "auto_pass": True
        }

    def test_the_settings_are_private_to_the_seat(self, http: httpx.Client) -> None:
        room, tokens = started(http)
        before = http.get(f"/api/rooms/{room}").content
        http.put(f"/api/rooms/{room}/seats/1/settings", json={"auto_pass": False}, headers=bearer(tokens[1]))
        assert http.get(f"/api/rooms/{room}").content == before
        assert b"auto_pass" not in http.get("/api/rooms").content
        assert http.get(f"/api/rooms/{room}/seats/1/settings", headers=bearer(tokens[0])).status_code == 401

    def test_a_leaver_cannot_set_them(self, http: httpx.Client) -> None:
        room, tokens = started(http)
        http.post(f"/api/rooms/{room}/leave", headers=bearer(tokens[1]))
        refused = http.put(
            f"/api/rooms/{room}/seats/1/settings", json={"auto_pass": False}, headers=bearer(tokens[1])
        )
        assert (refused.status_code, refused.json()["code"]) == (409, "seat/left")


# ---- the range setting -----------------------------------------------------------------------------


def parsed(argv: list[str], environ: dict[str, str]) -> Settings:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return settings_from(parser.parse_args(argv), environ)


def test_the_range_is_a_flag_and_a_variable_and_reaches_the_policy() -> None:
    settings = parsed(
        ["--autopass-max", "6"], {"BOARDROOM_AUTOPASS_MIN": "2.5", "BOARDROOM_AUTOPASS_MAX": "9"}
    )
    assert (settings.autopass_min, settings.autopass_max) == (2.5, 6.0)
    autopass = Services(settings, with_fixtures()).rooms.autopass
    assert (autopass.low, autopass.high) == (2.5, 6.0)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--autopass-min", "5"], "--autopass-min (5.0) must not exceed --autopass-max"),
        (["--autopass-max", "-1"], "--autopass-max: '-1' is not allowed: expected `float` >= 0.0"),
    ],
)
def test_a_bad_range_stops_the_worker_naming_the_flag(argv: list[str], message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        parsed(argv, {})
    assert str(caught.value) == message
