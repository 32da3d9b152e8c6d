"""Gregs Tagebuch: properties of whole games played by random bots and timeouts (cards conserved, no
view, prompt or event shows a hidden card, the same seed the same game) for any seed and seat count."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import Match
from games.gregs import GAME
from tests.games.gregs.helpers import play


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
