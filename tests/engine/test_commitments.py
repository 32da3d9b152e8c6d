"""Simultaneous hidden commitments (DESIGN "The engine"), directly and through fixture-commit (CMT-*)."""

from __future__ import annotations

import itertools
from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import IllegalAction, Match, Prompt, Rng
from games.engine import commitments as cm
from games.fixtures import commit
from games.fixtures.commit import Committed, Revealed, Turned

GAME = commit.GAME
SEED = b"commit-tests"  # deals prize-2 first, then prize-4, prize-5, prize-3, prize-1


def bid(card: int) -> dict[str, Any]:
    return {"kind": "bid", "card": card}


def seen(match: Match, seat: int | None) -> bytes:
    """Everything ``seat`` receives about the table now: its view and its prompt, as wire bytes."""
    return seen_in(match.state, seat)


def seen_in(state: commit.BidsState, seat: int | None) -> bytes:
    prompt = GAME.prompts(state).get(seat) if seat is not None else None
    return msgspec.json.encode([GAME.view(state, seat), prompt])


def bodies(events: list[Any], viewer: int | None) -> list[Any]:
    return [e.body for e in events if e.audience.sees(viewer)]


class TestCommitmentsModule:
    def test_round_opens_for_seats_in_ascending_order(self) -> None:
        c: cm.Commitments[int] = cm.Commitments()
        cm.open_round(c, [2, 0, 1])
        assert (c.round, c.seats, cm.waiting(c), cm.all_committed(c)) == (1, [0, 1, 2], [0, 1, 2], False)

    @given(st.permutations([0, 1, 2, 3]), st.lists(st.integers(0, 9), min_size=4, max_size=4))
    def test_any_commit_order_reveals_the_same_in_seat_order(self, order: list[int], bids: list[int]) -> None:
        c: cm.Commitments[int] = cm.Commitments()
        cm.open_round(c, range(4))
        for seat in order:
            assert not cm.all_committed(c)
            cm.commit(c, seat, bids[seat])
        assert cm.reveal(c) == list(enumerate(bids))
        assert (c.seats, c.pending, c.round) == ([], {}, 1)

    def test_second_commit_is_refused_and_the_first_stands(self) -> None:
        c: cm.Commitments[str] = cm.Commitments()
        cm.open_round(c, [0, 1])
        cm.commit(c, 0, "left")
        with pytest.raises(IllegalAction) as caught:
            cm.commit(c, 0, "right")
        assert caught.value.code == "commit/already"
        assert c.pending == {0: "left"}

    def test_seat_outside_the_round_is_refused_with_no_prompt(self) -> None:
        c: cm.Commitments[str] = cm.Commitments()
        cm.open_round(c, [0, 2])
        with pytest.raises(IllegalAction) as caught:
            cm.commit(c, 1, "x")
        assert caught.value.code == "action/no_prompt"

    def test_reveal_before_all_committed_is_a_bug(self) -> None:
        c: cm.Commitments[int] = cm.Commitments()
        cm.open_round(c, [0, 1])
        cm.commit(c, 1, 5)
        with pytest.raises(ValueError, match="reveal before every seat has committed"):
            cm.reveal(c)

    def test_prompts_only_for_seats_yet_to_commit_with_round_stable_ids(self) -> None:
        c: cm.Commitments[int] = cm.Commitments()
        cm.open_round(c, [0, 1])
        cm.commit(c, 0, 3)
        assert cm.prompts(c, ["bid"], {1: {"bid": [{"card": 1}]}}, default="lowest") == {
            1: Prompt("commit/1/1", ["bid"], "commit", "lowest", {"bid": [{"card": 1}]})
        }
        cm.commit(c, 1, 1)
        cm.reveal(c)
        cm.open_round(c, [0, 1])
        assert sorted(p.id for p in cm.prompts(c, ["bid"]).values()) == ["commit/2/0", "commit/2/1"]

    def test_a_commitment_is_a_decision_its_timeout_strikes_unless_its_default_is_a_pass(self) -> None:
        """``Prompt.strike``: the round waits for every seat and its default commits for it (a strike); a
        commitment whose default is ``pass`` (nothing committed) is none."""
        c: cm.Commitments[int] = cm.Commitments()
        cm.open_round(c, [0, 1])
        assert [p.strike for p in cm.prompts(c, ["bid"], default="lowest").values()] == [True, True]
        assert [p.strike for p in cm.prompts(c, ["bid", "pass"], default="pass").values()] == [False, False]

    def test_view_shows_who_committed_and_only_the_own_payload(self) -> None:
        c: cm.Commitments[int] = cm.Commitments()
        cm.open_round(c, [0, 1, 2])
        cm.commit(c, 2, 7)
        cm.commit(c, 0, 4)
        assert cm.view(c, 0) == cm.CommitmentsView(1, [0, 1, 2], [0, 2], mine=4)
        assert cm.view(c, 1) == cm.CommitmentsView(1, [0, 1, 2], [0, 2], mine=None)
        assert cm.view(c, None) == cm.CommitmentsView(1, [0, 1, 2], [0, 2], mine=None)


