"""The SDK's pure pieces without a server: the mirror (snapshot, patches, gaps) and the outbox (ids,
answers). The same behaviour over real sockets is proved in the other modules of this package."""

from __future__ import annotations

import asyncio
import copy
import itertools
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from websockets.asyncio.server import ServerConnection, serve

from clients.sdk import ActionRefused, BotPlayer, Closed, Connection, Mirror, Outbox, Step, policy_named
from clients.sdk.connection import room_url
from clients.sdk.render import describe
from games.catalog import shipped
from games.engine import Bot, Policy, Prompt, Rng, bots_of
from games.fixtures.commit import GAME as COMMIT
from games.fixtures.hands import HandsGame
from protocol.diff import diff
from protocol.messages import Ack, Error, EventOut, PromptOut, Snapshot, Update, Welcome

VIEW = {"seat": 0, "hand": ["a", "b"], "score": 3}
GAME = shipped()["gregs"]


def snapshot(version: int, view: Any = VIEW) -> Snapshot:
    return Snapshot(seat=0, version=version, view=copy.deepcopy(view))


class TestMirror:
    def test_update_from_the_mirror_version_applies_patch_prompt_and_events(self) -> None:
        mirror = Mirror(0)
        mirror.reset(snapshot(4))
        prompt = PromptOut(id="p5", kinds=["stop"], timer="turn", default="stop")
        update = Update(
            seat=0,
            frm=4,
            to=5,
            patch=[{"op": "replace", "path": "/score", "value": 5}, {"op": "remove", "path": "/hand/0"}],
            events=[EventOut(version=5, body={"type": "scored", "points": 2})],
            prompt=prompt,
        )
        assert mirror.apply(update) is Step.APPLIED
        assert (mirror.version, mirror.view, mirror.prompt) == (
            5,
            {"seat": 0, "hand": ["b"], "score": 5},
            prompt,
        )
        assert [e.version for e in mirror.events] == [5]

    def test_update_already_shown_is_stale_and_changes_nothing(self) -> None:
        mirror = Mirror(0)
        mirror.reset(snapshot(6))
        assert (
            mirror.apply(Update(seat=0, frm=5, to=6, patch=[{"op": "remove", "path": "/hand"}])) is Step.STALE
        )
        assert (mirror.version, mirror.view) == (6, VIEW)

    def test_update_past_the_mirror_version_is_a_gap_and_changes_nothing(self) -> None:
        mirror = Mirror(0)
        mirror.reset(snapshot(2))
        assert mirror.apply(Update(seat=0, frm=3, to=4)) is Step.GAP
        assert mirror.version == 2

    def test_update_without_snapshot_or_with_bad_patch_is_broken(self) -> None:
        assert Mirror(0).apply(Update(seat=0, frm=0, to=1)) is Step.BROKEN
        mirror = Mirror(0)
        mirror.reset(snapshot(1))
        bad = Update(seat=0, frm=1, to=2, patch=[{"op": "remove", "path": "/nowhere"}])
        assert mirror.apply(bad) is Step.BROKEN
        assert not mirror.ready

    def test_snapshot_keeps_only_events_not_yet_seen(self) -> None:
        mirror = Mirror(None)
        mirror.reset(Snapshot(seat=None, version=3, view={}, events=[EventOut(version=3, body={})]))
        events = [EventOut(version=v, body={}) for v in (2, 3, 4, 4, 5)]
        mirror.reset(Snapshot(seat=None, version=5, view={}, events=events))
        assert [e.version for e in mirror.events] == [3, 4, 4, 5]


json_leaf = st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3)
json_doc = st.recursive(
    json_leaf,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
    max_leaves=12,
)


@given(st.lists(st.dictionaries(st.text(max_size=3), json_doc, max_size=4), min_size=2, max_size=5))
def test_mirror_follows_server_diffs_to_every_view(views: list[dict[str, Any]]) -> None:
    """The server's diff (protocol.diff) applied by the client's JSON Patch library gives the exact view."""
    mirror = Mirror(1)
    mirror.reset(Snapshot(seat=1, version=0, view=copy.deepcopy(views[0])))
    for version, (before, after) in enumerate(itertools.pairwise(views)):
        patch = copy.deepcopy(diff(before, after))
        assert mirror.apply(Update(seat=1, frm=version, to=version + 1, patch=patch)) is Step.APPLIED
        assert mirror.view == after
    assert mirror.version == len(views) - 1


