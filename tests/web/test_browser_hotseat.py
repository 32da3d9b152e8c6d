"""Hot-seat with private hands (fixture-hands, HND-1..7): behind the curtain the page holds none of the
previous seat's cards, and the next seat's cards appear only once that person reveals them."""

from __future__ import annotations

import re
from typing import Any

from tests.web.conftest import Pages, screenshot
from tests.web.helpers import CURTAIN, create_room, take_seat

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
