"""iGranie z Gruzem in the browser (IGR-28, 30): a hot-seat tab holds seats 0 and 1, seat 2 is played
over the protocol. Seat 0 rolls and passes in its movement window; the window asks seat 1, so the
curtain comes and the page holds none of seat 0's hand; seat 1 reveals and plays a card on seat 0's
roll by clicking. Seat 1 keeps "pass automatically" on (the default): in the next window, where it holds
no cancel, the server passes for it without a click. Seats 0 and 2 turn it off: they pass by hand."""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from games.catalog import shipped
from games.engine.match import Match
from tests.web.conftest import Pages, screenshot, serve
from tests.web.helpers import CURTAIN, public_log, take_seat

GAME = shipped()["igranie"]
#: With seat 0 first and everyone taking the first choice, seat 1 holds a card to play on seat 0's roll,
#: and in the Event window that follows holds no cancel (asserted below from a Match of the same seed).
SEED = "00"
OPTIONS = {"first_player": "seat0"}
CARD_ID = re.compile(r"\b(?:res|spc)-[a-z]+(?:-\d+)?\b")


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    """`boardroom serve` accepting room seeds, with long timers and short auto-pass delays."""
    with serve(
        "--allow-seed",
        "--timer",
        "turn=300",
        "--timer",
        "reaction=300",
        "--timer",
        "setup=300",
        "--autopass-min",
        "0.2",
        "--autopass-max",
        "0.4",
    ) as url:
        yield url


class Passer(threading.Thread):
    """Seat 2 over the protocol: passes when it may, else takes its prompt's first choice."""

    def __init__(self, base_url: str, room: str, token: str) -> None:
        super().__init__(daemon=True)
        self.url, self.room, self.token = base_url.replace("http", "ws") + "/ws", room, token
        self.stop = threading.Event()

    def run(self) -> None:
        with connect(self.url) as ws:
            ws.send(json.dumps({"type": "hello", "v": 1, "room": self.room, "tokens": [self.token]}))
            sent = 0
            while not self.stop.is_set():
                try:
                    message = json.loads(ws.recv(timeout=0.2))
                except TimeoutError:
                    continue
                prompt = message.get("prompt")
                if message["type"] not in ("snapshot", "update") or not prompt:
                    continue
                kind = "pass" if "pass" in prompt["kinds"] else prompt["kinds"][0]
                fields = (prompt["choices"].get(kind) or [{}])[0]
                sent += 1
                action = {"kind": kind, **fields}
                act = {"type": "act", "id": f"p{sent}", "seat": 2, "action": action, "prompt": prompt["id"]}
                ws.send(json.dumps(act))


ASK = "#curtain:not([hidden]) button.nobody"


def expected_path() -> tuple[list[str], list[str], list[set[str]]]:
    """Seat 1's kinds in the movement window and in the Event window after it, by the same script, and
    the hands of seats 0 and 1 as dealt."""
    match = Match(GAME, 3, GAME.options(OPTIONS), bytes.fromhex(SEED))
    hands = [set(match.state.players[s].hand) for s in (0, 1)]
    kinds: dict[str, list[str]] = {}
    played = False
    while "event" not in kinds:
        seat, prompt = min(GAME.prompts(match.state).items())  # a round asks several seats at once
        purpose = match.state.windows.stack[-1].purpose if match.state.windows.stack else ""
        if seat == 1 and purpose:
            kinds.setdefault(purpose, list(prompt.kinds))
        kind = "modify" if seat == 1 and purpose == "move" and not played else None
        played = played or kind == "modify"
        kind = kind or ("pass" if "pass" in prompt.kinds else prompt.kinds[0])
        match.act(seat, {"kind": kind, **(prompt.choices.get(kind) or [{}])[0]})
    return kinds["move"], kinds["event"], hands


def reveal(page: Any, seat: int) -> None:
    page.wait_for_selector(CURTAIN)
    assert page.locator(CURTAIN).inner_text() == f"Seat {seat}: your turn — show"
    page.locator(CURTAIN).click()


