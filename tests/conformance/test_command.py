"""``boardroom conformance`` prints each game's figures and fails on a finding."""

from __future__ import annotations

import pytest

from clients.cli import main
from games.engine import Coverage, OptionSet
from games.fixtures import commit


def test_conformance_command_prints_the_figures_and_passes_fixture_hands(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["conformance", "--game", "fixture-hands", "--playouts", "6", "--replay-child", "2"])
    lines = capsys.readouterr().out.splitlines()
    assert status == 0
    assert lines[0].split() == ["game", "play-outs", "steps", "play-outs/s", "steps/s", "guard", "findings"]
    row = lines[1].split()
    assert (row[0], row[1], row[5], row[6]) == ("fixture-hands", "6", "0.00%", "0")
    # each play-out: 24 plays + (24 - hand size x seats) draws; hands of 4, then 6, at 2, 3, 4 seats
    assert int(row[2]) == (40 + 36 + 32) + (36 + 30 + 24)
    assert [line.split() for line in lines[2:4]] == [
        ["3", "play-outs", "108", "steps", "0.00%", "guard", "options", '{"hand_size":', "4}"],
        ["3", "play-outs", "90", "steps", "0.00%", "guard", "options", '{"hand_size":', "6}"],
    ]


def test_conformance_command_takes_the_game_as_argument_and_plays_only_the_options_given(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["conformance", "fixture-hands", "--playouts", "3", "--options", '{"hand_size": 6}']
    status = main([*argv, "--replay-child", "0"])
    lines = capsys.readouterr().out.splitlines()
    assert status == 0
    assert lines[1].split()[:3] == ["fixture-hands", "3", str(36 + 30 + 24)]
    assert len(lines) == 2  # one option set: no line per set


def test_conformance_command_defaults_to_the_games_count_in_ci(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    plan = Coverage((OptionSet({}, (2, 5)),), ci_playouts=4)
    monkeypatch.setattr(commit.GAME, "coverage", lambda: plan)
    status = main(["conformance", "fixture-commit", "--replay-child", "0"])
    assert status == 0
    # 4 play-outs at 2, 5, 2, 5 seats: 5 rounds of one commitment per seat
    assert capsys.readouterr().out.splitlines()[1].split()[1:3] == ["4", str(5 * (2 + 5 + 2 + 5))]


def test_conformance_command_fails_on_the_leaky_fixture_naming_the_leak(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["conformance", "--game", "fixture-leaky", "--playouts", "2", "--show", "1"])
    out = capsys.readouterr().out
    assert status == 1
    assert "[leak] fixture-leaky seats=2" in out
    assert "at view/peek" in out


def test_conformance_command_fails_on_the_leaky_meld_naming_the_refusal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["conformance", "fixture-meld-leaky", "--playouts", "3", "--show", "1"])
    out = capsys.readouterr().out
    assert status == 1
    assert "[interference] fixture-meld-leaky" in out
    assert "at error:hidden_choice/message" in out


def test_conformance_command_refuses_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "--game", "no-such-game", "--playouts", "1"]) == 2


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ('{"hand_size": 7}', "Expected `int` <= 6 - at `$.hand_size`"),
        ('{"hand_sise": 4}', "Object contains unknown field `hand_sise`"),
    ],
)
def test_conformance_command_refuses_options_that_do_not_decode(
    capsys: pytest.CaptureFixture[str], options: str, said: str
) -> None:
    assert main(["conformance", "fixture-hands", "--playouts", "1", "--options", options]) == 2
    assert said in capsys.readouterr().out


def test_conformance_command_refuses_options_that_start_no_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "gregs", "--playouts", "1", "--options", '{"start": "9"}']) == 2
    assert "start no table of 3..6" in capsys.readouterr().out
