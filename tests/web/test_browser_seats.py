"""Seats in the browser (docs/api.md, "Leaving and conceding"): a taken seat is given back before the
start, the host's bot picker offers the game's best bot first, and mid-game a seat is left or conceded
with a second press, after which every viewer's players panel says who plays it."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import Pages
from tests.web.helpers import add_bot, create_room, room_summary, take_seat


def held(page: Any, room: str) -> dict[str, str]:
    stored: dict[str, str] = page.evaluate(
        "(room) => JSON.parse(localStorage.getItem(`boardroom.room.${room}`)).seats", room
    )
    return stored


def mark(page: Any, seat: int, kind: str) -> str:
    found = page.locator(f"#seats-list [data-seat='{seat}'] .mark-{kind}")
    found.wait_for()
    return str(found.inner_text())


def test_a_taken_seat_is_given_back_before_the_start(pages: Pages, base_url: str) -> None:
    page = pages.open("/")
    room = create_room(page, "gregs", 3)
    take_seat(page, 0)
    assert page.input_value("#bot-policy-1") == "heuristic"  # the game's best bot, not random
    page.click("[data-give-back='0']")
    page.wait_for_selector("[data-claim='0']")
    assert room_summary(base_url, room)["seats"][0]["taken"] is False
    assert held(page, room) == {}
    assert page.locator("[data-give-back]").count() == 0


def test_a_seat_left_or_conceded_mid_game_is_marked_for_every_viewer(pages: Pages, base_url: str) -> None:
    page = pages.open("/")
    room = create_room(page, "gregs", 3)
    take_seat(page, 0)
    take_seat(page, 1)
    add_bot(page, 2)  # the last seat: the room starts
    page.wait_for_selector("#seat-exit:not([hidden]) [data-leave='0']")
    page.click("[data-leave='0']")
    assert page.inner_text("[data-leave='0']") == "Leave for good? Seat 0 is played for you from now on"
    assert room_summary(base_url, room)["seats"][0]["left"] is False  # the first press only asks
    page.click("[data-leave='0']")
    page.wait_for_selector("[data-leave='0']", state="detached")
    assert mark(page, 0, "left") == "left: its defaults play it"
    spectator = pages.open(f"/rooms/{room}")
    assert mark(spectator, 0, "left") == "left: its defaults play it"
    page.click("[data-concede='1']")
    page.click("[data-concede='1']")
    assert mark(page, 1, "conceded") == "conceded: bot heuristic plays it"
    seat = room_summary(base_url, room)["seats"][1]
    assert (seat["left"], seat["conceded"], seat["bot"]) == (True, True, "heuristic")
    assert page.locator("#seat-exit").is_hidden()  # no seat of this tab plays on
    spectator.reload()
    assert mark(spectator, 1, "conceded") == "conceded: bot heuristic plays it"


def test_the_marks_and_buttons_speak_the_pages_language(pages: Pages, base_url: str) -> None:
    page = pages.open("/", locale="de-DE")
    room = create_room(page, "gregs", 3)
    take_seat(page, 0)
    assert page.inner_text("[data-give-back='0']") == "Platz 0 freigeben"
    add_bot(page, 1)
    add_bot(page, 2)
    page.wait_for_selector("[data-concede='0']")
    assert page.inner_text("#seat-exit-title") == "Den Tisch verlassen"
    page.click("[data-concede='0']")
    page.click("[data-concede='0']")
    assert mark(page, 0, "conceded") == "aufgegeben: Bot heuristic spielt"
    assert room_summary(base_url, room)["seats"][0]["conceded"] is True
