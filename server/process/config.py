"""Every `Settings` field as a ``boardroom serve`` flag and a ``BOARDROOM_*`` environment variable.

One table (`OPTIONS`) drives the flags, their ``--help``, the reading of the environment and the
reference in docs/operations.md (`markdown_table`, checked by a test). A flag beats its variable, a
variable beats the `Settings` default; a value outside its `Settings` bound (``msgspec.Meta``) is a
`ConfigError` naming the flag or variable. Lists and maps in a variable are comma-separated
(``BOARDROOM_ORIGIN=https://a.example,https://b.example``, ``BOARDROOM_TIMER=turn=60,reaction=10``).
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any, Literal

import msgspec

from server.settings import Settings

Kind = Literal["str", "int", "float", "bool", "list", "timers"]


class ConfigError(ValueError):
    """A flag or variable whose value does not parse; the message names it."""


class Option(msgspec.Struct, frozen=True):
    """One setting: ``flag`` (``--max-frame``), ``env`` (``BOARDROOM_MAX_FRAME``), ``path`` in `Settings`
    (``limits.max_frame``), ``kind`` of value, ``unit`` and ``help``."""

    flag: str
    env: str
    path: str
    kind: Kind
    help: str
    unit: str = ""
    shown: str | None = None  # the default as documented, when the `Settings` value would mislead

    @property
    def dest(self) -> str:
        return self.path.replace(".", "__")

    def default(self) -> Any:
        value: Any = Settings()
        for part in self.path.split("."):
            value = getattr(value, part)
        return value


def _o(
    flag: str,
    path: str,
    kind: Kind,
    help: str,
    unit: str = "",
    env: str | None = None,
    shown: str | None = None,
) -> Option:
    return Option(
        flag, env or "BOARDROOM_" + flag[2:].upper().replace("-", "_"), path, kind, help, unit, shown
    )


OPTIONS: tuple[Option, ...] = (
    _o("--host", "host", "str", "bind address"),
    _o("--port", "port", "int", "TCP port"),
    _o(
        "--redis",
        "redis_url",
        "str",
        "keep rooms in this Redis (workers share them)",
        "URL",
        "BOARDROOM_REDIS_URL",
        "none: the in-memory store",
    ),
    _o("--redis-prefix", "redis_prefix", "str", "prefix of every Redis key; one per deployment"),
    _o("--redis-cluster", "redis_cluster", "bool", "the Redis URL is a node of a Redis Cluster"),
    _o(
        "--origin",
        "origins",
        "list",
        "allowed Origin of browsers: websockets, API CORS (repeatable)",
        shown="any",
    ),
    _o(
        "--trusted-proxy",
        "trusted_proxies",
        "list",
        "proxy address whose X-Forwarded-For names the client (repeatable; * any)",
        shown="127.0.0.1",
    ),
    _o("--max-frame", "limits.max_frame", "int", "largest frame accepted (bigger: close 1009)", "bytes"),
    _o("--send-queue", "limits.send_queue", "int", "frames queued per connection before 4408", "frames"),
    _o(
        "--send-queue-bytes",
        "limits.send_queue_bytes",
        "int",
        "bytes queued per connection before 4408",
        "bytes",
    ),
    _o("--send-buffer", "limits.send_buffer", "int", "kernel send buffer per connection (0: auto)", "bytes"),
    _o("--hello-timeout", "limits.hello_timeout", "float", "time to send hello before 4400", "s"),
    _o("--actions-per-second", "limits.actions_per_second", "float", "act rate per connection", "1/s"),
    _o("--action-burst", "limits.action_burst", "float", "act burst per connection", "actions"),
    _o("--frames-per-second", "limits.frames_per_second", "float", "frame rate per connection", "1/s"),
    _o("--frame-burst", "limits.frame_burst", "float", "frame burst per connection", "frames"),
    _o("--syncs-per-second", "limits.syncs_per_second", "float", "sync rate per connection", "1/s"),
    _o("--sync-burst", "limits.sync_burst", "float", "sync burst per connection", "syncs"),
    _o("--flood-after", "limits.flood_after", "int", "refused frames in a row before 4429", "frames"),
    _o("--resume-gap", "limits.resume_gap", "int", "versions behind before a snapshot", "versions"),
    _o("--ping-interval", "limits.ping_interval", "float", "websocket ping of each client every", "s"),
    _o("--ping-timeout", "limits.ping_timeout", "float", "close a websocket whose pong is this late", "s"),
    _o("--header-timeout", "limits.header_timeout", "float", "a request's headers (a handshake's too)", "s"),
    _o("--body-timeout", "limits.body_timeout", "float", "a request's body, after its headers", "s"),
    _o("--idle-timeout", "limits.idle_timeout", "float", "a connection before and between requests", "s"),
    _o(
        "--max-connections",
        "limits.max_connections",
        "int",
        "websockets per worker (more: close 1013)",
        "connections",
    ),
    _o("--creates-per-second", "limits.creates_per_second", "float", "room creations per client", "1/s"),
    _o("--create-burst", "limits.create_burst", "float", "room creation burst per client", "rooms"),
    _o("--lists-per-second", "limits.lists_per_second", "float", "room listings per client", "1/s"),
    _o("--list-burst", "limits.list_burst", "float", "room listing burst per client", "lists"),
    _o(
        "--token-failures-per-second",
        "limits.token_failures_per_second",
        "float",
        "failed token checks per client",
        "1/s",
    ),
    _o("--token-failure-burst", "limits.token_failure_burst", "float", "failed token check burst", "checks"),
    _o(
        "--abandon-after",
        "ttls.abandon_after",
        "float",
        "close a room nobody is connected to (swept every tenth of it)",
        "s",
    ),
    _o("--finished-ttl", "ttls.finished_log", "float", "keep a finished/abandoned room readable", "s"),
    _o("--lease", "ttls.lease", "float", "a worker's claim on a due deadline", "s"),
    _o("--timer", "timers", "timers", "seconds of a timer class, CLASS=SECONDS (repeatable)", "s"),
    _o("--away-seconds", "away_seconds", "float", "deadline of a seat marked away (0: at once)", "s"),
    _o("--bot-delay", "bot_delay", "float", "pause before a server-side bot acts", "s"),
    _o("--autopass-min", "autopass_min", "float", "shortest delay before an auto-pass (seat setting)", "s"),
    _o("--autopass-max", "autopass_max", "float", "longest delay before an auto-pass (seat setting)", "s"),
    _o("--tick", "tick", "float", "scheduler sweep interval", "s"),
    _o("--shutdown-grace", "shutdown_grace", "float", "graceful shutdown budget (SIGTERM)", "s"),
    _o(
        "--workers",
        "workers",
        "int",
        "worker processes on this one port (more than 1 needs --redis)",
        "processes",
    ),
    _o("--websockets", "websockets", "str", "websocket implementation: uvicorn or picows (its extra)"),
    _o("--allow-seed", "allow_seed", "bool", "accept fixed room seeds (tests only: reveals cards)"),
    _o("--fixtures", "fixtures", "bool", "also host the fixture games (fixture-*; benchmarks, tests)"),
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add every option's flag to ``parser`` (values stay raw until `settings_from`)."""
    for opt in OPTIONS:
        shown = f"env {opt.env}; default {_shown(opt)}"
        if opt.kind == "bool":
            parser.add_argument(
                opt.flag, dest=opt.dest, action="store_true", default=None, help=f"{opt.help} ({shown})"
            )
        else:
            repeat = "append" if opt.kind in ("list", "timers") else "store"
            parser.add_argument(
                opt.flag, dest=opt.dest, action=repeat, metavar=_metavar(opt), help=f"{opt.help} ({shown})"
            )


