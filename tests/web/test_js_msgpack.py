"""The JavaScript SDK's MessagePack encoding (clients/web/test/sdk_msgpack.test.mjs): it offers
``boardroom.v1.msgpack``, speaks binary frames both ways (an undefined field left out, floats kept),
resends a pending action as the same binary act after a reconnect, measures ``max_frame`` in the binary
frame's bytes, and refuses an unknown encoding. Whole games in MessagePack against a real server are
played by the example client's tests (tests/e2e/test_node_player.py)."""

from __future__ import annotations

from .test_js_sdk import node_tests


def test_the_sdk_speaks_messagepack_when_asked(node: str) -> None:
    node_tests(node, "sdk_msgpack.test.mjs", 4, 60)
