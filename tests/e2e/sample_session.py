"""The protocol README's sample session: recorded from a real server, replayed by a test.

``python -m tests.e2e.sample_session`` plays a short fixed session against a server whose rooms all get
the same secret seed, and writes the frames both ways into protocol/README.md between the
``<!-- sample-session -->`` markers, one JSON object per line: ``{"from": "client" | "server", "frame":
...}``. Room ids, tokens, epochs and deadlines are shown as placeholders (``<room>``, ``<token-0>``,
``<epoch>``, ``<deadline>``); everything else is exactly what went over the wire.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import websockets

from clients.sdk import Lobby
from protocol import PROTOCOL_MAJOR
from server.settings import Settings
from server.store.bus import LocalBus
from server.store.memory import MemoryStore
from server.store.model import RoomMeta
from tests.e2e.conftest import Server, running_server

README = Path(__file__).resolve().parents[2] / "protocol" / "README.md"
START, END = "<!-- sample-session -->", "<!-- /sample-session -->"
SEED = b"sample-session-seed"
SEATS = 3
#: Seconds without a frame after which the server is taken to have said all it had to say.
QUIET = 0.3

Line = dict[str, Any]


class FixedSeedStore(MemoryStore):
    """The in-memory store, except that every room gets `SEED` (so a session replays exactly)."""

    async def create_room(self, meta: RoomMeta, seed: bytes) -> bool:
        return await super().create_room(meta, SEED)


@contextlib.contextmanager
def fixed_seed_server() -> Iterator[Server]:
    """A test server whose rooms all share `SEED`."""
    bus = LocalBus()
    with running_server(Settings(), store=FixedSeedStore(bus), bus=bus) as server:
        yield server


async def open_room(server: Server) -> dict[str, str]:
    """A started room with every seat claimed: the placeholders' values (``<room>``, ``<token-i>``)."""
    async with Lobby(server.http) as lobby:
        room = (await lobby.create_room("gregs", SEATS)).room
        subs = {"<room>": room}
        for seat in range(SEATS):
            subs[f"<token-{seat}>"] = (await lobby.claim(room, seat, f"p{seat}")).token
    return subs


def hide(frame: Any, subs: dict[str, str]) -> Any:
    """``frame`` (JSON data) with secrets and per-run values replaced by their placeholders."""
    if isinstance(frame, dict):
        out = {k: "<deadline>" if k == "deadline" else hide(v, subs) for k, v in frame.items()}
        if out.get("type") == "welcome":
            out["epoch"] = "<epoch>"
        return out
    if isinstance(frame, list):
        return [hide(v, subs) for v in frame]
    for placeholder, value in subs.items():
        if frame == value:
            return placeholder
    return frame


def fill(frame: Any, subs: dict[str, str]) -> Any:
    """A recorded client frame with the placeholders replaced by this run's values."""
    if isinstance(frame, dict):
        return {k: fill(v, subs) for k, v in frame.items()}
    if isinstance(frame, list):
        return [fill(v, subs) for v in frame]
    return subs.get(frame, frame) if isinstance(frame, str) else frame


async def answers(ws: websockets.ClientConnection, count: int | None) -> list[Any]:
    """The next ``count`` server frames (``None``: all until `QUIET` seconds pass without one)."""
    got: list[Any] = []
    while count is None or len(got) < count:
        try:
            frame = await asyncio.wait_for(ws.recv(), QUIET if count is None else 10.0)
        except TimeoutError:
            break
        got.append(json.loads(frame))
    return got


def _first_choice(snapshots: list[Any]) -> tuple[int, dict[str, Any]]:
    """The prompted seat and its first legal action, from the latest frames per seat."""
    for msg in reversed(snapshots):
        prompt = msg.get("prompt")
        if msg.get("type") in ("snapshot", "update") and prompt:
            kind = prompt["kinds"][0]
            return msg["seat"], {"kind": kind, **prompt["choices"][kind][0]}
    raise AssertionError("nobody is prompted")


async def record(server: Server) -> list[Line]:
    """Play the sample session and return its lines, placeholders in."""
    subs = await open_room(server)
    lines: list[Line] = []
    async with websockets.connect(server.ws) as ws:

        async def say(frame: dict[str, Any]) -> list[Any]:
            lines.append({"from": "client", "frame": hide(frame, subs)})
            await ws.send(json.dumps(frame))
            got = await answers(ws, None)
            lines.extend({"from": "server", "frame": hide(f, subs)} for f in got)
            return got

        tokens = [subs[f"<token-{seat}>"] for seat in range(SEATS)]
        seen = await say({"type": "hello", "v": PROTOCOL_MAJOR, "room": subs["<room>"], "tokens": tokens})
        await say({"type": "ping", "n": 1})
        seat, action = _first_choice(seen)
        seen = await say({"type": "act", "id": "a1", "seat": seat, "action": action})
        await say({"type": "act", "id": "a2", "seat": seat, "action": action})  # not its turn any more
        await say({"type": "act", "id": "a1", "seat": seat, "action": action})  # a resend: same id
        seat, action = _first_choice(seen)
        await say({"type": "act", "id": "a3", "seat": seat, "action": action})
        await say({"type": "sync", "since": 1})
    return lines


def read_readme() -> list[Line]:
    """The session recorded in the README."""
    section = README.read_text().split(START, 1)[1].split(END, 1)[0]
    block = section.split("```jsonl\n", 1)[1].split("```", 1)[0]
    return [json.loads(line) for line in block.splitlines() if line.strip()]


def write_readme(lines: list[Line]) -> None:
    """Put ``lines`` into the README's sample-session section: from the start marker to the end marker
    (or to the end of the file), appended with both markers when the start marker is missing."""
    body = "\n".join(json.dumps(line, separators=(",", ":")) for line in lines)
    section = f"""{START}
A real session, recorded by `python -m tests.e2e.sample_session` and replayed against a fresh server by
`tests/e2e/test_sample_session.py`: one hot-seat connection holding all three seats of a Gregs room.
It says hello (a welcome and one snapshot per seat come back), pings, acts (an ack and one update per
seat), acts again for a seat that is no longer prompted (an error naming the action id; nothing
changed), resends its first action under the same id (acknowledged as a duplicate, not applied again),
acts for the next seat and asks to sync from version 1. Each line is one frame: `from` says who sent
it. `<room>`, `<token-N>`, `<epoch>` and `<deadline>` stand for values that differ on every run.

```jsonl
{body}
```
{END}"""
    text = README.read_text()
    if START in text:
        head, rest = text.split(START, 1)
        text = head + section + (rest.split(END, 1)[1] if END in rest else "\n")
    else:
        text = text.rstrip("\n") + "\n\n## Sample session\n\n" + section + "\n"
    README.write_text(text)


def main() -> None:
    with fixed_seed_server() as server:
        write_readme(asyncio.run(record(server)))


if __name__ == "__main__":
    main()
