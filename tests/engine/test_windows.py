"""Reaction windows and the pending-effect queue (DESIGN "The engine"; IGR-18, IGR-30, IGR-36, INF-19),
on plain data.

Payloads are strings and effects a small Struct; `Recorder` notes every item `run` hands it, opens a
nested concurrent window when an ``alarm`` play resolves, and offers a play to the seats in ``holders``
(what a ``skip_idle`` window asks).
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from games.engine import Event, IllegalAction, Prompt
from games.engine import contests as ct
from games.engine import windows as wn


class Note(msgspec.Struct, frozen=True, tag="note"):
    text: str


Ws = wn.Windows[Note, str]


class Recorder(wn.Resolver[Note, str]):
    def __init__(self, ws: Ws, holders: set[int] | None = None) -> None:
        self.ws = ws
        self.log: list[str] = []
        self.holders = holders if holders is not None else set()

    def on_effect(self, effect: Note) -> list[Event[Any]]:
        self.log.append(f"effect {effect.text}")
        return []

    def on_play(self, play: wn.Play[str], window: wn.Window[str]) -> list[Event[Any]]:
        self.log.append(f"play {play.id} {play.payload}" + (" cancelled" if play.cancelled else ""))
        if play.payload == "alarm" and not play.cancelled:
            wn.open_window(self.ws, "concurrent", [0, 1, 2], purpose="alarm")
        return []

    def on_close(self, window: wn.Window[str]) -> list[Event[Any]]:
        self.log.append(f"close {window.id}")
        return []

    def choices(self, window: wn.Window[str], seat: int) -> wn.Choices:
        return {"medicine": [{"card": "m1"}] if seat in self.holders else []}


def ordered(seats: list[int], opening: str = "move", cancellable: bool = True) -> Ws:
    """Windows with one ordered window whose opening play (id 1) is ``opening`` by the first seat."""
    ws: Ws = wn.Windows()
    wn.open_window(ws, "ordered", seats, "test", [(seats[0], opening)], cancellable)
    return ws


def refused(code: str, call: Any, *args: Any, **kwargs: Any) -> None:
    with pytest.raises(IllegalAction) as caught:
        call(*args, **kwargs)
    assert caught.value.code == code


def pass_round(ws: Ws, seats: list[int]) -> list[bool]:
    return [wn.pass_(ws, s) for s in seats]


def settled(ws: Ws) -> list[tuple[int, bool]]:
    return [(p.id, p.cancelled) for p in ws.stack[-1].plays]


class TestOrderedWindow:
    def test_igr30_one_seat_at_a_time_from_the_active_player_round_and_round(self) -> None:
        ws = ordered([2, 0, 1])
        trace = []
        for seat, action in [(2, "pass"), (0, "play"), (1, "pass"), (2, "pass"), (0, "pass")]:
            assert wn.responders(ws) == [seat]
            trace.append(wn.pass_(ws, seat) if action == "pass" else wn.play(ws, seat, "boost").id)
        assert trace == [False, 2, False, False, True]
        assert (ws.stack[-1].resolving, wn.responders(ws)) == (True, [])

    def test_igr30_a_play_resets_the_passes(self) -> None:
        ws = ordered([0, 1, 2])
        pass_round(ws, [0, 1])
        wn.play(ws, 2, "boost")
        assert ws.stack[-1].passed == []
        assert pass_round(ws, [0, 1, 2]) == [False, False, True]

    def test_seat_out_of_turn_is_refused_not_your_turn(self) -> None:
        ws = ordered([0, 1, 2])
        refused("window/not_your_turn", wn.play, ws, 1, "boost")
        refused("window/not_your_turn", wn.pass_, ws, 2)
        assert (wn.idle_code(ws, 2), wn.idle_code(ws, 5)) == ("window/not_your_turn", None)
        refused("action/no_prompt", wn.pass_, ws, 5)

    def test_prompts_have_their_own_ids_timer_reaction_and_default_pass(self) -> None:
        ws = ordered([1, 0])
        offer = {"cancel": [{"card": "c1", "target": 1}], "boost": []}
        prompts = wn.prompts(ws, lambda window, seat: offer)
        assert prompts == {
            1: Prompt(
                "w1/1/0/1",
                ["pass", "cancel"],
                "reaction",
                "pass",
                {"pass": [{}], "cancel": offer["cancel"]},
                strike=False,  # letting a window lapse is no strike
            )
        }
        wn.pass_(ws, 1)
        assert [p.id for p in wn.prompts(ws, lambda w, s: {}).values()] == ["w1/1/1/0"]
        wn.play(ws, 0, "boost")
        assert [p.id for p in wn.prompts(ws, lambda w, s: {}).values()] == ["w1/2/0/1"]

    def test_window_without_eligible_seats_closes_at_once(self) -> None:
        ws: Ws = wn.Windows()
        wn.open_window(ws, "ordered", [], opening=[(0, "move")])
        recorder = Recorder(ws)
        wn.run(ws, recorder)
        assert (recorder.log, ws.stack) == (["play 1 move", "close 1"], [])


class TestResolution:
    def test_igr30_a_cancel_cancels_its_target(self) -> None:
        ws = ordered([0, 1])
        wn.pass_(ws, 0)
        wn.play(ws, 1, "cancel", target=1)
        pass_round(ws, [0, 1])
        assert settled(ws) == [(1, True), (2, False)]

    def test_igr30_a_cancel_of_a_cancel_restores_the_original(self) -> None:
        ws = ordered([0, 1])
        wn.pass_(ws, 0)
        wn.play(ws, 1, "cancel", target=1)
        wn.play(ws, 0, "cancel", target=2)
        pass_round(ws, [1, 0])
        assert settled(ws) == [(1, False), (2, True), (3, False)]

    def test_a_chain_of_three_cancels_cancels_the_original(self) -> None:
        ws = ordered([0, 1])
        wn.play(ws, 0, "cancel", target=1)
        wn.play(ws, 1, "cancel", target=2)
        wn.play(ws, 0, "cancel", target=3)
        pass_round(ws, [1, 0])
        assert settled(ws) == [(1, True), (2, False), (3, True), (4, False)]

    def test_a_cancel_aimed_at_an_uncancellable_play_is_refused_and_changes_nothing(self) -> None:
        ws = ordered([0, 1], opening="move", cancellable=False)
        wn.pass_(ws, 0)
        before = msgspec.json.encode(ws)
        with pytest.raises(IllegalAction) as caught:
            wn.play(ws, 1, "cancel", target=1)
        assert (caught.value.code, caught.value.details) == (
            "window/no_target",
            {"target": 1, "reason": "uncancellable"},
        )
        assert msgspec.json.encode(ws) == before

    def test_an_uncancellable_cancel_cannot_be_targeted(self) -> None:
        ws = ordered([0, 1])
        wn.pass_(ws, 0)
        wn.play(ws, 1, "veto", target=1, cancellable=False)
        refused("window/no_target", wn.play, ws, 0, "cancel", target=2)
        pass_round(ws, [0, 1])
        assert settled(ws) == [(1, True), (2, False)]

    @pytest.mark.parametrize("target", [0, 2, 99])
    def test_a_target_that_is_no_play_of_the_window_is_refused(self, target: int) -> None:
        ws = ordered([0, 1])
        refused("window/no_target", wn.play, ws, 0, "cancel", target=target)
        assert (len(ws.stack[-1].plays), ws.next_play) == (1, 2)

    def test_plays_resolve_last_in_first_out_then_the_window_closes(self) -> None:
        ws = ordered([0, 1])
        wn.play(ws, 0, "boost")
        wn.play(ws, 1, "cancel", target=2)
        pass_round(ws, [0, 1])
        recorder = Recorder(ws)
        wn.run(ws, recorder)
        assert recorder.log == ["play 3 cancel", "play 2 boost cancelled", "play 1 move", "close 1"]


class TestQueueAndNesting:
    def test_run_waits_while_a_window_accepts_plays_then_continues_the_interrupted_action(self) -> None:
        ws: Ws = wn.Windows()
        wn.push(ws, [Note("land"), Note("end turn")])
        wn.open_window(ws, "ordered", [0, 1], opening=[(0, "roll")])
        recorder = Recorder(ws)
        assert (wn.run(ws, recorder), recorder.log) == ([], [])
        pass_round(ws, [0, 1])
        wn.run(ws, recorder)
        assert recorder.log == ["play 1 roll", "close 1", "effect land", "effect end turn"]
        assert (ws.stack, ws.queue) == ([], [])

    def test_push_at_the_back_runs_after_what_is_queued(self) -> None:
        ws: Ws = wn.Windows()
        wn.push(ws, [Note("a")])
        wn.push(ws, [Note("z")], front=False)
        wn.push(ws, [Note("first")])
        recorder = Recorder(ws)
        wn.run(ws, recorder)
        assert recorder.log == ["effect first", "effect a", "effect z"]

    def test_a_window_opened_while_another_resolves_runs_first_then_the_first_resumes(self) -> None:
        ws: Ws = wn.Windows()
        wn.push(ws, [Note("end turn")])
        wn.open_window(ws, "ordered", [0, 1, 2], opening=[(0, "move")])
        wn.play(ws, 0, "alarm")
        pass_round(ws, [1, 2, 0])
        recorder = Recorder(ws)
        wn.run(ws, recorder)
        assert recorder.log == ["play 2 alarm"]
        assert [(w.id, w.mode, w.resolving) for w in ws.stack] == [
            (1, "ordered", True),
            (2, "concurrent", False),
        ]
        assert wn.responders(ws) == [0, 1, 2]
        refused("window/no_target", wn.play, ws, 1, "cancel", target=2)  # play 2 is window 1's
        wn.play(ws, 1, "boost")
        pass_round(ws, [0, 1, 2])
        wn.run(ws, recorder)
        assert recorder.log[1:] == ["play 3 boost", "close 2", "play 1 move", "close 1", "effect end turn"]

    def test_play_ids_are_unique_across_windows(self) -> None:
        ws = ordered([0])
        wn.pass_(ws, 0)
        wn.run(ws, Recorder(ws))
        wn.open_window(ws, "ordered", [0], opening=[(0, "again")])
        assert [(w.id, [p.id for p in w.plays]) for w in ws.stack] == [(2, [2])]


class TestConcurrentWindow:
    def test_every_eligible_seat_is_prompted_at_once(self) -> None:
        ws: Ws = wn.Windows()
        wn.open_window(ws, "concurrent", [2, 0, 1])
        prompts = wn.prompts(ws, lambda w, s: {})
        assert {s: p.id for s, p in prompts.items()} == {2: "w1/0/2", 0: "w1/0/0", 1: "w1/0/1"}
        assert {(p.timer, p.default) for p in prompts.values()} == {("reaction", "pass")}

    def test_a_pass_leaves_other_prompts_unchanged_and_a_play_renews_them(self) -> None:
        ws: Ws = wn.Windows()
        wn.open_window(ws, "concurrent", [0, 1, 2])
        assert wn.pass_(ws, 1) is False
        assert {s: p.id for s, p in wn.prompts(ws, lambda w, s: {}).items()} == {0: "w1/0/0", 2: "w1/0/2"}
        refused("action/no_prompt", wn.pass_, ws, 1)
        wn.play(ws, 2, "boost")
        assert {s: p.id for s, p in wn.prompts(ws, lambda w, s: {}).items()} == {
            0: "w1/1/0",
            1: "w1/1/1",
            2: "w1/1/2",
        }
        assert pass_round(ws, [2, 0, 1]) == [False, False, True]


class TestContest:
    @pytest.mark.parametrize(
        ("start", "deltas", "winner"),
        [
            ([4, 3], [], 0),  # no card: the higher die
            ([3, 4], [(1, 0), (1, 0)], 0),  # cards overturn the dice: the higher total
            ([4, 3], [(0, 1)], 0),  # a card forced the tie: the side ahead before it
            ([4, 5], [(1, 0)], 1),
            ([5, 4], [(0, 1), (1, 0), (0, 1)], 0),  # 5-5, 6-5, 6-6: ahead before the last is 0
            ([4, 3], [(0, 1), (1, 1)], 0),  # tied before the last too: walk back to 4-3
            ([3, 3], [], None),
            ([3, 3], [(1, 1)], None),
        ],
    )
    def test_igr18_side_ahead_before_the_last_play_wins_a_tie(
        self, start: list[int], deltas: list[tuple[int, int]], winner: int | None
    ) -> None:
        assert ct.ahead_before_last(start, deltas) == winner


DELTAS = {"a+1": (1, 0), "d+1": (0, 1), "d+2": (0, 2)}
#: IGR-18 plays for `contest`: (seat, payload, target); payloads ``a+N`` / ``d+N`` add N to a side.
Plays = list[tuple[int, str, int | None]]


def contest(start: list[int], plays: Plays) -> tuple[list[list[int]], int | None]:
    """An ordered window over seats 0 (attacker) and 1 (defender) opened by the roll (play 1); the plays
    made in order (each seat passing until its next play), then closed: (totals as played, winner)."""
    ws = ordered([0, 1], opening="roll")
    for seat, payload, target in plays:
        if wn.responders(ws) != [seat]:
            wn.pass_(ws, 1 - seat)
        wn.play(ws, seat, payload, target)
    first = wn.responders(ws)[0]
    pass_round(ws, [first, 1 - first])
    window = ws.stack[-1]
    assert window.resolving

    def delta(play: wn.Play[str]) -> tuple[int, int]:
        return DELTAS.get(play.payload, (0, 0))

    return ct.totals_as_played(window.plays, start, delta), ct.contest_winner(window, start, delta)


class TestContestAsPlayed:
    """IGR-18 (ruling): a contest is judged on the plays as played, a cancel counting when it was played."""

    @pytest.mark.parametrize(
        ("start", "plays", "history", "winner"),
        [
            # the rule's example: 5-4; a+1 (6-4), d+2 (6-6), a+1 (7-6), d cancels a's first (6-6)
            (
                [5, 4],
                [(0, "a+1", None), (1, "d+2", None), (0, "a+1", None), (1, "cancel", 2)],
                [[5, 4], [5, 4], [6, 4], [6, 6], [7, 6], [6, 6]],
                0,
            ),
            # a cancel of a cancel restores its target when played: 4-3, a+1 (5-3), d cancels (4-3),
            # a cancels the cancel (5-3), d+2 (5-5): ahead before is the attacker
            (
                [4, 3],
                [(0, "a+1", None), (1, "cancel", 2), (0, "cancel", 3), (1, "d+2", None)],
                [[4, 3], [4, 3], [5, 3], [4, 3], [5, 3], [5, 5]],
                0,
            ),
            # a cancel changes the final totals too: 4-4, d+1 (4-5), a+1 (5-5), a cancels d's card (5-4)
            (
                [4, 4],
                [(1, "d+1", None), (0, "a+1", None), (0, "cancel", 2)],
                [[4, 4], [4, 4], [4, 5], [5, 5], [5, 4]],
                0,
            ),
            # a cancelled card still counts as played: 3-3, a+1 (4-3), cancelled (3-3)
            ([3, 3], [(0, "a+1", None), (1, "cancel", 2)], [[3, 3], [3, 3], [4, 3], [3, 3]], 0),
            ([3, 3], [], [[3, 3], [3, 3]], None),
        ],
    )
    def test_igr18_a_tie_goes_to_the_side_ahead_at_the_last_unequal_moment(
        self, start: list[int], plays: Plays, history: list[list[int]], winner: int | None
    ) -> None:
        assert contest(start, plays) == (history, winner)


class TestWindowSettings:
    @pytest.mark.parametrize(
        ("mode", "timer", "default", "prompt_ids"),
        [
            ("ordered", "reaction", "pass", ["w1/0/0/0"]),  # IGR-30: every prompt defaults to pass
            ("concurrent", "reaction", "pass", ["w1/0/0", "w1/0/1"]),
            ("once", "offer", "accept", ["w1/0", "w1/1"]),  # IGR-36: Staff defaults to accept
        ],
    )
    def test_each_window_names_its_prompts_timer_and_default(
        self, mode: wn.Mode, timer: str, default: str, prompt_ids: list[str]
    ) -> None:
        ws: Ws = wn.Windows()
        wn.open_window(ws, mode, [0, 1], "staff", timer=timer, default=default)
        prompts = wn.prompts(ws, lambda w, s: {"accept": [{}]})
        assert [(p.id, p.timer, p.default, p.kinds) for p in prompts.values()] == [
            (i, timer, default, ["pass", "accept"]) for i in prompt_ids
        ]

    @pytest.mark.parametrize("seats", [[0, 0], [1, 2, 1]])
    def test_a_seat_listed_twice_is_the_games_bug(self, seats: list[int]) -> None:
        ws: Ws = wn.Windows()
        with pytest.raises(ValueError, match="each seat once"):
            wn.open_window(ws, "concurrent", seats)
        assert (ws.stack, ws.next_window) == ([], 1)


def once(seats: list[int]) -> Ws:
    """Windows with one once window over ``seats``, opened by seat 0's offer (play 1)."""
    ws: Ws = wn.Windows()
    wn.open_window(ws, "once", seats, "staff", [(0, "offer")], timer="offer", default="accept")
    return ws


