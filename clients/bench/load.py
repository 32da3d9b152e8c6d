"""The load generator: rooms of bot clients over real websockets, in a process of its own.

    python -m clients.bench.load '<LoadConfig as JSON>'

Each room is created through the lobby API and every seat claimed (the room starts), then one websocket
per seat says ``hello`` with its token. The bots read only what any client gets: the update's versions,
the seat's prompt (its finite ``choices``) and the outcome, and count acks (inside updates when the config
asks, `LoadConfig.acks`); views and patches are skipped by the decoder,
so the generator's own cost per frame stays small. A room has at most one action in flight; it counts
when every seat of the room received the step (``to`` reached the acted version + 1).

Prints ``PROGRESS {json}`` lines (for the orchestrator's display), ``MEASURE_START`` / ``MEASURE_END``
around the window (the orchestrator samples the workers' CPU between them) and one ``RESULT {json}``
(a `LoadResult`) at the end. A game that ends is replaced by a new room, so long runs keep their load.
"""

from __future__ import annotations

import asyncio
import gc
import random
import sys
import time
from typing import Any

import aiohttp
import msgspec
from websockets.asyncio.client import ClientConnection, connect

from clients.bench.model import SLOT, LoadConfig, LoadResult, Percentiles, Slot
from clients.bench.procs import allow_open_files
from clients.sdk.connection import room_url
from protocol import PROTOCOL_MAJOR

perf = time.perf_counter


class _Prompt(msgspec.Struct):
    id: str
    kinds: list[str]
    choices: dict[str, list[dict[str, Any]]] = {}


class _Msg(msgspec.Struct):
    """The fields of a server frame a bot needs; everything else (views, patches) is skipped unparsed."""

    type: str
    seat: int | None = None
    to: int = -1
    version: int = -1
    prompt: _Prompt | None = None
    outcome: Any = None
    code: str = ""
    acks: list[msgspec.Raw] = []  # counted, not read


_decode = msgspec.json.Decoder(_Msg).decode
_encode = msgspec.json.encode
JSON = {"Content-Type": "application/json"}


class Stats:
    """Counters over the measurement window (``measuring``) and the latency samples, seconds."""

    def __init__(self) -> None:
        self.measuring = False
        self.stopping = False
        self.actions = 0
        self.updates = 0
        self.games = 0
        self.refused = 0
        self.acks = 0
        self.latency: list[float] = []
        self.finished_at: list[float] = []  # when each latency sample completed (`perf`)
        self.total_actions = 0


class BenchRoom:
    """One room's connections and its single action in flight (``target``: the version awaited)."""

    def __init__(self, gen: Generator, name: str, conns: list[ClientConnection]) -> None:
        self.gen = gen
        self.name = name
        self.conns = conns
        self.seen = [-1] * len(conns)
        self.prompts: dict[int, _Prompt | None] = {}
        self.version = -1
        self.target: int | None = None
        self.sent_at = 0.0
        self.last_sent = 0.0
        self.final: int | None = None
        self.acts = 0
        self.tasks = [asyncio.ensure_future(self._read(i, ws)) for i, ws in enumerate(conns)]

    async def _read(self, idx: int, ws: ClientConnection) -> None:
        stats = self.gen.stats
        try:
            async for raw in ws:
                msg = _decode(raw)
                if msg.type == "update":
                    stats.updates += stats.measuring
                    if msg.acks and stats.measuring:
                        stats.acks += len(msg.acks)
                    self._view(idx, msg.seat, msg.to, msg)
                elif msg.type == "ack":
                    stats.acks += stats.measuring
                elif msg.type == "snapshot":
                    self._view(idx, msg.seat, msg.version, msg)
                elif msg.type == "error":
                    if stats.refused < 3:
                        print(f"refused: {raw!r}", file=sys.stderr, flush=True)
                    stats.refused += 1
                    self.target = None
                    self.gen.next_action(self)
        except Exception:  # a dropped socket: the room shows up as stalled
            return

    def _view(self, idx: int, seat: int | None, version: int, msg: _Msg) -> None:
        self.seen[idx] = max(self.seen[idx], version)
        if seat is not None:
            self.prompts[seat] = msg.prompt
        if msg.outcome is not None:
            self.final = version
        low = min(self.seen)
        if low <= self.version:
            return
        self.version = low
        if self.target is not None and low >= self.target:
            self.gen.done(self, perf() - self.sent_at)
            self.target = None
        if self.final is not None and low >= self.final:
            self.gen.finished(self)
        else:
            self.gen.next_action(self)

    def pick(self, rng: random.Random) -> tuple[int, bytes] | None:
        """The next action as ``(seat, act frame)``: a random seat with a prompt, a random kind with
        choices, a random choice; ``None`` when no seat has a finite choice."""
        seats = [s for s, p in self.prompts.items() if p is not None and p.choices]
        if not seats:
            return None
        seat = rng.choice(seats)
        prompt = self.prompts[seat]
        assert prompt is not None
        kind = rng.choice([k for k in prompt.kinds if prompt.choices.get(k)])
        action = {"kind": kind, **rng.choice(prompt.choices[kind])}
        self.acts += 1
        msg = {"type": "act", "id": f"a{self.acts}", "seat": seat, "action": action}
        self.target = self.version + 1
        return seat, _encode(msg)

    def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        for ws in self.conns:
            ws.transport.abort()


