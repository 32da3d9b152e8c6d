"""The option sets and seat counts a run plays (`Game.coverage`, clients/conformance/plan.py): every
game declares a plan that can be played, a run cycles through it, and a bad declaration is a finding."""

from __future__ import annotations

from typing import Any

import pytest

from clients.conformance import Config, run_game
from clients.conformance.plan import cells, check
from games.catalog import with_fixtures
from games.engine import Coverage, OptionSet
from games.fixtures.hands import HandsGame
from games.gregs import GAME as GREGS

GAMES = with_fixtures()
QUICK = Config(leak_scan=False, interference_every=0, probes=False)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_declares_option_sets_it_can_play(game_id: str) -> None:
    game = GAMES[game_id]
    assert check(game) == []
    assert len(game.coverage().option_sets) >= 2


def test_gregs_declares_the_cut_and_a_random_start_at_3_to_6_seats() -> None:
    plan = GREGS.coverage()
    assert plan.cells() == [({}, n) for n in (3, 4, 5, 6)] + [
        ({"offer_cut": True, "start": "random"}, n) for n in (3, 4, 5, 6)
    ]
    assert (plan.step_cap, plan.ci_playouts) == (1000, 300)


def test_options_given_play_the_declared_seats_of_an_equal_set_else_every_seat_count_they_start() -> None:
    assert cells(GREGS, {"start": "seat0", "turn_limit": 200}) == [
        ({"start": "seat0", "turn_limit": 200}, n) for n in (3, 4, 5, 6)
    ]
    assert cells(GREGS, {"start": "4"}) == [({"start": "4"}, 5), ({"start": "4"}, 6)]
    with pytest.raises(ValueError, match=r"start no table of 3\.\.6"):
        cells(GREGS, {"start": "9"})


def test_a_run_cycles_through_the_option_sets_and_their_seat_counts() -> None:
    summary, playouts = run_game(GAMES["fixture-hands"], 7, 1, None, QUICK)
    assert [(p.options["hand_size"], p.seats) for p in playouts] == [
        (4, 2),
        (4, 3),
        (4, 4),
        (6, 2),
        (6, 3),
        (6, 4),
        (4, 2),
    ]
    assert summary.findings == []


class Misdeclared(HandsGame):
    def coverage(self) -> Coverage:
        return Coverage(
            (OptionSet({}, (2, 5)), OptionSet({"hand_size": 9}, (2,)), OptionSet({"hand_size": 6}, ())),
            step_cap=100,
        )


def test_a_plan_that_cannot_be_played_as_declared_is_a_coverage_finding() -> None:
    found = check(Misdeclared())
    assert [(f.check, f.detail) for f in found] == [
        ("coverage", "options {} at 5 seats: setup refuses them"),
        ("coverage", "options {'hand_size': 9} do not decode: Expected `int` <= 6 - at `$.hand_size`"),
        ("coverage", "options {'hand_size': 6} declare no seat count"),
    ]


def test_a_run_reports_the_coverage_findings_of_its_game() -> None:
    game: Any = Misdeclared()
    game.coverage = lambda: Coverage((OptionSet({}, (2, 5)),))
    summary, _ = run_game(game, 1, 0, None, QUICK)
    assert [f.detail for f in summary.findings] == ["options {} at 5 seats: setup refuses them"]


def test_the_step_cap_is_the_games_unless_the_config_sets_one() -> None:
    class Capped(HandsGame):
        def coverage(self) -> Coverage:
            return Coverage((OptionSet({}, (2,)),), step_cap=10)

    _, playouts = run_game(Capped(), 1, 0, None, QUICK)
    assert (playouts[0].steps, playouts[0].guarded) == (10, True)
    _, uncapped = run_game(Capped(), 1, 0, None, Config(step_cap=100, leak_scan=False, interference_every=0))
    assert (uncapped[0].steps, uncapped[0].guarded) == (40, False)
