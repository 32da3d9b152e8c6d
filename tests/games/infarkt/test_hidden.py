"""Infarkt's hidden information (INF-8, INF-12, INF-27, "Hidden information"): no view, prompt, event or
error of another seat shows anything of a pending placement until the reveal; what one seat alone
knows (its spree's cards, the card it returned on top, its afterlife preview) is hidden from the
others, and re-dealing it changes nothing they receive (the suite's non-interference check)."""

from __future__ import annotations

from typing import Any

import pytest

from clients.conformance.interference import World, check
from clients.conformance.leaks import as_json
from clients.conformance.probes import attempt
from games.engine import Match, Rng, random_policy
from games.infarkt import GAME, flow
from tests.games.infarkt.helpers import (
    BEER,
    JUICE,
    TOFU,
    act,
    choose,
    empty_hands,
    on_top,
    prompts,
    table,
    visit,
)

SEED = b"infarkt-test"


def _at_placement(seats: int = 3) -> Match:
    match = table(seats)
    while match.state.phase == "events":
        seat = next(iter(prompts(match)))
        empty_hands(match.state)
        choose(match, seat, prompts(match)[seat].choices["choose"][0]["value"])
    assert sorted(prompts(match)) == list(range(seats))
    return match


def _world(match: Match) -> World:
    return World(GAME, match.state, match.version, SEED, random_policy, {})


def _received(match: Match, viewer: int | None, actor: int, action: dict[str, Any]) -> Any:
    """What ``viewer`` receives of ``actor``'s action: its events (or the refusal), its view, prompt."""
    done = attempt(GAME, match.state, actor, action, match.seed, match.version)
    if done.refusal is not None:
        return ["refused", as_json(done.refusal)] if viewer == actor else ["refused"]
    state = done.state
    seen = [as_json(e.body) for e in done.events or [] if e.audience.sees(viewer)]
    prompt = GAME.prompts(state).get(viewer) if viewer is not None else None
    return [seen, as_json(GAME.view(state, viewer)), as_json(prompt)]


@pytest.mark.parametrize("viewer", [1, 2, None])
def test_inf8_a_pending_placement_shows_nothing_not_even_its_shape(viewer: int | None) -> None:
    worlds = []
    for placement in (["work", "pharmacy", "gym"], ["supermarket", "market", "home"]):
        match = _at_placement()
        act(match, 0, "place", places=placement)
        worlds.append(match)
    a, b = worlds
    assert as_json(GAME.view(a.state, viewer)) == as_json(GAME.view(b.state, viewer))
    assert GAME.view(a.state, viewer).placements.committed == [0]
    if viewer is not None:
        assert as_json(GAME.prompts(a.state)[viewer]) == as_json(GAME.prompts(b.state)[viewer])
    for action in (
        {"kind": "place", "places": ["work", "home", "gym"]},
        {"kind": "place", "places": ["work", "work", "gym"]},
        {"kind": "timeout", "prompt": GAME.prompts(a.state)[1].id},
    ):
        assert _received(a, viewer, 1, action) == _received(b, viewer, 1, action)
    # seat 0 itself is told it has placed, and sees its own placement
    assert GAME.view(a.state, 0).placements.mine == ["work", "pharmacy", "gym"]
    refused = attempt(GAME, a.state, 0, {"kind": "place", "places": ["work", "home", "gym"]}, SEED, a.version)
    assert refused.refusal is not None and refused.refusal.code == "commit/already"


def test_inf8_all_placements_are_revealed_in_one_step() -> None:
    match = _at_placement()
    act(match, 0, "place", places=["work", "pharmacy", "gym"])
    act(match, 2, "place", places=["supermarket", "market", "home"])
    assert [p.figures for p in match.state.players] == [[], [], []]
    bodies = act(match, 1, "place", places=["work", "market", "home"])
    placed = [b for b in bodies if b.__struct_config__.tag == "placed"]
    assert placed[0].placements == {
        0: ["work", "pharmacy", "gym"],
        1: ["work", "market", "home"],
        2: ["supermarket", "market", "home"],
    }


def test_inf8_the_timeout_default_is_a_random_legal_placement() -> None:
    match = _at_placement()
    prompt = prompts(match)[0]
    bodies = act(match, 0, "timeout", prompt=prompt.id)
    assert [b.default for b in bodies if b.__struct_config__.tag == "timed_out"] == ["random_legal"]
    assert {"places": match.state.placements.pending[0]} in prompt.choices["place"]


@pytest.mark.parametrize("viewer", [0, 1, 2, None])
def test_non_interference_with_a_pending_placement(viewer: int | None) -> None:
    match = _at_placement()
    act(match, 0, "place", places=["work", "pharmacy", "gym"])
    act(match, 2, "place", places=["supermarket", "market", "home"])
    assert check(_world(match), viewer, Rng(b"check", "placement")) == []


def _spree() -> Match:
    match = table(3)
    state = visit(match, 0, "supermarket")
    empty_hands(state)
    state.players[0].money = 2
    on_top(state, JUICE, TOFU, BEER)
    choose(match, 0, "C")
    return match


@pytest.mark.parametrize("viewer", [0, 1, None])
def test_inf12_non_interference_during_a_shopping_spree(viewer: int | None) -> None:
    match = _spree()
    assert set(match.state.spree) <= GAME.hidden(match.state, 1)
    assert not set(match.state.spree) & GAME.hidden(match.state, 0)
    assert check(_world(match), viewer, Rng(b"check", "spree")) == []


@pytest.mark.parametrize("viewer", [0, 1, None])
def test_inf12_non_interference_with_a_returned_card_on_top(viewer: int | None) -> None:
    match = _spree()
    state = match.state
    state.phase, state.actors = "actions", [0, 1]
    state.players[1].figures = ["supermarket", "work"]
    choose(match, 0, TOFU)
    assert match.state.top_known_by == [0] and match.state.goods[-1] == TOFU
    assert check(_world(match), viewer, Rng(b"check", "top")) == []


@pytest.mark.parametrize("viewer", [0, 2, None])
def test_inf27_non_interference_with_an_afterlife_preview(viewer: int | None) -> None:
    match = table(3, afterlife=True)
    state = visit(match, 0, "work", "gym")
    empty_hands(state)
    state.players[2].died, state.deaths, state.players[2].money = 1, 1, 0
    flow.draw_preview(state, Rng(b"afterlife", "test"), [])
    assert check(_world(match), viewer, Rng(b"check", "afterlife")) == []


def test_redeal_keeps_what_the_viewer_knows_and_deals_the_rest_anew() -> None:
    match = _spree()
    state = match.state
    mine = GAME.redeal(state, 0, Rng(b"redeal", "0"))
    assert (
        mine.spree == state.spree and sorted(mine.goods) == sorted(state.goods) and mine.goods != state.goods
    )
    theirs = [GAME.redeal(state, 1, Rng(b"redeal", str(i))).spree for i in range(5)]
    assert any(sorted(s) != sorted(state.spree) for s in theirs)
    match = _at_placement()
    act(match, 0, "place", places=["work", "pharmacy", "gym"])
    others = {
        tuple(GAME.redeal(match.state, 1, Rng(b"redeal", str(i))).placements.pending[0]) for i in range(8)
    }
    assert len(others) > 1
    assert GAME.redeal(match.state, 0, Rng(b"redeal", "x")).placements.pending[0] == [
        "work",
        "pharmacy",
        "gym",
    ]
