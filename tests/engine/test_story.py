"""Story files: sentences per event kind as data, checked at load against the game's events."""

from __future__ import annotations

import pytest

from games.engine import DataError
from games.engine.catalog import LIST_WORDS, LocalStory
from games.engine.story import Story, StoryLine, by_score, check_story
from games.fixtures.hands import GAME as HANDS
from games.gregs import GAME as GREGS
from games.gregs.events import EventBody
from games.gregs.rules import move
from tests.games.gregs.helpers import table


def _check(*rows: tuple[str, str]) -> None:
    check_story("g/story.json", [StoryLine(k, t) for k, t in rows], EventBody, {})


def _story(*rows: StoryLine) -> Story:
    return check_story("g/story.json", list(rows), EventBody, {"chr-greg": "Greg"})


MOVED = {"kind": "moved", "seat": 1, "by": 2, "start": 3, "end": 5}


class TestLoad:
    def test_every_game_tells_its_own_events(self) -> None:
        assert sorted(HANDS.story.lines) == ["drew", "drew_face_down", "played"]
        assert len(GREGS.story.lines) == 13 and GREGS.story.names["chr-greg"] == "Greg"

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


class TestConditionalParts:
    def test_a_part_is_told_only_when_its_fields_have_a_value(self) -> None:
        story = _story(StoryLine("chosen", "seat {seat} chose[[ {character}]]"))
        assert story.describe({"kind": "chosen", "seat": 2, "character": "chr-greg"}) == "seat 2 chose Greg"
        for empty in (None, "", [], False):
            assert story.describe({"kind": "chosen", "seat": 2, "character": empty}) == "seat 2 chose"
        assert story.describe({"kind": "chosen", "seat": 0, "character": 0}) == "seat 0 chose 0"

    def test_the_first_row_whose_conditions_hold_tells_the_event(self) -> None:
        story = _story(
            StoryLine("moved", "seat {seat} stays", {"by": 0}),
            StoryLine("moved", "seat {seat} is stuck", {"end": {"field": "start"}}),
            StoryLine("moved", "seat {seat} moved {by:+d}", {"by": {"not": 1}}),
            StoryLine("moved", "seat {seat} moved one place"),
        )
        told = [
            story.describe(MOVED | change)
            for change in ({"by": 0, "end": 3}, {"end": 3}, {}, {"by": 1, "end": 4})
        ]
        assert told == ["seat 1 stays", "seat 1 is stuck", "seat 1 moved +2", "seat 1 moved one place"]

    def test_false_is_not_zero(self) -> None:
        story = _story(
            StoryLine("discarded", "the fan", {"whole_fan": False}), StoryLine("discarded", "{count}")
        )
        assert story.describe({"kind": "discarded", "count": 0, "whole_fan": False}) == "the fan"
        assert story.describe({"kind": "discarded", "count": 0, "whole_fan": 0}) == "0"

    def test_a_list_reads_with_and_or_as_seats(self) -> None:
        story = _story(StoryLine("game_end", "{winners:seats} won; ranks {ranks}; order {ranks:and}"))
        body = {"kind": "game_end", "ranks": [2, 1, 3], "winners": [1], "reason": "finished", "guard": False}
        assert story.describe(body) == "seat 1 won; ranks [2, 1, 3]; order 2, 1 and 3"
        assert story.describe(body | {"winners": [0, 2]}).startswith("seats 0 and 2 won")

    def test_an_event_no_row_fits_gets_the_generic_line(self) -> None:
        story = _story(StoryLine("moved", "seat {seat} stays", {"by": 0}))
        assert story.describe(MOVED) == "moved: seat=1 by=2 start=3 end=5"

    @pytest.mark.parametrize(
        ("rows", "error"),
        [
            (
                [StoryLine("moved", "a"), StoryLine("moved", "b", {"by": 0})],
                "g/story.json: row 1 (kind 'moved'): unreachable: an earlier row of moved has no 'when'",
            ),
            (
                [StoryLine("moved", "a", {"by": 0}), StoryLine("moved", "b", {"by": 0})],
                "g/story.json: row 1 (kind 'moved'): given twice",
            ),
            (
                [StoryLine("moved", "a", {"places": 0})],
                "g/story.json: row 0 (kind 'moved'): moved has no field places",
            ),
            (
                [StoryLine("moved", "a", {"by": {"field": "places"}})],
                "g/story.json: row 0 (kind 'moved'): moved has no field places",
            ),
            (
                [StoryLine("moved", "a[[ {places}]]")],
                "g/story.json: row 0 (kind 'moved'): moved has no field places",
            ),
            (
                [StoryLine("chosen", "{character:seat}")],
                "g/story.json: row 0 (kind 'chosen'): the text does not format a chosen event: a seat is",
            ),
            (
                [StoryLine("game_end", "{winners:every}")],
                "g/story.json: row 0 (kind 'game_end'): the text does not format a game_end event: unknown",
            ),
        ],
    )
    def test_a_row_that_cannot_be_told_is_refused_at_load(self, rows: list[StoryLine], error: str) -> None:
        with pytest.raises(DataError) as raised:
            _story(*rows)
        assert str(raised.value).startswith(error)


