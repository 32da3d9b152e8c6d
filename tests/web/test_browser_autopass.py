"""Auto-pass in the browser (docs/api.md "Seat settings"): a tab holds seat 1 of a 3-seat
``fixture-reaction`` room whose deal leaves it nothing to counter with (RCT-3); seat 0 is played over the
protocol and announces, seat 2 (auto-pass off) keeps the window open after seat 1. With the default
settings the page never shows seat 1's pass-only prompt (no pass button, no curtain, no focus moved: a
quiet line instead) and the server passes for it; with "pass automatically" unchecked the prompt shows
as before and waits for the click. A hot-seat tab holding seats 0 and 1 brings no curtain for it."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.server.reaction_seeds import no_counter, seeds_where
from tests.web.conftest import Pages, serve
from tests.web.helpers import CURTAIN, public_log, take_seat

#: Long timers, so only the auto-pass (0.3 to 0.6 s here) answers a prompt by itself.
FLAGS = ["--fixtures", "--allow-seed", "--timer", "turn=300", "--timer", "reaction=300"]
FLAGS += ["--autopass-min", "0.3", "--autopass-max", "0.6"]
PASS_BUTTON = "#controls button[data-kind=pass]"

#: Records in the page whatever a shown prompt would bring: a pass button, the curtain, the prompt's
#: title, a focus change, and the quiet line.
WATCH = """() => {
  window.seen = [];
  const look = () => {
    if (document.querySelector("#controls button[data-kind=pass]")) seen.push("pass button");
    if (!document.querySelector("#curtain").hidden) seen.push("curtain");
    if (document.querySelector("#prompt-title").textContent !== "Nothing to do now") seen.push("title");
    if (!document.querySelector("#auto-passing").hidden) seen.push("quiet line");
  };
  new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true });
  document.addEventListener("focusin", () => seen.push("focus"));
}"""


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with serve(*FLAGS) as url:
        yield url


def passes(base_url: str, room: str, seat: int) -> int:
    return sum(e["body"] == {"kind": "passed", "seat": seat} for e in public_log(base_url, room))


def claim_without_auto_pass(base_url: str, room: str, seat: int) -> str:
    """``seat``'s token, its auto-pass turned off: only its own moves (or its timer) answer it."""
    token: str = httpx.post(f"{base_url}/api/rooms/{room}/seats/{seat}/claim", json={}).json()["token"]
    path = f"{base_url}/api/rooms/{room}/seats/{seat}/settings"
    off = httpx.put(path, json={"auto_pass": False}, headers={"Authorization": f"Bearer {token}"})
    assert off.json() == {"auto_pass": False}
    return token


class Seat0:
    """Seat 0 over the protocol, on ``ws``."""

    def __init__(self, ws: ClientConnection, room: str, token: str) -> None:
        self.ws = ws
        self.ws.send(json.dumps({"type": "hello", "v": 1, "room": room, "tokens": [token]}))
        self.sent = 0

    def act(self, action: dict[str, Any]) -> None:
        """Wait for seat 0's prompt offering ``action``'s kind, then send it."""
        while True:
            prompt = json.loads(self.ws.recv(timeout=10)).get("prompt")
            if prompt and action["kind"] in prompt["kinds"]:
                break
        self.sent += 1
        act = {"type": "act", "id": f"a{self.sent}", "seat": 0, "action": action, "prompt": prompt["id"]}
        self.ws.send(json.dumps(act))


@contextlib.contextmanager
def a_room(pages: Pages, base_url: str) -> Iterator[tuple[Any, str, Seat0]]:
    """The room, seats 0 and 2 claimed over HTTP and seat 1 taken in the page (the room starts)."""
    (seed,) = seeds_where(no_counter, 1)
    body = {"game": "fixture-reaction", "seats": 3, "seed": seed, "options": {"rounds": 1}}
    room = httpx.post(f"{base_url}/api/rooms", json=body).json()["room"]
    token = claim_without_auto_pass(base_url, room, 0)
    claim_without_auto_pass(base_url, room, 2)
    with connect(base_url.replace("http", "ws") + "/ws") as ws:
        seat0 = Seat0(ws, room, token)
        page = pages.open(f"/rooms/{room}")
        take_seat(page, 1)
        page.wait_for_selector("#auto-pass-1:not([disabled])")
        yield page, room, seat0


