"""`server.play.deadlines`: the deadline of each prompted seat, as pure functions (DESIGN "Timeouts and
leavers")."""

from __future__ import annotations

import pytest

from games.engine.model import Prompt
from games.engine.plugin import ENGINE_TIMERS
from server.play.deadlines import TimerPolicy, schedule_for
from server.settings import DEFAULT_TIMERS, Settings
from server.store.model import RoomMeta, SeatRecord

POLICY = TimerPolicy({"turn": 30.0}, away_seconds=5.0, bot_delay=0.5)


def meta(**timers: float) -> RoomMeta:
    seats = [SeatRecord(0, "h0"), SeatRecord(1, "h1"), SeatRecord(2, bot="random")]
    return RoomMeta("r", "fixture-hands", seats, "host", timers=timers)


def prompts() -> dict[int, Prompt]:
    return {seat: Prompt(f"p{seat}", ["draw"], "turn") for seat in range(3)}


def dues(room: RoomMeta, strikes: dict[int, int]) -> list[tuple[int, str, float]]:
    schedule = schedule_for(room, 1, prompts(), None, strikes, 100.0, POLICY)
    return [(d.seat, d.kind, d.due) for d in schedule.deadlines]


def test_a_seat_gets_its_timer_an_away_seat_the_short_deadline_a_bot_its_delay() -> None:
    assert dues(meta(), {1: 2}) == [(0, "timeout", 130.0), (1, "timeout", 105.0), (2, "bot", 100.5)]


def test_away_never_lengthens_a_rooms_timer_shorter_than_away_seconds() -> None:
    """A room with 1 s turns: its away seat keeps 1 s, not the server's 5 s away deadline."""
    assert dues(meta(turn=1.0), {0: 2, 1: 3}) == [
        (0, "timeout", 101.0),
        (1, "timeout", 101.0),
        (2, "bot", 100.5),
    ]


def test_a_room_sets_how_many_timeouts_in_a_row_mark_a_seat_away() -> None:
    """The pace issue's absent players: ``away_after`` (2 by default) timeouts in a row, then the short
    deadline (the server's default is 0: the default at once)."""
    room = meta()
    room.away_after = 3
    assert dues(room, {0: 2, 1: 3}) == [(0, "timeout", 130.0), (1, "timeout", 105.0), (2, "bot", 100.5)]
    at_once = TimerPolicy({"turn": 30.0}, away_seconds=Settings().away_seconds, bot_delay=0.5)
    schedule = schedule_for(meta(), 1, prompts(), None, {1: 2}, 100.0, at_once)
    assert [(d.seat, d.due) for d in schedule.deadlines][:2] == [(0, 130.0), (1, 100.0)]


def test_a_room_with_an_away_bot_has_its_bot_play_an_away_seat_until_the_player_is_back() -> None:
    room = meta()
    room.away_bot = "random"
    assert dues(room, {0: 2}) == [(0, "bot", 100.5), (1, "timeout", 130.0), (2, "bot", 100.5)]
    assert dues(room, {}) == [(0, "timeout", 130.0), (1, "timeout", 130.0), (2, "bot", 100.5)]


GREGS = {"cut": 20.0, "curse": 20.0}  # what Gregs declares (`Game.timers`)


@pytest.mark.parametrize(
    ("server", "room", "timer", "seconds"),
    [
        ({}, {}, "turn", 60.0),  # the engine's class: the built-in default
        ({}, {}, "cut", 20.0),  # the game's class: its declared default
        ({"cut": 7.0}, {}, "cut", 7.0),  # the server's setting overrides the game's default
        ({"turn": 45.0}, {}, "turn", 45.0),
        ({"cut": 7.0}, {"cut": 3.0}, "cut", 3.0),  # the room's own overrides everything
        ({}, {}, "unknown", 60.0),  # a class nobody declared counts as turn
    ],
)
def test_timer_seconds_room_then_server_setting_then_game_then_engine(
    server: dict[str, float], room: dict[str, float], timer: str, seconds: float
) -> None:
    settings = Settings(timers=server)
    policy = TimerPolicy(settings.timer_seconds(), games={"gregs": settings.timer_seconds(GREGS)})
    gregs_room = RoomMeta("r", "gregs", [SeatRecord(0, "h0")], "host", timers=room)
    schedule = schedule_for(gregs_room, 1, {0: Prompt("p", ["cut"], timer)}, None, {}, 100.0, policy)
    assert [d.due for d in schedule.deadlines] == [100.0 + seconds]


def test_the_server_defaults_are_the_engines_classes_only() -> None:
    assert set(DEFAULT_TIMERS) == ENGINE_TIMERS