class TestSeats:
    def test_a_seat_is_told_as_seat_n_without_a_seat_name(self) -> None:
        story = _story(StoryLine("chosen", "{seat:seat} chose {character}"))
        assert story.describe({"kind": "chosen", "seat": 2, "character": "chr-greg"}) == "seat 2 chose Greg"

    def test_a_seat_name_names_single_seats_and_the_seats_of_lists(self) -> None:
        story = _story(
            StoryLine("chosen", "{seat:seat} chose {character}"),
            StoryLine("game_end", "{winners:seats} won; ranks {ranks:by_seat}"),
        )
        name = {0: "you", 1: "Ann", 2: "Seat 2 (bot random)"}.__getitem__
        chosen = {"kind": "chosen", "seat": 0, "character": "chr-greg"}
        assert story.describe(chosen, name) == "you chose Greg"
        end = {
            "kind": "game_end",
            "ranks": [2, 1, 3],
            "winners": [0, 1],
            "reason": "finished",
            "guard": False,
        }
        assert story.describe(end, name) == "you and Ann won; ranks you 2, Ann 1, Seat 2 (bot random) 3"
        assert story.describe(end) == "seats 0 and 1 won; ranks seat 0 2, seat 1 1, seat 2 3"

    def test_a_local_story_names_seats_in_its_language(self) -> None:
        local = LocalStory(
            _story(StoryLine("chosen", "{seat:seat} wybrało {character}")), {}, LIST_WORDS["pl"]
        )
        assert local.describe({"kind": "chosen", "seat": 1, "character": "x"}) == "miejsce 1 wybrało x"


class TestStandings:
    def test_scores_best_first(self) -> None:
        assert by_score([9, 12, 9]) == "seat 1 12, seat 0 9, seat 2 9"

    def test_gregs_lists_the_characters_from_the_best_placed(self) -> None:
        match = table(3)
        # GRE-6: the start player (seat 0) leftmost, seat 2 directly left of rank 51; GRE-7: +4 passes
        # Finley, 51, 40 and 30
        move(match.state, 1, 4)
        assert GREGS.standings(GREGS.view(match.state, None)) == (
            "Rupert (seat 1) past the 30 card, Finley (seat 2) not past any card yet,"
            " Greg (seat 0, curse) not past any card yet"
        )

    def test_gregs_right_of_rank_2_is_the_top(self) -> None:
        match = table(3)
        move(match.state, 1, 20)  # GRE-7: past the right end; GRE-8: right of rank 2 is rank 1
        assert GREGS.standings(GREGS.view(match.state, None)).startswith(
            "Rupert (seat 1) at the top (past the 2 card), "
        )

    def test_gregs_curse_holder_at_the_top_is_said_to_rank_second(self) -> None:
        match = table(3)
        move(match.state, 1, 20)
        match.state.holder, match.state.phase = 1, "over"
        line = GREGS.standings(GREGS.view(match.state, None))
        assert line.startswith("Rupert (seat 1, curse) at the top (past the 2 card), ")
        assert line.endswith("; the curse holder cannot win: it ranks second")
        assert GREGS.outcome(match.state).ranks[1] == 2  # type: ignore[union-attr]


