"""Gregs Tagebuch: the end (GRE-20, 21) and the timeouts of the spec's "hidden information and timeouts"."""

from __future__ import annotations

from games.engine import Match, Outcome
from games.gregs import GAME, rules
from games.gregs.events import CursePassed, LastRound, Moved, Revealed, RevealingOver, TimedOut
from tests.games.gregs.helpers import (
    CHEESE,
    FINLEY,
    GREG,
    HOLDER_FAN,
    R2,
    R10,
    R20,
    R30,
    R40,
    R51,
    ROBOT,
    RODRICK,
    RUPERT,
    ZOO,
    act,
    kinds,
    reveal,
    table,
    time_out,
    turn_of,
)

RANKS = [R51, R40, R30, R20, R10, R2]


def turns_until_the_end(match: Match) -> list[int]:
    """Play by timeouts to the end; the active seat of every turn started on the way."""
    return [seat for seat, _ in last_round_turns(match)]


def last_round_turns(match: Match) -> list[tuple[int, int | None]]:
    """Play by timeouts to the end; ``(active seat, the view's turns_left)`` at the start of every turn."""
    turns = [(match.state.active, GAME.view(match.state, None).turns_left)]
    while GAME.outcome(match.state) is None:
        turn = match.state.turn
        time_out(match)
        if match.state.turn != turn and match.state.phase != "over":
            turns.append((match.state.active, GAME.view(match.state, None).turns_left))
    return turns


def rupert_reaches_rank_one(match: Match, fan: tuple[int, ...] = (0,)) -> list[object]:
    """Rupert (seat 1) stands just left of rank 2 and reveals the slots ``fan`` of ZOO (+4), the cheese,
    Robot (-2), then stops unless the cheese ended the turn (GRE-14); the bodies of the step that ended
    the turn."""
    others = [c for c in match.state.characters if c not in (None, RUPERT)]
    match.state.row = [*others, *RANKS[:-1], RUPERT, R2]
    turn_of(match, 1, 0, [ZOO, CHEESE, ROBOT])
    bodies = reveal(match, 1, *fan)
    return bodies if match.state.turn else act(match, 1, "stop")


class TestLastRound:
    def test_gre20_reaching_rank_one_starts_the_last_round(self) -> None:
        match = table()
        bodies = rupert_reaches_rank_one(match)
        assert bodies[:2] == [Moved(1, 4, 8, 9), LastRound(1)]
        assert (match.state.triggered_by, match.state.turns_left, match.state.active) == (1, 4, 2)
        assert GAME.view(match.state, None).last_round is True

    def test_gre20_every_seat_plays_once_more_from_the_next_seat(self) -> None:
        match = table()
        rupert_reaches_rank_one(match)
        assert turns_until_the_end(match) == [2, 3, 0, 1]
        assert (match.state.turn, match.state.phase) == (5, "over")

    def test_gre20_turns_left_counts_the_turns_still_to_play_the_current_one_included(self) -> None:
        match = table()
        rupert_reaches_rank_one(match)
        assert last_round_turns(match) == [(2, 4), (3, 3), (0, 2), (1, 1)]
        assert (match.state.turn, match.state.turns_left, match.state.phase) == (5, 0, "over")

    def test_gre20_gre14_revealing_the_cheese_can_start_the_last_round(self) -> None:
        match = table()
        bodies = rupert_reaches_rank_one(match, fan=(0, 1))
        assert bodies[1:6] == [
            Revealed(1, 1, CHEESE, 0),
            RevealingOver(1, "cheese", "GRE-14"),
            Moved(1, 4, 8, 9),
            LastRound(1),
            CursePassed(0, 1, "cheese"),
        ]
        assert (match.state.holder, match.state.turns_left, match.state.active) == (1, 4, 2)
        assert turns_until_the_end(match) == [2, 3, 0, 1]

    def test_gre20_gre18_the_holder_can_start_the_last_round_in_their_own_turn(self) -> None:
        match = table()
        match.state.row = [RUPERT, FINLEY, RODRICK, *RANKS[:-2], GREG, R10, R2]
        turn_of(match, 0, 0, HOLDER_FAN)
        reveal(match, 0, 0, 1, 2)
        assert act(match, 0, "stop") == [Moved(0, 7, 7, 9), LastRound(0)]
        view = GAME.view(match.state, None)
        assert (view.phase, view.to_act, view.last_round, view.turns_left) == ("curse", 0, True, 5)
        assert act(match, 0, "curse", target=3)[:2] == [CursePassed(0, 3, "chosen"), Moved(3, -3, 2, 0)]
        assert last_round_turns(match) == [(1, 4), (2, 3), (3, 2), (0, 1)]

    def test_gre20_at_six_seats_every_seat_plays_once_more(self) -> None:
        match = table(seats=6)
        assert rupert_reaches_rank_one(match)[:2] == [Moved(1, 4, 10, 11), LastRound(1)]
        assert last_round_turns(match) == [(2, 6), (3, 5), (4, 4), (5, 3), (0, 2), (1, 1)]
        assert (match.state.turn, match.state.phase) == (7, "over")

    def test_gre20_a_second_character_at_rank_one_triggers_nothing_more(self) -> None:
        match = table()
        rupert_reaches_rank_one(match)
        assert rules.move(match.state, 2, 20) == [Moved(2, 20, 1, 9)]
        assert match.state.triggered_by == 1

    def test_gre20_the_game_ends_with_the_full_ranking(self) -> None:
        match = table()
        rupert_reaches_rank_one(match)
        turns_until_the_end(match)
        characters = [c for c in match.state.row if c in (GREG, RUPERT, FINLEY, RODRICK)]
        assert (characters, match.state.holder) == ([FINLEY, RODRICK, GREG, RUPERT], 0)
        assert GAME.outcome(match.state) == Outcome([2, 1, 4, 3], [1])
        assert GAME.prompts(match.state) == {}


