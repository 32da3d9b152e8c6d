"""Grucha's deal, rounds and match: the decks (GRU-1), the dealer (GRU-2), scoring (GRU-13), the end of
the match (GRU-15) and the options ``opening_min_points`` and ``jokers_must_be_minority``."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from games.engine import GameEnded, IllegalAction, Match
from games.grucha import GAME
from games.grucha.cards import deck
from games.grucha.events import Ready, Revealed, RoundEnded, WentOut
from tests.games.grucha.helpers import act, arrange, kinds, new_match, run, submit


def go_out(match: Match, seat: int = 0, now: float = 0.0, deal: bool = True) -> list[Any]:
    """``seat`` holds one set and plays it, emptying its hand; with ``deal``, every seat is then ready
    and the next round is dealt (unless the match is over). The bodies of every step, in order."""
    hands = [["4S-a", "5H-a"] for _ in range(match.state.seats)]
    hands[seat] = ["7C-a", "7D-a", "7H-a"]
    arrange(match, hands, [], active=seat)
    bodies = submit(match, seat, ["7C-a", "7D-a", "7H-a"], now=now)
    while deal and match.state.phase == "scores":
        bodies += act(match, min(GAME.prompts(match.state)), "next", now=now)
    return bodies


class TestDeal:
    def test_gru1_two_decks_with_two_jokers_each_are_108_distinct_cards(self) -> None:
        cards = deck(2)
        assert (len(cards), len(set(cards)), sum(c.startswith("JK-") for c in cards)) == (108, 108, 4)
        assert {"7S-a", "7S-b", "10H-a", "AS-b", "JK-a1", "JK-b2"} <= set(cards)

    def test_gru1_jokers_per_deck_option(self) -> None:
        match = new_match(jokers_per_deck=0)
        assert len(match.state.stock) + 26 == 104
        assert len(deck(3)) == 110

    @pytest.mark.parametrize("seats", [2, 3, 4, 5])
    def test_gru2_thirteen_cards_each_and_the_rest_is_the_stock(self, seats: int) -> None:
        state = new_match(seats).state
        assert [len(h) for h in state.hands] == [13] * seats
        assert len(state.stock) == 108 - 13 * seats
        assert GAME.invariants(state) == []

    def test_gru2_the_seat_after_the_dealer_plays_first(self) -> None:
        dealers = set()
        for n in range(12):
            state = new_match(4, seed=f"deal-{n}".encode()).state
            dealers.add(state.dealer)
            assert state.active == (state.dealer + 1) % 4
            assert list(GAME.prompts(state)) == [state.active]
        assert len(dealers) > 1  # drawn at random

    def test_gru2_rotate_dealer_moves_the_deal_one_seat_on(self) -> None:
        match = new_match(3, rotate_dealer=True, point_limit=1000)
        dealer = match.state.dealer
        go_out(match)
        assert (match.state.round, match.state.dealer, match.state.active) == (
            2,
            (dealer + 1) % 3,
            (dealer + 2) % 3,
        )

    def test_gru2_without_rotation_each_round_draws_its_dealer(self) -> None:
        dealers = set()
        for n in range(10):
            match = new_match(3, seed=f"redeal-{n}".encode(), point_limit=1000)
            first = match.state.dealer
            go_out(match)
            dealers.add((match.state.dealer - first) % 3)
        assert len(dealers) > 1

    def test_too_few_or_many_seats_are_refused(self) -> None:
        with pytest.raises(ValueError, match="2 to 5"):
            new_match(6)


class TestScoring:
    def test_gru13_going_out_ends_the_round_and_the_others_score_their_hands(self) -> None:
        match = new_match(3, point_limit=1000)
        bodies = go_out(match, 1)
        assert kinds(bodies) == [
            "submitted",
            "went_out",
            "revealed",
            "revealed",
            "round_ended",
            *["ready", "ready", "ready"],
            "round_started",
        ]
        hands = [["4S-a", "5H-a"], [], ["4S-a", "5H-a"]]
        assert bodies[1:5] == [
            WentOut(1, 1, 0),
            Revealed(0, ["4S-a", "5H-a"], 9, 9),
            Revealed(2, ["4S-a", "5H-a"], 9, 9),
            RoundEnded(1, "out", 1, [9, 0, 9], [9, 0, 9], hands),
        ]
        assert (match.state.round, match.state.history) == (2, [[9, 0, 9]])

    def test_gru13_the_spec_hand_scores_49(self) -> None:
        match = new_match(2, point_limit=1000)
        arrange(match, [["7C-a", "7D-a", "7H-a"], ["AS-a", "KD-b", "JK-a1", "2C-a"]], [])
        assert submit(match, 0, ["7C-a", "7D-a", "7H-a"])[-1].scores == [0, 49]

    def test_gru13_the_play_that_goes_out_names_its_cards(self) -> None:
        """The next deal comes in a later step, so the last play's cards stay on show."""
        body = go_out(new_match(2), deal=False)[0]
        assert (body.count, body.added, body.went_out) == (3, ["7C-a", "7D-a", "7H-a"], True)
        assert [g.cards for g in body.table] == [["7H-a", "7D-a", "7C-a"]]

    def test_gru13_every_hand_is_shown_with_its_score_before_the_next_deal(self) -> None:
        match = new_match(3, point_limit=1000)
        go_out(match, 1, deal=False)
        state = match.state
        hands = [["4S-a", "5H-a"], [], ["4S-a", "5H-a"]]
        assert (state.phase, state.round, GAME.hidden(state, 0)) == ("scores", 1, set(state.stock))
        for viewer in (None, 0, 1, 2):
            view = GAME.view(state, viewer)
            assert (view.phase, view.revealed, view.history, view.totals) == (
                "scores",
                hands,
                [[9, 0, 9]],
                [9, 0, 9],
            )
        prompts = GAME.prompts(state)
        assert list(prompts) == [0, 1, 2]
        assert {(p.id, p.timer, p.default, p.strike) for p in prompts.values()} == {
            ("r1-next", "reveal", "next", False)
        }
        with pytest.raises(IllegalAction) as err:
            act(match, 0, "draw")
        assert err.value.code == "action/not_offered"

    def test_gru13_the_next_round_is_dealt_once_every_seat_is_ready(self) -> None:
        match = new_match(3, point_limit=1000)
        go_out(match, 1, deal=False)
        assert act(match, 2, "next") == [Ready(2)]
        assert list(GAME.prompts(match.state)) == [0, 1]
        assert kinds(act(match, 0, "timeout", prompt="r1-next")) == ["timed_out", "ready"]
        bodies = act(match, 1, "next")
        assert kinds(bodies) == ["ready", "round_started"]
        state = match.state
        assert (state.phase, state.round, [len(h) for h in state.hands]) == ("play", 2, [13, 13, 13])
        assert GAME.view(state, 0).revealed == []


