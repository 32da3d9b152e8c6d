"""The private-hands fixture (games/fixtures/hands.py): its rules HND-1..7 and what each viewer sees."""

from __future__ import annotations

import re
from typing import Any

import msgspec
import pytest

from games.engine import EVERYONE, Event, IllegalAction, Match, Rng, all_but, only
from games.fixtures import hands
from games.fixtures.hands import DECK, GAME, HandsState

SEED = b"hands-seed"


def table(hands_: list[list[str]], deck: list[str], pile: list[str] | None = None, active: int = 0) -> Match:
    """A match whose state is set by hand (scores 0)."""
    match = Match(GAME, len(hands_), GAME.options(), SEED)
    match.state = HandsState(
        hands=hands_, deck=deck, pile=pile or [], scores=[0] * len(hands_), active=active
    )
    return match


def rest(*used: list[str]) -> list[str]:
    """The deck's cards not in ``used``, in deck order."""
    taken = {c for group in used for c in group}
    return [c for c in DECK if c not in taken]


class TestSetup:
    def test_hnd1_deals_hand_size_cards_to_each_seat_and_keeps_the_rest_as_deck(self) -> None:
        match = Match(GAME, 3, GAME.options({"hand_size": 5}), SEED)
        state = match.state
        assert [len(h) for h in state.hands] == [5, 5, 5]
        assert len(state.deck) == 9
        assert sorted([c for h in state.hands for c in h] + state.deck) == sorted(DECK)
        assert (state.pile, state.scores, state.active) == ([], [0, 0, 0], 0)

    def test_hnd1_the_deal_is_fixed_by_the_seed(self) -> None:
        first = Match(GAME, 2, GAME.options(), SEED).state
        again = Match(GAME, 2, GAME.options(), SEED).state
        other = Match(GAME, 2, GAME.options(), b"another-seed").state
        assert GAME.encode_state(first) == GAME.encode_state(again)
        assert first.hands != other.hands

    @pytest.mark.parametrize("seats", [1, 5])
    def test_hnd1_refuses_seat_counts_outside_2_to_4(self, seats: int) -> None:
        with pytest.raises(ValueError, match=re.escape(f"fixture-hands seats 2..4, got {seats}")):
            Match(GAME, seats, GAME.options(), SEED)


class TestTurn:
    def test_hnd2_the_prompt_lists_each_card_of_the_hand_and_draw(self) -> None:
        match = table([["S5", "H1"], ["D2"]], rest(["S5", "H1", "D2"]))
        prompt = GAME.prompts(match.state)
        assert list(prompt) == [0]
        assert prompt[0].kinds == ["play", "draw"]
        assert prompt[0].choices == {"play": [{"card": "S5"}, {"card": "H1"}], "draw": [{}]}

    def test_hnd2_a_seat_with_an_empty_hand_must_draw(self) -> None:
        match = table([[], ["D2"]], ["C3"])
        assert GAME.prompts(match.state)[0].kinds == ["draw"]
        assert GAME.prompts(match.state)[0].default == "draw"

    def test_hnd2_playing_a_card_not_in_the_hand_is_refused_without_saying_where_it_is(self) -> None:
        match = table([["S5"], ["D2"]], ["C3"])
        before = GAME.encode_state(match.state)
        with pytest.raises(IllegalAction) as refused:
            match.act(0, {"kind": "play", "card": "D2"})
        assert (refused.value.code, refused.value.message) == (
            "action/bad_choice",
            "that card is not in your hand",
        )
        assert GAME.encode_state(match.state) == before

    def test_hnd3_a_card_matching_the_top_in_suit_scores_its_rank(self) -> None:
        match = table([["S5"], ["D2"]], ["C3"], pile=["S1"])
        events = match.act(0, {"kind": "play", "card": "S5"})
        assert [e.body for e in events] == [hands.Played(0, "S5", 5)]
        assert match.state.scores == [5, 0]
        assert match.state.pile == ["S1", "S5"]

    def test_hnd3_a_card_matching_the_top_in_rank_scores_its_rank(self) -> None:
        match = table([["S5"], ["D2"]], ["C3"], pile=["H5"])
        match.act(0, {"kind": "play", "card": "S5"})
        assert match.state.scores == [5, 0]

    def test_hnd3_a_card_matching_nothing_or_an_empty_pile_scores_nothing(self) -> None:
        match = table([["S5", "S6"], ["D2"]], ["C3"])
        match.act(0, {"kind": "play", "card": "S5"})
        match.act(1, {"kind": "play", "card": "D2"})
        assert match.state.scores == [0, 0]

    def test_hnd4_a_draw_tells_the_card_only_to_the_drawer(self) -> None:
        match = table([["S5"], ["D2"]], ["C3", "H4"])
        events = match.act(0, {"kind": "draw"})
        assert events == [
            Event(hands.Drew("C3"), only(0)),
            Event(hands.DrewFaceDown(0), all_but(0)),
        ]
        assert match.state.hands[0] == ["S5", "C3"]
        assert match.state.deck == ["H4"]

    def test_hnd5_the_turn_skips_seats_that_can_neither_play_nor_draw(self) -> None:
        match = table([["S5"], [], ["D2"]], [])
        match.act(0, {"kind": "play", "card": "S5"})
        assert match.state.active == 2

    def test_hnd7_a_timeout_plays_a_random_card_of_the_hand(self) -> None:
        match = table([["S5", "H1", "C2"], ["D2"]], ["C3"])
        events = match.act(0, {"kind": "timeout", "prompt": "t0"})
        expected = Rng(SEED, "v0").choice(["S5", "H1", "C2"])
        assert [e.body for e in events] == [hands.Played(0, expected, 0)]

    def test_hnd7_a_timeout_with_an_empty_hand_draws(self) -> None:
        match = table([[], ["D2"]], ["C3"])
        match.act(0, {"kind": "timeout", "prompt": "t0"})
        assert match.state.hands[0] == ["C3"]


