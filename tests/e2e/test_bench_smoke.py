"""``boardroom bench`` in miniature: a worker process and a generator process play a few rooms over real
websockets for about a second; every figure the note quotes is computed from what they report. (The
benchmark itself stays out of CI: figures are timings, reported in docs/benchmarks.md, never asserted.)"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

from clients.bench.model import LoadConfig, LoadResult, Percentiles, RunFigures
from clients.bench.profile import OTHER, stages
from clients.bench.report import markdown, summarize
from clients.bench.runner import Plan, baseline_files, measure, worker_command


def _quiet(label: str, fields: dict[str, Any]) -> None:
    pass


async def test_a_short_closed_loop_plays_every_room_without_a_refusal() -> None:
    load = LoadConfig([], game="fixture-hands", seats=3, rooms=2, warmup=0.3, duration=1.0)
    run = await measure(Plan(load, server_cores=None, client_cores=None), "fixture-hands", _quiet)
    assert (run.load.connections, run.load.connect_errors, run.load.refused) == (6, 0, 0)
    assert run.load.actions > 0
    # every acted step reaches all three seats: three updates per action, give or take the window edges
    assert abs(run.load.updates - 3 * run.load.actions) <= 3 * 2
    assert run.worker_cpu > 0 and run.loaded_rss > 0


def _figures(label: str, actions: int, cpu: float, p99: float) -> RunFigures:
    result = LoadResult(10, 40, 0, 0.5, 10.0, actions, actions * 4, 2, 0, 0, Percentiles(1.0, 2.0, p99, 9.0))
    return RunFigures(label, result, cpu, None, 100 * 1024 * 1024, 100 * 1024 * 1024 + 40 * 20480, 5.0, 0.5)


def test_the_table_gives_medians_and_ratios_to_the_baseline() -> None:
    ours = summarize([_figures("gregs", a, 2.0, 8.0) for a in (1000, 3000, 2000)])
    base = summarize([_figures("baseline", 4000, 1.0, 4.0)])
    lines = markdown([ours], base).splitlines()
    assert lines[2] == (
        "| gregs | 10 | 40 | 200 | 800 | 1.00 | 2.00 | 8.00 | 20 % | 1000 | - | 20.0 | 50 % | 0.5 | 0 | 0 |"
    )
    assert (
        lines[4]
        == "| gregs / baseline |  |  | x0.50 | x0.50 | x1.00 |  | x2.00 | x2.00 | x4.00 |  | x1.00 |"
        + "  |  |  |  |"
    )


def test_a_missing_baseline_directory_skips_the_ratios_with_a_message(tmp_path: Any) -> None:
    assert baseline_files(str(tmp_path)) is None
    cmd = [sys.executable, "-c", "from clients.cli import main; main()", "bench", "--help"]
    assert "--baseline-dir" in subprocess.run(cmd, capture_output=True, text=True, check=True).stdout


def test_each_profile_sample_is_charged_to_the_stage_of_its_innermost_named_frame() -> None:
    collapsed = "\n".join(
        [
            "run (uvicorn/main.py:1);Session._act (server/ws/session.py:9);Rooms._step (server/rooms.py:1) 6",
            "run (a.py:1);RoomWatch._change (server/ws/hub.py:1);change_of (redis/asyncio/client.py:1) 3",
            "run (a.py:1);Runner.run (asyncio/runners.py:1) 1",
            # a frame written from `Conn.send`: the uvicorn protocol's send runs inside it
            "run (a.py:1);RoomWatch._send (server/ws/hub.py:1);Conn.send (server/ws/conn.py:1);"
            "WebSocketsSansIOProtocol.send (uvicorn/protocols/websockets/websockets_sansio_impl.py:1) 2",
        ]
    )
    assert stages(collapsed) == {
        "apply (decode, game step, prompts, encode)": 0.5,
        "Redis (load, commit, wake-ups, scheduler)": 0.25,
        "sends (websocket writes)": 1 / 6,
        OTHER: 1 / 12,
    }


def test_the_server_switch_reaches_the_worker_command() -> None:
    def tail(server: str) -> list[str]:
        cmd = worker_command(8000, None, "p:", server)
        return cmd[cmd.index("8000") + 1 : cmd.index("--fixtures")]

    assert [tail(s) for s in ["uvicorn", "picows", "granian", "uvicorn-wsproto"]] == [
        [],
        ["--websockets", "picows"],
        ["--server", "granian"],
        ["--server", "uvicorn-wsproto"],
    ]