class TestOutbox:
    async def test_ids_are_unique_and_pending_keeps_send_order(self) -> None:
        outbox = Outbox("c1")
        first, _ = outbox.add(0, {"kind": "stop"})
        second, _ = outbox.add(1, {"kind": "stop"})
        assert (first.id, second.id) == ("c1-1", "c1-2")
        assert [p.id for p in outbox.pending()] == ["c1-1", "c1-2"]

    async def test_ack_resolves_the_future_once_and_leaves_the_outbox(self) -> None:
        outbox = Outbox("c1")
        item, future = outbox.add(2, {"kind": "stop"})
        ack = Ack(id=item.id, seat=2, version=7)
        assert outbox.ack(ack) is True
        assert outbox.ack(Ack(id=item.id, seat=2, version=7, duplicate=True)) is False
        assert await future == ack
        assert len(outbox) == 0

    async def test_error_naming_an_action_fails_its_future_with_the_code(self) -> None:
        outbox = Outbox("c1")
        item, future = outbox.add(0, {"kind": "reveal", "slot": 9})
        refusal = Error(code="action/bad_choice", message="no", id=item.id, seat=0, details={"slot": 9})
        assert outbox.refuse(refusal) is True
        with pytest.raises(ActionRefused) as caught:
            await future
        assert (caught.value.code, caught.value.details) == ("action/bad_choice", {"slot": 9})

    async def test_error_naming_no_action_is_left_to_the_caller(self) -> None:
        outbox = Outbox("c1")
        outbox.add(0, {"kind": "stop"})
        assert outbox.refuse(Error(code="frame/malformed", message="bad")) is False
        assert len(outbox) == 1

    async def test_fail_all_fails_every_pending_future(self) -> None:
        outbox = Outbox("c1")
        futures = [outbox.add(0, {"kind": "stop"})[1] for _ in range(2)]
        outbox.fail_all(ConnectionError("gone"))
        results = await asyncio.gather(*futures, return_exceptions=True)
        assert [type(r) for r in results] == [ConnectionError, ConnectionError]


class TestRender:
    def test_revealed_card_reads_as_a_sentence_with_the_card_name_and_signed_value(self) -> None:
        body = {"kind": "revealed", "seat": 2, "slot": 0, "card": "act-plaster-cast-1", "value": 2}
        assert describe(body, GAME.story) == "seat 2 revealed slot 0: Plaster Cast (+2)"

    def test_unknown_kind_lists_its_fields_with_the_games_names(self) -> None:
        assert (
            describe({"type": "bell", "seat": 1, "card": "chr-greg"}, GAME.story) == "bell: seat=1 card=Greg"
        )

    def test_another_games_event_of_the_same_kind_gets_that_games_sentence(self) -> None:
        body = {"kind": "revealed", "prize": "prize-4", "bids": [3, 1], "winner": 0}
        assert describe(body, COMMIT.story) == "the bids for prize-4 are [3, 1]; winner: 0"
        assert describe(body, GAME.story) == "revealed: prize=prize-4 bids=[3, 1] winner=0"

    def test_without_a_story_every_event_gets_the_generic_line(self) -> None:
        body = {"kind": "revealed", "seat": 2, "slot": 0, "card": "act-plaster-cast-1", "value": 2}
        assert describe(body) == "revealed: seat=2 slot=0 card=act-plaster-cast-1 value=2"


