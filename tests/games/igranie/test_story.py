"""The Polish log (story.pl.json over the catalogue's names): every source of a change and every
timeout's default is told in Polish, as a new user found "ruch +6 (roll)" and "koniec czasu (pass)"."""

from __future__ import annotations

from typing import Any

import pytest

from games.igranie import GAME


def _pl(body: dict[str, Any]) -> str:
    names = {0: "Miejsce 0 (Ala)", 1: "Miejsce 1 (Bartek)"}.__getitem__
    return GAME.catalog.teller("pl").describe(body, names)


@pytest.mark.parametrize(
    ("what", "delta", "reason", "said"),
    [
        ("move", 6, "roll", "Miejsce 0 (Ala): ruch +6 (rzut)"),  # IGR-3
        ("money", -3, "shopping", "Miejsce 0 (Ala): Pieniądze -3 (zakupy)"),  # IGR-10
        ("food", -1, "eat", "Miejsce 0 (Ala): Jedzenie -1 (posiłek)"),  # IGR-17
        ("eaten", 1, "theft", "Miejsce 0 (Ala): zjedzone +1 (kradzież)"),  # IGR-18
        ("bank_money", 3, "deposit", "Miejsce 0 (Ala): Pieniądze w Banku Marzeń +3 (wpłata do Banku Marzeń)"),
        ("special", 1, "trade", "Miejsce 0 (Ala): Karta Specjalna +1 (handel)"),  # IGR-27
        ("food", 2, "card", "Miejsce 0 (Ala): Jedzenie +2 (karta Zaradności)"),
        ("money", 2, "payday", "Miejsce 0 (Ala): Pieniądze +2 (Wypłata)"),  # IGR-4
    ],
)
def test_igr_sources_of_a_change_are_told_in_polish(what: str, delta: int, reason: str, said: str) -> None:
    body = {"kind": "changed", "seat": 0, "what": what, "delta": delta, "reason": reason}
    assert _pl(body) == said


@pytest.mark.parametrize(
    ("default", "said"),
    [
        ("pass", "Miejsce 1 (Bartek): koniec czasu (pas)"),
        ("done", "Miejsce 1 (Bartek): koniec czasu (bez dalszych działań)"),
        ("accept", "Miejsce 1 (Bartek): koniec czasu (zgoda)"),
    ],
)
def test_igr30_a_timeouts_default_is_told_in_polish(default: str, said: str) -> None:
    assert _pl({"kind": "timed_out", "seat": 1, "default": default}) == said
