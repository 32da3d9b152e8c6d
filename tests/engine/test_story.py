"""Story files: sentences per event kind as data, checked at load against the game's events."""

from __future__ import annotations

import pytest

from games.engine import DataError
from games.engine.story import StoryLine, by_score, check_story
from games.fixtures.hands import GAME as HANDS
from games.gregs import GAME as GREGS
from games.gregs.model import EventBody
from games.gregs.rules import move
from tests.games.gregs_helpers import table


def _check(*rows: tuple[str, str]) -> None:
    check_story("g/story.json", [StoryLine(k, t) for k, t in rows], EventBody, {})


class TestLoad:
    def test_every_game_tells_its_own_events(self) -> None:
        assert sorted(HANDS.story.lines) == ["drew", "drew_face_down", "played"]
        assert len(GREGS.story.lines) == 12 and GREGS.story.names["chr-greg"] == "Greg"

    @pytest.mark.parametrize(
        ("rows", "error"),
        [
            (
                [("bell", "ding")],
                "g/story.json: row 0 (kind 'bell'): not an event of this game; its events are ['chosen',",
            ),
            (
                [("chosen", "{seat}"), ("chosen", "{seat} again")],
                "g/story.json: row 1 (kind 'chosen'): given twice",
            ),
            (
                [("moved", "{seat} by {places}")],
                "g/story.json: row 0 (kind 'moved'): moved has no field places",
            ),
            (
                [("chosen", "{character:+d}")],
                "g/story.json: row 0 (kind 'chosen'): the text does not format a chosen event:",
            ),
            ([("chosen", "{seat")], "g/story.json: row 0 (kind 'chosen'): expected '}' before end of string"),
        ],
    )
    def test_a_bad_row_is_refused_naming_it(self, rows: list[tuple[str, str]], error: str) -> None:
        with pytest.raises(DataError) as raised:
            _check(*rows)
        assert str(raised.value).startswith(error)


class TestStandings:
    def test_scores_best_first(self) -> None:
        assert by_score([9, 12, 9]) == "seat 1 12, seat 0 9, seat 2 9"

    def test_gregs_lists_the_characters_from_the_best_placed(self) -> None:
        match = table(3)
        # GRE-6: the start player (seat 0) leftmost, seat 2 directly left of rank 51; GRE-7: +4 passes
        # Finley, 51, 40 and 30
        move(match.state, 1, 4)
        assert GREGS.standings(GREGS.view(match.state, None)) == (
            "Rupert (seat 1) past rank 30, Finley (seat 2) before rank 51, "
            "Greg (seat 0, curse) before rank 51"
        )
