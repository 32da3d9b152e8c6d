"""A Python SDK adapter whose client ignores gaps: an update that does not start at its mirror's version
is dropped as if it were a repeat, so no ``sync`` is asked (tests/e2e/test_client_check.py).

    python -m tests.e2e.clientcheck_broken CONTROL_URL
"""

from __future__ import annotations

import asyncio
import sys

from clients.clientcheck.adapter_python import serve
from clients.sdk.mirror import Mirror, Step
from protocol.messages import Update

_apply = Mirror.apply


def _ignoring_gaps(self: Mirror, update: Update) -> Step:
    step = _apply(self, update)
    return Step.STALE if step is Step.GAP else step


if __name__ == "__main__":
    Mirror.apply = _ignoring_gaps  # type: ignore[method-assign]
    asyncio.run(serve(sys.argv[1]))
