"""Seeded random play-outs of every game: at every step, for every viewer, the diff turns the previous
view into the new one (types included), and a client mirror fed by `fan_out` frames stays equal to the
view the server holds."""

from __future__ import annotations

from typing import Any

import jsonpatch
import msgspec
import pytest

from clients.conformance.plan import cells
from games.catalog import with_fixtures
from games.engine import Game, IllegalAction, Match, Rng, random_policy
from protocol.codec import JSON, MSGPACK
from protocol.diff import diff
from protocol.fanout import Step, ViewCache, Viewer, fan_out, prompt_out, snapshot
from protocol.messages import Snapshot, Update
from tests.protocol.exact import typed

GAMES = with_fixtures()
SEEDS = (b"alpha", b"beta")
#: Enough for a random game of every registered game to end (Infarkt with 5 seats: ~450 steps).
MAX_STEPS = 1500


def views(game: Game[Any, Any], state: Any, viewers: list[Viewer]) -> dict[Viewer, Any]:
    return {v: msgspec.to_builtins(game.view(state, v), str_keys=True) for v in viewers}


def next_action(match: Match, rng: Rng) -> tuple[int, dict[str, Any]] | None:
    """A prompted seat and a random legal action for it (the prompt's timeout when it lists no finite
    choice); ``None`` when nobody is prompted."""
    prompts = match.game.prompts(match.state)
    if not prompts:
        return None
    seat = rng.choice(sorted(prompts))
    prompt = prompts[seat]
    view = match.game.view(match.state, seat)
    try:
        return seat, random_policy(view, prompt, rng.fork(f"bot/{seat}/v{match.version}"))
    except ValueError:
        return seat, {"kind": "timeout", "prompt": prompt.id}


def act(match: Match, seat: int, action: dict[str, Any]) -> list[Any]:
    try:
        return match.act(seat, action)
    except IllegalAction:
        prompt = match.game.prompts(match.state)[seat]
        return match.act(seat, {"kind": "timeout", "prompt": prompt.id})


def apply_frame(mirrors: dict[Viewer, Any], versions: dict[Viewer, int], frame: str | bytes) -> None:
    """What a client does with one frame: decode it, then replace or patch its mirror (in order)."""
    message = (MSGPACK if isinstance(frame, bytes) else JSON).decode_server(frame)
    if isinstance(message, Snapshot):
        mirrors[message.seat], versions[message.seat] = message.view, message.version
    else:
        assert isinstance(message, Update)
        assert message.frm == versions[message.seat]
        mirrors[message.seat] = jsonpatch.apply_patch(mirrors[message.seat], message.patch)
        versions[message.seat] = message.to


def play_out(game: Game[Any, Any], seats: int, seed: bytes) -> tuple[int, bool]:
    """One play-out checked at every step; the number of steps played and whether the game ended."""
    match = Match(game, seats, game.options(), seed)
    viewers: list[Viewer] = [*range(seats), None]
    rng = Rng(seed, "test/driver")
    cache = ViewCache()
    mirrors: dict[Viewer, Any] = {}
    versions: dict[Viewer, int] = {}
    for viewer in viewers:
        apply_frame(mirrors, versions, snapshot(game, match.state, 0, viewer, cache).frame(JSON))
    before = views(game, match.state, viewers)
    # a game longer than MAX_STEPS (iGranie: some 500 random steps) plays on to its own step cap
    for _ in range(max(MAX_STEPS, game.coverage().step_cap)):
        chosen = next_action(match, rng)
        if chosen is None:
            break
        events = act(match, *chosen)
        after = views(game, match.state, viewers)
        for viewer in viewers:
            patched = jsonpatch.apply_patch(before[viewer], diff(before[viewer], after[viewer]))
            assert typed(patched) == typed(after[viewer]), (game.id, match.version, viewer)
        prompts = {s: prompt_out(p) for s, p in game.prompts(match.state).items()}
        step = Step(match.version - 1, match.version, events, prompts, game.outcome(match.state))
        codec = JSON if match.version % 2 else MSGPACK
        for outgoing in fan_out(game, match.state, step, viewers, cache).values():
            apply_frame(mirrors, versions, outgoing.frame(codec))
        assert typed(mirrors) == typed(after), (game.id, match.version)
        before = after
    return match.version, game.outcome(match.state) is not None


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_diff_and_fanout_reproduce_every_view_of_random_play_outs(game_id: str) -> None:
    game = GAMES[game_id]
    # the fewest and most seats the default options start a table at (iGranie: 2 needs an option)
    declared = [seats for _, seats in cells(game, {})]
    counts = sorted({min(declared), max(declared)})
    results = [play_out(game, seats, seed) for seats in counts for seed in SEEDS]
    assert [ended for _, ended in results] == [True] * len(results)  # every play-out reached its end
    assert min(steps for steps, _ in results) > 0