def settings_from(args: argparse.Namespace, environ: Mapping[str, str]) -> Settings:
    """The `Settings` of flags ``args`` over variables ``environ`` over the defaults. ``--redis`` (or its
    variable) selects the Redis store (``--redis-cluster`` needs a ``redis://`` or ``rediss://`` one;
    ``--workers`` above 1 needs one).
    Raises `ConfigError` naming the bad flag or variable."""
    data: dict[str, Any] = {}
    given: dict[str, tuple[str, Any]] = {}  # path -> (flag or variable, raw value), to name a bad one
    for opt in OPTIONS:
        raw, source = getattr(args, opt.dest, None), opt.flag
        if raw is None and opt.env in environ:
            raw, source = environ[opt.env], opt.env
        if raw is not None:
            _put(data, opt.path, parse(opt, raw, source))
            given[opt.path] = (source, raw)
    if data.get("redis_cluster") and not str(data.get("redis_url", "")).startswith(("redis://", "rediss://")):
        flag = given["redis_cluster"][0]
        raise ConfigError(f"{flag}: a Redis Cluster needs --redis with a node's redis:// or rediss:// URL")
    if "redis_url" in data:
        data["store"] = "redis"
    try:
        settings = msgspec.convert(data, Settings)
    except msgspec.ValidationError as exc:
        raise ConfigError(_out_of_bounds(str(exc), given)) from None
    if settings.workers > 1 and settings.store != "redis":
        flag = given["workers"][0]
        raise ConfigError(
            f"{flag}: {settings.workers} workers need --redis (the in-memory store is one process's own)"
        )
    if settings.autopass_min > settings.autopass_max:
        raise ConfigError(f"--autopass-min ({settings.autopass_min}) must not exceed --autopass-max")
    return settings


