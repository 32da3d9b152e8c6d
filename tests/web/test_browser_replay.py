"""Issue 25 in the browser: a finished room's page replays its game. Step forward and back, jump to a
move from the public log, play at a speed, and a link that opens at a move (``?at=N``); the game's
renderer draws each version, with the move that led to it highlighted."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.web.conftest import Pages
from tests.web.test_browser_catalog import finished_bot_room

POSITION = re.compile(r"Move (\d+) of (\d+)")


def position(page: Any) -> tuple[int, int]:
    found = POSITION.fullmatch(page.inner_text("#replay-position"))
    assert found is not None
    return int(found[1]), int(found[2])


def at(page: Any, version: int) -> None:
    page.wait_for_function(
        "v => document.getElementById('replay-position').textContent.startsWith(`Move ${v} `)", arg=version
    )


@pytest.mark.parametrize("game", ["gregs", "grucha", "igranie", "infarkt"])
def test_issue_25_a_finished_room_replays_move_by_move_from_a_link(
    pages: Pages, base_url: str, game: str
) -> None:
    room = finished_bot_room(base_url, game)
    last = httpx.get(f"{base_url}/api/rooms/{room}").json()["version"]
    log = httpx.get(f"{base_url}/api/rooms/{room}/log").json()
    told = sorted({line["version"] for line in log if line["version"] > 1})
    page = pages.open(f"/rooms/{room}?at=1", pages.context(locale="en-GB"))
    page.wait_for_selector("#replay:not([hidden])")
    at(page, 1)
    assert position(page) == (1, last)
    first = page.inner_text("#replay-table")
    assert first.strip() != ""
    # forward, and the link follows the move
    page.click("#replay-forward")
    at(page, 2)
    assert page.url.endswith(f"/rooms/{room}?at=2")
    assert page.input_value("#replay-link") == page.url
    page.click("#replay-back")
    at(page, 1)
    assert page.inner_text("#replay-table") == first
    # a move of the public log: the table at that version, its line in the log marked, its words shown
    target = told[len(told) // 2]
    page.locator(f"#public-log-list li[data-version='{target}'] button").first.click()
    at(page, target)
    marked = page.locator("#public-log-list li.current").all_inner_texts()
    assert marked and len(marked) == sum(1 for line in log if line["version"] == target)
    assert page.inner_text("#replay-move") == " · ".join(marked)
    # the end, then back to the start, then play on at 4 moves a second
    # the first and last buttons: a drawn icon (no glyph a font may lack) and a name to be read
    ends = """() => ['replay-first', 'replay-last'].map((id) => {
        const b = document.getElementById(id);
        const icon = b.querySelectorAll('svg[aria-hidden=true] path').length;
        return [b.textContent, b.getAttribute('aria-label'), icon];
    })"""
    assert page.evaluate(ends) == [["", "First move", 1], ["", "Last move", 1]]
    page.click("#replay-last")
    at(page, last)
    assert page.is_disabled("#replay-forward")
    page.click("#replay-first")
    at(page, 0)
    assert page.inner_text("#replay-move") == "The table as dealt."
    page.select_option("#replay-speed", "4")
    page.click("#replay-play")
    at(page, 3)
    page.click("#replay-play")  # pause
    stopped = position(page)[0]
    page.wait_for_timeout(600)
    assert position(page)[0] == stopped


def test_issue_25_a_running_room_has_no_replay(pages: Pages, base_url: str) -> None:
    made = httpx.post(f"{base_url}/api/rooms", json={"game": "gregs", "seats": 3}).json()
    page = pages.open(f"/rooms/{made['room']}?at=2")
    page.wait_for_selector("#setup:not([hidden])")
    assert page.is_hidden("#replay")
