"""A Grucha match over real websockets: two server bots and one scripted client (the Python SDK) that
rearranges the table. Its first try, the hand card pushed into a run as it stands, is refused and leaves
the table as it was; splitting the run around the card is accepted. The match ends with the standings
of every view equal to the outcome's ranks."""

from __future__ import annotations

import asyncio
import copy
import json
import re
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import msgspec
import pytest
from websockets.asyncio.client import connect

from clients.sdk import Connection, Lobby
from clients.sdk.bot import engine_prompt
from clients.sdk.outbox import ActionRefused
from games.catalog import shipped
from games.engine import Rng
from games.engine.match import setup_ctx
from protocol.reference import README
from server.settings import Limits, Settings
from tests.e2e.conftest import Server, running_server

GAME = shipped()["grucha"]
OPTIONS = {"rounds": 2, "point_limit": None}
#: A deal of three seats in which seat 1 (the greedy bot) plays first holding 3♠ 4♠ 5♠ 6♠ 7♠ and
#: seat 2 (the scripted client) the other 5♠ (asserted from the deal in the test).
SEED = "02e2"
SCRIPTED = 2


@pytest.fixture(scope="module")
def seeded() -> Iterator[Server]:
    """A server accepting fixed seeds, with rate limits a fast scripted client does not reach."""
    limits = Limits(
        actions_per_second=1000.0, action_burst=1000.0, frames_per_second=4000.0, frame_burst=8000.0
    )
    with running_server(Settings(limits=limits, allow_seed=True, timers={"turn": 600.0})) as running:
        yield running


def twin(card: str) -> str:
    """The same card of the other deck: ``5S-a`` -> ``5S-b``."""
    return card[:-1] + ("b" if card.endswith("a") else "a")


def split_of(view: dict[str, Any]) -> tuple[int, int, str] | None:
    """A run of the table (no jokers) that the viewer can split to insert a hand card: (group index,
    the index of the run's card the hand card doubles, that hand card), both parts at least 3 long."""
    for index, group in enumerate(view["table"]):
        cards = group["cards"]
        if group["kind"] != "run" or group["jokers"]:
            continue
        for at in range(2, len(cards) - 2):
            if twin(cards[at]) in view["hand"]:
                return index, at, twin(cards[at])
    return None


class Scripted:
    """Plays its seat with the greedy policy, except that on its first chance it splits a table run to
    insert a hand card: first the card into the run as it stands (refused), then the split."""

    def __init__(self, conn: Connection, lobby: Lobby) -> None:
        self.conn = conn
        self.lobby = lobby
        self.refused: ActionRefused | None = None
        self.table_after_refusal: Any = None
        self.version_after_refusal: int | None = None
        self.split: dict[str, Any] | None = None

    async def run(self) -> Any:
        mirror = self.conn.mirrors[SCRIPTED]
        while True:
            # each action waits for its own step, so a prompt seen here is a new one
            await self.conn.wait_until(
                lambda: mirror.ready and (mirror.outcome is not None or mirror.prompt is not None),
                timeout=30.0,
            )
            if mirror.outcome is not None:
                return mirror.outcome
            assert mirror.prompt is not None
            action = await self.rearranged(mirror.view) if self.split is None else None
            if action is None:
                view = msgspec.convert(mirror.view, GAME.View)
                rng = Rng(b"scripted", f"v{mirror.version}")
                action = GAME.bots()["greedy"](view, engine_prompt(mirror.prompt), rng)
            ack = await self.conn.act(SCRIPTED, action)
            await self.conn.wait_version(ack.version)

    async def rearranged(self, view: dict[str, Any]) -> dict[str, Any] | None:
        """The split as an action, after its refused first try; None without a chance now."""
        found = split_of(view)
        if found is None:
            return None
        index, at, card = found
        before = copy.deepcopy(view["table"])  # the mirror is patched in place
        groups = [{"cards": g["cards"], "jokers": g["jokers"]} for g in view["table"]]
        pushed = [*groups[:index], {"cards": [*groups[index]["cards"], card]}, *groups[index + 1 :]]
        try:
            await self.conn.act(SCRIPTED, {"kind": "submit", "groups": pushed})
        except ActionRefused as exc:
            self.refused = exc
        self.version_after_refusal = (await self.lobby.room(self.conn.room)).version
        self.table_after_refusal = await spectator_table(self.conn.url, self.conn.room)
        run = groups[index]["cards"]
        parts = [{"cards": run[: at + 1]}, {"cards": [card, *run[at + 1 :]]}]
        self.split = {"table": before, "index": index, "parts": [p["cards"] for p in parts]}
        return {"kind": "submit", "groups": [*groups[:index], *parts, *groups[index + 1 :]]}


async def spectator_table(url: str, room: str) -> Any:
    async with Connection(url, room, reconnect=False) as watcher:
        await watcher.wait_until(lambda: watcher.mirrors[None].ready)
        return watcher.mirrors[None].view["table"]


