"""iGranie z Gruzem over real websockets (IGR-28, 30, Hidden information): a hot-seat connection holds
seats 0 and 1, another seat 2, and a spectator watches. In the first movement window both seats of the
hot-seat connection react: seat 0 passes, seat 1 plays a card on seat 0's roll. Every seat is then
played by the heuristic to the outcome (this seed: 653 versions). The test drives every seat itself
(no server bot) and no timer runs out, so a `Match` of the same seed fed the same actions holds the
server's state at every version: each frame received by each connection is scanned for the card ids
`GAME.hidden(state, viewer)` names both before and after its step, and every answer that leaves its
round of asking open (IGR-30) reaches the other viewers as the same public frame, whether it was a
pass by a seat holding cards, a pass by one holding none, or a card sent."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator

import httpx
import msgspec
import pytest
from websockets.sync.client import ClientConnection, connect

from games.catalog import shipped
from games.engine import Rng
from games.engine.match import Match
from server.settings import Limits, Settings
from tests.e2e.conftest import Server, running_server

GAME = shipped()["igranie"]
SEED = "00"
OPTIONS = {"first_player": "seat0"}
STEPS = 6000  # the game's step cap


@pytest.fixture(scope="module")
def seeded() -> Iterator[Server]:
    timers = {name: 600.0 for name in ("turn", "reaction", "setup", "offer", "defend", "rent", "discard")}
    limits = Limits(
        actions_per_second=1000.0, action_burst=1000.0, frames_per_second=4000.0, frame_burst=8000.0
    )
    with running_server(Settings(limits=limits, allow_seed=True, timers=timers)) as running:
        yield running


class Link:
    """One websocket with its seats; every frame it received, with the version it shows."""

    def __init__(self, ws: ClientConnection, room: str, tokens: list[str], seats: list[int | None]) -> None:
        self.ws = ws
        self.seats = seats
        self.frames: list[tuple[int, int, int | None, str]] = []  # (from, to, viewer, raw text)
        self.version = {s: -1 for s in seats}
        self.ws.send(json.dumps({"type": "hello", "v": 1, "room": room, "tokens": tokens}))

    def until(self, version: int) -> None:
        """Read frames until every viewer of this link reached ``version``."""
        while min(self.version.values()) < version:
            raw = self.ws.recv(timeout=10)
            assert isinstance(raw, str)
            message = json.loads(raw)
            kind = message["type"]
            if kind in ("snapshot", "update"):
                at = message["version"] if kind == "snapshot" else message["to"]
                self.version[message["seat"]] = at
                self.frames.append((message.get("frm", at), at, message["seat"], raw))
            else:  # welcome, ack, error...: shown to the link's every seat, at its latest version
                assert kind != "error", message
                at = max(self.version.values())
                self.frames.append((at, at, None if None in self.seats else -1, raw))


def leaked(link: Link, hidden_at: dict[int, list[set[str]]]) -> list[str]:
    """The card ids in a frame of ``link`` hidden from its viewer both before and after the step it
    carries (a card taken from the viewer's hand was its own before: it may be named; a frame for the
    whole link, viewer ``-1``, against what is hidden from all of its seats)."""
    found = []
    for frm, to, viewer, raw in link.frames:
        if to < 0:
            continue
        seats = [s for s in link.seats if s is not None] if viewer == -1 else [viewer]
        hidden = set.intersection(
            *(hidden_at[v][3 if s is None else s] for v in (max(frm, 0), to) for s in seats)
        )
        found += [f"v{to} seat {viewer}: {c}" for c in hidden if f'"{c}"' in raw]
    return found


def test_a_hot_seat_connection_reacts_twice_in_one_window_and_no_frame_leaks_a_hand(
    seeded: Server,
) -> None:
    body = {"game": "igranie", "seats": 3, "seed": SEED, "options": OPTIONS}
    with httpx.Client(base_url=seeded.http) as http:
        room = http.post("/api/rooms", json=body).json()["room"]
        claim = [http.post(f"/api/rooms/{room}/seats/{s}/claim", json={}) for s in range(3)]
    tokens = [answer.json()["token"] for answer in claim]
    match = Match(GAME, 3, GAME.options(OPTIONS), bytes.fromhex(SEED))
    hidden_at = {0: [GAME.hidden(match.state, s) for s in (0, 1, 2, None)]}
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(connect(seeded.ws)) for _ in range(3)]
        links = [
            Link(sockets[0], room, tokens[:2], [0, 1]),
            Link(sockets[1], room, tokens[2:], [2]),
            Link(sockets[2], room, [], [None]),
        ]
        passes = play(match, links, hidden_at)
    for link in links:
        assert leaked(link, hidden_at) == []
    # the scan can fail: seat 0's first frame names its dealt hand, hidden from seat 2 and the spectator
    dealt = hidden_at[0][2] - hidden_at[0][0]
    first = next(raw for _, _, viewer, raw in links[0].frames if viewer == 0)
    assert dealt and all(f'"{c}"' in first for c in dealt)
    assert_passes_look_alike(links, passes)
    assert sum('"type":"update"' in raw and '"outcome":{' in raw for *_, raw in links[2].frames) == 1


def assert_passes_look_alike(links: list[Link], passes: list[tuple[int, int, str]]) -> None:
    """An answer that leaves its round of asking open reaches every other viewer as the same public
    frame, whatever it was (a pass with cards in hand, a pass with none, a card sent): no event, and
    only the window's list of who answered, so nobody learns from it what the seat holds or did."""
    seen = {"pass with cards": 0, "pass without cards": 0, "card": 0}
    checked = 0
    for version, seat, what in passes:
        seen[what] += 1
        for link in links:
            for frm, to, viewer, raw in link.frames:
                if to != version or viewer in (seat, -1) or frm == to:
                    continue
                frame = json.loads(raw)
                assert frame.get("events", []) == [], frame
                assert [op["path"].split("/")[3] for op in frame["patch"]] == ["answered"], frame
                checked += 1
    assert all(seen.values()), seen
    assert checked >= 3 * len(passes)  # the two other seats and the spectator, at least


