"""Gregs Tagebuch: properties of whole games played by random bots (cards conserved, nothing hidden
shown, the same seed the same game) for any seed and seat count."""

from __future__ import annotations

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import Match, Rng, random_policy
from games.gregs import GAME


def play(seats: int, seed: bytes, **options: object) -> tuple[Match, list[str]]:
    """A random play-out; the broken invariants and leaks met on the way (empty when all is well)."""
    match = Match(GAME, seats, GAME.options(options), seed)
    problems: list[str] = []
    while GAME.outcome(match.state) is None:
        ((seat, prompt),) = GAME.prompts(match.state).items()
        frame = msgspec.json.encode(GAME.view(match.state, None))
        problems += [f"view shows {c}" for c in GAME.hidden(match.state, None) if c.encode() in frame]
        match.act(
            seat, random_policy(GAME.view(match.state, seat), prompt, Rng(seed, f"bot/v{match.version}"))
        )
        problems += GAME.invariants(match.state)
    return match, problems


@settings(max_examples=40, deadline=None)
@given(seats=st.integers(3, 6), seed=st.binary(min_size=1, max_size=16), cut=st.booleans())
def test_random_games_conserve_cards_and_never_show_hidden_ones(seats: int, seed: bytes, cut: bool) -> None:
    match, problems = play(seats, seed, offer_cut=cut, start="random")
    assert problems == []
    outcome = GAME.outcome(match.state)
    assert outcome is not None
    assert sorted(outcome.ranks) == list(range(1, seats + 1))
    assert outcome.ranks[match.state.holder] != 1


@settings(max_examples=10, deadline=None)
@given(seed=st.binary(min_size=1, max_size=16))
def test_a_log_replays_to_the_identical_state(seed: bytes) -> None:
    match, _ = play(4, seed)
    again = Match.replay(GAME, 4, match.options, seed, match.log)
    assert GAME.encode_state(again.state) == GAME.encode_state(match.state)