class TestRanking:
    def rank(self, holder: int) -> Outcome | None:
        state = table().state
        state.row = [GREG, FINLEY, *RANKS, RODRICK, RUPERT]
        state.holder, state.phase = holder, "over"
        return GAME.outcome(state)

    def test_gre20_seats_rank_by_position_rightmost_first(self) -> None:
        assert self.rank(holder=2) == Outcome([4, 1, 3, 2], [1])

    def test_gre20_a_curse_holder_in_first_place_is_ranked_second(self) -> None:
        assert self.rank(holder=1) == Outcome([4, 2, 3, 1], [3])

    def test_gre20_a_holder_elsewhere_keeps_their_place(self) -> None:
        assert self.rank(holder=0) == Outcome([4, 1, 3, 2], [1])


class TestTurnLimit:
    def test_gre21_the_turn_limit_ends_the_game_as_a_guard(self) -> None:
        match = table(turn_limit=3)
        assert turns_until_the_end(match) == [0, 1, 2]
        outcome = GAME.outcome(match.state)
        assert outcome is not None
        assert (outcome.reason, outcome.guard, match.state.turn) == ("turn_limit", True, 3)

    def test_gre21_the_turn_limit_ends_the_last_round_early(self) -> None:
        match = table(turn_limit=3)
        rupert_reaches_rank_one(match)
        assert turns_until_the_end(match) == [2, 3]
        outcome = GAME.outcome(match.state)
        assert outcome is not None
        assert (outcome.reason, outcome.guard, match.state.turn, match.state.turns_left) == (
            "turn_limit",
            True,
            3,
            2,
        )

    def test_gre21_gre20_a_last_round_ending_at_the_turn_limit_ends_by_the_rules(self) -> None:
        match = table(turn_limit=5)
        rupert_reaches_rank_one(match)
        assert turns_until_the_end(match) == [2, 3, 0, 1]
        outcome = GAME.outcome(match.state)
        assert outcome is not None
        assert (outcome.reason, outcome.guard, match.state.turn) == ("finished", False, 5)

    def test_gre21_default_turn_limit_is_200(self) -> None:
        assert GAME.options().turn_limit == 200


class TestTimeouts:
    def test_nothing_revealed_reveals_a_random_card(self) -> None:
        match = table()
        turn_of(match, 1, 0, [ZOO, ROBOT, CHEESE, "act-wrestling-1"])
        bodies = time_out(match)
        assert kinds(bodies)[:4] == ["timed_out", "revealed", "revealing_over", "moved"]
        assert (bodies[0].default, bodies[1].slot, bodies[1].card) == ("reveal_random", 2, CHEESE)

    def test_after_a_reveal_the_default_is_stop(self) -> None:
        match = table()
        turn_of(match, 1, 0, [ZOO, ROBOT, CHEESE])
        reveal(match, 1, 0)
        bodies = time_out(match)
        assert kinds(bodies)[:2] == ["timed_out", "moved"]
        assert bodies[1] == Moved(1, 4, 1, 5)

    def test_the_holder_reveals_at_random_while_fewer_than_three(self) -> None:
        match = table()
        turn_of(match, 0, 0, HOLDER_FAN)
        reveal(match, 0, 0, 1)
        assert kinds(time_out(match))[:2] == ["timed_out", "revealed"]

    def test_gre16_gre18_the_holder_after_three_reveals_stops_and_must_then_choose(self) -> None:
        match = table()
        turn_of(match, 0, 0, HOLDER_FAN)
        reveal(match, 0, 0, 1, 2)
        assert time_out(match) == [TimedOut(0, "stop"), Moved(0, 7, 0, 7)]
        assert (match.state.phase, GAME.prompts(match.state)[0].id) == ("curse", "t0-curse")

    def test_the_curse_goes_to_the_best_placed_other_player(self) -> None:
        match = table()
        turn_of(match, 0, 0, HOLDER_FAN)
        reveal(match, 0, 0, 1, 2)
        act(match, 0, "stop")  # Greg moves 7, right of everyone: the best placed other is Rodrick
        bodies = time_out(match)
        assert (bodies[0].default, bodies[1].target) == ("best_placed", 3)