class TestOnceWindow:
    """IGR-36, INF-25: offers and questions; every listed seat answers once, play or pass."""

    def test_every_listed_seat_is_asked_at_once_and_its_prompt_outlives_the_others_answers(self) -> None:
        ws = once([1, 2, 3])
        assert {s: p.id for s, p in wn.prompts(ws, lambda w, s: {}).items()} == {
            1: "w1/1",
            2: "w1/2",
            3: "w1/3",
        }
        wn.play(ws, 2, "accept")
        wn.pass_(ws, 1)
        assert {s: p.id for s, p in wn.prompts(ws, lambda w, s: {}).items()} == {3: "w1/3"}
        assert (ws.stack[-1].answered, ws.stack[-1].passed) == ([2, 1], [1])

    @pytest.mark.parametrize(
        ("answers", "closed", "log"),
        [
            ([(1, "accept"), (2, "pass")], [False, True], ["play 2 accept", "play 1 offer", "close 1"]),
            ([(2, "pass"), (1, "pass")], [False, True], ["play 1 offer", "close 1"]),
            ([(1, "accept")], [False], []),
        ],
    )
    def test_the_window_closes_when_the_last_seat_answers(
        self, answers: list[tuple[int, str]], closed: list[bool], log: list[str]
    ) -> None:
        ws = once([1, 2])
        trace = []
        for seat, answer in answers:
            trace.append(wn.pass_(ws, seat) if answer == "pass" else wn.play(ws, seat, answer).id == 0)
        recorder = Recorder(ws)
        wn.run(ws, recorder)
        assert (trace, recorder.log) == (closed, log)

    @pytest.mark.parametrize("first", ["accept", "pass"])
    def test_a_second_answer_is_refused_answered(self, first: str) -> None:
        ws = once([1, 2])
        wn.pass_(ws, 1) if first == "pass" else wn.play(ws, 1, first)
        refused("window/answered", wn.play, ws, 1, "accept")
        refused("window/answered", wn.pass_, ws, 1)
        assert (wn.idle_code(ws, 1), wn.idle_code(ws, 2), wn.idle_code(ws, 0)) == (
            "window/answered",
            None,
            None,
        )

    def test_an_answer_cannot_target_a_play(self) -> None:
        ws = once([1, 2])
        with pytest.raises(IllegalAction) as caught:
            wn.play(ws, 1, "cancel", target=1)
        assert (caught.value.code, caught.value.details) == (
            "window/no_target",
            {"target": 1, "reason": "once"},
        )
        assert (ws.stack[-1].answered, len(ws.stack[-1].plays)) == ([], 1)