def in_own_loop(scenario: Coroutine[Any, Any, None]) -> None:
    """Run ``scenario`` on an event loop of its own thread: run in one session with the browser tests,
    whose Playwright keeps a loop running in this thread, pytest-asyncio could start none here."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, scenario).result()


def test_a_match_with_bots_and_a_client_that_splits_a_run(seeded: Server) -> None:
    in_own_loop(split_match(seeded))


async def split_match(seeded: Server) -> None:
    dealt = GAME.setup(3, GAME.options(OPTIONS), setup_ctx(bytes.fromhex(SEED)))
    assert dealt.active == 1
    assert {"3S-a", "4S-b", "5S-b", "6S-b", "7S-a"} <= set(dealt.hands[1]) and "5S-a" in dealt.hands[SCRIPTED]
    async with Lobby(seeded.http) as lobby:
        created = await lobby.create_room("grucha", 3, OPTIONS, seed=SEED)
        await lobby.add_bot(created.room, 0, created.host_token, "random")
        await lobby.add_bot(created.room, 1, created.host_token, "greedy")
        token = (await lobby.claim(created.room, SCRIPTED, "script")).token
        async with Connection(seeded.ws, created.room, [token]) as conn:
            scripted = Scripted(conn, lobby)
            outcome = await scripted.run()
            final = (await lobby.room(created.room)).version
            await conn.wait_version(final)
            view = conn.mirrors[SCRIPTED].view
        log = await lobby.log(created.room)

    # the refused try: the card pushed into the run as it stands; nothing changed
    assert scripted.split is not None, "no run on the table to split all match (did the greedy bot change?)"
    assert scripted.refused is not None
    index = scripted.split["index"]
    assert (scripted.refused.code, scripted.refused.details) == (
        "grucha/invalid_group",
        {"group": index, "reason": "duplicate_rank"},
    )
    assert scripted.table_after_refusal == scripted.split["table"]
    # the split was accepted: the next submitted event of the seat shows both parts on the table
    version = scripted.version_after_refusal
    assert version is not None
    submitted = next(
        line.body for line in log if line.version == version + 1 and line.body["kind"] == "submitted"
    )
    assert submitted["seat"] == SCRIPTED and submitted["count"] == 1
    assert [g["cards"] for g in submitted["table"][index : index + 2]] == scripted.split["parts"]

    # the match ended after its two rounds, standings as the outcome ranks them
    assert view["phase"] == "over" and len(view["history"]) == 2
    assert view["ranks"] == outcome["ranks"]
    assert view["totals"] == [sum(r[s] for r in view["history"]) for s in range(3)]
    order = sorted(range(3), key=lambda s: view["totals"][s])
    assert [outcome["ranks"][s] for s in order] == sorted(outcome["ranks"])
    assert outcome["winners"] == [s for s in range(3) if outcome["ranks"][s] == 1]


def reference_frames() -> list[dict[str, Any]]:
    """The frames of protocol/README.md's Grucha example, in order."""
    text = README.read_text()
    section = text[text.index("### Example: a Grucha turn that splits a run") :]
    section = section[: section.index("\n## ")]
    decoder = json.JSONDecoder()
    frames = []
    for block in re.findall(r"```json\n(.*?)```", section, re.S):
        at = 0
        while block[at:].strip():
            at += len(block[at:]) - len(block[at:].lstrip())
            value, at = decoder.raw_decode(block, at)
            frames.append(value)
    return frames


def test_the_protocol_reference_grucha_example_is_what_the_server_sends(seeded: Server) -> None:
    in_own_loop(reference_turn(seeded))


async def reference_turn(seeded: Server) -> None:
    expected = reference_frames()
    sent = [f for f in expected if f["type"] == "act"]
    async with Lobby(seeded.http) as lobby:
        created = await lobby.create_room("grucha", 2, seed="044c")
        tokens = [(await lobby.claim(created.room, seat)).token for seat in (0, 1)]
    async with connect(seeded.ws) as first, connect(seeded.ws) as second:
        for ws, token in ((first, tokens[0]), (second, tokens[1])):
            await ws.send(json.dumps({"type": "hello", "v": 1, "room": created.room, "tokens": [token]}))
        run = ["6C-a", "7C-a", "8C-a", "9C-b", "10C-b"]
        for ident, action in (
            ("o1", {"kind": "submit", "groups": [{"cards": run}]}),
            ("o2", {"kind": "end"}),
        ):
            await first.send(json.dumps({"type": "act", "id": ident, "seat": 0, "action": action}))
            while json.loads(await first.recv())["type"] != "ack":
                pass
        while (message := json.loads(await second.recv()))["type"] != "update" or message["to"] != 2:
            pass
        got: list[dict[str, Any]] = []
        for act in sent:
            got.append(act)
            await second.send(json.dumps(act))
            answers = 1 if act is sent[0] else 2  # the refusal; the update and the ack
            while answers:
                message = json.loads(await asyncio.wait_for(second.recv(), 10))
                if message["type"] in ("error", "update", "ack"):
                    got.append(message)
                    answers -= 1
    # the deadline is the server's clock of that run
    for frame in (*got, *expected):
        frame.get("prompt", {}).pop("deadline", None)
    assert got == expected