class TestMatchEnd:
    def test_gru15_after_a_number_of_rounds(self) -> None:
        match = new_match(2, rounds=2, point_limit=None)
        go_out(match)
        assert match.state.phase == "play"
        bodies = go_out(match)
        assert bodies[-1] == GameEnded([1, 2], [0], "rounds")
        assert GAME.view(match.state, None).revealed == [[], ["4S-a", "5H-a"]]
        assert (GAME.prompts(match.state), GAME.outcome(match.state).ranks) == ({}, [1, 2])  # type: ignore[union-attr]

    def test_gru15_a_total_of_exactly_the_limit_does_not_end_the_match(self) -> None:
        match = new_match(2, point_limit=100)
        match.state.totals = [0, 91]
        assert kinds(go_out(match))[-1] == "round_started"  # 91 + 9 = 100
        match.state.totals = [0, 92]
        bodies = go_out(match)
        assert bodies[-1] == GameEnded([1, 2], [0], "points")  # 101 > 100

    def test_gru15_wall_clock_checked_between_rounds_from_the_first_action(self) -> None:
        match = new_match(2, time_limit_minutes=10, point_limit=None)
        act(match, match.state.active, "draw", now=1000.0)
        assert match.state.started == 1000.0
        assert kinds(go_out(match, now=1599.0))[-1] == "round_started"  # 9 min 59 s
        bodies = go_out(match, now=1600.0)
        assert bodies[-1] == GameEnded([1, 2], [0], "time")

    def test_gru15_equal_totals_share_the_place(self) -> None:
        match = new_match(3, rounds=1)
        bodies = go_out(match, 2)
        assert bodies[-1] == GameEnded([2, 2, 1], [2], "rounds")
        view = GAME.view(match.state, 0)
        assert (view.phase, view.totals, view.ranks, view.end_reason) == (
            "over",
            [9, 9, 0],
            [2, 2, 1],
            "rounds",
        )

    def test_gru15_standings_in_the_view(self) -> None:
        match = new_match(3, point_limit=1000)
        match.state.totals = [30, 10, 30]
        assert GAME.view(match.state, None).ranks == [2, 1, 2]

    def test_gru15_rounds_turn_off_point_limit(self) -> None:
        match = new_match(2, rounds=5)
        assert (match.state.options.limit, GAME.view(match.state, 0).point_limit) == (None, None)
        match.state.totals = [0, 150]
        go_out(match)
        assert (match.state.phase, match.state.end_reason) == ("play", None)
        for _ in range(4):
            bodies = go_out(match)
        assert bodies[-1] == GameEnded([1, 2], [0], "rounds")
        assert match.state.history == [[0, 9]] * 5

    def test_gru15_time_limit_turns_off_point_limit(self) -> None:
        match = new_match(2, time_limit_minutes=10)
        match.state.totals = [0, 150]
        assert kinds(go_out(match, now=60.0))[-1] == "round_started"
        assert match.state.options.limit is None

    def test_gru15_a_point_limit_given_beside_rounds_keeps_it(self) -> None:
        match = new_match(2, rounds=5, point_limit=100)
        match.state.totals = [0, 95]
        assert go_out(match)[-1] == GameEnded([1, 2], [0], "points")

    def test_gru15_the_point_limit_is_100_when_no_end_is_given(self) -> None:
        assert (GAME.options({}).limit, GAME.options({"rounds": None}).limit) == (100, 100)

    def test_an_end_condition_is_required(self) -> None:
        with pytest.raises(msgspec.ValidationError, match="at least one"):
            GAME.options({"point_limit": None})

    def test_options_refuse_unknown_fields(self) -> None:
        with pytest.raises(msgspec.ValidationError):
            GAME.options({"point_limt": 50})


