"""Figures of repeated runs: medians per label, ratios to the baseline (and to a reference peer, Colyseus,
when it ran), and the text table printed.

Each figure is the median over the repeats of that figure (not the figures of the median run).
``errors`` are failed room setups and refused actions; ``stalled`` rooms had an action in flight for
over 2 s when the window closed (a saturated worker, not a failure). A ratio is a row / the baseline
(or / the reference peer): above 1 for actions/s is better, below 1 for CPU, latency and RSS is better.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence

import msgspec

from clients.bench.model import RunFigures


class Summary(msgspec.Struct, frozen=True):
    """Medians over the repeats of one label. Rates per second, latency in ms, CPU as a share of one core
    and µs per action, RSS in bytes per connection; ``None`` where not measured."""

    label: str
    runs: int
    rooms: int
    connections: int
    actions_per_s: float
    updates_per_s: float
    p50: float | None
    p95: float | None
    p99: float | None
    cpu_share: float
    cpu_per_action_us: float | None
    redis_share: float | None
    rss_per_conn: float | None
    client_share: float
    loadavg: float
    games: int
    errors: int
    stalled: int


def _median(values: Sequence[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return statistics.median(known) if known else None


def summarize(runs: Sequence[RunFigures]) -> Summary:
    """The medians of ``runs`` (all of one label)."""

    def med(get: Callable[[RunFigures], float | None]) -> float | None:
        return _median([get(r) for r in runs])

    first = runs[0]
    return Summary(
        label=first.label,
        runs=len(runs),
        rooms=first.load.rooms_live,
        connections=first.load.connections,
        actions_per_s=med(lambda r: r.actions_per_s) or 0.0,
        updates_per_s=med(lambda r: r.updates_per_s) or 0.0,
        p50=med(lambda r: r.load.latency.p50),
        p95=med(lambda r: r.load.latency.p95),
        p99=med(lambda r: r.load.latency.p99),
        cpu_share=med(lambda r: r.cpu_share) or 0.0,
        cpu_per_action_us=med(lambda r: r.cpu_per_action_us),
        redis_share=med(lambda r: r.redis_cpu / r.load.window if r.redis_cpu is not None else None),
        rss_per_conn=med(lambda r: r.rss_per_conn),
        loadavg=med(lambda r: r.loadavg) or 0.0,
        client_share=med(lambda r: r.client_cpu / r.load.window if r.load.window else 0.0) or 0.0,
        games=sum(r.load.games for r in runs),
        errors=sum(r.load.connect_errors + r.load.refused for r in runs),
        stalled=sum(r.load.stalled for r in runs),
    )


def ratio(ours: float | None, base: float | None) -> str:
    """``ours / base`` as ``x0.00``, or ``-`` when either is missing or the base is zero."""
    if ours is None or not base:
        return "-"
    return f"x{ours / base:.2f}"


def _num(value: float | None, fmt: str) -> str:
    return "-" if value is None else format(value, fmt)


COLUMNS = (
    "run",
    "rooms",
    "conns",
    "actions/s",
    "updates/s",
    "p50 ms",
    "p95 ms",
    "p99 ms",
    "worker CPU",
    "µs/action",
    "Redis CPU",
    "KB RSS/conn",
    "client CPU",
    "load avg",
    "errors",
    "stalled",
)


def row(s: Summary) -> list[str]:
    """One summary as table cells (`COLUMNS`)."""
    return [
        s.label,
        str(s.rooms),
        str(s.connections),
        f"{s.actions_per_s:.0f}",
        f"{s.updates_per_s:.0f}",
        _num(s.p50, ".2f"),
        _num(s.p95, ".2f"),
        _num(s.p99, ".2f"),
        f"{s.cpu_share * 100:.0f} %",
        _num(s.cpu_per_action_us, ".0f"),
        "-" if s.redis_share is None else f"{s.redis_share * 100:.0f} %",
        _num(None if s.rss_per_conn is None else s.rss_per_conn / 1024, ".1f"),
        f"{s.client_share * 100:.0f} %",
        f"{s.loadavg:.1f}",
        str(s.errors),
        str(s.stalled),
    ]


def ratio_row(s: Summary, base: Summary) -> list[str]:
    """``s`` against the baseline, in the same columns (rates, latency, CPU and RSS as ratios)."""
    return [
        f"{s.label} / baseline",
        "",
        "",
        ratio(s.actions_per_s, base.actions_per_s),
        ratio(s.updates_per_s, base.updates_per_s),
        ratio(s.p50, base.p50),
        "",
        ratio(s.p99, base.p99),
        ratio(s.cpu_share, base.cpu_share),
        ratio(s.cpu_per_action_us, base.cpu_per_action_us),
        "",
        ratio(s.rss_per_conn, base.rss_per_conn),
        "",
        "",
        "",
        "",
    ]


#: The columns added when a reference peer ran: its figures as the denominator of every row's ratio.
REFERENCE_COLUMNS = ("x {} µs", "x {} p99")


def reference_cells(s: Summary, reference: Summary) -> list[str]:
    """``s`` against the reference peer: µs per action and p99 as ratios (`REFERENCE_COLUMNS`)."""
    return [ratio(s.cpu_per_action_us, reference.cpu_per_action_us), ratio(s.p99, reference.p99)]


def markdown(summaries: Sequence[Summary], base: Summary | None, reference: Summary | None = None) -> str:
    """The table as Markdown (what docs/benchmarks.md quotes): a row per summary (ours, then the peers),
    the baseline's, then each summary against the baseline; with a ``reference`` (a peer's summary, also
    among ``summaries``) every measured row also gets its ratios to it (`REFERENCE_COLUMNS`, named after
    its label)."""
    measured = [*summaries, *([base] if base is not None else [])]
    rows = [row(s) + (reference_cells(s, reference) if reference else []) for s in measured]
    if base is not None:
        blanks = [""] * len(REFERENCE_COLUMNS) if reference else []
        rows += [ratio_row(s, base) + blanks for s in summaries]
    columns = list(COLUMNS)
    if reference is not None:
        columns += [c.format(reference.label) for c in REFERENCE_COLUMNS]
    lines = ["| " + " | ".join(columns) + " |", "|" + " --- |" * len(columns)]
    lines += ["| " + " | ".join(cells) + " |" for cells in rows]
    return "\n".join(lines)
