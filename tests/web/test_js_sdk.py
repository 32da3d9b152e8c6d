"""The JavaScript SDK (clients/web/sdk) under Node against a real ``boardroom serve``: whole Gregs games
played through it by clients/web/test/sdk_game.mjs, which asserts each mirror equals a fresh snapshot at
the end (and exits non-zero otherwise); the summary it prints is checked here against the lobby API."""

from __future__ import annotations

import json
import subprocess
from typing import Any

import httpx
import msgspec
import pytest

from games.engine.model import Prompt
from server.play.deadlines import passes_only

from .conftest import WEB


def play(node: str, mode: str, base: str, seed: int) -> dict[str, Any]:
    cmd = [node, "test/sdk_game.mjs", mode, base, str(seed)]
    done = subprocess.run(cmd, cwd=WEB, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-4000:]
    summary: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return summary


def finished(base: str, summary: dict[str, Any]) -> None:
    """The server agrees: the room finished at the version the SDK showed, with its outcome."""
    room = httpx.get(f"{base}/api/rooms/{summary['room']}").json()
    assert (room["status"], room["version"]) == ("finished", summary["version"])
    outcome = summary["outcome"]
    assert sorted(outcome["ranks"])[0] == 1 and len(outcome["ranks"]) == 4
    assert outcome["winners"] == [seat for seat, rank in enumerate(outcome["ranks"]) if rank == 1]


@pytest.mark.parametrize("seed", [1, 2])
def test_four_sdk_connections_play_a_whole_gregs_game_and_mirror_the_server(
    node: str, served: str, seed: int
) -> None:
    summary = play(node, "game", served, seed)
    finished(served, summary)
    # no timer ran out (600 s): every step is one of the seats' actions, each acknowledged once
    assert summary["acks"] == summary["version"] > 4


def test_dropped_sockets_resume_and_resend_so_no_action_is_lost_or_doubled(node: str, served: str) -> None:
    summary = play(node, "reconnect", served, 3)
    finished(served, summary)
    assert summary["acks"] == summary["version"]
    assert summary["drops"] == summary["version"] // 5 > 0
    assert summary["resent"] >= summary["drops"]


def test_a_double_act_for_one_prompt_applies_once_and_a_resend_of_the_applied_id_is_its_duplicate(
    node: str, served: str
) -> None:
    summary = play(node, "stale", served, 4)
    chose, revealed = summary["chose"], summary["revealed"]
    # a character chosen twice at once: both acts name seat 0's prompt, which it no longer has after
    # the first (the next seat chooses), so the second is refused with no current prompt to name
    assert chose == {
        "sent": ["choose-0", "choose-0"],
        "moved": 1,
        "refused": ["action/stale_prompt", {}],
        "current": None,
    }
    # a slot revealed twice at once: the second names the prompt the first answered, not the one after it
    first = revealed["sent"][0]
    assert first.endswith("-reveal-0") and revealed["sent"] == [first, first]
    assert revealed["moved"] == 1 and revealed["current"] != first
    expected = {"prompt": revealed["current"]} if revealed["current"] else {}
    assert revealed["refused"] == ["action/stale_prompt", expected]
    # the applied act sent again with its stale prompt: its stored ack, nothing applied
    ack = summary["ack"]
    assert summary["resent"] == {
        "type": "ack",
        "id": ack["id"],
        "seat": ack["seat"],
        "version": ack["version"],
        "duplicate": True,
    }
    assert summary["version"] == ack["version"]


def test_the_lobby_helper_pages_claims_seats_bots_and_starts_and_fatal_closes_reject(
    node: str, served: str
) -> None:
    summary = play(node, "lobby", served, 0)
    assert summary["codes"] == [
        "409 seat/taken",  # a claim of a held seat
        "409 room/not_full",  # a start before every seat is held
        "401 auth/bad_token",  # a bot seated with a player's token, not the host's
        "409 seat/left",  # a leave after conceding
        "404 game/not_found",
        "404 room/not_found",
    ]
    assert summary["closes"] == [[4404, "room not found"], [4401, "a token is not valid for this room"]]