def test_with_the_default_settings_a_pass_only_prompt_is_never_shown(pages: Pages, base_url: str) -> None:
    with a_room(pages, base_url) as (page, room, seat0):
        default_settings_hide_the_prompt(page, base_url, room, seat0)


def test_with_auto_pass_unchecked_the_prompt_shows_and_waits(pages: Pages, base_url: str) -> None:
    with a_room(pages, base_url) as (page, room, seat0):
        unchecked_the_prompt_shows(page, base_url, room, seat0)


def default_settings_hide_the_prompt(page: Any, base_url: str, room: str, seat0: Seat0) -> None:
    assert page.locator("#auto-pass-1").is_checked()  # on by default
    page.wait_for_selector("#viewer >> text=You are Seat 1")
    page.evaluate(WATCH)
    seat0.act({"kind": "announce", "move": "advance"})
    seat0.act({"kind": "pass"})  # the window asks seat 1, which holds only boosts, then seat 2
    deadline = time.monotonic() + 10
    while passes(base_url, room, 1) == 0:
        assert time.monotonic() < deadline, "the server did not pass for seat 1"
        time.sleep(0.05)
    page.wait_for_timeout(300)  # the frame of the pass has reached the page
    seen = page.evaluate("window.seen")
    assert set(seen) == {"quiet line"}, seen  # no button, curtain, title or focus: nothing flashed
    assert not page.locator(PASS_BUTTON).is_visible()


def unchecked_the_prompt_shows(page: Any, base_url: str, room: str, seat0: Seat0) -> None:
    page.uncheck("#auto-pass-1")
    page.wait_for_selector("#auto-pass-1:not(:checked):not([disabled])")
    seat0.act({"kind": "announce", "move": "advance"})
    seat0.act({"kind": "pass"})
    page.wait_for_selector(PASS_BUTTON, state="visible")
    assert page.locator("#auto-passing").is_hidden()
    page.wait_for_timeout(1000)  # past the auto-pass range: nothing passes for the seat
    assert page.locator(PASS_BUTTON).is_visible() and passes(base_url, room, 1) == 0
    page.locator(PASS_BUTTON).click()
    page.wait_for_selector(PASS_BUTTON, state="detached")
    assert passes(base_url, room, 1) == 1


def wait_for_a_pass(base_url: str, room: str, seat: int) -> None:
    deadline = time.monotonic() + 10
    while passes(base_url, room, seat) == 0:
        assert time.monotonic() < deadline, f"seat {seat} did not pass"
        time.sleep(0.05)


def test_a_hot_seat_tab_brings_no_curtain_for_a_pass_only_prompt(pages: Pages, base_url: str) -> None:
    (seed,) = seeds_where(no_counter, 1)
    body = {"game": "fixture-reaction", "seats": 3, "seed": seed, "options": {"rounds": 1}}
    room = httpx.post(f"{base_url}/api/rooms", json=body).json()["room"]
    claim_without_auto_pass(base_url, room, 2)
    page = pages.open(f"/rooms/{room}")
    take_seat(page, 0)
    take_seat(page, 1)  # the last seat: the room starts, seat 0 to announce
    page.uncheck("#auto-pass-0")  # seat 0 passes by hand; seat 1 keeps the default
    page.wait_for_selector("#auto-pass-0:not(:checked):not([disabled])")
    page.locator(CURTAIN).click()
    page.locator("#controls button[data-kind=announce]").filter(has_text="dvance").first.click()
    page.wait_for_selector(PASS_BUTTON)  # seat 0's own turn in the window: shown, by hand
    page.evaluate(WATCH)
    page.locator(PASS_BUTTON).click()
    wait_for_a_pass(base_url, room, 1)
    page.wait_for_timeout(300)
    assert "curtain" not in page.evaluate("window.seen")
    assert page.locator("#viewer").inner_text() == "You are Seat 0"  # still shown: nobody of the tab due
