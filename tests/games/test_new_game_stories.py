"""Grucha's, Infarkt's and iGranie's story files and standings lines: every event kind has its sentence,
ids are told by their names, and each standings line reads exactly as people expect."""

from __future__ import annotations

import typing
from typing import Any

import pytest
from msgspec.structs import replace

from games.engine import Game, Match
from games.grucha import GAME as GRUCHA
from games.igranie.game import GAME as IGRANIE
from games.infarkt.game import GAME as INFARKT
from games.infarkt.model import Player


def start(game: Game[Any, Any], seats: int, **options: Any) -> Any:
    """A spectator's view of a freshly set up game."""
    match = Match(game, seats, game.options(options), b"story-test")
    return game.view(match.state, None)


@pytest.mark.parametrize("game", [GRUCHA, INFARKT, IGRANIE], ids=lambda g: g.id)
def test_every_event_kind_has_a_sentence(game: Game[Any, Any]) -> None:
    kinds = {member.__struct_config__.tag for member in typing.get_args(game.EventBody)}
    assert sorted(game.story.lines) == sorted(kinds)


def test_ids_are_told_by_their_names() -> None:
    grucha = GRUCHA.story.describe({"kind": "submitted", "seat": 1, "count": 3, "table": [],
                                    "added": ["10H-b", "AS-a", "JK-a1"]})  # fmt: skip
    assert grucha == "seat 1 laid 3 cards: 10♥, A♠, joker"
    ended = {"kind": "round_ended", "round": 2, "reason": "out", "went_out": 0, "scores": [0, 27, 19],
             "totals": [40, 27, 60]}  # fmt: skip
    assert GRUCHA.story.describe(ended) == (
        "round 2 is scored: seat 0 0, seat 1 27, seat 2 19; totals seat 0 40, seat 1 27, seat 2 60"
    )
    shown = {"kind": "revealed", "seat": 2, "cards": ["KD-a", "JK-b1"], "points": 33, "total": 60}
    assert GRUCHA.story.describe(shown) == "seat 2 showed K♦, joker: 33 points, total 60"
    infarkt = INFARKT.story.describe({"kind": "picked", "seat": 2, "card": "goods-beer-1"})
    assert infarkt == "seat 2 took the event Beer"
    igranie = IGRANIE.story.describe({"kind": "chosen", "seat": 0, "character": "fiefiurka"})
    assert igranie == "seat 0 chose Fiefiurka"


def test_grucha_standings_are_the_round_and_the_totals_lowest_first() -> None:
    view = replace(start(GRUCHA, 4), round=3, totals=[30, 12, 45, 12])
    assert GRUCHA.standings(view) == "round 3, totals: seat 1 12, seat 3 12, seat 0 30, seat 2 45"


def grave(died: int, *tracks: int) -> Player:
    """A player at the grave on ``tracks`` (indexes), dead in death step ``died`` (0: alive)."""
    return Player([10 if t in tracks else 3 for t in range(6)], money=0, died=died)


def test_infarkt_standings_tell_who_survived_and_the_order_of_deaths() -> None:
    # cholesterol 0, pressure 1, obesity 2 (never a cause, INF-4), depression 3, diabetes 4, cancer 5
    players = [grave(2, 1), grave(0), grave(1, 5), grave(2, 2, 3, 4)]
    view = replace(start(INFARKT, 4), players=players)
    assert INFARKT.standings(view) == (
        "survived: seat 1; died: seat 2 (cancer), then seat 0 (pressure) and seat 3 (depression, diabetes)"
    )
    nobody = replace(view, players=[grave(1, 0), grave(1, 3)])
    assert INFARKT.standings(nobody) == "survived: nobody; died: seat 0 (cholesterol) and seat 1 (depression)"
    assert INFARKT.standings(start(INFARKT, 3)) == "survived: seat 0, seat 1, seat 2"


def test_igranie_standings_are_the_dream_bank_the_dead_and_the_end() -> None:
    view = start(IGRANIE, 4)
    seats = [
        replace(view.players[0], character="ilona", bank_money=6, bank_food=3),
        replace(view.players[1], character="marcin", bank_money=12, bank_food=2, dead=True, cause="cold"),
        replace(view.players[2], character="lena", bank_money=10, bank_food=4),
        replace(view.players[3], character="", bank_money=0, bank_food=0),
    ]
    over = replace(view, players=seats, reason="round_24")
    assert IGRANIE.standings(over) == (
        "Dream Bank: Lena (seat 2) 14, Ilona (seat 0) 9, seat 3 0, Marcin (seat 1) 14 (died of cold);"
        " ended: round_24"
    )
    assert IGRANIE.standings(view) == "Dream Bank: seat 0 0, seat 1 0, seat 2 0, seat 3 0; ended: not yet"