class TestSkipIdle:
    """INF-19: a public-information window does not prompt a seat without a legal play."""

    @pytest.mark.parametrize(
        ("mode", "holders", "prompted", "passed"),
        [
            ("ordered", {2}, [2], [0, 1]),  # seats 0 and 1 hold nothing: passed, seat 2's turn
            ("ordered", {0, 2}, [0], []),  # seat 1 is passed when its turn comes
            ("concurrent", {1}, [1], [0, 2]),
            ("once", {0, 2}, [0, 2], [1]),
        ],
    )
    def test_a_seat_without_a_legal_play_counts_as_passed(
        self, mode: wn.Mode, holders: set[int], prompted: list[int], passed: list[int]
    ) -> None:
        ws: Ws = wn.Windows()
        wn.open_window(ws, mode, [0, 1, 2], skip_idle=True)
        wn.run(ws, Recorder(ws, holders))
        assert (wn.responders(ws), ws.stack[-1].passed) == (prompted, passed)

    def test_ordered_the_idle_seat_is_passed_when_its_turn_comes(self) -> None:
        ws: Ws = wn.Windows()
        wn.open_window(ws, "ordered", [0, 1, 2], skip_idle=True)
        recorder = Recorder(ws, {0, 2})
        wn.pass_(ws, 0)
        wn.run(ws, recorder)
        assert (wn.responders(ws), ws.stack[-1].passed) == ([2], [0, 1])

    def test_a_holder_who_spent_its_last_medicine_is_not_prompted_again(self) -> None:
        ws: Ws = wn.Windows()
        wn.guard(ws, [Note("worsen")], "ordered", [0, 1], "worsening", skip_idle=True)
        recorder = Recorder(ws, {0, 1})
        wn.play(ws, 0, "medicine")
        recorder.holders = {1}  # seat 0 played its only medicine
        wn.run(ws, recorder)
        assert wn.responders(ws) == [1]
        wn.pass_(ws, 1)
        wn.run(ws, recorder)
        assert recorder.log == ["play 1 medicine", "close 1", "effect worsen"]

    def test_a_window_nobody_can_play_in_closes_and_its_effect_runs(self) -> None:
        ws: Ws = wn.Windows()
        wn.guard(ws, [Note("on seat 1")], "ordered", [1], skip_idle=True)
        recorder = Recorder(ws, set())
        wn.run(ws, recorder)
        assert (recorder.log, ws.stack, ws.queue) == (["close 1", "effect on seat 1"], [], [])

    def test_without_skip_idle_every_seat_is_prompted(self) -> None:
        ws: Ws = wn.Windows()
        wn.open_window(ws, "concurrent", [0, 1])
        wn.run(ws, Recorder(ws, set()))
        assert wn.responders(ws) == [0, 1]

    def test_a_resolver_without_choices_cannot_run_a_skip_idle_window(self) -> None:
        class Bare(Recorder):
            choices = wn.Resolver.choices

        ws: Ws = wn.Windows()
        wn.open_window(ws, "concurrent", [0], skip_idle=True)
        with pytest.raises(TypeError, match=r"Bare\.choices"):
            wn.run(ws, Bare(ws))


