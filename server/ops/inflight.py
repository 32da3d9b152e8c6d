"""Actions in flight on this worker, so a graceful shutdown finishes every commit it started.

Normally an action runs inline in the caller's task (no extra task per action: the hot path stays
cheap), and is only counted. Once the worker drains, each new action runs in a task of its own that the
caller awaits through `asyncio.shield`: when the session's reader is cancelled because its connection
closed, the commit still completes; the client resends the same action id elsewhere and gets the stored
result. `Inflight.settle` waits for both kinds.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")

#: Seconds between two looks at the in-flight counts while settling.
POLL = 0.01


class Inflight:
    """``inline``: actions running in their caller's task; ``tasks``: shielded ones (while draining)."""

    def __init__(self) -> None:
        self.draining = False
        self.inline = 0
        self.tasks: set[asyncio.Task[Any]] = set()

    async def run(self, action: Coroutine[Any, Any, T]) -> T:
        """Await ``action`` (one `Rooms.act`); while draining it survives the caller's cancellation."""
        if not self.draining:
            self.inline += 1
            try:
                return await action
            finally:
                self.inline -= 1
        task = asyncio.ensure_future(action)
        self.tasks.add(task)
        task.add_done_callback(self._done)
        return await asyncio.shield(task)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled():
            task.exception()  # retrieved: a refusal nobody awaited any more is not an error to log

    def count(self) -> int:
        return self.inline + len(self.tasks)

    async def settle(self, timeout: float, inline_only: bool = False) -> bool:
        """Wait up to ``timeout`` seconds until no action is in flight (``inline_only``: none started
        before the drain). True when none is left."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while (self.inline if inline_only else self.count()) > 0:
            if loop.time() >= deadline:
                return False
            await asyncio.sleep(POLL)
        return True
