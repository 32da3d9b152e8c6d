"""`boardroom pace` (clients/pace.py): a table of people on a fake clock, under the server's deadline
rules: what it counts must be what the rules and the seat settings make happen."""

from __future__ import annotations

import json

from clients.cli import main
from clients.pace import Clock, play_table
from games.catalog import shipped
from server.settings import Settings
from server.store.model import SeatSettings

GAMES = shipped()


def test_a_person_answers_each_prompt_think_seconds_after_it_came_when_nothing_times_out() -> None:
    # Gregs has no pass-only prompt and no window: every action is a person's, 7 s after the last
    clock = play_table(GAMES["gregs"], 3, b"pace-test", 7.0, Settings())
    assert clock.actions > 20
    assert clock.seconds == 7.0 * clock.actions
    assert (clock.shown_pass_only, clock.window_wait) == (0, 0.0)


def test_a_table_repeats_exactly_from_its_seed() -> None:
    first = play_table(GAMES["igranie"], 3, b"pace-test", 5.0, Settings(), round_cap=2)
    assert first == play_table(GAMES["igranie"], 3, b"pace-test", 5.0, Settings(), round_cap=2)
    assert first != play_table(GAMES["igranie"], 3, b"pace-other", 5.0, Settings(), round_cap=2)


def test_auto_pass_hides_every_pass_only_prompt_and_shortens_the_windows_nobody_played_in() -> None:
    def table(auto_pass: bool) -> Clock:
        chosen = SeatSettings(auto_pass=auto_pass)
        return play_table(GAMES["igranie"], 4, b"pace-test", 5.0, Settings(), 3, chosen)

    shown, passed = table(False), table(True)
    assert shown.shown_pass_only > 0 and passed.shown_pass_only == 0
    # a pass-only prompt left alone waits for the 10 s reaction deadline; an auto-pass goes within 1-4 s
    assert 0 < passed.window_wait < shown.window_wait


def test_an_idle_table_pays_two_lapsed_decisions_a_seat_then_its_defaults_come_at_once() -> None:
    """Nobody clicks: each seat lets two of its 60 s turn prompts lapse (two strikes: away), and from
    then on every default is taken at once (`Settings.away_seconds` 0), so the second round is free."""
    settings = Settings()
    assert (settings.away_seconds, settings.timer_seconds()["turn"]) == (0.0, 60.0)
    idle = play_table(GAMES["gregs"], 3, b"pace-test", None, settings, round_cap=2)
    assert idle.round_ends == [3 * 2 * 60.0, 3 * 2 * 60.0]


def test_the_command_prints_a_table_and_its_figures_as_json(capsys: object) -> None:
    assert main(["pace", "gregs", "--seats", "3", "--games", "1", "--think", "4", "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()  # type: ignore[attr-defined]
    assert out[0].startswith("| game | prompts_per_turn | pass_only_shown_per_turn |")
    figures = json.loads(out[-1])["gregs"]
    assert (figures["seats"], figures["games"], figures["think"]) == (3, 1, 4.0)
    assert figures["pass_only_shown_per_turn"] == 0.0 and figures["window_wait_share"] == 0.0
    assert main(["pace", "chess"]) == 2
    for wrong in (["--think", "0"], ["--games", "0"], ["--seats", "9"]):
        assert main(["pace", "gregs", *wrong]) == 2, wrong