class TestGuard:
    def test_the_effect_runs_after_the_window_and_its_plays(self) -> None:
        ws: Ws = wn.Windows()
        wn.push(ws, [Note("later")])
        window = wn.guard(ws, [Note("apply")], "concurrent", [0, 1], "before", [(0, "card")])
        assert (window.purpose, [p.payload for p in window.plays]) == ("before", ["card"])
        pass_round(ws, [0, 1])
        recorder = Recorder(ws)
        wn.run(ws, recorder)
        assert recorder.log == ["play 1 card", "close 1", "effect apply", "effect later"]

    def test_a_guard_opened_while_a_window_resolves_runs_before_the_rest_of_that_window(self) -> None:
        class Guarding(Recorder):
            def on_play(self, play: wn.Play[str], window: wn.Window[str]) -> list[Event[Any]]:
                if play.payload == "event":
                    wn.guard(self.ws, [Note("event applies")], "ordered", [1], "medicine", skip_idle=True)
                return super().on_play(play, window)

        ws = ordered([0, 1], opening="move")
        wn.play(ws, 0, "event")
        pass_round(ws, [1, 0])
        recorder = Guarding(ws, set())
        wn.run(ws, recorder)
        assert recorder.log == ["play 2 event", "close 2", "effect event applies", "play 1 move", "close 1"]


