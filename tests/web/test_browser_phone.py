"""The table on a phone, 360 px wide (app/phone.css): for every shipped game the prompt and its
countdown stay in view wherever the page is scrolled, and nothing scrolls sideways; Gregs' popularity
track is one line; Grucha's table wraps its groups side by side; the players panel's badges stay whole."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.web.conftest import Pages, screenshot

PHONE = {"width": 360, "height": 740}
#: Seats and the bot that fills the others, per game.
TABLES = {
    "gregs": (3, "heuristic"),
    "igranie": (3, "heuristic"),
    "infarkt": (3, "heuristic"),
    "grucha": (2, "greedy"),
}


def host_call(base_url: str, path: str, host: str, **body: Any) -> Any:
    return httpx.post(f"{base_url}{path}", json=body, headers={"Authorization": f"Bearer {host}"}).json()


def phone_seat(pages: Pages, base_url: str, game: str) -> tuple[Any, str]:
    """A room of ``game`` whose seat 0 this phone's browser holds, the others the game's bots."""
    seats, bot = TABLES[game]
    made = httpx.post(f"{base_url}/api/rooms", json={"game": game, "seats": seats}).json()
    room, host = made["room"], made["host_token"]
    token = httpx.post(f"{base_url}/api/rooms/{room}/seats/0/claim", json={"name": "Ann"}).json()["token"]
    page = pages.open("/", viewport=PHONE)
    keep = "([r, t]) => localStorage.setItem('boardroom.room.' + r, JSON.stringify({seats: {0: t}}))"
    page.evaluate(keep, [room, token])
    for seat in range(1, seats):
        host_call(base_url, f"/api/rooms/{room}/seats/{seat}/bot", host, policy=bot)
    page.goto(f"/rooms/{room}")
    page.wait_for_selector("#prompt:not([hidden]) #countdown:not(:empty)")
    return page, room


def prompt_box(page: Any, at: float) -> dict[str, float]:
    """Scroll to ``at`` (a fraction of the page's height) and read the prompt's box."""
    box: dict[str, float] = page.evaluate(
        """(at) => {
            window.scrollTo(0, at * document.documentElement.scrollHeight);
            const b = document.getElementById('prompt').getBoundingClientRect();
            return {top: b.top, bottom: b.bottom, scrolled: window.scrollY};
        }""",
        at,
    )
    return box


@pytest.mark.parametrize("game", sorted(TABLES))
def test_the_prompt_stays_in_view_and_nothing_scrolls_sideways(
    pages: Pages, base_url: str, game: str
) -> None:
    page, _ = phone_seat(pages, base_url, game)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.evaluate("document.documentElement.scrollHeight") > 740 * 1.5  # there is a page to scroll
    for at in (0.0, 0.5, 1.0):
        box = prompt_box(page, at)
        assert box["top"] >= 0 and box["bottom"] <= 740, (at, box)
    assert prompt_box(page, 1.0)["scrolled"] > 0
    assert page.is_visible("#countdown")
    screenshot(page, f"phone-{game}")


def test_gregs_track_reads_left_to_right_on_one_line(pages: Pages, base_url: str) -> None:
    page, _ = phone_seat(pages, base_url, "gregs")
    page.click("button[data-kind=choose]")
    # 3 characters and 6 rank cards
    page.wait_for_function("() => document.querySelectorAll('.track > li').length === 9")
    line = page.evaluate("""() => {
        const items = [...document.querySelectorAll('.track > li')].map((li) => li.getBoundingClientRect());
        const track = document.querySelector('.track');
        return {tops: new Set(items.map((b) => Math.round(b.top))).size,
                ordered: items.every((b, i) => i === 0 || b.left > items[i - 1].left),
                fits: track.scrollWidth <= track.clientWidth};
    }""")
    assert line == {"tops": 1, "ordered": True, "fits": True}
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_grucha_table_wraps_its_groups_side_by_side(pages: Pages, base_url: str) -> None:
    made = httpx.post(f"{base_url}/api/rooms", json={"game": "grucha", "seats": 4}).json()
    room, host = made["room"], made["host_token"]
    for seat in range(4):
        host_call(base_url, f"/api/rooms/{room}/seats/{seat}/bot", host, policy="greedy")
    page = pages.open(f"/rooms/{room}", viewport=PHONE)  # a spectator of four bots
    page.wait_for_function(
        "() => document.querySelectorAll('#table .grucha-groups > li').length >= 8", timeout=60000
    )
    shape = page.evaluate("""() => {
        const groups = [...document.querySelectorAll('#table .grucha-groups > li')]
            .map((g) => g.getBoundingClientRect());
        return {groups: groups.length, rows: new Set(groups.map((b) => Math.round(b.top))).size,
                widest: Math.max(...groups.map((b) => b.width))};
    }""")
    # one group a row before (21 full-width rows); now a row holds about two of them
    assert shape["rows"] * 3 <= shape["groups"] * 2, shape
    screenshot(page, "phone-grucha-table")
    assert shape["widest"] <= 360 - 2 * 16, shape
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_the_players_badges_stay_whole(pages: Pages, base_url: str) -> None:
    page, _ = phone_seat(pages, base_url, "gregs")
    page.click("[data-concede='0']")
    page.click("[data-concede='0']")
    page.wait_for_selector(".seat[data-seat='0'] .mark-conceded")
    broken = page.evaluate("""() => [...document.querySelectorAll('#seats-list .mark')]
        .filter((m) => m.getClientRects().length !== 1).map((m) => m.textContent)""")
    assert broken == []
    marks = page.locator("#seats-list .mark").all_inner_texts()
    assert marks == ["this device", "conceded: bot heuristic plays it", "bot: heuristic", "bot: heuristic"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_infarkt_sticky_bar_takes_at_most_two_fifths_of_the_screen_and_its_choices_scroll_inside(
    pages: Pages, base_url: str
) -> None:
    # a new user's Home prompt had six buttons and the bar covered half of a 740 px screen: the bar is
    # capped at 40vh (296 px) and its list of choices at 24vh, scrolling inside while the title and the
    # countdown stay pinned above it
    page, _ = phone_seat(pages, base_url, "infarkt")
    bar = page.evaluate(
        """() => {
            const prompt = document.getElementById('prompt');
            const controls = document.getElementById('controls');
            const style = getComputedStyle(controls);
            return {maxHeight: getComputedStyle(prompt).maxHeight, controlsMax: style.maxHeight,
                    overflow: style.overflowY, height: prompt.getBoundingClientRect().height};
        }"""
    )
    assert (bar["maxHeight"], bar["controlsMax"], bar["overflow"]) == ("296px", "177.6px", "auto")
    assert bar["height"] <= 296
    for at in (0.0, 0.5, 1.0):
        box = prompt_box(page, at)
        assert box["top"] >= 0 and box["bottom"] - box["top"] <= 296, (at, box)
    assert page.is_visible("#prompt-title") and page.is_visible("#countdown")
