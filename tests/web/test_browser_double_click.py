"""A double click in the table page: the control's action goes out once, or twice under the id of the
prompt it was drawn for (so the server refuses the second ``action/stale_prompt``); it is applied once."""

from __future__ import annotations

import json
import time
from typing import Any

from tests.web.conftest import Pages
from tests.web.helpers import add_bot, create_room, public_log, room_summary, take_seat

CHOOSE = '#controls button[data-kind="choose"]:not([disabled])'


def test_a_double_click_on_a_choice_applies_it_once(pages: Pages, base_url: str) -> None:
    page = pages.open("/")
    acts: list[dict[str, Any]] = []

    def watch(ws: Any) -> None:
        ws.on(
            "framesent", lambda payload: acts.extend(m for m in [json.loads(payload)] if m["type"] == "act")
        )

    page.on("websocket", watch)
    page.wait_for_selector("#opt-gregs-turn_limit")
    room = create_room(page, "gregs", 3)
    take_seat(page, 0)
    add_bot(page, 1)
    add_bot(page, 2)  # the room starts: seat 0 chooses first
    page.locator(CHOOSE).first.dblclick()
    deadline = time.monotonic() + 20
    while room_summary(base_url, room)["version"] < 3:  # the bots chose after seat 0
        assert time.monotonic() < deadline, "the characters were not all chosen"
        time.sleep(0.05)
    chosen = [e["body"] for e in public_log(base_url, room) if e["body"]["kind"] == "chosen"]
    assert [body["seat"] for body in chosen] == [0, 1, 2]
    assert acts[0]["prompt"] == "choose-0" and acts[0]["action"]["kind"] == "choose"
    assert len(acts) in (1, 2) and all(a["prompt"] == "choose-0" for a in acts)
