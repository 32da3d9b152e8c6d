"""The server does not record refusals (protocol/README.md "Action ids"): the SDK must never resend an
action after its error, not even one queued for the resend that follows a welcome."""

from __future__ import annotations

import pytest

from clients.sdk import Connection
from clients.sdk.outbox import ActionRefused, Pending
from protocol.messages import Error, Welcome

WELCOME = Welcome(room="r", game="gregs", seats=[0], version=3, epoch="e1", v=1, max_frame=65536)


async def test_an_action_refused_after_the_welcome_is_not_resent() -> None:
    conn = Connection("ws://127.0.0.1:1/ws", "r", ["t"])
    refused, refused_future = conn.outbox.add(0, {"kind": "stop"})
    kept, _ = conn.outbox.add(0, {"kind": "reveal", "slot": 1})
    conn._handle(WELCOME)  # queues both for the resend
    conn._handle(Error(code="gregs/must_reveal", message="no", id=refused.id, seat=0))
    sent: list[str] = []

    async def send_act(item: Pending) -> None:
        sent.append(item.id)

    conn._send_act = send_act  # type: ignore[method-assign]
    await conn._flush()
    assert (sent, [p.id for p in conn.outbox.pending()]) == ([kept.id], [kept.id])
    with pytest.raises(ActionRefused) as caught:
        await refused_future
    assert caught.value.code == "gregs/must_reveal"
