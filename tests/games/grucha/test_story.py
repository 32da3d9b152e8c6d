"""Grucha's story (issue 20, point 18): every event kind of real play-outs told in sentences that never
print ``[]``, ``None``, ``True``/``False`` or a whole table; and round 1's deal in the log (GRU-2)."""

from __future__ import annotations

import typing
from typing import Any

import msgspec

from games.engine import Match, Rng
from games.grucha import GAME
from games.grucha.events import RoundStarted
from tests.games.grucha.helpers import act, new_match

#: What no sentence may show: an empty list, a missing or boolean value, a group or a table.
FORBIDDEN = ("[]", "None", "False", "True", "'cards'", "{")
KINDS = {m.__struct_config__.tag for m in typing.get_args(GAME.EventBody)}


def told(seeds: int, names: list[str], **options: Any) -> dict[str, set[str]]:
    """Every sentence of ``seeds`` bot matches, by event kind."""
    bots, lines = GAME.bots(), {kind: set() for kind in KINDS}
    for n in range(seeds):
        seed = f"story/{n}".encode()
        match = Match(GAME, len(names), GAME.options(options), seed)
        while GAME.outcome(match.state) is None:
            seat, prompt = min(GAME.prompts(match.state).items())
            view = GAME.view(match.state, seat)
            action = bots[names[seat]](view, prompt, Rng(seed, f"bot/{seat}/v{match.version}"))
            if n % 2 and match.version % 7 == 0:
                action = {"kind": "timeout", "prompt": prompt.id}
            for event in match.act(seat, action):
                body = msgspec.to_builtins(event.body)
                lines[body["kind"]].add(GAME.story.describe(body))
    return lines


def test_story18_every_grucha_sentence_reads_without_empty_or_raw_values() -> None:
    lines = told(8, ["random", "greedy", "random"], rounds=2)
    assert {kind for kind, found in lines.items() if not found} == set()
    bad = sorted(line for found in lines.values() for line in found if any(w in line for w in FORBIDDEN))
    assert bad == []
    assert all(not line.startswith(f"{kind}:") for kind, found in lines.items() for line in found)


def test_gru2_the_first_deal_and_dealer_are_in_the_log() -> None:
    match = new_match(3)
    state = match.state
    dealer, first, stock = state.dealer, state.active, len(state.stock)
    bodies = act(match, first, "draw")
    assert bodies[0] == RoundStarted(1, dealer, first, stock)
    assert GAME.story.describe(msgspec.to_builtins(bodies[0])) == (
        f"round 1: seat {dealer} dealt, {stock} cards in the stock, seat {first} to play first"
    )
    assert [type(b).__name__ for b in act(match, first, "end")] == ["TurnEnded"]


def test_gru14_a_pass_count_reads_in_one_polish_wording_with_its_plural_form() -> None:
    """GRU-14: the passes in a row with an empty stock, told in Polish as "N pas / pasy / pasów z rzędu"
    for every count (the count once read "1 pas z rzędu", then "pasów z rzędu: 2")."""
    assert GAME.catalog is not None
    teller = GAME.catalog.teller("pl")
    told = [teller.describe({"kind": "passed", "seat": 1, "passes": n}) for n in range(1, 6)]
    assert told == [
        "miejsce 1 pasuje przy pustym decku (1 pas z rzędu)",
        "miejsce 1 pasuje przy pustym decku (2 pasy z rzędu)",
        "miejsce 1 pasuje przy pustym decku (3 pasy z rzędu)",
        "miejsce 1 pasuje przy pustym decku (4 pasy z rzędu)",
        "miejsce 1 pasuje przy pustym decku (5 pasów z rzędu)",
    ]


def test_gru12_gru14_a_timeout_s_default_is_told_in_words_not_by_its_id() -> None:
    """GRU-12 and GRU-14: a turn timed out ends it, or passes with the stock empty, told in words in
    English and Polish (the log once read "koniec czasu (pass)")."""
    assert GAME.catalog is not None
    teller = GAME.catalog.teller("pl")
    bodies = [{"kind": "timed_out", "seat": 1, "default": d} for d in ("end", "pass", "draw_end")]
    assert [GAME.story.describe(b) for b in bodies] == [
        "seat 1 ran out of time: the turn is ended",
        "seat 1 ran out of time: passes with the stock empty",
        "seat 1 ran out of time: drew a card and ended the turn",
    ]
    assert [teller.describe(b) for b in bodies] == [
        "miejsce 1: koniec czasu (ruch zakończony)",
        "miejsce 1: koniec czasu (pas przy pustym decku)",
        "miejsce 1: koniec czasu (dobiera kartę i kończy turę)",
    ]
