"""Every JSON example of protocol/README.md is a message the codecs accept, as written."""

from __future__ import annotations

import json
import re
from typing import Any

import jsonpatch
import msgspec

from protocol.codec import JSON, FrameError
from protocol.messages import Snapshot, Update
from protocol.reference import README


def examples() -> list[Any]:
    """Each JSON value of the README's ```json blocks (a block may hold several, one after another)."""
    decoder = json.JSONDecoder()
    found = []
    for block in re.findall(r"```json\n(.*?)```", README.read_text(), re.S):
        at = 0
        while block[at:].strip():
            at += len(block[at:]) - len(block[at:].lstrip())
            value, at = decoder.raw_decode(block, at)
            found.append(value)
    return found


def decode(value: Any) -> Any:
    frame = json.dumps(value)
    try:
        return JSON.decode_client(frame)
    except FrameError:
        return JSON.decode_server(frame)


def test_every_example_decodes_to_its_message() -> None:
    decoded = [decode(v) for v in examples()]
    assert sorted({type(m).__name__ for m in decoded}) == [
        "Ack",
        "Act",
        "Bye",
        "Error",
        "Hello",
        "Ping",
        "Pong",
        "Snapshot",
        "Sync",
        "Update",
        "Welcome",
    ]
    for message, example in zip(decoded, examples(), strict=True):
        # Unknown fields were refused by the decoder; defaults the example spells out may be left out.
        encoded = msgspec.json.decode(JSON.encode_frame(message))
        assert {key: example[key] for key in encoded} == encoded


def test_the_update_example_applies_to_the_snapshot_example() -> None:
    decoded = [decode(v) for v in examples()]
    snap = next(m for m in decoded if isinstance(m, Snapshot))
    update = next(m for m in decoded if isinstance(m, Update))
    assert update.frm == snap.version
    assert jsonpatch.apply_patch(snap.view, update.patch) == {"turn": 3, "hand": ["mom"], "scores": [0, 5]}
