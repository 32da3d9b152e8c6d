"""Every game's story, read as people read it (the story item of the rules' second reading): every event
of bot play-outs of every game is told by a sentence of its own (never the generic ``kind: field=value``
line) in which no ``None``, ``[]``, ``False``/``True``, whole table or ``(9 -> 9)`` "move" appears."""

from __future__ import annotations

import re
import typing
from typing import Any

import msgspec
import pytest

from games.catalog import shipped
from games.engine import Game, Rng, random_policy
from games.engine.match import Match

GAMES = shipped()

#: words a sentence never prints: Python's empties and booleans, a whole table (a list of lists or of
#: objects), a template's unformatted field, and a move that goes nowhere
RAW = re.compile(r"\bNone\b|\bFalse\b|\bTrue\b|\[\]|\[\d|\[\[|\[\{|\{|\}|\['|\((\d+) -> \1\)")

#: play-outs per game and seat count: seats, options
TABLES: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "gregs": [(3, {}), (5, {"offer_cut": True})],
    "grucha": [(2, {"rounds": 2}), (4, {"rounds": 2})],
    "igranie": [(3, {}), (4, {})],
    "infarkt": [(3, {}), (4, {})],
}


def play(game: Game[Any, Any], seats: int, options: dict[str, Any], seed: bytes) -> list[Any]:
    """Every event body (as JSON data) of one play-out by the game's best bot, with one step in eight a
    random action and one in twenty a timeout, to the end or 4,000 steps."""
    bots = game.bots()
    best = next((bots[name] for name in ("heuristic", "greedy") if name in bots), random_policy)
    policy = getattr(best, "policy", best)
    match = Match(game, seats, game.options(options), seed)
    bodies: list[Any] = []
    while game.outcome(match.state) is None and match.version < 4000:
        seat, prompt = next(iter(game.prompts(match.state).items()))
        rng = Rng(seed, f"story/v{match.version}")
        roll = rng.below(40)
        view = game.view(match.state, seat)
        if roll < 2:
            action = {"kind": "timeout", "prompt": prompt.id}
        else:
            action = (random_policy if roll < 7 else policy)(view, prompt, rng)
        bodies += [msgspec.to_builtins(e.body) for e in match.act(seat, action)]
    return bodies


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_every_sentence_of_a_played_game_reads_as_words(game_id: str) -> None:
    game = GAMES[game_id]
    kinds = {m.__struct_config__.tag for m in typing.get_args(game.EventBody)}
    told: set[str] = set()
    bad: list[str] = []
    for index, (seats, options) in enumerate(TABLES[game_id]):
        for body in play(game, seats, options, f"story-{index}".encode()):
            line = game.story.describe(body)
            told.add(body["kind"])
            if line.startswith(f"{body['kind']}: ") or RAW.search(line):
                bad.append(f"{line!r} from {body}")
    assert bad[:5] == []
    assert told <= kinds and len(told) >= len(kinds) // 2, sorted(kinds - told)


#: a seat named in a story file's words instead of by the ``seat`` format: ``seat {seat}``, ``Platz {x}``
WORDED_SEAT = re.compile(r"\b(?:seats?|miejsc[ae]|míst[oa]|Platz|Plätze) \{")


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_every_seat_of_every_story_is_named_by_the_seat_format(game_id: str) -> None:
    catalog = GAMES[game_id].catalog
    assert catalog is not None
    rows = [row for lang in catalog.languages for rows in catalog.teller(lang).lines.values() for row in rows]
    assert [row.text for row in rows if WORDED_SEAT.search(row.text)] == []


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_a_seat_name_names_every_seat_a_sentence_tells(game_id: str) -> None:
    game = GAMES[game_id]
    seats, options = TABLES[game_id][0]
    # Infarkt's figures and hands are told by its derived fields, which the server words itself
    derived = {"placed", "moved"} if game_id == "infarkt" else set()
    named = [
        line
        for body in play(game, seats, options, b"story-seats")
        if body["kind"] not in derived
        for line in [game.story.describe(body, lambda seat: f"<player {seat}>")]
    ]
    assert [line for line in named if re.search(r"\bseats? \d", line)] == []
    assert any("<player " in line for line in named)
