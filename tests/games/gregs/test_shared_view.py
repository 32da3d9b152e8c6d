"""Gregs declares ``shared_view`` (the server computes one view per version for every seat): the claim
holds at every step of random games, and a game that hides something per seat does not make it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.catalog import with_fixtures
from games.engine import Match, Rng, random_policy
from games.gregs import GAME


@settings(max_examples=15, deadline=None)
@given(seats=st.integers(3, 6), seed=st.binary(min_size=1, max_size=16))
def test_gregs_view_is_the_same_for_every_seat_and_spectators_at_every_step(seats: int, seed: bytes) -> None:
    assert GAME.shared_view is True
    match = Match(GAME, seats, GAME.options({}), seed)
    differing: list[int] = []
    while GAME.outcome(match.state) is None:
        spectator = GAME.view(match.state, None)
        differing += [s for s in range(seats) if GAME.view(match.state, s) != spectator]
        ((seat, prompt),) = GAME.prompts(match.state).items()
        match.act(seat, random_policy(spectator, prompt, Rng(seed, f"bot/v{match.version}")))
    assert differing == []


def test_only_games_whose_views_ignore_the_seat_declare_a_shared_view() -> None:
    shared = sorted(game_id for game_id, game in with_fixtures().items() if game.shared_view)
    assert shared == ["gregs"]
