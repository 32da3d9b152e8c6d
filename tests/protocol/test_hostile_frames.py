"""Frames a hostile client sent: nesting deep enough to exhaust the decoder's stack while under the size
limit, and MessagePack actions JSON cannot hold. Each is the peer's fault: an error code, never a crash."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from games.catalog import shipped
from games.engine.errors import IllegalAction
from protocol.codec import JSON, MSGPACK, Codec, FrameError
from protocol.messages import Act

DEPTH = 30_000
#: The nesting the reference promises to read (protocol/README.md, "Limits").
READ_DEPTH = 500


def deep_json() -> str:
    return '{"type":"act","id":"d","seat":0,"action":' + "[" * DEPTH + "]" * DEPTH + "}"


def deep_msgpack() -> bytes:
    head = {"type": "act", "id": "d", "seat": 0}
    fields = b"".join(msgspec.msgpack.encode(k) + msgspec.msgpack.encode(v) for k, v in head.items())
    # fixarray of one element, DEPTH times, around an empty array
    return b"\x84" + fields + msgspec.msgpack.encode("action") + b"\x91" * DEPTH + b"\x90"


def test_a_deeply_nested_json_frame_is_malformed() -> None:
    with pytest.raises(FrameError) as caught:
        JSON.decode_client(deep_json())
    assert (caught.value.code, caught.value.message) == ("frame/malformed", "json nested too deeply")


def test_a_deeply_nested_msgpack_frame_is_malformed() -> None:
    with pytest.raises(FrameError) as caught:
        MSGPACK.decode_client(deep_msgpack())
    assert (caught.value.code, caught.value.message) == ("frame/malformed", "msgpack nested too deeply")


@pytest.mark.parametrize("codec", [JSON, MSGPACK])
def test_a_frame_nested_as_deep_as_the_reference_promises_is_read(codec: Codec) -> None:
    """protocol/README.md, "Limits": frames nested up to `READ_DEPTH` levels are read."""
    nested: Any = []
    for _ in range(READ_DEPTH - 2):  # the message object and its action hold the rest
        nested = [nested]
    frame = codec.encode_frame({"type": "act", "id": "d", "seat": 0, "action": nested})
    act = codec.decode_client(frame)
    assert isinstance(act, Act) and msgspec.json.decode(act.action) == nested


def test_a_deeply_nested_action_is_refused_by_the_game_decoder() -> None:
    game = shipped()["gregs"]
    with pytest.raises(IllegalAction) as caught:
        game.decode_action('{"kind":"choose","character":"chr-greg","x":' + "[" * DEPTH + "]" * DEPTH + "}")
    assert caught.value.code == "action/malformed"


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"kind": "choose", 1: "chr-greg"}, "action payload: map keys must be strings"),
        ({"kind": "choose", "character": b"chr-greg"}, "action payload: bytes values have no JSON form"),
        (
            {"kind": "choose", "character": [msgspec.msgpack.Ext(1, b"x")]},
            "action payload: Ext values have no JSON form",
        ),
    ],
)
def test_a_msgpack_action_json_cannot_hold_is_invalid_at_action(action: object, message: str) -> None:
    frame = msgspec.msgpack.encode({"type": "act", "id": "a", "seat": 0, "action": action})
    with pytest.raises(FrameError) as caught:
        MSGPACK.decode_client(frame)
    assert (caught.value.code, caught.value.message, caught.value.details) == (
        "frame/invalid",
        message,
        {"path": "$.action"},
    )


def test_a_msgpack_action_arrives_as_the_same_json() -> None:
    frame = msgspec.msgpack.encode(
        {"type": "act", "id": "a", "seat": 0, "action": {"kind": "reveal", "slot": 2}}
    )
    act = MSGPACK.decode_client(frame)
    assert msgspec.json.decode(act.action) == {"kind": "reveal", "slot": 2}  # type: ignore[union-attr]