def _out_of_bounds(message: str, given: Mapping[str, tuple[str, Any]]) -> str:
    """``message`` of a `Settings` bound (``Expected `int` >= 1 - at `$.limits.max_frame```) as
    ``--max-frame: '-1' is not allowed: expected `int` >= 1``, naming the flag or variable given."""
    reason, _, where = message.partition(" - at `$.")
    path = where.rstrip("`").split("[", 1)[0]
    if path not in given:
        return message
    source, raw = given[path]
    shown = ",".join(map(str, raw)) if isinstance(raw, list) else raw
    if path == "redis_url":
        reason = "expected a redis://, rediss:// or unix:// URL"
    return f"{source}: {shown!r} is not allowed: {reason[:1].lower()}{reason[1:]}"


def parse(opt: Option, raw: Any, source: str) -> Any:
    """``raw`` (a flag's value, a list for repeatable flags, or a variable's text) as ``opt``'s value."""
    items = _items(raw) if opt.kind in ("list", "timers") else raw
    try:
        if opt.kind == "timers":
            return {name: msgspec.convert(sec, float, strict=False) for name, sec in map(_pair, items)}
        if opt.kind == "list":
            return items
        if opt.kind == "bool" and isinstance(raw, str):
            return msgspec.convert(raw.strip().lower() or "false", bool, strict=False)
        return msgspec.convert(
            raw, {"str": str, "int": int, "float": float, "bool": bool}[opt.kind], strict=False
        )
    except (msgspec.ValidationError, ValueError) as exc:
        raise ConfigError(f"{source}: cannot read {raw!r} as {opt.kind}: {exc}") from None


def _items(raw: Any) -> list[str]:
    texts = raw if isinstance(raw, list) else [raw]
    return [item.strip() for text in texts for item in str(text).split(",") if item.strip()]


def _pair(item: str) -> tuple[str, str]:
    name, sep, seconds = item.partition("=")
    if not sep or not name.strip():
        raise ValueError(f"expected CLASS=SECONDS, got {item!r}")
    return name.strip(), seconds.strip()


def _put(data: dict[str, Any], path: str, value: Any) -> None:
    *parents, leaf = path.split(".")
    for part in parents:
        data = data.setdefault(part, {})
    data[leaf] = value


def _shown(opt: Option) -> str:
    if opt.shown is not None:
        return opt.shown
    value = opt.default()
    return "the built-in seconds" if value == {} else str(value)


def markdown_table() -> str:
    """The options as the Markdown table of docs/operations.md."""
    lines = [
        "| flag | environment variable | setting | unit | default | meaning |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for opt in OPTIONS:
        flag = f"`{opt.flag}`" + ("" if opt.kind == "bool" else f" {_metavar(opt)}")
        default = f"`{_shown(opt)}`"
        lines.append(f"| {flag} | `{opt.env}` | `{opt.path}` | {opt.unit or '-'} | {default} | {opt.help} |")
    return "\n".join(lines) + "\n"


def _metavar(opt: Option) -> str:
    if opt.kind == "timers":
        return "CLASS=SECONDS"
    return opt.unit.upper() or opt.flag[2:].upper().replace("-", "_")