def play(
    match: Match, links: list[Link], hidden_at: dict[int, list[set[str]]]
) -> list[tuple[int, int, bool]]:
    """``STEPS`` actions, the first movement window's scripted (seat 0 passes, seat 1 plays a card), the
    rest the heuristic's; every link reads up to each action's version. Returns the answers that left
    their round of asking open: (version, seat, what: a pass with or without cards, or a card)."""
    passes: list[tuple[int, int, str]] = []
    policy, rng = GAME.bots()["heuristic"], Rng(b"igranie-e2e", "bots")
    first_window: list[tuple[int, str]] = []
    opened: int | None = None  # the first movement window's id
    version = 0
    for link in links:
        link.until(version)
    for step in range(STEPS):
        if match.state.phase == "over":
            break
        seat, prompt = min(GAME.prompts(match.state).items())  # one offered seat at a time
        stack = match.state.windows.stack
        if opened is None and stack and stack[-1].purpose == "move":
            opened = stack[-1].id
        if stack and stack[-1].id == opened and stack[-1].purpose == "move" and len(first_window) < 2:
            kind = "pass" if seat == 0 else "modify"
            action = {"kind": kind, **(prompt.choices.get(kind) or [{}])[0]}
            first_window.append((seat, kind))
        else:
            action = policy(GAME.view(match.state, seat), prompt, rng)
            action = msgspec.to_builtins(action) if not isinstance(action, dict) else action
        link = links[0] if seat in (0, 1) else links[1]
        ident = f"a{step}"
        link.ws.send(json.dumps({"type": "act", "id": ident, "seat": seat, "action": action}))
        asking = (stack[-1].id, stack[-1].round) if stack and stack[-1].mode == "rounds" else None
        cards = bool(match.state.players[seat].hand)
        match.act(seat, action)
        version += 1
        after = match.state.windows.stack
        if asking is not None and after and (after[-1].id, after[-1].round) == asking:
            what = "card" if action["kind"] != "pass" else f"pass {'with' if cards else 'without'} cards"
            passes.append((version, seat, what))
        hidden_at[version] = [GAME.hidden(match.state, s) for s in (0, 1, 2, None)]
        for each in links:
            each.until(version)
    assert first_window == [(0, "pass"), (1, "modify")]
    assert match.state.phase == "over", version
    return passes
