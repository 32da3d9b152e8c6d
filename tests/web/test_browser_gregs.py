"""A whole Gregs game in the browser: a hot-seat tab with two seats against two server bots, a spectator
tab, a reload and a network cut mid-game (issue "browser client", items 3, 4, 6 and 8)."""

from __future__ import annotations

import json
import re
from typing import Any

from websockets.sync.client import connect

from tests.web.conftest import Pages, screenshot
from tests.web.helpers import (
    CURTAIN,
    OUTCOME,
    add_bot,
    click_action,
    create_room,
    finished,
    offered,
    play,
    public_log,
    room_summary,
    take_seat,
)

CHARACTERS = {
    "chr-greg": "Greg",
    "chr-rupert": "Rupert",
    "chr-finley": "Finley",
    "chr-rodrick": "Rodrick",
    "chr-manni": "Manni",
    "chr-fregley": "Fregley",
}


def hot_seat_room(pages: Pages) -> tuple[Any, str]:
    """A 4-seat Gregs room made in the lobby: seats 0 and 1 taken in one tab, bots on 2 and 3."""
    page = pages.open("/")
    page.wait_for_selector("#opt-gregs-turn_limit")
    room = create_room(page, "gregs", 4)
    take_seat(page, 0)
    take_seat(page, 1)
    add_bot(page, 2)
    add_bot(page, 3)
    return page, room


def spectator_snapshot(base_url: str, room: str) -> dict[str, Any]:
    """A fresh spectator snapshot, straight from the protocol."""
    with connect(base_url.replace("http", "ws") + "/ws") as ws:
        ws.send(json.dumps({"type": "hello", "v": 1, "room": room, "tokens": []}))
        while True:
            message = json.loads(ws.recv(timeout=10))
            if message["type"] == "snapshot":
                return dict(message)


def test_hot_seat_game_against_two_bots_with_a_spectator(pages: Pages, base_url: str) -> None:
    page, room = hot_seat_room(pages)
    spectator = pages.open(f"/rooms/{room}")
    spectator.wait_for_selector("#viewer:text-is('Watching (spectator)')")
    curtains: list[str] = []

    def at_curtain() -> None:
        # the shown seat's view left the DOM: nothing of the table, its controls or its log remains
        assert page.locator("#table").inner_html() == ""
        assert page.locator("#controls").inner_html() == ""
        assert page.locator("#log").inner_html() == ""
        curtains.append(page.locator(CURTAIN).inner_text())
        if len(curtains) == 1:
            screenshot(page, "curtain")

    page.wait_for_selector(CURTAIN)
    assert page.locator(CURTAIN).inner_text() == "Seat 0: your turn — show"
    play(page, until=lambda: page.locator("button[data-kind=reveal]").count() > 0, on_curtain=at_curtain)
    assert page.locator("#countdown").inner_text().endswith(" s left")
    assert page.locator("#seats-list").inner_text().count("bot: heuristic") == 2  # the picker's default
    screenshot(page, "table")
    clicks = play(page, until=finished(page), on_curtain=at_curtain)
    assert clicks > 0
    assert set(curtains) <= {"Seat 0: your turn — show", "Seat 1: your turn — show"}
    assert "Seat 1: your turn — show" in curtains

    summary = room_summary(base_url, room)
    assert summary["status"] == "finished"
    spectator.wait_for_selector(OUTCOME)
    screenshot(page, "outcome")
    snapshot = spectator_snapshot(base_url, room)
    ranks = snapshot["outcome"]["ranks"]
    order = sorted(range(4), key=lambda s: (ranks[s], s))
    played = snapshot["view"]["characters"]  # each rank names the seat's character first (GRE-20)
    expected = [f"Rank {ranks[s]}: {CHARACTERS[played[s]]}, Seat {s}" for s in order]
    shown = spectator.locator("#outcome .ranking li").all_inner_texts()
    assert [re.split(r" \(| — ", line)[0] for line in shown] == expected

    # the spectator's page shows what a fresh snapshot shows, and what a freshly opened page draws
    view = snapshot["view"]
    shown_row = "#table .track li .character-name, #table .track li.track-rank"
    track = spectator.locator(shown_row).all_inner_texts()
    assert track == [CHARACTERS.get(card, card.removeprefix("rank-")) for card in view["row"]]
    status = spectator.locator("#table .gregs-status").inner_text()
    draw, discard = view["draw_count"], view["discard_count"]
    assert f"Draw pile: {draw} {'card' if draw == 1 else 'cards'}" in status.split("\n")
    assert f"Discard pile: {discard} {'card' if discard == 1 else 'cards'}" in status.split("\n")
    fresh = pages.open(f"/rooms/{room}")
    fresh.wait_for_selector(OUTCOME)
    fresh.wait_for_selector("#public-log:not([hidden])")
    assert fresh.locator("#table").inner_html() == spectator.locator("#table").inner_html()
    assert fresh.locator("#outcome").inner_html() == spectator.locator("#outcome").inner_html()
    # a finished room shows its public log: one line per public event
    assert fresh.locator("#public-log-list li").count() == len(public_log(base_url, room))


def test_reload_mid_game_resumes(pages: Pages, base_url: str) -> None:
    page, room = hot_seat_room(pages)
    play(page, until=lambda: room_summary(base_url, room)["version"] >= 6, limit=60)
    page.reload()
    page.wait_for_selector("#conn-state[data-state=open]")
    # the seats are found again in this browser's storage: still a hot-seat tab of seats 0 and 1
    assert page.locator("#seats-list .mark-mine").count() == 2
    play(page, until=finished(page))
    assert room_summary(base_url, room)["status"] == "finished"


def test_network_cut_loses_no_action(pages: Pages, base_url: str) -> None:
    page, room = hot_seat_room(pages)
    play(page, until=lambda: page.locator("button[data-kind=reveal]").count() > 0)
    version = room_summary(base_url, room)["version"]
    seat = 0 if "Seat 0" in page.locator("#viewer").inner_text() else 1
    kind, slot, text = next(f for f in offered(page) if f[0] == "reveal")
    page.context.set_offline(True)
    page.wait_for_selector("#conn-state[data-state=offline]")
    assert click_action(page, kind, slot, text)
    page.wait_for_timeout(500)
    page.context.set_offline(False)
    page.wait_for_selector("#conn-state[data-state=open]")
    play(page, until=finished(page))
    # the reveal clicked while offline was applied once, as the next step of the game
    log = public_log(base_url, room)
    step = [e["body"] for e in log if e["version"] == version + 1]
    assert step[0] == {
        "kind": "revealed",
        "seat": seat,
        "slot": int(slot),
        **{k: step[0][k] for k in ("card", "value")},
    }
    assert sum(1 for e in log if e["body"]["kind"] == "revealed" and e["version"] == version + 1) == 1
    assert page.locator("#action-error").inner_text() == ""
