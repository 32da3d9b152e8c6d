"""People (issue "browser client", item 7): the table played with the keyboard alone, its live parts
labelled for screen readers, a phone-width page without sideways scrolling, light and dark schemes."""

from __future__ import annotations

from typing import Any

import httpx

from tests.web.conftest import Pages


def one_seat_room(base_url: str) -> tuple[str, str, str]:
    """A 3-seat Gregs room: seat 0 claimed (its token returned with the host's), bots on 1 and 2."""
    created = httpx.post(f"{base_url}/api/rooms", json={"game": "gregs", "seats": 3}).json()
    room, host = created["room"], created["host_token"]
    token = httpx.post(f"{base_url}/api/rooms/{room}/seats/0/claim", json={"name": "Lena"}).json()["token"]
    for seat in (1, 2):
        httpx.post(
            f"{base_url}/api/rooms/{room}/seats/{seat}/bot",
            json={"policy": "random"},
            headers={"Authorization": f"Bearer {host}"},
        )
    return room, token, host


def seated_page(pages: Pages, base_url: str, **options: Any) -> Any:
    room, token, host = one_seat_room(base_url)
    page = pages.open("/", **options)
    entry = "JSON.stringify({host: h, seats: {0: t}})"
    keep = f"([r, t, h]) => localStorage.setItem('boardroom.room.' + r, {entry})"
    page.evaluate(keep, [room, token, host])
    page.goto(f"/rooms/{room}")
    return page


def test_the_table_is_played_with_the_keyboard(pages: Pages, base_url: str) -> None:
    page = seated_page(pages, base_url)
    page.wait_for_selector("#controls button[data-kind=choose]")
    for _ in range(40):  # Tab from the top of the page to the first character
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.kind") == "choose":
            break
    assert page.evaluate("document.activeElement.textContent") == "Play Greg"
    page.keyboard.press("Enter")
    # the focus stays on the controls across the redraws: the next key press reveals a card
    page.wait_for_selector("button[data-kind=reveal]")
    page.wait_for_function("document.activeElement.dataset.kind === 'reveal'")
    slot = page.evaluate("document.activeElement.dataset.slot")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#log li:has-text('You revealed slot {slot}: ')")


def test_live_parts_are_labelled_for_screen_readers(pages: Pages, base_url: str) -> None:
    page = seated_page(pages, base_url)
    page.wait_for_selector("button[data-kind=choose]")
    assert page.get_attribute("#conn-state", "role") == "status"
    assert page.get_attribute("#countdown", "role") == "timer"
    assert page.get_attribute("#log", "aria-live") == "polite"
    assert page.get_attribute("#action-error", "role") == "alert"
    unnamed = page.evaluate("""() => [...document.querySelectorAll('button, input, select, textarea')]
        .filter((el) => !el.hidden && !(el.textContent.trim() || el.getAttribute('aria-label')
            || (el.id && document.querySelector(`label[for="${el.id}"]`))))
        .map((el) => el.outerHTML)""")
    assert unnamed == []
    lobby = pages.open("/")
    lobby.wait_for_selector("#opt-gregs-turn_limit")
    fields = lobby.evaluate("""() => [...document.querySelectorAll('#create input, #create select')]
        .filter((el) => !document.querySelector(`label[for="${el.id}"]`)).map((el) => el.id)""")
    assert fields == []


def test_a_phone_width_page_does_not_scroll_sideways(pages: Pages, base_url: str) -> None:
    page = seated_page(pages, base_url, viewport={"width": 360, "height": 740})
    page.wait_for_selector("button[data-kind=choose]")
    page.click("button[data-kind=choose]")
    page.wait_for_selector("button[data-kind=reveal]")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    lobby = pages.open("/", viewport={"width": 360, "height": 740})
    lobby.wait_for_selector("#opt-gregs-turn_limit")
    assert lobby.evaluate("document.documentElement.scrollWidth") <= 360


def test_light_and_dark_schemes_follow_the_system(pages: Pages) -> None:
    colours = {}
    for scheme in ("light", "dark"):
        page = pages.open("/", color_scheme=scheme)
        page.wait_for_selector("#opt-gregs-turn_limit")
        colours[scheme] = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert colours == {"light": "rgb(247, 246, 242)", "dark": "rgb(18, 19, 22)"}


def test_bot_and_departed_seats_are_marked(pages: Pages, base_url: str) -> None:
    room, token, _ = one_seat_room(base_url)
    page = pages.open(f"/rooms/{room}")
    page.wait_for_selector("#conn-state[data-state=open]")
    assert page.locator(".seat[data-seat='1'] .mark-bot").inner_text() == "bot: random"
    left = httpx.post(f"{base_url}/api/rooms/{room}/leave", headers={"Authorization": f"Bearer {token}"})
    assert left.status_code == 200
    # the seat's defaults play it now; the page marks it from the room's summary
    page.wait_for_selector(".seat[data-seat='0'] .mark-left", timeout=15000)
    assert page.locator(".seat[data-seat='0'] .mark-left").inner_text() == "left: its defaults play it"


def test_an_away_seat_is_marked(pages: Pages, base_url: str) -> None:
    """A seat whose player lets two deadlines pass in a row is away (docs/api.md): the page marks it."""
    body = {"game": "fixture-commit", "seats": 2, "timers": {"commit": 1}}
    created = httpx.post(f"{base_url}/api/rooms", json=body).json()
    room, host = created["room"], {"Authorization": f"Bearer {created['host_token']}"}
    httpx.post(f"{base_url}/api/rooms/{room}/seats/0/claim", json={"name": "Sleepy"})
    httpx.post(f"{base_url}/api/rooms/{room}/seats/1/bot", json={"policy": "random"}, headers=host)
    page = pages.open(f"/rooms/{room}")
    page.wait_for_selector(".seat[data-seat='0'] .mark-away", timeout=20000)
    assert page.locator(".seat[data-seat='0']").inner_text() == "Seat 0 (Sleepy)away"


def test_a_refused_seat_token_is_explained_and_can_be_forgotten(pages: Pages, base_url: str) -> None:
    room, _, host = one_seat_room(base_url)
    pages.expect_refusals(401, 1)  # the seat's settings, read with the bad token (the panel says why)
    page = pages.open("/")
    entry = "JSON.stringify({host: h, seats: {0: 'not-a-token'}})"
    page.evaluate(f"([r, h]) => localStorage.setItem('boardroom.room.' + r, {entry})", [room, host])
    page.goto(f"/rooms/{room}")
    page.wait_for_selector("#conn-state[data-state=closed]")
    assert page.locator("#notice").inner_text() == (
        "This browser's seat key is not valid for the room (the seat was given up or taken)."
    )
    page.click("#forget")
    page.wait_for_selector("#viewer:text-is('Watching (spectator)')")
    assert page.locator("#conn-state").get_attribute("data-state") == "open"
