"""The protocol README's sample session replays: its client frames, sent to a fresh server whose rooms
get the recorded seed, earn the recorded server frames (room, tokens, epoch and deadlines aside)."""

from __future__ import annotations

import json
from itertools import groupby
from typing import Any

import websockets

from tests.e2e.sample_session import answers, fill, fixed_seed_server, hide, open_room, read_readme


def segments(lines: list[dict[str, Any]]) -> list[tuple[Any, list[Any]]]:
    """Each client frame with the server frames that answered it."""
    out: list[tuple[Any, list[Any]]] = []
    for is_client, group in groupby(lines, key=lambda line: line["from"] == "client"):
        frames = [line["frame"] for line in group]
        if is_client:
            out.extend((frame, []) for frame in frames)
        else:
            out[-1][1].extend(frames)
    return out


def canonical(frames: list[Any]) -> list[str]:
    """Frames as sorted JSON: the order of frames answering one client frame is not part of the
    contract (an ack and the updates of its step travel on different paths in the server)."""
    return sorted(json.dumps(frame, sort_keys=True) for frame in frames)


async def test_readme_sample_session_replays_against_a_fresh_server() -> None:
    recorded = segments(read_readme())
    assert [frame["type"] for frame, _ in recorded] == ["hello", "ping", "act", "act", "act", "act", "sync"]
    with fixed_seed_server() as server:
        subs = await open_room(server)
        async with websockets.connect(server.ws) as ws:
            for sent, expected in recorded:
                await ws.send(json.dumps(fill(sent, subs)))
                got = await answers(ws, len(expected))
                assert canonical([hide(frame, subs) for frame in got]) == canonical(expected), sent
            assert await answers(ws, None) == []