#: Fields a test game derives for ``moved`` (as Gregs does, GRE-7): the places actually moved, and up.
DERIVED = {"moved": {"distance": lambda b: abs(b["end"] - b["start"]), "up": lambda b: b["by"] > 0}}


def _derived(*rows: StoryLine) -> Story:
    return check_story("g/story.json", list(rows), EventBody, {}, DERIVED)


class TestPlain:
    """A row's ``plain`` sentence, for a teller that has only the event's own fields (the served
    catalogue's, in the SDKs)."""

    @pytest.mark.parametrize(
        ("row", "error"),
        [
            (
                StoryLine("moved", "{seat:seat} moved {distance}"),
                "g/story.json: row 0 (kind 'moved'): names distance, which the game derives: the row needs"
                " a 'plain' sentence over the event's own fields, for clients without them",
            ),
            (
                StoryLine("moved", "{seat:seat} rose", {"up": True}),
                "g/story.json: row 0 (kind 'moved'): names up, which the game derives: the row needs"
                " a 'plain' sentence over the event's own fields, for clients without them",
            ),
            (
                StoryLine("moved", "{seat:seat} moved {distance}", plain="{seat:seat} moved {distance}"),
                "g/story.json: row 0 (kind 'moved'): the plain sentence names distance, which the game"
                " derives: it may name only the event's own fields",
            ),
            (
                StoryLine("moved", "{seat:seat} moved {distance}", plain="{seat:seat} moved {places}"),
                "g/story.json: row 0 (kind 'moved'): moved has no field places",
            ),
            (
                StoryLine("moved", "{seat:seat} moved {distance}", plain="{seat:seat} moved {by:seats}"),
                "g/story.json: row 0 (kind 'moved'): the plain sentence does not format a moved event:",
            ),
            (
                StoryLine("moved", "{seat:seat} moved", {"by": {"above": "0"}}),
                "g/story.json: row 0 (kind 'moved'): by: a comparison is one number, above or below:",
            ),
        ],
    )
    def test_a_derived_row_without_a_good_plain_sentence_is_refused_at_load(
        self, row: StoryLine, error: str
    ) -> None:
        with pytest.raises(DataError) as raised:
            _derived(row)
        assert str(raised.value).startswith(error)

    def test_gre_7_a_teller_without_the_derived_fields_tells_the_plain_sentence(self) -> None:
        rows = [
            StoryLine("moved", "{seat:seat} stayed", {"by": 0}),
            StoryLine("moved", "{seat:seat} rose {distance}", {"up": True}, plain="{seat:seat} went up"),
            StoryLine("moved", "{seat:seat} fell back {distance}", plain="{seat:seat} fell back {by:abs}"),
        ]
        full, bare = _derived(*rows), Story({"moved": rows})
        back = MOVED | {"by": -3, "start": 1, "end": 0}
        assert [full.describe(back), bare.describe(back)] == ["seat 1 fell back 1", "seat 1 fell back 3"]
        # a row whose condition names a derived field is passed over: the next row that holds tells it
        assert [full.describe(MOVED), bare.describe(MOVED)] == ["seat 1 rose 2", "seat 1 fell back 2"]
        assert bare.describe(MOVED | {"by": 0}) == "seat 1 stayed"

    def test_gre_7_a_row_may_hold_for_a_number_above_or_below_another(self) -> None:
        story = _story(
            StoryLine("moved", "seat {seat} rose by {by}", {"by": {"above": 0}}),
            StoryLine("moved", "seat {seat} fell back by {by:abs}", {"by": {"below": 0}}),
            StoryLine("moved", "seat {seat} stayed"),
        )
        told = [story.describe(MOVED | {"by": by}) for by in (3, -3, 0)]
        assert told == ["seat 1 rose by 3", "seat 1 fell back by 3", "seat 1 stayed"]