def click(page: Any, kind: str) -> None:
    page.locator(f"#controls button[data-kind={kind}]").first.click()


def test_a_card_played_into_the_other_seats_window_and_an_auto_pass(pages: Pages, base_url: str) -> None:
    move_kinds, event_kinds, hands = expected_path()
    assert "modify" in move_kinds and event_kinds == ["pass"]
    body = {"game": "igranie", "seats": 3, "seed": SEED, "options": OPTIONS}
    room = httpx.post(f"{base_url}/api/rooms", json=body).json()["room"]
    token = httpx.post(f"{base_url}/api/rooms/{room}/seats/2/claim", json={"name": "Bea"}).json()["token"]
    off = httpx.put(
        f"{base_url}/api/rooms/{room}/seats/2/settings",
        json={"auto_pass": False},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert off.json() == {"auto_pass": False}
    passer = Passer(base_url, room, token)
    passer.start()
    page = pages.open(f"/rooms/{room}")
    take_seat(page, 0)
    take_seat(page, 1)  # the last seat: the room starts
    page.wait_for_selector("#auto-pass-1")
    assert (
        page.locator("label[for=auto-pass-0]")
        .inner_text()
        .endswith("Pass automatically when I have nothing to play")
    )
    assert page.locator("#auto-pass-1").is_checked()  # on by default
    page.uncheck("#auto-pass-0")
    page.wait_for_selector("#auto-pass-0:not(:checked):not([disabled])")
    try:
        for seat in (0, 1):  # the characters, in turn from the first player
            reveal(page, seat)
            if seat == 0:  # before any character is chosen, each figure on Start shows its seat
                shown = "(fs) => fs.map((f) => [f.dataset.seat, f.innerText])"
                assert page.locator(".ig-figure").evaluate_all(shown) == [["0", "0"], ["1", "1"], ["2", "2"]]
            click(page, "choose")
        reveal(page, 0)
        hand0 = set(page.locator(".ig-hand .ig-card").evaluate_all("(cs) => cs.map((c) => c.dataset.card)"))
        assert hand0 == hands[0]
        click(page, "roll")

        # IGR-30: the movement window asks every seat at once; the tab's two seats share one screen
        page.wait_for_selector(ASK)
        seats = page.locator("#curtain .ask-seats button.reveal").all_inner_texts()
        assert seats == ["Seat 0 plays a card", "Seat 1 plays a card"]
        assert set(CARD_ID.findall(page.content())) & hand0 == set()  # nothing of seat 0's hand
        page.locator("#curtain .ask-seats button.reveal[data-seat='1']").click()
        hand1 = set(page.locator(".ig-hand .ig-card").evaluate_all("(cs) => cs.map((c) => c.dataset.card)"))
        assert hand1 == hands[1]
        button = page.locator("#controls button.choice[data-kind=modify]").first
        chosen = button.inner_text()
        button.click()
        # seat 0 is still asked in this round: the shared screen again, and nobody else plays
        page.wait_for_selector(ASK)
        assert page.locator("#curtain .ask-seats button.reveal").all_inner_texts() == ["Seat 0 plays a card"]
        page.locator(ASK).click()
        # seat 2 passes over the protocol; the round is complete and seat 1's card is taken and told
        card = chosen.removeprefix("Play ").split(" on the ")[0]
        deadline = time.monotonic() + 10
        while not [e for e in public_log(base_url, room) if e["body"]["kind"] == "played"]:
            assert time.monotonic() < deadline, "seat 1's card was not taken"
            time.sleep(0.1)
        played = [e["body"] for e in public_log(base_url, room) if e["body"]["kind"] == "played"]
        assert [b["seat"] for b in played] == [1] and played[0]["what"] == "modify"
        assert played[0]["card"] in hands[1]
        assert GAME.catalog is not None and card == GAME.catalog.doc("en").entries[played[0]["card"]].name
        screenshot(page, "igranie")
    finally:
        passer.stop.set()
        passer.join(5)