class TestEnd:
    def test_hnd6_the_game_ends_when_hands_and_deck_are_empty_ranked_by_score_with_ties(self) -> None:
        match = table([["S5"], ["S6"], ["H1"]], [], pile=["S1"])
        for seat, card in ((0, "S5"), (1, "S6"), (2, "H1")):
            match.act(seat, {"kind": "play", "card": card})
        assert match.state.scores == [5, 6, 0]
        outcome = GAME.outcome(match.state)
        assert outcome is not None
        assert (outcome.ranks, outcome.winners) == ([2, 1, 3], [1])
        assert GAME.prompts(match.state) == {}

    def test_hnd6_equal_scores_share_a_rank(self) -> None:
        state = HandsState(hands=[[], [], []], deck=[], pile=list(DECK), scores=[4, 4, 1], active=0)
        outcome = GAME.outcome(state)
        assert outcome is not None
        assert (outcome.ranks, outcome.winners) == ([1, 1, 3], [0, 1])


def as_json(value: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(value))


class TestViews:
    def test_each_seat_sees_its_own_hand_and_only_the_sizes_of_the_others(self) -> None:
        match = table([["S5", "H1"], ["D2"], ["C3", "C4", "C5"]], ["H6"])
        views = [as_json(GAME.view(match.state, seat)) for seat in range(3)]
        assert [v["hand"] for v in views] == [["S5", "H1"], ["D2"], ["C3", "C4", "C5"]]
        assert all(v["hand_sizes"] == [2, 1, 3] and v["deck_size"] == 1 for v in views)
        assert views[0] != views[1] != views[2]

    def test_a_spectator_sees_no_hand(self) -> None:
        match = table([["S5", "H1"], ["D2"]], ["H6"])
        view = as_json(GAME.view(match.state, None))
        assert view["hand"] is None
        assert view["hand_sizes"] == [2, 1]
        text = msgspec.json.encode(view).decode()
        assert not any(card in text for card in ("S5", "H1", "D2", "H6"))

    def test_the_played_card_is_public_to_everyone(self) -> None:
        match = table([["S5"], ["D2"]], ["H6"])
        events = match.act(0, {"kind": "play", "card": "S5"})
        assert events[0].audience == EVERYONE
        assert as_json(GAME.view(match.state, None))["pile"] == ["S5"]


class TestConformanceHooks:
    def test_hidden_is_the_deck_and_every_other_hand(self) -> None:
        match = table([["S5"], ["D2"], ["C3"]], ["H6", "H5"])
        assert GAME.hidden(match.state, 1) == {"S5", "C3", "H6", "H5"}
        assert GAME.hidden(match.state, None) == {"S5", "D2", "C3", "H6", "H5"}

    def test_redeal_keeps_the_seats_hand_and_every_count_and_moves_the_rest(self) -> None:
        match = Match(GAME, 3, GAME.options(), SEED)
        state = match.state
        moved = False
        for n in range(10):
            new = GAME.redeal(state, 1, Rng(SEED, f"redeal{n}"))
            assert new.hands[1] == state.hands[1]
            assert [len(h) for h in new.hands] == [len(h) for h in state.hands]
            assert GAME.hidden(new, 1) == GAME.hidden(state, 1)
            assert GAME.invariants(new) == []
            moved |= new.deck != state.deck
        assert moved

    def test_invariants_report_a_lost_card(self) -> None:
        match = table([["S5"], ["D2"]], rest(["S5", "D2"]))
        assert GAME.invariants(match.state) == []
        match.state.deck.pop()
        assert GAME.invariants(match.state) == [
            "cards are not conserved: each of the 24 must be in one place exactly once"
        ]
