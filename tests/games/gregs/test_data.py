"""Gregs Tagebuch: the components as data files (GRE-1…4)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from games.engine import DataError, parse_rows
from games.gregs.cards import (
    ACTIONS,
    CHARACTERS,
    CHEESE,
    PROVENANCE,
    RANKS,
    ROW_PROVENANCE,
    VALUES,
    ActionCard,
    _check_actions,
)


class TestComponents:
    def test_gre1_thirty_nine_action_cards_and_one_cheese_in_play(self) -> None:
        assert len(ACTIONS) == 39
        assert CHEESE not in ACTIONS

    def test_gre2_rank_cards_left_to_right(self) -> None:
        assert [r.rank for r in RANKS] == [51, 40, 30, 20, 10, 2]
        assert [r.rank for r in RANKS if ROW_PROVENANCE[r.id] == "rulebook"] == [51, 2]

    def test_gre3_six_characters_three_from_the_rulebook(self) -> None:
        assert [c.name for c in CHARACTERS] == ["Greg", "Rupert", "Finley", "Rodrick", "Manni", "Fregley"]
        assert [c.name for c in CHARACTERS if ROW_PROVENANCE[c.id] == "rulebook"] == [
            "Greg",
            "Rupert",
            "Finley",
        ]

    def test_gre4_thirteen_motifs_of_three_copies(self) -> None:
        motifs = Counter(card.motif for card in ACTIONS.values())
        assert len(motifs) == 13
        assert set(motifs.values()) == {3}

    def test_gre4_twenty_seven_positive_twelve_negative(self) -> None:
        values = list(VALUES.values())
        assert sum(1 for v in values if v > 0) == 27
        assert sum(1 for v in values if v < 0) == 12
        assert (min(values), max(values)) == (-3, 4)
        assert sum(values) == 36

    def test_gre4_rulebook_examples(self) -> None:
        # "Plaster Cast" then "Wrestling" = +3; "Building a Robot" then the cheese = -2.
        assert VALUES["act-plaster-cast-1"] + VALUES["act-wrestling-1"] == 3
        assert VALUES["act-building-a-robot-1"] == -2

    def test_gre4_card_ids_name_motif_and_copy(self) -> None:
        assert sorted(i for i in ACTIONS if i.startswith("act-plaster-cast-")) == [
            "act-plaster-cast-1",
            "act-plaster-cast-2",
            "act-plaster-cast-3",
        ]

    def test_the_action_cards_are_a_reconstruction_characters_and_ranks_mixed(self) -> None:
        assert PROVENANCE == {
            "actions.json": "reconstruction",
            "characters.json": "mixed",
            "ranks.json": "mixed",
        }

    def test_gre2_gre3_gre4_what_the_rulebook_prints_and_what_is_reconstructed(self) -> None:
        printed = sorted(card for card, term in ROW_PROVENANCE.items() if term == "rulebook")
        assert printed == ["chr-finley", "chr-greg", "chr-rupert", "rank-2", "rank-51"]
        assert len(ROW_PROVENANCE) == 39 + 6 + 6
        assert set(ROW_PROVENANCE.values()) == {"rulebook", "reconstruction"}


class TestValidation:
    def test_a_bad_row_is_named_with_its_id(self) -> None:
        text = json.dumps(
            {"provenance": "reconstruction", "rows": [{"id": "act-x-1", "motif": "X", "value": "2"}]}
        )
        with pytest.raises(DataError, match=r"cards.json: row 0 \(id 'act-x-1'\)"):
            parse_rows("cards.json", text, ActionCard)

    def test_gre4_a_deck_with_a_wrong_count_is_refused(self) -> None:
        rows = list(ACTIONS.values())[:-1]
        with pytest.raises(DataError, match="expected 13 motifs x 3 copies"):
            _check_actions("actions.json", rows)

    def test_gre4_a_value_out_of_range_is_refused(self) -> None:
        rows = [*list(ACTIONS.values())[:-1], ActionCard("act-bad-1", "Bad", 5)]
        with pytest.raises(DataError, match=r"row 38 \(id 'act-bad-1'\): value 5"):
            _check_actions("actions.json", rows)
