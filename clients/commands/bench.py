"""``boardroom bench``: the load benchmark (docs/benchmarks.md).

R rooms x S seats of bot clients over real websockets, in a process of their own, against one or more
workers started here on one port (``serve --workers N``; in-memory store, or ``--redis URL`` shared by
every worker); closed-loop, paced or idle. For each game given, and for the transport baseline of
``--baseline-dir`` in the same invocation, it reports actions/s, updates/s, p50/p95/p99
action-to-update latency, worker CPU (share of a core and µs per action, from ``/proc``, summed over
the workers), Redis CPU when Redis runs here, and RSS per connection above the idle worker(s); medians
of ``--repeat`` runs, and every figure also as a ratio to the baseline. ``--peers
colyseus,bgio`` adds the peer frameworks of ``--peers-dir`` (Node) on the baseline's workload, and every
row's µs per action and p99 as a ratio to Colyseus's.
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path
from typing import Any

import msgspec

from clients.commands.serve import SERVERS

#: The baseline next to the checkout: ``<checkout>/../shared/bench``.
DEFAULT_BASELINE = Path(__file__).resolve().parents[3] / "shared" / "bench"


def register(sub: Any) -> None:
    parser = sub.add_parser("bench", help="load benchmark: bot rooms over websockets, against the baseline")
    parser.add_argument("--game", action="append", help="game id, repeatable (default: gregs, fixture-hands)")
    parser.add_argument("--rooms", type=int, default=100, help="rooms at once (default 100)")
    parser.add_argument(
        "--seats", type=int, default=4, help="seats per room, one connection each (default 4)"
    )
    parser.add_argument("--mode", choices=["closed", "paced", "idle"], default="closed", help="load shape")
    parser.add_argument(
        "--acks",
        choices=["update", "frame"],
        default="update",
        help="the bots' hello.acks: inside the actor's update (default) or frames of their own",
    )
    parser.add_argument("--interval", type=float, default=1.0, help="paced: seconds between a room's actions")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds before the window (default 3)")
    parser.add_argument("--duration", type=float, default=10.0, help="seconds measured (default 10)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per game; medians are reported")
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="worker processes on one port (serve --workers N; more than 1 needs --redis)",
    )
    parser.add_argument("--redis", metavar="URL", help="Redis store shared by the workers (default: memory)")
    parser.add_argument("--server-cores", default="0", help="taskset cores of the workers (default 0)")
    parser.add_argument("--client-cores", default="1", help="taskset cores of the generator (default 1)")
    parser.add_argument(
        "--baseline-dir",
        default=str(DEFAULT_BASELINE),
        help="the transport baseline (server_websockets.py, loadgen.py); default ../shared/bench",
    )
    parser.add_argument("--no-baseline", action="store_true", help="skip the baseline run")
    parser.add_argument(
        "--peers",
        default="",
        metavar="NAMES",
        help="peer frameworks to run too, comma-separated: colyseus, bgio (needs node and npm)",
    )
    parser.add_argument(
        "--peers-dir", help="the peers' scripts and package-lock.json (default: <baseline-dir>/peers)"
    )
    parser.add_argument("--json", metavar="PATH", help="also write every run's raw figures here")
    parser.add_argument(
        "--profile",
        metavar="DIR",
        help="py-spy the first worker over each window into DIR and print where its CPU went, by stage",
    )
    parser.add_argument(
        "--server",
        default="uvicorn",
        choices=SERVERS,
        help="the server under the workers' app (default uvicorn; the others are for comparison only: "
        "docs/benchmarks.md, 'Levers: the server under the app')",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from clients.bench.model import LoadConfig
    from clients.bench.runner import Plan, baseline_files
    from games.catalog import with_fixtures

    if args.workers > 1 and not args.redis:
        raise SystemExit("boardroom bench: --workers above 1 needs --redis (workers share rooms there)")
    known = sorted(with_fixtures())
    for game in args.game or []:
        if game not in known:
            raise SystemExit(f"boardroom bench: --game: unknown game {game!r} (known: {', '.join(known)})")
    for flag, value in (("--rooms", args.rooms), ("--seats", args.seats), ("--repeat", args.repeat)):
        if value < 1:
            raise SystemExit(f"boardroom bench: {flag} must be at least 1, not {value}")
    baseline = None if args.no_baseline or args.mode == "idle" else args.baseline_dir
    if baseline is not None and baseline_files(baseline) is None:
        print(f"no transport baseline in {baseline}: ratios are skipped (give --baseline-dir)")
        baseline = None
    plans = [
        Plan(
            LoadConfig(
                [],
                game=game,
                seats=args.seats,
                rooms=args.rooms,
                mode=args.mode,
                interval=args.interval,
                warmup=args.warmup,
                duration=args.duration,
                acks=args.acks,
            ),
            workers=args.workers,
            redis=args.redis,
            server_cores=args.server_cores or None,
            client_cores=args.client_cores or None,
            baseline_dir=baseline,
            profile=args.profile,
            server=args.server,
        )
        for game in args.game or ["gregs", "fixture-hands"]
    ]
    if args.profile:
        Path(args.profile).mkdir(parents=True, exist_ok=True)  # py-spy writes into it, and makes no folder
    peers, work = _peers(args)
    return asyncio.run(_bench(plans, args.repeat, args.json, peers, work))


def _peers(args: argparse.Namespace) -> tuple[list[str], Path | None]:
    """The peers asked for and their prepared folder, or none with a one-line reason why they are skipped
    (idle mode, node or npm missing, no peers folder, ``npm ci`` failed)."""
    from clients.bench import peers

    try:
        names = peers.parse(args.peers)
    except peers.PeerError as exc:
        raise SystemExit(f"boardroom bench: --peers: {exc}") from exc
    if not names:
        return [], None
    if args.mode == "idle":
        print("idle mode: the peers are skipped (their load clients measure moves, not idle connections)")
        return [], None
    try:
        return names, peers.prepare(args.peers_dir or Path(args.baseline_dir) / "peers", names)
    except peers.PeerError as exc:
        print(f"peers skipped: {exc}")
        return [], None


async def _bench(
    plans: list[Any], repeat: int, json_path: str | None, peers: list[str], work: Path | None
) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from clients.bench.peers import REFERENCE, measure_peer
    from clients.bench.report import markdown, summarize
    from clients.bench.runner import measure, measure_baseline
    from clients.bench.tail import tail_line

    console = Console()
    columns = (TextColumn("{task.description}"), BarColumn(), TextColumn("{task.fields[info]}"))
    runs: dict[str, list[Any]] = {}
    with Progress(*columns, TimeElapsedColumn(), console=console, transient=True) as bar:
        for plan in plans:
            for n in range(repeat):
                label = plan.load.game
                task = bar.add_task(f"{label} {n + 1}/{repeat}", total=plan.load.rooms, info="starting")
                runs.setdefault(label, []).append(await measure(plan, label, _shower(bar, task)))
                bar.remove_task(task)
        if plans[0].baseline_dir is not None:
            for n in range(repeat):
                task = bar.add_task(f"baseline {n + 1}/{repeat}", total=plans[0].load.rooms, info="starting")
                figures = await measure_baseline(plans[0], _shower(bar, task))
                if figures is not None:
                    runs.setdefault("baseline", []).append(figures)
                bar.remove_task(task)
        for name in peers:
            assert work is not None
            for n in range(repeat):
                task = bar.add_task(f"{name} {n + 1}/{repeat}", total=plans[0].load.rooms, info="starting")
                try:
                    runs.setdefault(name, []).append(
                        await measure_peer(plans[0], name, work, _shower(bar, task))
                    )
                except RuntimeError as exc:  # one peer failing leaves the rest of the table
                    console.print(f"{name} run {n + 1} failed: {exc}")
                bar.remove_task(task)
    base = summarize(runs["baseline"]) if runs.get("baseline") else None
    summaries = [summarize(r) for label, r in runs.items() if label != "baseline" and r]
    reference = next((s for s in summaries if s.label == REFERENCE), None)
    load = plans[0].load
    console.print(
        f"{load.mode}, {load.rooms} rooms x {load.seats} seats, {plans[0].workers} worker(s) "
        f"on {plans[0].server}, store {'redis' if plans[0].redis else 'memory'}, acks {load.acks}, "
        f"window {load.duration:.0f} s, medians of {repeat}",
        soft_wrap=True,  # one line at any terminal width, like the table under it
    )
    print(markdown(summaries, base, reference))
    for label, rs in runs.items():
        line = tail_line(label, rs)
        if line is not None:
            print(line)
    if plans[0].profile is not None:
        _print_profiles(plans[0].profile, [s for s in summaries if s.label not in peers])
    if json_path:
        raw = {label: [msgspec.to_builtins(r) for r in rs] for label, rs in runs.items()}
        with open(json_path, "wb") as f:
            f.write(msgspec.json.encode(raw))
    return 0


def _print_profiles(directory: str, summaries: list[Any]) -> None:
    """The stage table of each label's profiles (samples of all its runs summed)."""
    from clients.bench.profile import stages, table

    for summary in summaries:
        paths = sorted(Path(directory).glob(f"{summary.label}-*.txt"))
        texts = [p.read_text(errors="replace") for p in paths]  # py-spy may misread a frame's name
        if not texts:
            print(f"{summary.label}: no profile (py-spy missing, or not allowed to trace the worker)")
            continue
        print(f"\n{summary.label}: where the worker's CPU went")
        print(table(stages("\n".join(texts)), summary.cpu_per_action_us))


def _shower(bar: Any, task: Any) -> Any:
    """A progress callback updating ``task`` of ``bar`` from the generator's lines."""

    def show(label: str, fields: dict[str, Any]) -> None:
        if "phase" in fields:
            bar.update(task, info=fields["phase"])
        elif "rooms" in fields:
            info = f"{fields.get('actions', 0)} actions"
            if fields.get("measuring"):
                info += " (measuring)"
            bar.update(task, completed=fields["rooms"], info=info)

    return show
