"""Gregs Tagebuch's log sentences (issue "a table a newcomer can play from the page alone"): a move on
the popularity track in words, its places counted from 1 on the left, a move the track's end cut short
said to be one (GRE-7), in English and German."""

from __future__ import annotations

import pytest

from games.gregs import GAME

ANN = "Ann"

MOVES = [
    (
        {"by": -3, "start": 1, "end": 0},
        (
            "Ann fell back only 1 place instead of 3 on the popularity track, from place 2 to "
            "place 1 (counted from the left): its left end"
        ),
        (
            "Ann fällt auf der Beliebtheitsleiste nur 1 Stelle statt 3 zurück, von Stelle 2 "
            "auf Stelle 1 (von links gezählt): ihr linkes Ende"
        ),
    ),
    (
        {"by": 3, "start": 1, "end": 4},
        "Ann rose 3 places on the popularity track, from place 2 to place 5 (counted from the left)",
        "Ann rückt auf der Beliebtheitsleiste 3 Stellen vor, von Stelle 2 auf Stelle 5 (von links gezählt)",
    ),
    (
        {"by": -1, "start": 4, "end": 3},
        "Ann fell back 1 place on the popularity track, from place 5 to place 4 (counted from the left)",
        "Ann fällt auf der Beliebtheitsleiste 1 Stelle zurück, von Stelle 5 auf Stelle 4 (von links gezählt)",
    ),
    (
        {"by": 4, "start": 7, "end": 9},
        (
            "Ann rose only 2 places instead of 4 on the popularity track, from place 8 to "
            "place 10 (counted from the left): its right end"
        ),
        (
            "Ann rückt auf der Beliebtheitsleiste nur 2 Stellen statt 4 vor, von Stelle 8 auf "
            "Stelle 10 (von links gezählt): ihr rechtes Ende"
        ),
    ),
    (
        {"by": 2, "start": 9, "end": 9},
        "Ann could not rise on the popularity track: already at its right end",
        "Ann kann auf der Beliebtheitsleiste nicht vorrücken: schon an ihrem rechten Ende",
    ),
    (
        {"by": -2, "start": 0, "end": 0},
        "Ann could not fall back on the popularity track: already at its left end",
        "Ann kann auf der Beliebtheitsleiste nicht zurückfallen: schon an ihrem linken Ende",
    ),
    ({"by": 0, "start": 3, "end": 3}, "Ann stayed in place", "Ann bleibt stehen"),
]


@pytest.mark.parametrize(("fields", "english", "german"), MOVES)
def test_gre7_a_move_is_told_in_places_counted_from_one_and_a_cut_short_move_says_so(
    fields: dict[str, int], english: str, german: str
) -> None:
    body = {"kind": "moved", "seat": 0, **fields}
    assert GAME.story.describe(body, lambda seat: ANN) == english
    assert GAME.catalog.teller("de").describe(body, lambda seat: ANN) == german


OVER = [
    (
        "only_cheese",
        "GRE-18",
        (
            "Ann revealed every action card: only the cheese is left face down, so the "
            "revealing ends (a move by the revealed sum, then the curse is given away)"
        ),
        (
            "Ann hat jede Aktionskarte aufgedeckt: nur der Käse liegt noch verdeckt, also "
            "endet das Aufdecken (ziehen um die aufgedeckte Summe, dann den Fluch "
            "weitergeben)"
        ),
    ),
    (
        "holder_cheese",
        "GRE-17",
        (
            "Ann met the cheese while holding the curse: the turn ends at once (curse and "
            "place kept, the whole fan discarded)"
        ),
        (
            "Ann trifft mit dem Fluch auf den Käse: der Zug endet sofort (Fluch und Platz "
            "bleiben, der ganze Fächer wird abgelegt)"
        ),
    ),
    (
        "cheese",
        "GRE-14",
        (
            "Ann met the cheese: the turn ends at once (a move by the revealed action cards, "
            "then the curse is taken)"
        ),
        (
            "Ann trifft auf den Käse: der Zug endet sofort (ziehen um die aufgedeckten "
            "Aktionskarten, dann den Fluch nehmen)"
        ),
    ),
]


@pytest.mark.parametrize(("reason", "rule", "english", "german"), OVER)
def test_gre14_gre17_gre18_a_turn_a_rule_ends_is_told_with_the_reason(
    reason: str, rule: str, english: str, german: str
) -> None:
    body = {"kind": "revealing_over", "seat": 0, "reason": reason, "rule": rule}
    assert GAME.story.describe(body, lambda seat: ANN) == english
    assert GAME.catalog.teller("de").describe(body, lambda seat: ANN) == german


TIMEOUTS = [
    (
        "stop",
        "Ann ran out of time: stops and moves by the revealed sum",
        "Ann: Zeit abgelaufen (hört auf und zieht um die aufgedeckte Summe)",
    ),
    (
        "first_free",
        "Ann ran out of time: the first free character is taken",
        "Ann: Zeit abgelaufen (die erste freie Figur wird genommen)",
    ),
    ("no_cut", "Ann ran out of time: no cut", "Ann: Zeit abgelaufen (kein Abheben)"),
    (
        "best_placed",
        "Ann ran out of time: the curse goes to the best-placed other character",
        "Ann: Zeit abgelaufen (der Fluch geht an die bestplatzierte andere Figur)",
    ),
]


@pytest.mark.parametrize(("default", "english", "german"), TIMEOUTS)
def test_gre_timeouts_every_default_is_told_in_words_not_by_its_id(
    default: str, english: str, german: str
) -> None:
    """The timeout defaults of the spec's "Hidden information and timeouts": each in words in English
    and German (a log once read "Zeit abgelaufen (stop)")."""
    body = {"kind": "timed_out", "seat": 0, "default": default}
    assert GAME.story.describe(body, lambda seat: ANN) == english
    assert GAME.catalog is not None
    assert GAME.catalog.teller("de").describe(body, lambda seat: ANN) == german