def node_tests(node: str, file: str, passes: int, timeout: float) -> None:
    """Run ``clients/web/test/<file>`` under ``node --test``: all ``passes`` tests pass, none fails."""
    done = subprocess.run(
        [node, "--test", f"test/{file}"], cwd=WEB, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, done.stdout[-4000:]
    assert "# fail 0" in done.stdout and f"# pass {passes}\n" in done.stdout


def test_the_sdk_keeps_its_mirrors_and_outbox_through_gaps_outages_and_lost_links(node: str) -> None:
    """clients/web/test/sdk_units.test.mjs: a scripted server plays what a real one cannot be made to."""
    node_tests(node, "sdk_units.test.mjs", 19, 120)


def test_the_lobby_s_429_reads_as_a_refused_request_and_a_move_s_as_a_dropped_move(node: str) -> None:
    """clients/web/test/app_messages.test.mjs: the sentences of app/messages.js under Node."""
    node_tests(node, "app_messages.test.mjs", 1, 60)


def test_catalog_6_the_options_form_reads_a_refusal_s_field_and_words_it(node: str) -> None:
    """clients/web/test/app_schema_form.test.mjs: app/schema-form.js's reading of a refusal under Node."""
    node_tests(node, "app_schema_form.test.mjs", 2, 60)


#: Prompts (the fields the check reads) on either side of `server.play.deadlines.passes_only`.
PROMPTS = [
    {"id": "w", "kinds": ["pass"], "default": "pass", "choices": {"pass": [{}]}},
    {"id": "w", "kinds": ["pass"], "default": "pass"},
    {"id": "w", "kinds": ["pass", "counter"], "default": "pass", "choices": {"pass": [{}]}},
    {"id": "t", "kinds": ["pass"], "default": "advance"},
    {"id": "t", "kinds": ["pass"], "default": "pass", "choices": {"pass": [{"x": 1}]}},
    {"id": "t", "kinds": ["pass"], "default": "pass", "choices": {"pass": [{}, {}]}},
    {"id": "t", "kinds": ["roll"], "default": "roll", "choices": {"pass": [{}]}},
    # a held card with nothing to target (iGranie's cancel, IGR-30): listed, no legal action
    {"id": "w", "kinds": ["pass", "cancel"], "default": "pass", "choices": {"pass": [{}], "cancel": []}},
    {
        "id": "w",
        "kinds": ["pass", "cancel"],
        "default": "pass",
        "choices": {"pass": [{}], "cancel": [{"x": 1}]},
    },
    {"id": "w", "kinds": ["cancel"], "default": "pass", "choices": {"cancel": []}},
]


def test_the_page_hides_exactly_the_prompts_the_server_auto_passes(node: str) -> None:
    """app/autopass.js `passesOnly` under Node answers as the server's `passes_only` does."""
    script = (
        "import { passesOnly } from './app/autopass.js';"
        "console.log(JSON.stringify(JSON.parse(process.argv[1]).map(passesOnly)));"
    )
    done = subprocess.run(
        [node, "--input-type=module", "-e", script, json.dumps(PROMPTS)],
        cwd=WEB,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    expected = [passes_only(msgspec.convert(p, Prompt)) for p in PROMPTS]
    assert json.loads(done.stdout) == expected
    assert expected == [True, True, False, False, False, False, False, True, False, False]


def test_the_readme_example_plays_a_game_against_two_bots(node: str, served: str) -> None:
    readme = (WEB / "README.md").read_text()
    section = readme[readme.index("## The JavaScript SDK") :]
    example = section[section.index("```js\n") + 6 : section.index("```\n", section.index("```js\n") + 6)]
    code = example.replace("http://127.0.0.1:8000", served)
    done = subprocess.run(
        [node, "--input-type=module", "-e", code], cwd=WEB, capture_output=True, text=True, timeout=120
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert "reason: 'finished'" in done.stdout