class TestOpeningMinimum:
    def table(self) -> Match:
        match = new_match(2, opening_min_points=30)
        hand = ["10S-a", "JS-a", "QS-a", "2C-a", "3C-a", "4C-a", "5D-b", "JK-a1"]
        arrange(match, [hand, ["9H-b"]], [run("D", 3, 8)])
        return match

    def refused(self, match: Match, *groups: list[str]) -> dict[str, Any]:
        with pytest.raises(IllegalAction) as err:
            submit(match, 0, *groups)
        assert err.value.code == "grucha/opening"
        return err.value.details

    def test_the_first_submission_must_reach_the_minimum_from_the_hand(self) -> None:
        details = self.refused(self.table(), run("D", 3, 8), ["2C-a", "3C-a", "4C-a"])
        assert details == {"group": None, "reason": "too_few_points", "points": 9, "needed": 30}

    def test_a_joker_counts_as_what_it_stands_for(self) -> None:
        details = self.refused(self.table(), run("D", 3, 8), ["2C-a", "3C-a", "JK-a1"])
        assert details == {"group": None, "reason": "too_few_points", "points": 2 + 3 + 4, "needed": 30}

    def test_the_opening_must_not_touch_the_table(self) -> None:
        details = self.refused(self.table(), ["3D-a", "4D-a", "5D-a"], ["5D-b", "6D-a", "7D-a", "8D-a"])
        assert details == {"group": None, "reason": "table_touched"}

    def test_several_new_groups_add_up(self) -> None:
        match = self.table()
        submit(match, 0, run("D", 3, 8), ["2C-a", "3C-a", "4C-a"], ["10S-a", "JS-a", "QS-a"])  # 9 + 33
        assert (match.state.opened, match.state.added) == ([True, False], 6)

    def test_once_opened_the_table_is_free(self) -> None:
        match = self.table()
        submit(match, 0, run("D", 3, 8), ["10S-a", "JS-a", "QS-a"])  # 10+11+12 = 33
        submit(
            match, 0, ["3D-a", "4D-a", "5D-a"], ["5D-b", "6D-a", "7D-a", "8D-a"], ["10S-a", "JS-a", "QS-a"]
        )
        assert match.state.added == 4


class TestJokersMinority:
    def test_a_group_with_as_many_jokers_as_naturals_is_refused(self) -> None:
        match = new_match(2, jokers_must_be_minority=True)
        arrange(match, [["9C-a", "JK-a1", "JK-a2", "9D-a", "9H-a"], ["2C-a"]], [])
        with pytest.raises(IllegalAction) as err:
            submit(match, 0, ["9C-a", "JK-a1", "JK-a2"])
        assert (err.value.code, err.value.details) == (
            "grucha/invalid_group",
            {"group": 0, "reason": "joker_majority"},
        )
        submit(match, 0, ["9C-a", "JK-a1", "9D-a"])
        assert GAME.invariants(match.state) == []

    def test_without_the_option_jokers_may_be_the_majority(self) -> None:
        match = new_match(2)
        arrange(match, [["9C-a", "JK-a1", "JK-a2", "9D-a"], ["2C-a"]], [])
        submit(match, 0, ["9C-a", "JK-a1", "JK-a2"])
        assert match.state.table[0].jokers == {"JK-a1": "10C", "JK-a2": "JC"}