def rounds(seats: list[int], opening: str = "move") -> Ws:
    """Windows with one rounds window whose opening play (id 1) is ``opening`` by the first seat."""
    ws: Ws = wn.Windows()
    wn.open_window(ws, "rounds", seats, "test", [(seats[0], opening)])
    return ws


def prompt_ids(ws: Ws) -> dict[int, str]:
    return {s: p.id for s, p in wn.prompts(ws, lambda w, s: {}).items()}


class TestRoundsWindow:
    """IGR-30's ruling: every seat asked at once; a round's plays taken in turn order; asked again."""

    def test_igr30_every_living_player_is_asked_at_the_same_moment_and_keeps_its_prompt_all_round(
        self,
    ) -> None:
        ws = rounds([2, 0, 1])
        assert prompt_ids(ws) == {2: "w1/r0/2", 0: "w1/r0/0", 1: "w1/r0/1"}
        wn.pass_(ws, 0)
        wn.play(ws, 1, "boost")
        assert prompt_ids(ws) == {2: "w1/r0/2"}
        # who answered is public; what they answered is not, until the round is complete
        assert (ws.stack[-1].answered, ws.stack[-1].passed, len(ws.stack[-1].plays)) == ([0, 1], [], 1)
        assert wn.idle_code(ws, 0) == "window/answered"
        refused("window/answered", wn.pass_, ws, 0)

    def test_igr30_a_window_where_nobody_plays_closes_with_the_round(self) -> None:
        ws = rounds([2, 0, 1])
        assert pass_round(ws, [1, 2, 0]) == [False, False, True]
        recorder = Recorder(ws)
        wn.run(ws, recorder)
        assert recorder.log == ["play 1 move", "close 1"]

    def test_igr30_plays_sent_in_one_round_are_taken_in_turn_order_from_the_active_player(self) -> None:
        ws = rounds([2, 0, 1])
        # seat 1 sends first, then seat 2 (the active player); seat 0 passes last
        assert wn.play(ws, 1, "late").id == 0
        assert wn.play(ws, 2, "first").id == 0
        assert (ws.stack[-1].plays[-1].payload, wn.take(ws)) == ("move", [])  # nobody sees them yet
        assert wn.pass_(ws, 0) is False
        taken = wn.take(ws)
        assert [(p.id, p.seat, p.payload) for p in taken] == [(2, 2, "first"), (3, 1, "late")]
        assert wn.take(ws) == []
        # everyone is asked again, in a new round, and may answer the plays taken
        assert prompt_ids(ws) == {2: "w1/r1/2", 0: "w1/r1/0", 1: "w1/r1/1"}
        wn.play(ws, 0, "cancel", target=3)
        assert pass_round(ws, [2, 1]) == [False, False]
        assert [p.id for p in wn.take(ws)] == [4]
        assert pass_round(ws, [2, 0, 1]) == [False, False, True]
        recorder = Recorder(ws)
        wn.run(ws, recorder)
        assert recorder.log == [
            "play 4 cancel",
            "play 3 late cancelled",
            "play 2 first",
            "play 1 move",
            "close 1",
        ]

    def test_igr30_a_play_cannot_target_one_held_in_the_same_round(self) -> None:
        ws = rounds([0, 1])
        wn.play(ws, 0, "boost")
        with pytest.raises(IllegalAction) as caught:
            wn.play(ws, 1, "cancel", target=2)
        assert (caught.value.code, caught.value.details) == (
            "window/no_target",
            {"target": 2, "reason": "missing"},
        )
        wn.play(ws, 1, "cancel", target=1)  # the opening play was taken before the round
        assert [(p.seat, p.target) for p in wn.take(ws)] == [(0, None), (1, 1)]
