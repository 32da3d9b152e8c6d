"""One run of the kit: serve the scripted app, start the adapter (or wait for one), run every check in
order and print a line per check, then the summary."""

from __future__ import annotations

import asyncio
import contextlib
import shlex
from collections.abc import Sequence

from clients.clientcheck.checks import CHECKS, judge
from clients.clientcheck.control import Control
from clients.clientcheck.kit import Kit
from clients.clientcheck.report import Result, line, summary
from clients.clientcheck.server import serving

HOST = "127.0.0.1"


async def run(adapter: Sequence[str] | None, port: int = 0, only: Sequence[str] = ()) -> list[Result]:
    """Run the checks (``only``: these names) against the adapter started as ``adapter`` + the control
    URL, or, with ``adapter`` ``None``, against the first adapter that connects to ``port``."""
    async with serving(HOST, port) as server:
        control_url = f"ws://{HOST}:{server.port}/control"
        process = None
        if adapter is not None:
            try:
                process = await asyncio.create_subprocess_exec(*adapter, control_url)
            except OSError as exc:  # no such program, or not executable
                failed = f"the adapter {adapter[0]!r} could not be started: {exc.strerror}"
                raise RuntimeError(failed) from None
        else:
            print(f"waiting for an adapter at {control_url} (clients at ws://{HOST}:{server.port}/ws)")
        try:
            control = await _adapter(server.control, process)
            print(f"checking {control.name or 'a client'}", flush=True)
            kit = Kit(server, control, HOST)
            results = []
            for name, check, expected in CHECKS:
                if only and name not in only:
                    continue
                result = await judge(kit, name, check, expected)
                print(line(result), flush=True)
                results.append(result)
            with contextlib.suppress(Exception):
                await control.call("close", timeout=3.0)
            print(summary(results))
            return results
        finally:
            if process is not None:
                await _stop(process)


async def _adapter(control: asyncio.Future[Control], process: asyncio.subprocess.Process | None) -> Control:
    """The adapter's channel once it said hello; ``RuntimeError`` if its process ends first or an
    adapter we started does not connect within 15 s."""
    waits: list[asyncio.Future[object]] = [asyncio.ensure_future(control)]
    if process is not None:
        waits.append(asyncio.ensure_future(process.wait()))
    done, _ = await asyncio.wait(waits, timeout=15.0 if process else None, return_when="FIRST_COMPLETED")
    if waits[0] not in done:
        raise RuntimeError("the adapter ended or did not connect to the control channel")
    channel = control.result()
    await asyncio.wait_for(channel.ready.wait(), 15.0)
    return channel


async def _stop(process: asyncio.subprocess.Process) -> None:
    if process.returncode is None:
        process.terminate()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(process.wait(), 5.0)
    if process.returncode is None:
        process.kill()
        await process.wait()


def split(command: str) -> list[str]:
    """An ``--adapter`` command line as its words."""
    return shlex.split(command)
