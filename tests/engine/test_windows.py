"""Reaction windows and the pending-effect queue (DESIGN "The engine"; IGR-18, IGR-30), on plain data.

Payloads are strings and effects a small Struct; `Recorder` notes every item `run` hands it, and opens a
nested concurrent window when an ``alarm`` play resolves.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from games.engine import Event, IllegalAction, Prompt
from games.engine import windows as wn


class Note(msgspec.Struct, frozen=True, tag="note"):
    text: str


Ws = wn.Windows[Note, str]


class Recorder(wn.Resolver[Note, str]):
    def __init__(self, ws: Ws) -> None:
        self.ws = ws
        self.log: list[str] = []

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

    def test_an_uncancellable_play_stands(self) -> None:
        ws = ordered([0, 1], opening="move", cancellable=False)
        wn.pass_(ws, 0)
        wn.play(ws, 1, "cancel", target=1)
        pass_round(ws, [0, 1])
        assert settled(ws) == [(1, False), (2, False)]

    def test_an_uncancellable_cancel_cannot_be_undone(self) -> None:
        ws = ordered([0, 1])
        wn.pass_(ws, 0)
        wn.play(ws, 1, "veto", target=1, cancellable=False)
        wn.play(ws, 0, "cancel", target=2)
        pass_round(ws, [1, 0])
        assert settled(ws) == [(1, True), (2, False), (3, False)]

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
        assert wn.ahead_before_last(start, deltas) == winner

    def test_igr18_contest_winner_ignores_cancelled_plays_and_cancels(self) -> None:
        ws = ordered([0, 1], opening="roll")
        wn.play(ws, 0, "defender+1")  # 2: 4-4
        wn.play(ws, 1, "raider+1")  # 3: 5-4, then cancelled
        wn.play(ws, 0, "cancel", target=3)  # 4
        pass_round(ws, [1, 0])
        deltas = {"defender+1": (0, 1), "raider+1": (1, 0)}
        winner = wn.contest_winner(ws.stack[-1], [4, 3], lambda p: deltas.get(p.payload, (0, 0)))
        assert winner == 0