class TestConnectionBookkeeping:
    """The connection's reactions to server messages, fed directly (no socket needed for these)."""

    @staticmethod
    def welcome(epoch: str, version: int = 3) -> Welcome:
        return Welcome(room="r", game="gregs", seats=[0], version=version, epoch=epoch, v=1, max_frame=65536)

    async def test_changed_epoch_drops_the_mirrors(self) -> None:
        conn = Connection("ws://127.0.0.1:1/ws", "r", ["t"])
        conn._handle(self.welcome("e1"))
        conn._handle(snapshot(3))
        assert conn.mirrors[0].version == 3
        conn._handle(self.welcome("e1"))
        assert conn.mirrors[0].version == 3
        conn._handle(self.welcome("e2", version=1))
        assert (conn.epoch, conn.mirrors[0].ready) == ("e2", False)

    async def test_a_welcome_before_the_start_names_no_epoch_the_next_welcome_does(self) -> None:
        """Welcomed before the start (epoch ``""``), shown the game from its start, then reconnected:
        the room's real epoch is learnt, not taken for a store gone back in time."""
        conn = Connection("ws://127.0.0.1:1/ws", "r", ["t"])
        conn._handle(self.welcome("", version=-1))
        conn._handle(snapshot(3))
        conn._handle(self.welcome("e1"))
        assert (conn.epoch, conn.mirrors[0].version) == ("e1", 3)

    async def test_gap_asks_once_for_a_sync_from_the_mirror_version(self) -> None:
        conn = Connection("ws://127.0.0.1:1/ws", "r", ["t"])
        conn._handle(self.welcome("e1"))
        conn._handle(snapshot(3))
        conn._handle(Update(seat=0, frm=4, to=5))
        conn._handle(Update(seat=0, frm=5, to=6))
        assert conn._sync_requests == [3]


class RefusingConnection:
    """Stands in for a `Connection`: refuses the first action sent, acknowledges the next ones."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def act(
        self, seat: int, action: dict[str, Any], timeout: float | None = None, prompt: str | None = None
    ) -> Ack:
        self.sent.append(action)
        if len(self.sent) == 1:
            raise ActionRefused("hands/not_in_hand", "no such card", {})
        return Ack(id=f"a{len(self.sent)}", seat=seat, version=len(self.sent))

    async def wait_version(self, version: int, timeout: float | None = None) -> None:
        return None


def _own_random(view: Any, prompt: Prompt, rng: Rng) -> dict[str, Any]:
    return {"kind": "play", "card": "H6"}  # what the engine's random policy never picks here


class OwnRandomHands(HandsGame):
    """fixture-hands with a ``random`` bot of its own."""

    id = "fixture-hands-own-random"

    def bots(self) -> Mapping[str, Bot | Policy]:
        return {"random": _own_random, "wrong": lambda view, prompt, rng: {"kind": "play", "card": "S9"}}


class TestBotPlayer:
    async def test_a_refused_action_falls_back_to_the_games_random_bot(self) -> None:
        game = OwnRandomHands()
        conn = RefusingConnection()
        bot = BotPlayer(conn, game, policy_named(game, "wrong"))
        view = {"seat": 0, "hand": ["S1"], "hand_sizes": [1, 1], "deck_size": 4, "pile": [], "scores": [0, 0]}
        choices: dict[str, list[dict[str, Any]]] = {"play": [{"card": "S1"}], "draw": [{}]}
        prompt = PromptOut(
            id="t0", kinds=["play", "draw"], timer="turn", default="play_random", choices=choices
        )
        view["active"] = 0
        await bot._decide(0, 0, view, prompt)
        assert conn.sent == [{"kind": "play", "card": "S9"}, {"kind": "play", "card": "H6"}]
        assert (bot.actions, bot.refused) == (1, ["hands/not_in_hand"])

    def test_a_client_cannot_play_a_searching_bot(self) -> None:
        with pytest.raises(KeyError, match="no client-side bot 'search'"):
            policy_named(GAME, "search")
        with pytest.raises(ValueError, match="plays on the server"):
            BotPlayer(Connection("ws://127.0.0.1:1/ws", "r"), GAME, bots_of(GAME)["search"])


@pytest.mark.parametrize(
    ("url", "named"),
    [
        ("ws://a:8000/ws", "ws://a:8000/ws?room=r+1%2F%C3%A9"),
        ("wss://a/p/ws?room=old&v=1", "wss://a/p/ws?room=r+1%2F%C3%A9&v=1"),
    ],
)
def test_room_url_names_the_room_in_the_query(url: str, named: str) -> None:
    assert room_url(url, "r 1/é") == named


async def test_each_socket_of_a_connection_names_its_room_in_the_url() -> None:
    paths: list[str] = []

    async def refuse(ws: ServerConnection) -> None:
        assert ws.request is not None
        paths.append(ws.request.path)
        await ws.close(4404, "room not found")

    async with serve(refuse, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        conn = Connection(f"ws://127.0.0.1:{port}/ws", "r-8f2k", [])
        with pytest.raises(Closed):
            await conn.connect(5.0)
        await conn.close()
    assert paths == ["/ws?room=r-8f2k"]
