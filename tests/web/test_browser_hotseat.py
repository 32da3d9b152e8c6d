"""Hot-seat with private hands (fixture-hands, HND-1..7): behind the curtain the page holds none of the
previous seat's cards, and the next seat's cards appear only once that person reveals them."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.web.conftest import Pages, screenshot, serve
from tests.web.helpers import (
    CURTAIN,
    click_action,
    create_room,
    finished,
    offered,
    play,
    public_log,
    take_seat,
)

CARD = re.compile(r"\b[HSDC][1-6]\b")


def hand(page: Any) -> set[str]:
    return set(page.locator(".hand .card").all_inner_texts())


def dom_cards(page: Any) -> set[str]:
    """Every card id anywhere in the page's DOM (markup, attributes and text)."""
    return set(CARD.findall(page.content()))


def test_the_curtain_removes_the_previous_seats_hand_from_the_dom(pages: Pages) -> None:
    page = pages.open("/")
    room = create_room(page, "fixture-hands", 2)
    take_seat(page, 0)
    take_seat(page, 1)
    assert page.locator(CURTAIN).inner_text() == "Seat 0: your turn — show"
    assert dom_cards(page) == set()  # nobody revealed yet: no hand in the page

    page.locator(CURTAIN).click()
    first = hand(page)
    assert len(first) == 4 and first <= dom_cards(page)
    played = sorted(first)[0]
    page.click(f"button[data-kind=play][data-card={played}]")

    # seat 1 must act: the curtain names it, and seat 0's cards left the DOM (the played one is public
    # on the pile, but the pile too is part of the hidden table)
    page.wait_for_selector(CURTAIN)
    assert page.locator(CURTAIN).inner_text() == "Seat 1: your turn — show"
    assert dom_cards(page) == set()
    screenshot(page, "curtain-hands")

    page.locator(CURTAIN).click()
    second = hand(page)
    assert len(second) == 4 and not second & first
    assert dom_cards(page) & (first - {played}) == set()
    assert played in page.locator("#table").inner_text()  # the pile is public
    assert room  # the room link carries the id only
    assert page.url.endswith(f"/rooms/{room}")


def test_the_generic_renderer_plays_a_game_to_its_end(pages: Pages, base_url: str) -> None:
    """Sealed bids (fixture-commit) drawn by the generic renderer: both seats of the tab commit in the
    same round, each behind its curtain, from buttons built from the prompt's choices."""
    page = pages.open("/")
    room = create_room(page, "fixture-commit", 2)
    page.goto(f"/rooms/{room}?renderer=generic")
    take_seat(page, 0)
    take_seat(page, 1)
    page.locator(CURTAIN).click()
    assert page.locator("#table dl.tree dt").all_inner_texts()[:2] == ["Hands", "Prize"]
    assert page.locator("#controls button[data-kind=bid]").all_inner_texts() == [
        f"Bid: card {card}" for card in range(1, 6)
    ]
    curtains: list[str] = []
    play(page, until=finished(page), on_curtain=lambda: curtains.append(page.locator(CURTAIN).inner_text()))
    # each round asks both seats; the seat shown last bids first in the next round (still its turn),
    # and the curtain falls for the other: 10 bids, one curtain at the start and one after every pair
    one, zero = "Seat 1: your turn — show", "Seat 0: your turn — show"
    assert curtains == [one, zero, one, zero, one]
    kinds = [e["body"]["kind"] for e in public_log(base_url, room)]
    assert kinds.count("committed") == 10 and kinds.count("revealed") == 5


def test_reaction_windows_ask_each_seat_of_the_tab_behind_its_curtain(pages: Pages, base_url: str) -> None:
    """fixture-reaction (RCT-1..7) hot-seat with auto-pass turned off for both seats: every prompt of a
    reaction window, a pass-only one too, gets its curtain and its controls; nothing is passed for a
    seat by the page or the server."""
    page = pages.open("/")
    room = create_room(page, "fixture-reaction", 2, {"rounds": "1"})
    take_seat(page, 0)
    take_seat(page, 1)  # seat 0 announces first: nothing is passed before the boxes are unchecked
    for seat in (0, 1):
        page.uncheck(f"#auto-pass-{seat}")
        page.wait_for_selector(f"#auto-pass-{seat}:not(:checked):not([disabled])")
    curtains: list[str] = []
    passes = 0

    while not finished(page)():
        if page.locator(CURTAIN).count():
            assert set(re.findall(r"card-\d\d", page.content())) == set()  # no hand behind the curtain
            curtains.append(page.locator(CURTAIN).inner_text())
            page.locator(CURTAIN).click()
            continue
        found = offered(page)
        if not found:
            page.wait_for_timeout(30)
            continue
        # pass whenever a window offers it, so every window closes; else the first action offered
        choice = next((f for f in found if f[0] == "pass"), found[0])
        if click_action(page, *choice):
            passes += choice[0] == "pass"
    log = [e["body"] for e in public_log(base_url, room)]
    assert sum(b["kind"] == "passed" for b in log) == passes > 0
    assert {"Seat 0: your turn — show", "Seat 1: your turn — show"} <= set(curtains)


ASK = "#curtain:not([hidden]) button.nobody"


