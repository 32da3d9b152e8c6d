"""Infarkt in the browser: a hot-seat tab holding two seats against two server bots places its figures by
clicking three places and confirming, uses a medicine from its hand, and sees every figure only at the
reveal (INF-8, INF-19)."""

from __future__ import annotations

import contextlib
import re
import time
from typing import Any

from playwright.sync_api import Error as PlaywrightError

from tests.web.conftest import Pages, screenshot
from tests.web.helpers import CURTAIN, add_bot, create_room, public_log, take_seat

PLACE = "button[data-kind=place]:not([data-slot=confirm])"
CONFIRM = "button[data-kind=place][data-slot=confirm]"
#: The places' figure lines and the sealed marks of a placement prompt's page, or null once it has none.
SEALED = f"""() => {{
  if (!document.querySelector("{CONFIRM}")) return null;
  const figures = [...document.querySelectorAll(".inf-figures")].map((e) => e.innerText);
  return figures.length ? {{figures, sealed: document.querySelectorAll(".inf-sealed").length}} : null;
}}"""
OTHER = (
    "#table button[data-kind]:not([disabled]):not([data-kind=place]):not([data-kind=medicine]),"
    " #controls button[data-kind]:not([disabled])"
)


#: The viewer, the places holding its figures and the places with figures drawn, read at one moment;
#: null while no figure of the viewer is drawn.
SHOWN_FIGURES = """() => {
  const seat = /Seat (\\d+)/.exec(document.querySelector("#viewer")?.innerText || "");
  const places = [...document.querySelectorAll(".inf-place")];
  const yours = p => [...p.querySelectorAll(".inf-figures")].some(f => f.innerText.includes("you"));
  const mine = places.filter(yours);
  if (!seat || !mine.length) return null;
  const figures = places.filter(p => p.innerText.includes("Figures:")).length;
  return {viewer: Number(seat[1]), mine: mine.map(p => p.dataset.place), figures};
}"""


def viewer(page: Any) -> int:
    return int(re.search(r"Seat (\d+)", page.locator("#viewer").inner_text()).group(1))  # type: ignore[union-attr]


def place_step(page: Any) -> list[str] | None:
    """One click of the placement: the next place that can be picked, or, with three picked, the
    confirmation (returning the places confirmed). None while the set is incomplete or the page redrew
    the control away (a curtain): the picks so far are kept for the next call."""
    pressed = page.locator(f"{PLACE}[aria-pressed=true]").evaluate_all("bs => bs.map(b => b.dataset.slot)")
    with contextlib.suppress(PlaywrightError):
        if len(pressed) < 3:
            page.locator(f"{PLACE}:not([disabled])[aria-pressed=false]").first.click(timeout=1000)
            return None
        # a legal set is complete: no other place can be added, and the confirmation is enabled
        assert page.locator(f"{PLACE}:not([aria-pressed=true])").evaluate_all(
            "bs => bs.every(b => b.disabled)"
        )
        page.locator(f"{CONFIRM}:not([disabled])").click(timeout=1000)
        return list(pressed)
    return None


def bodies(base_url: str, room: str, kind: str) -> list[dict[str, Any]]:
    return [e["body"] for e in public_log(base_url, room) if e["body"]["kind"] == kind]


def placed(base_url: str, room: str) -> dict[int, list[str]] | None:
    for body in bodies(base_url, room, "placed"):
        return {int(s): p for s, p in body["placements"].items()}
    return None


def changed_by(base_url: str, room: str, card: str) -> list[int]:
    return [b["seat"] for b in bodies(base_url, room, "changed") if b["source"] == card]


def test_hot_seat_places_by_clicking_and_sees_the_figures_at_the_reveal(pages: Pages, base_url: str) -> None:
    page = pages.open("/")
    room = create_room(page, "infarkt", 4)
    take_seat(page, 0)
    take_seat(page, 1)
    add_bot(page, 2)
    add_bot(page, 3)
    clicked: dict[int, list[str]] = {}
    medicine: tuple[int, str] | None = None
    deadline = time.monotonic() + 60
    while len(clicked) < 2:
        assert time.monotonic() < deadline, "the placement did not come"
        if page.locator(CURTAIN).count():
            page.locator(CURTAIN).click()
            continue
        if page.locator(CONFIRM).count():
            # nobody's figures show before the reveal, and only the viewer's own sealed ones: read in
            # one script run, so no redraw of the page falls between the reads
            table = page.evaluate(SEALED)
            if table is None:  # redrawn since: look again
                continue
            assert set(table["figures"]) == {"No figures"} and table["sealed"] == 0
            if not clicked and not page.locator(f"{PLACE}[aria-pressed=true]").count():
                screenshot(page, "infarkt")
            seat = viewer(page)
            done = place_step(page)
            if done:
                clicked[seat] = done
            continue
        use = page.locator("#table button[data-kind=medicine]:not([disabled])")
        if medicine is None and use.count():
            medicine = (viewer(page), str(use.first.get_attribute("data-slot")))
            use.first.click()
            continue
        others = page.locator(OTHER)
        if others.count():
            with contextlib.suppress(PlaywrightError):  # redrawn between reading and clicking
                others.first.click(timeout=1000)
            continue
        page.wait_for_timeout(30)
    reveal: dict[int, list[str]] | None = None
    while reveal is None:
        assert time.monotonic() < deadline, "no reveal"
        reveal = placed(base_url, room)
        page.wait_for_timeout(30)
    assert {s: sorted(reveal[s]) for s in clicked} == {s: sorted(p) for s, p in clicked.items()}
    assert sorted(reveal) == [0, 1, 2, 3]
    # the view after the reveal draws the figures: the viewer's own before it has resolved any. The game
    # goes on meanwhile (a curtain may take the table away between two reads): read it in one script run
    shown = None
    while shown is None:
        assert time.monotonic() < deadline, "the figures were not drawn"
        if page.locator(CURTAIN).count():
            with contextlib.suppress(PlaywrightError):
                page.locator(CURTAIN).click(timeout=1000)
        shown = page.evaluate(SHOWN_FIGURES)
        page.wait_for_timeout(30)
    assert sorted(shown["mine"]) == sorted(reveal[shown["viewer"]])
    assert shown["figures"] >= 3
    assert medicine is not None, "no medicine was offered before the placement"
    assert changed_by(base_url, room, medicine[1]) == [medicine[0]]
    screenshot(page, "infarkt-reveal")
