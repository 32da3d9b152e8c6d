"""Issue 22 from a client's side: `Lobby.catalog`, a log told from the served catalogue, and
``boardroom play --lang``."""

from __future__ import annotations

import re

import pytest

from clients.sdk.lobby import Lobby, LobbyError
from clients.sdk.render import describe
from games.engine.catalog import teller_of

from .test_cli_play import run_play


async def test_issue_22_lobby_catalog_serves_the_game_language_and_tells_events_with_it(lobby: Lobby) -> None:
    games = {g.id: g.languages for g in await lobby.games()}
    assert games["grucha"] == ["en", "pl"]
    doc = await lobby.catalog("grucha", "pl")
    assert (doc.lang, doc.entries["JK-a1"].name, doc.entries["choice.end"].text) == (
        "pl",
        "dżoker",
        "„JUŻ”: kończysz ruch.",
    )
    story = teller_of(doc)
    body = {"kind": "submitted", "seat": 1, "count": 2, "added": ["AS-a", "JK-a1"], "went_out": False}
    assert describe(body, story) == "miejsce 1 wyłożyło 2 karty: A♠, dżoker"
    english = await lobby.catalog("grucha")
    assert english.lang == "en" and describe(body, teller_of(english)) == "seat 1 laid 2 cards: A♠, joker"


async def test_issue_22_lobby_catalog_refuses_an_unknown_game_with_its_code(lobby: Lobby) -> None:
    with pytest.raises(LobbyError) as refused:
        await lobby.catalog("chess", "pl")
    assert (refused.value.status, refused.value.code) == (404, "game/not_found")


def test_issue_22_boardroom_play_lang_pl_prints_the_log_in_polish() -> None:
    done = run_play("grucha", "--bots", "3", "--lang", "pl", "--options", '{"rounds": 1}')
    assert (done.returncode, done.stderr) == (0, "")
    lines = done.stdout.splitlines()
    assert any(re.fullmatch(r"v\d+ +miejsce \d dobrało 1 kartę", line) for line in lines)
    assert any(
        re.fullmatch(r"v\d+ +runda 1 policzona: miejsce 0 \d+, .*; sumy miejsce 0 \d+, .*", line)
        for line in lines
    )
    assert any(re.fullmatch(r"v\d+ +miejsce \d: „JUŻ”", line) for line in lines)
    assert not any(" seat " in line for line in lines[1:-3])


def test_issue_22_boardroom_catalog_reports_coverage_and_size_per_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from clients.cli import main

    assert main(["catalog", "grucha"]) == 0
    rows = capsys.readouterr().out.splitlines()[2:]
    assert [r.split(" | ")[1:5] for r in rows] == [
        ["en", "207/207", "13/13", "100 %"],
        ["pl", "207/207", "13/13", "100 %"],
    ]
    assert main(["catalog", "chess"]) == 2
