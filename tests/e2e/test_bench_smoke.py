"""``boardroom bench`` in miniature: a worker process and a generator process play a few rooms over real
websockets for about a second; every figure the note quotes is computed from what they report. (The
benchmark itself stays out of CI: figures are timings, reported in docs/benchmarks.md, never asserted.)"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import msgspec
import pytest

from clients.bench import peers, procs
from clients.bench.load import timeline
from clients.bench.model import LoadConfig, LoadResult, Percentiles, RunFigures, Slot
from clients.bench.profile import OTHER, stages
from clients.bench.report import markdown, summarize
from clients.bench.runner import Plan, baseline_files, loadgen_result, measure, worker_command
from clients.bench.tail import tail_line
from clients.commands.bench import DEFAULT_BASELINE
from protocol.messages import AckMode


def _quiet(label: str, fields: dict[str, Any]) -> None:
    pass


@pytest.mark.parametrize("acks", ["update", "frame"])
async def test_a_short_closed_loop_plays_every_room_without_a_refusal(acks: AckMode) -> None:
    load = LoadConfig([], game="fixture-hands", seats=3, rooms=2, warmup=0.3, duration=1.0, acks=acks)
    run = await measure(Plan(load, server_cores=None, client_cores=None), "fixture-hands", _quiet)
    assert (run.load.connections, run.load.connect_errors, run.load.refused) == (6, 0, 0)
    assert run.load.actions > 0
    # every acted step reaches all three seats: three updates per action, give or take the window edges
    assert abs(run.load.updates - 3 * run.load.actions) <= 3 * 2
    # and one ack each, inside its update or as a frame of its own, as the bots asked
    assert abs(run.load.acks - run.load.actions) <= 2
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
            "run (uvicorn/main.py:1);Session._act (server/ws/session.py:9);step (server/play/step.py:1) 6",
            "run (a.py:1);RoomWatch._change (server/ws/hub.py:1);change_of (redis/asyncio/client.py:1) 3",
            "run (a.py:1);Runner.run (asyncio/runners.py:1) 1",
            # a frame written from `Conn.send`: the uvicorn protocol's send runs inside it
            "run (a.py:1);RoomWatch._send (server/ws/hub.py:1);Conn.send (server/ws/conn.py:1);"
            "WebSocketsSansIOProtocol.send (uvicorn/protocols/websockets/websockets_sansio_impl.py:1) 2",
            # py-spy 0.4 names no class: the default protocol's direct write, and a Gregs view's rules
            "run (a.py:1);_act (server/ws/session.py:9);_show (server/ws/hub.py:1);"
            "write_now (server/ws/lean.py:1) 4",
            "run (a.py:1);_show (server/ws/hub.py:1);view (games/gregs/view.py:13);"
            "track (games/gregs/rules.py:1) 2",
            "run (a.py:1);_act (server/ws/session.py:9);_act (server/play/rooms.py:1) 2",
        ]
    )
    assert stages(collapsed) == {
        "apply (decode, game step, prompts, encode)": 6 / 20,
        "sends (websocket writes)": 6 / 20,
        "Redis (load, commit, wake-ups, scheduler)": 3 / 20,
        "views (game.view + JSON)": 2 / 20,
        "session act/ack": 2 / 20,
        OTHER: 1 / 20,
    }


def test_the_timeline_puts_each_action_in_the_slice_it_completed_in() -> None:
    # window of 1 s from t0 = 100: slices of 0.25 s; one slow action in the third slice
    ends = [100.1, 100.2, 100.6, 100.9, 101.0]
    samples = [0.001, 0.003, 0.040, 0.002, 0.004]
    slices = timeline(samples, ends, 100.0, 1.0)
    assert slices == [
        Slot(0.0, 2, 1.0, 3.0, 3.0),
        Slot(0.25, 0, None, None, None),
        Slot(0.5, 1, 40.0, 40.0, 40.0),
        Slot(0.75, 2, 2.0, 4.0, 4.0),  # the action completing at the window's end counts in the last
    ]
    result = msgspec.structs.replace(_figures("gregs", 5, 1.0, 40.0).load, timeline=slices)
    run = msgspec.structs.replace(_figures("gregs", 5, 1.0, 40.0), load=result)
    assert tail_line("gregs", [run]) == (
        "gregs: p99 per 0.25 s slice: median 4.0 ms, worst 40.0 ms (run 1, 0.50 s into the window); "
        "1 of 3 slices over 10 ms"
    )


#: A RESULT line of colyseus_load.js as it printed it (3 rooms paced at 100 ms, a 0.5 s window).
PEER_RESULT = (
    'RESULT {"impl_client":"colyseus.js","interval_ms":100,"rooms_requested":3,"rooms_live":3,'
    '"connections":12,"connect_errors":0,"connect_s":0.04,"window_s":0.5,"moves":15,"moves_per_s":29.9,'
    '"bcast_msgs_per_s":119.8,"lat_ms":{"p50":0.47648500000002514,"p90":0.8057089999999789,'
    '"p99":0.8623239999999441,"max":0.8623239999999441},"lat_sender_ms":{"p50":0.47648500000002514,'
    '"p99":0.8623239999999441},"stalled_rooms":0}'
)


def test_a_peer_result_line_becomes_a_load_result() -> None:
    raw = msgspec.json.decode(PEER_RESULT.removeprefix("RESULT "))
    assert loadgen_result(raw) == LoadResult(
        rooms_live=3,
        connections=12,
        connect_errors=0,
        connect_seconds=0.04,
        window=0.5,
        actions=15,
        updates=60,  # 119.8 broadcasts/s over the 0.5 s window: each of the 15 moves reached 4 members
        games=0,
        refused=0,
        stalled=0,
        latency=Percentiles(0.47648500000002514, None, 0.8623239999999441, 0.8623239999999441),
    )


def test_every_row_gets_its_ratio_to_the_reference_peer() -> None:
    ours = summarize([_figures("gregs", 2000, 2.0, 8.0)])
    colyseus = summarize([_figures("colyseus", 4000, 1.0, 2.0)])
    base = summarize([_figures("baseline", 4000, 0.5, 4.0)])
    lines = markdown([ours, colyseus], base, colyseus).splitlines()
    assert lines[0].endswith("| stalled | x colyseus µs | x colyseus p99 |")
    assert [line.rsplit("|", 3)[1:3] for line in lines[2:5]] == [
        [" x4.00 ", " x4.00 "],  # gregs: 1000 µs/action against 250; p99 8 ms against 2
        [" x1.00 ", " x1.00 "],
        [" x0.50 ", " x2.00 "],  # the baseline: 125 µs/action; p99 4 ms
    ]
    assert lines[6] == (
        "| colyseus / baseline |  |  | x1.00 | x1.00 | x1.00 |  | x0.50 | x2.00 | x2.00 |  | x1.00 |"
        + "  |  |  |  |  |  |"
    )


def test_the_peers_name_known_frameworks_and_need_their_folder(tmp_path: Path) -> None:
    assert peers.parse("colyseus, bgio,colyseus") == ["colyseus", "bgio"]
    with pytest.raises(peers.PeerError, match=r"^unknown peer phaser \(known: colyseus, bgio\)$"):
        peers.parse("colyseus,phaser")
    (tmp_path / "package.json").write_text("{}")
    with pytest.raises(peers.PeerError) as failed:
        peers.prepare(tmp_path, ["bgio"], cache=tmp_path / "cache")
    assert str(failed.value) == (
        f"no peers in {tmp_path} (missing package-lock.json, bgio_server.js, bgio_load.js; give --peers-dir)"
    )
    assert not (tmp_path / "cache").exists()


@pytest.mark.skipif(not (shutil.which("node") and shutil.which("npm")), reason="the peers run under Node")
@pytest.mark.skipif(not (DEFAULT_BASELINE / "peers").is_dir(), reason="no peers folder beside the checkout")
def test_the_peers_run_beside_a_game_in_one_invocation(tmp_path: Path) -> None:
    out = tmp_path / "runs.json"
    cmd = [sys.executable, "-c", "from clients.cli import main; main()", "bench", "--game", "fixture-hands"]
    cmd += ["--rooms", "2", "--warmup", "0.3", "--duration", "1", "--no-baseline", "--peers", "colyseus,bgio"]
    cmd += ["--server-cores", "", "--client-cores", "", "--json", str(out)]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=150)
    assert done.returncode == 0, done.stderr
    runs = msgspec.json.decode(out.read_bytes())
    assert sorted(runs) == ["bgio", "colyseus", "fixture-hands"], done.stdout  # a skipped peer says why
    for name in ("colyseus", "bgio"):
        (run,) = runs[name]
        load = run["load"]
        assert (load["rooms_live"], load["connections"], load["connect_errors"]) == (2, 8, 0)
        assert load["actions"] > 0 and run["worker_cpu"] > 0
        (line,) = [line for line in done.stdout.splitlines() if line.startswith(f"| {name} | 2 | 8 |")]
        cells = [cell.strip() for cell in line.split("|")[1:-1]]
        assert all(re.fullmatch(r"x\d+\.\d\d", cell) for cell in cells[-2:]), line  # x colyseus µs, p99
    (colyseus,) = [line for line in done.stdout.splitlines() if line.startswith("| colyseus |")]
    assert colyseus.endswith("| x1.00 | x1.00 |")


def test_a_server_process_tree_is_read_from_proc() -> None:
    """The figures of ``serve --workers N`` are summed over its process tree (`procs.tree`)."""
    code = (
        "import subprocess, sys; print(subprocess.Popen(['sleep', '60']).pid, flush=True); sys.stdin.read()"
    )
    parent = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert parent.stdout is not None and parent.stdin is not None
    child = int(parent.stdout.readline())
    try:
        assert (procs.children(parent.pid), procs.tree(parent.pid)) == ([child], [parent.pid, child])
        assert procs.spawned(parent.pid) == []  # not a multiprocessing child
    finally:
        os.kill(child, signal.SIGKILL)
        parent.stdin.close()
        parent.wait(10)
        parent.stdout.close()


def test_the_server_switch_reaches_the_worker_command() -> None:
    def tail(server: str) -> list[str]:
        cmd = worker_command(8000, None, "p:", server=server)
        return cmd[cmd.index("8000") + 1 : cmd.index("--workers")]

    assert [tail(s) for s in ["uvicorn", "picows", "granian", "uvicorn-wsproto", "uvicorn-sansio"]] == [
        [],
        ["--websockets", "picows"],
        ["--server", "granian"],
        ["--server", "uvicorn-wsproto"],
        ["--server", "uvicorn-sansio"],
    ]


def test_an_unknown_game_or_no_rooms_is_refused_before_anything_starts() -> None:
    bench = [sys.executable, "-c", "from clients.cli import main; main()", "bench", "--no-baseline"]
    unknown = subprocess.run([*bench, "--game", "nope"], capture_output=True, text=True, timeout=60)
    assert (unknown.returncode, unknown.stdout) == (1, "")
    assert unknown.stderr.startswith("boardroom bench: --game: unknown game 'nope' (known: fixture-commit,")
    empty = subprocess.run([*bench, "--rooms", "0"], capture_output=True, text=True, timeout=60)
    assert (empty.returncode, empty.stderr) == (1, "boardroom bench: --rooms must be at least 1, not 0\n")
