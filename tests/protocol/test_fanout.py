"""Per-version fan-out: one view, diff and encoding per distinct viewer; audiences respected."""

from __future__ import annotations

from typing import Any

import jsonpatch
import msgspec

from games.engine import Match
from protocol.codec import JSON, MSGPACK
from protocol.fanout import Step, ViewCache, fan_out, prompt_out, snapshot
from protocol.messages import EventOut, PromptOut, Snapshot, Update
from tests.protocol.toy import GAME, Bumped, Noted, ToyOptions

VIEWERS = [0, 1, 2, None]


def new_match(**options: Any) -> Match:
    return Match(GAME, 3, ToyOptions(**options), b"seed")


def step_of(match: Match, seat: int) -> tuple[Any, Step]:
    """Apply ``inc`` for ``seat``; the previous state and the `Step` the server would fan out."""
    before = GAME.copy(match.state)
    events = match.act(seat, {"kind": "inc"})
    prompts = {s: prompt_out(p, 100.0) for s, p in GAME.prompts(match.state).items()}
    return before, Step(match.version - 1, match.version, events, prompts, GAME.outcome(match.state))


def primed(match: Match) -> ViewCache:
    cache = ViewCache()
    for viewer in VIEWERS:
        snapshot(GAME, match.state, match.version, viewer, cache)
    return cache


class TestUpdates:
    def test_patch_turns_the_cached_view_into_the_new_one(self) -> None:
        match = new_match()
        cache = primed(match)
        docs = {v: cache.get(v).doc for v in VIEWERS}  # type: ignore[union-attr]
        _, step = step_of(match, 0)
        out = fan_out(GAME, match.state, step, VIEWERS, cache)
        for viewer in VIEWERS:
            update = out[viewer].message
            assert isinstance(update, Update)
            assert (update.seat, update.frm, update.to) == (viewer, 0, 1)
            expected = msgspec.to_builtins(GAME.view(match.state, viewer))
            assert jsonpatch.apply_patch(docs[viewer], update.patch) == expected

    def test_exact_patch_of_one_inc(self) -> None:
        match = new_match()
        cache = primed(match)
        _, step = step_of(match, 0)
        update = fan_out(GAME, match.state, step, [0], cache)[0].message
        assert isinstance(update, Update)
        assert update.patch == [
            {"op": "replace", "path": "/counter", "value": 1},
            {"op": "replace", "path": "/active", "value": 1},
        ]

    def test_events_are_filtered_by_audience(self) -> None:
        match = new_match()
        _, step = step_of(match, 0)
        out = fan_out(GAME, match.state, step, VIEWERS, primed_at(match, step))
        bumped = EventOut(1, Bumped(0, 1))
        assert out[0].message.events == [bumped, EventOut(1, Noted(7))]
        assert out[1].message.events == [bumped]
        assert out[None].message.events == [bumped]

    def test_only_the_prompted_seat_gets_its_prompt_with_deadline(self) -> None:
        match = new_match()
        _, step = step_of(match, 0)
        out = fan_out(GAME, match.state, step, VIEWERS, primed_at(match, step))
        expected = PromptOut(id="c1", kinds=["inc"], timer="turn", default="pass", choices={"inc": [{}]})
        expected.deadline = 100.0
        assert out[1].message.prompt == expected
        assert [out[v].message.prompt for v in (0, 2, None)] == [None, None, None]

    def test_last_step_carries_the_outcome(self) -> None:
        match = new_match(target=1)
        _, step = step_of(match, 0)
        out = fan_out(GAME, match.state, step, [None], primed_at(match, step))
        assert out[None].message.outcome == GAME.outcome(match.state)
        frame = JSON.encode_server(out[None].message)
        assert isinstance(frame, str)
        assert frame.endswith(
            '"outcome":{"ranks":[1,1,1],"winners":[0,1,2],"reason":"finished","guard":false}}'
        )

    def test_unchanged_view_sends_an_empty_patch(self) -> None:
        match = new_match()
        cache = primed(match)
        step = Step(frm=0, to=1)  # a step that changed nothing this viewer sees
        update = fan_out(GAME, match.state, step, [2], cache)[2].message
        assert isinstance(update, Update)
        assert (update.patch, update.events) == ([], [])


def primed_at(match: Match, step: Step) -> ViewCache:
    """A cache holding every viewer's view at ``step.frm`` (rebuilt by replaying the log)."""
    earlier = Match.replay(GAME, 3, match.options, match.seed, match.log[: step.frm])
    cache = ViewCache()
    for viewer in VIEWERS:
        snapshot(GAME, earlier.state, earlier.version, viewer, cache)
    return cache


class TestSharing:
    def test_equal_views_share_one_diff_and_the_cache_shares_one_document(self) -> None:
        match = new_match(secrets=(7, 7, 3))
        cache = primed(match)
        _, step = step_of(match, 0)
        out = fan_out(GAME, match.state, step, VIEWERS, cache)
        # one diff per distinct view: seats 0 and 1 see the same view, seat 2 and the spectator differ
        # (told by the patches' identity, not by patching the module: the compiled build calls `diff`
        # directly, tests/compiled.sh)
        patches = [out[v].message.patch for v in VIEWERS]  # type: ignore[union-attr]
        assert len({id(patch) for patch in patches}) == 3
        assert out[0].message.patch is out[1].message.patch  # type: ignore[union-attr]
        assert cache.get(0).doc is cache.get(1).doc  # type: ignore[union-attr]

    def test_each_frame_is_encoded_once_per_codec(self) -> None:
        match = new_match()
        _, step = step_of(match, 0)
        outgoing = fan_out(GAME, match.state, step, [None], primed_at(match, step))[None]
        text = outgoing.frame(JSON)
        assert isinstance(text, str)
        assert outgoing.frame(JSON) is text
        binary = outgoing.frame(MSGPACK)
        assert isinstance(binary, bytes)
        assert outgoing.frame(MSGPACK) is binary
        assert msgspec.msgpack.decode(binary) == msgspec.json.decode(text)


class TestGaps:
    def test_unknown_viewer_gets_a_snapshot_with_the_steps_events(self) -> None:
        match = new_match()
        _, step = step_of(match, 0)
        message = fan_out(GAME, match.state, step, [None], ViewCache())[None].message
        assert message == Snapshot(
            seat=None,
            version=1,
            view={"counter": 1, "active": 1, "secret": None},
            events=[EventOut(1, Bumped(0, 1))],
        )

    def test_previous_state_fills_a_cache_gap(self) -> None:
        match = new_match()
        cache = primed(match)
        step_of(match, 0)  # this step's fan-out was missed: the cache is one version behind
        before, step = step_of(match, 1)
        update = fan_out(GAME, match.state, step, [2], cache, prev_state=before)[2].message
        assert isinstance(update, Update)
        assert (update.frm, update.to) == (1, 2)
        assert update.patch == [
            {"op": "replace", "path": "/counter", "value": 2},
            {"op": "replace", "path": "/active", "value": 2},
        ]

    def test_cache_tracks_versions_and_forgets(self) -> None:
        match = new_match()
        cache = primed(match)
        _, step = step_of(match, 0)
        fan_out(GAME, match.state, step, VIEWERS, cache)
        assert cache.get(None).version == 1  # type: ignore[union-attr]
        cache.forget(None)
        assert (cache.get(None), len(cache)) == (None, 3)