@pytest.fixture(scope="module")
def seeded_url() -> Iterator[str]:
    """A worker that takes fixed seeds, so the deal gives both seats a boost card in a raid's contest."""
    with serve("--fixtures", "--allow-seed", "--timer", "turn=300") as url:
        yield url


def test_a_window_asking_several_seats_of_the_tab_shows_one_screen_and_nobody_passes_them_all(
    browser: Any, seeded_url: str
) -> None:
    """The pace issue's hot-seat windows (fixture-reaction, RCT-5's concurrent contest window), auto-pass
    on as by default: seats asked by one window together get "Does anyone play a card?" with a button
    per seat and "Nobody"; "Nobody" passes for each of them; the curtain names what a prompt is for;
    a pass-only prompt never brings a curtain."""
    pages = Pages(browser, seeded_url)
    body = {"game": "fixture-reaction", "seats": 2, "seed": "01", "options": {"rounds": 2}}
    room = httpx.post(f"{seeded_url}/api/rooms", json=body).json()["room"]
    page = pages.open(f"/rooms/{room}")
    take_seat(page, 0)
    take_seat(page, 1)
    asked: list[list[str]] = []
    purposes: set[str] = set()
    passes_sent = 0
    while not finished(page)():
        if page.locator(ASK).count():
            assert page.inner_text("#curtain-title") == "Does anyone play a card?"
            seats = page.locator("#curtain .ask-seats button.reveal").all_inner_texts()
            asked.append(seats)
            page.locator(ASK).click()
            passes_sent += len(seats)
            page.wait_for_selector(ASK, state="detached")
            continue
        if page.locator(CURTAIN).count():
            purposes.add(page.locator("#curtain .curtain-purpose").inner_text())
            page.locator(CURTAIN).click()
            continue
        found = offered(page)
        if not found:
            page.wait_for_timeout(30)
            continue
        assert [f[0] for f in found] != ["pass"]  # a pass-only prompt is the server's to answer
        # raid whenever announcing (its contest is the window both seats may play in), else let the
        # windows close: the announcement stands and nobody buys a truce
        raid = [f for f in found if f[2].startswith("Raid")]
        click_action(page, *(raid or [f for f in found if f[0] == "pass"] or found)[0])
    assert asked and all(seats == ["Seat 0 plays a card", "Seat 1 plays a card"] for seats in asked)
    assert {"Seat 0: your turn", "Seat 1: your turn"} & purposes
    log = [e["body"] for e in public_log(seeded_url, room)]
    assert sum(b["kind"] == "passed" for b in log) >= passes_sent
    pages.close()
    assert pages.errors == []


def test_a_seat_answering_at_the_shared_screen_leaves_the_next_its_full_time(
    browser: Any, seeded_url: str
) -> None:
    """The 1 s window of the newcomer's issue: a round of asking has one deadline, and the seats of a
    hot-seat tab answer it one after the other. The tab gives its seats one screen id (their private
    ``screen`` setting), so when seat 0 answers after a while, seat 1's deadline starts again."""
    pages = Pages(browser, seeded_url)
    body = {"game": "fixture-reaction", "seats": 2, "seed": "01", "options": {"rounds": 2}}
    body["timers"] = {"reaction": 20}
    made = httpx.post(f"{seeded_url}/api/rooms", json=body)
    room = made.json()["room"]
    page = pages.open(f"/rooms/{room}")
    take_seat(page, 0)
    take_seat(page, 1)
    tokens = page.evaluate(f"() => JSON.parse(localStorage.getItem('boardroom.room.{room}')).seats")
    screen = page.evaluate("() => localStorage.getItem('boardroom.screen')")
    assert re.fullmatch(r"[0-9a-f]{24}", screen)
    for seat in (0, 1):  # both seats say they are played at this one screen
        url = f"{seeded_url}/api/rooms/{room}/seats/{seat}/settings"
        wait = time.monotonic() + 10
        while (
            httpx.get(url, headers={"Authorization": f"Bearer {tokens[str(seat)]}"}).json().get("screen")
            != screen
        ):
            assert time.monotonic() < wait, f"seat {seat} has no screen"
            time.sleep(0.1)
    while not page.locator(ASK).count():
        assert not finished(page)(), "no window asked both seats"
        if page.locator(CURTAIN).count():
            page.locator(CURTAIN).click()
            continue
        found = offered(page)
        if not found:
            page.wait_for_timeout(30)
            continue
        raid = [f for f in found if f[2].startswith("Raid")]
        click_action(page, *(raid or [f for f in found if f[0] == "pass"] or found)[0])
    first = float(page.get_attribute("#curtain .countdown", "data-deadline"))
    page.locator("#curtain .ask-seats button.reveal[data-seat='0']").click()
    page.wait_for_timeout(3000)  # seat 0 reads its hand for 3 s, then passes
    page.locator("#controls button[data-kind=pass]").click()
    page.wait_for_selector(ASK)
    assert page.locator("#curtain .ask-seats button.reveal").all_inner_texts() == ["Seat 1 plays a card"]
    page.wait_for_function(
        f"() => Number(document.querySelector('#curtain .countdown').dataset.deadline) > {first}"
    )
    second = float(page.get_attribute("#curtain .countdown", "data-deadline"))
    assert second - first >= 2.5  # 20 s from seat 0's pass, not the 17 s it left
    assert page.inner_text("#curtain .countdown") in {"20 s left", "19 s left"}
    pages.close()
    assert pages.errors == []