class TestSealedBids:
    def test_cmt1_prompts_every_seat_at_once_with_its_hand(self) -> None:
        match = Match(GAME, 3, GAME.options(), SEED)
        prompts = GAME.prompts(match.state)
        assert sorted(prompts) == [0, 1, 2]
        assert prompts[1] == Prompt(
            "commit/1/1", ["bid"], "commit", "lowest", {"bid": [{"card": c} for c in range(1, 6)]}
        )

    @pytest.mark.parametrize("order", list(itertools.permutations(range(3))))
    def test_cmt4_any_commit_order_gives_the_same_reveal(self, order: tuple[int, ...]) -> None:
        match = Match(GAME, 3, GAME.options(), SEED)
        cards = [3, 5, 1]
        events = [match.act(seat, bid(cards[seat])) for seat in order]
        assert [bodies(e, None) for e in events[:2]] == [[Committed(order[0])], [Committed(order[1])]]
        assert bodies(events[2], None) == [
            Committed(order[2]),
            Revealed("prize-2", [3, 5, 1], winner=1),
            Turned("prize-4"),
        ]
        assert match.state.scores == [0, 2, 0]
        assert match.state.hands == [[1, 2, 4, 5], [1, 2, 3, 4], [2, 3, 4, 5]]

    @pytest.mark.parametrize("viewer", [1, 2, None])
    def test_cmt2_nothing_of_a_pending_bid_reaches_another_seat(self, viewer: int | None) -> None:
        received = []
        for card in (1, 5):
            match = Match(GAME, 3, GAME.options(), SEED)
            before = seen(match, viewer)
            events = match.act(0, bid(card))
            refusal = None
            if viewer is not None:
                with pytest.raises(IllegalAction) as caught:
                    match.act(viewer, bid(9))
                refusal = (caught.value.code, caught.value.message, caught.value.details)
            received.append((before, seen(match, viewer), bodies(events, viewer), refusal))
        assert received[0] == received[1]
        assert received[0][2] == [Committed(0)]

    def test_cmt2_the_hand_keeps_the_bid_until_the_reveal_and_the_bidder_sees_its_own(self) -> None:
        match = Match(GAME, 2, GAME.options(), SEED)
        match.act(0, bid(4))
        mine, theirs = GAME.view(match.state, 0), GAME.view(match.state, 1)
        assert mine.hands[0] == theirs.hands[0] == [1, 2, 3, 4, 5]
        assert (mine.bids.mine, theirs.bids.mine, theirs.bids.committed) == (4, None, [0])

    def test_cmt2_a_second_bid_is_refused_with_commit_already(self) -> None:
        match = Match(GAME, 2, GAME.options(), SEED)
        match.act(0, bid(4))
        with pytest.raises(IllegalAction) as caught:
            match.act(0, bid(2))
        assert caught.value.code == "commit/already"
        assert match.state.bids.pending == {0: 4}

    def test_cmt3_timeout_commits_the_lowest_card(self) -> None:
        match = Match(GAME, 2, GAME.options(), SEED)
        match.act(0, bid(1))
        match.act(1, bid(2))  # seat 1 takes prize-2; round 2 is for prize-4
        events = match.act(0, {"kind": "timeout", "prompt": "commit/2/0"})
        assert bodies(events, None) == [Committed(0)]
        events = match.act(1, {"kind": "timeout", "prompt": "commit/2/1"})
        assert bodies(events, None)[1] == Revealed("prize-4", [2, 1], winner=0)
        assert match.state.scores == [4, 2]

    def test_cmt4_shared_highest_bid_scores_nothing(self) -> None:
        match = Match(GAME, 3, GAME.options(), SEED)
        for seat, card in enumerate([5, 5, 4]):
            events = match.act(seat, bid(card))
        assert bodies(events, None)[1] == Revealed("prize-2", [5, 5, 4], winner=None)
        assert match.state.scores == [0, 0, 0]

    def test_cmt5_game_ends_after_every_prize_with_ranks(self) -> None:
        match = Match(GAME, 2, GAME.options(), SEED)
        for mine, theirs in [(5, 4), (4, 3), (3, 2), (2, 1), (1, 5)]:
            match.act(1, bid(theirs))
            match.act(0, bid(mine))
        # seat 0 wins prize-2, -4, -5 and -3 (14 points), seat 1 the last one, prize-1
        assert match.state.scores == [14, 1]
        outcome = GAME.outcome(match.state)
        assert outcome is not None and (outcome.ranks, outcome.winners) == ([1, 2], [0])
        assert GAME.prompts(match.state) == {}

    @pytest.mark.parametrize("seat", [1, None])
    def test_redeal_of_hidden_bids_and_deck_keeps_what_the_seat_sees(self, seat: int | None) -> None:
        match = Match(GAME, 3, GAME.options(), SEED)
        match.act(0, bid(5))
        match.act(2, bid(1))
        other = GAME.redeal(match.state, seat, Rng(b"redeal", "t"))
        assert sorted(other.deck) == sorted(match.state.deck)
        assert (other.deck, other.bids.pending) != (match.state.deck, match.state.bids.pending)
        assert seen_in(other, seat) == seen_in(match.state, seat)
        assert GAME.invariants(other) == []
        assert GAME.hidden(match.state, seat) == {"prize-1", "prize-3", "prize-4", "prize-5"}