class Generator:
    """All rooms of one run (see the module docstring)."""

    def __init__(self, config: LoadConfig) -> None:
        self.config = config
        self.stats = Stats()
        self.rng = random.Random(config.seed)
        self.rooms: list[BenchRoom] = []
        self.started = False
        self.errors = 0
        # aiohttp, not httpx: the lobby calls of replacement rooms took ~1.3 ms of the generator's CPU
        # each through httpx (anyio and a scan of the pool per request), a third of its core in a closed
        # loop; made in `run`, on the generator's event loop
        self.http: aiohttp.ClientSession | None = None
        self.sem = asyncio.Semaphore(config.concurrency)
        self.pending: set[asyncio.Future[Any]] = set()
        self.made = 0

    # ---- rooms -----------------------------------------------------------------------------------
    async def open_room(self) -> BenchRoom | None:
        """Create a room, claim every seat, connect each seat to its worker; ``None`` on an error."""
        index, self.made = self.made, self.made + 1
        cfg = self.config
        try:
            async with self.sem:
                base = cfg.bases[0]
                body = {"game": cfg.game, "seats": cfg.seats, "options": {}}
                room = (await self._post(f"{base}/api/rooms", body))["room"]
                seats = f"{base}/api/rooms/{room}/seats"
                claims = [self._post(f"{seats}/{s}/claim", {}) for s in range(cfg.seats)]
                tokens = [claim["token"] for claim in await asyncio.gather(*claims)]
                conns = list(
                    await asyncio.gather(*(self._connect(index + s, room, t) for s, t in enumerate(tokens)))
                )
        except Exception as exc:
            self.errors += 1
            if self.errors <= 3:
                print(f"room setup failed: {exc!r}", file=sys.stderr, flush=True)
            return None
        # A room's connections live for the run: out of the collector's passes at once. Setting up
        # 5,000 rooms, the generator's full collections over every connection made so far held its loop
        # for seconds on a busy machine, long enough for the worker to close its pooled HTTP connections
        # (keep-alive timeout: "Connection reset by peer") and its new websockets (no hello within 10 s).
        gc.freeze()
        return BenchRoom(self, room, conns)

    async def _post(self, url: str, body: dict[str, Any]) -> Any:
        """POST ``body`` as JSON; the decoded answer. Raises ``aiohttp.ClientResponseError`` on 4xx/5xx."""
        assert self.http is not None
        async with self.http.post(url, data=_encode(body), headers=JSON) as answer:
            answer.raise_for_status()
            return msgspec.json.decode(await answer.read())

    async def _connect(self, index: int, room: str, token: str) -> ClientConnection:
        base = self.config.bases[index % len(self.config.bases)]
        ws = await connect(
            room_url("ws" + base.removeprefix("http") + "/ws", room),  # a room's seats share a worker
            compression=None,
            ping_interval=None,
            proxy=None,  # loopback: no proxy lookup in the environment per connection
            open_timeout=60,
            max_size=2**20,
        )
        hello = {"type": "hello", "v": PROTOCOL_MAJOR, "room": room, "tokens": [token]}
        if self.config.acks != "frame":  # the default, left out as the SDKs do
            hello["acks"] = self.config.acks
        await ws.send(_encode(hello))
        welcome = _decode(await asyncio.wait_for(ws.recv(), 30))
        if welcome.type != "welcome":
            raise RuntimeError(f"expected a welcome, got {welcome.type}")
        return ws

    def finished(self, room: BenchRoom) -> None:
        """A game ended: count it and replace its room by a new one (same load). The old room stays
        connected until the new one is, so the connections a worker holds stay as configured."""
        self.stats.games += self.stats.measuring
        if not self.stats.stopping:
            self._spawn(self._replace(room))

    async def _replace(self, old: BenchRoom) -> None:
        new = await self.open_room()
        if old in self.rooms:
            self.rooms.remove(old)
        old.close()
        if new is not None:
            self.rooms.append(new)

    # ---- actions ---------------------------------------------------------------------------------
    def done(self, room: BenchRoom, seconds: float) -> None:
        stats = self.stats
        stats.total_actions += 1
        if stats.measuring:
            stats.actions += 1
            stats.latency.append(seconds)
            stats.finished_at.append(perf())

    def next_action(self, room: BenchRoom) -> None:
        """Send the room's next action now (closed loop) or when its interval has passed (paced)."""
        if not self.started or self.stats.stopping or room.target is not None or room.version < 0:
            return
        if self.config.mode == "idle":
            return
        delay = 0.0
        if self.config.mode == "paced":
            delay = room.last_sent + self.config.interval - perf()
        self._spawn(self._send(room, delay))

    async def _send(self, room: BenchRoom, delay: float) -> None:
        if delay > 0:
            await asyncio.sleep(delay)
        if self.stats.stopping or room.target is not None:
            return
        picked = room.pick(self.rng)
        if picked is None:
            return
        seat, frame = picked
        room.sent_at = room.last_sent = perf()
        try:
            await room.conns[seat].send(frame)
        except Exception:  # the socket dropped: the room shows up as stalled
            return

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self.pending.add(task)
        task.add_done_callback(self.pending.discard)

    # ---- the run ---------------------------------------------------------------------------------
    async def run(self) -> LoadResult:
        cfg, stats = self.config, self.stats
        start = perf()
        connector = aiohttp.TCPConnector(limit=16)
        self.http = aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(total=60))
        reporter = asyncio.ensure_future(self._progress(start))
        opened = await asyncio.gather(*(self.open_room() for _ in range(cfg.rooms)))
        self.rooms = [r for r in opened if r is not None]
        connect_seconds = perf() - start
        print(f"CONNECTED {len(self.rooms)} rooms in {connect_seconds:.1f} s", flush=True)
        self.started = True
        # The generator's own full collections (its 4,000 connections' objects) held its loop for 0.1
        # to 1.7 s each, late in a run: the tail latency they add is not the server's. Everything that
        # exists now lives for the run; new cycles (replaced rooms) wait for the end of the run.
        gc.freeze()
        gc.disable()
        for index, room in enumerate(self.rooms):
            if cfg.mode == "paced":  # spread the first actions over one interval
                room.last_sent = perf() - cfg.interval + cfg.interval * index / len(self.rooms)
            self.next_action(room)
        await asyncio.sleep(cfg.warmup)
        # rooms and connections as the window opens (when the workers' loaded RSS is sampled)
        live, conns = len(self.rooms), sum(len(r.conns) for r in self.rooms)
        print("MEASURE_START", flush=True)
        stats.measuring = True
        t0 = perf()
        await asyncio.sleep(cfg.duration)
        stats.measuring = False
        window = perf() - t0
        print("MEASURE_END", flush=True)
        stats.stopping = True
        reporter.cancel()
        now = perf()
        stalled = sum(1 for r in self.rooms if r.target is not None and now - r.sent_at > 2.0)
        result = LoadResult(
            live,
            conns,
            self.errors,
            round(connect_seconds, 2),
            round(window, 3),
            stats.actions,
            stats.updates,
            stats.games,
            stats.refused,
            stalled,
            percentiles(stats.latency),
            timeline(stats.latency, stats.finished_at, t0, window),
            stats.acks,
        )
        for room in self.rooms:
            room.close()
        for task in list(self.pending):
            task.cancel()
        await self.http.close()
        return result

    async def _progress(self, start: float) -> None:
        while True:
            await asyncio.sleep(0.5)
            line = {
                "rooms": len(self.rooms) if self.started else self.made,
                "of": self.config.rooms,
                "actions": self.stats.total_actions,
                "measuring": self.stats.measuring,
                "errors": self.errors,
                "elapsed": round(perf() - start, 1),
            }
            print("PROGRESS " + _encode(line).decode(), flush=True)


