"""What a person does in the web client, as Playwright steps: create a room from the lobby's form, take
seats and add bots on the room's page, and play by clicking whatever the page offers."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import httpx

#: The controls a prompt shows: the renderer's inline ones (Gregs' fan) and the controls panel.
CONTROLS = "#table button[data-kind]:not([disabled]), #controls button[data-kind]:not([disabled])"
CURTAIN = "#curtain:not([hidden]) button.reveal.primary"
OUTCOME = "#outcome:not([hidden])"


def create_room(page: Any, game: str, seats: int, options: dict[str, str] | None = None) -> str:
    """Fill the lobby's form (the page is at /) and submit it; returns the new room's id."""
    page.wait_for_selector(f"#game option[value='{game}']", state="attached")
    page.select_option("#game", game)
    page.wait_for_selector(f"[id^='opt-{game}-']")
    page.fill("#seats", str(seats))
    for name, value in (options or {}).items():
        page.fill(f"#opt-{game}-{name}", value)
    page.click("#create button[type=submit]")
    page.wait_for_url("**/rooms/*")
    return str(page.url.rsplit("/", 1)[1])


def take_seat(page: Any, seat: int) -> None:
    page.click(f"[data-claim='{seat}']")
    page.wait_for_selector(f"[data-claim='{seat}']", state="detached")


def add_bot(page: Any, seat: int) -> None:
    page.click(f"[data-bot='{seat}']")
    page.wait_for_selector(f"[data-bot='{seat}']", state="detached")


def offered(page: Any) -> list[list[str]]:
    """The enabled action buttons now: [kind, slot or "", text] each, read in one go (the page redraws
    on every update)."""
    found: list[list[str]] = page.evaluate(
        """(sel) => [...document.querySelectorAll(sel)].map(
            (b) => [b.dataset.kind, b.dataset.slot || "", b.textContent])""",
        CONTROLS,
    )
    return found


def click_action(page: Any, kind: str, slot: str, text: str) -> bool:
    """Click the button of that action; False when the page redrew it away meanwhile."""
    selector = f'button[data-kind="{kind}"]' + (f'[data-slot="{slot}"]' if slot else "")
    try:
        page.locator(selector).filter(has_text=text).first.click(timeout=1000)
    except Exception:  # redrawn between reading and clicking: read again
        return False
    return True


def pick(found: list[list[str]], turn: int) -> list[str]:
    """A legal action among ``found``: stop now and then once allowed, else the first one offered."""
    kinds = [f[0] for f in found]
    if "stop" in kinds and turn % 3 == 2:
        return found[kinds.index("stop")]
    return found[0]


def play(
    page: Any, until: Callable[[], bool], on_curtain: Callable[[], None] | None = None, limit: float = 90.0
) -> int:
    """Click through the game (revealing at each curtain) until ``until()``; returns the actions clicked."""
    clicks = 0
    deadline = time.monotonic() + limit
    while not until():
        assert time.monotonic() < deadline, "the game did not get there in time"
        if page.locator(CURTAIN).count():
            if on_curtain:
                on_curtain()
            page.locator(CURTAIN).click()
            continue
        found = offered(page)
        if found and click_action(page, *pick(found, clicks)):
            clicks += 1
            continue
        page.wait_for_timeout(30)
    return clicks


def finished(page: Any) -> Callable[[], bool]:
    return lambda: page.locator(OUTCOME).count() > 0


def room_summary(base_url: str, room: str) -> dict[str, Any]:
    answer: dict[str, Any] = httpx.get(f"{base_url}/api/rooms/{room}").json()
    return answer


def public_log(base_url: str, room: str) -> list[dict[str, Any]]:
    answer: list[dict[str, Any]] = httpx.get(f"{base_url}/api/rooms/{room}/log").json()
    return answer