def percentiles(samples: list[float]) -> Percentiles:
    """p50/p95/p99/max of ``samples`` (seconds) in milliseconds, nearest rank."""
    if not samples:
        return Percentiles()
    ordered = sorted(samples)

    def rank(p: float) -> float:
        k = min(len(ordered) - 1, max(0, int(p / 100 * len(ordered) + 0.5) - 1))
        return round(ordered[k] * 1000, 3)

    return Percentiles(rank(50), rank(95), rank(99), round(ordered[-1] * 1000, 3))


def timeline(samples: list[float], ends: list[float], t0: float, window: float) -> list[Slot]:
    """``samples`` (seconds) grouped by when they completed (``ends``, from ``t0``) into `SLOT`-second
    slices covering ``window``; percentiles in ms as `percentiles`."""
    slots: list[list[float]] = [[] for _ in range(max(1, round(window / SLOT)))]
    for seconds, end in zip(samples, ends, strict=True):
        slots[min(len(slots) - 1, max(0, int((end - t0) / SLOT)))].append(seconds)
    out = []
    for index, slot in enumerate(slots):
        p = percentiles(slot)
        out.append(Slot(round(index * SLOT, 2), len(slot), p.p50, p.p99, p.max))
    return out


def main() -> None:
    import uvloop

    config = msgspec.json.decode(sys.argv[1], type=LoadConfig)
    allow_open_files(None, config.rooms * config.seats)
    result = uvloop.run(Generator(config).run())
    print("RESULT " + _encode(result).decode(), flush=True)


if __name__ == "__main__":
    main()
