"""A child process that ends with its parent: Linux sends it SIGTERM when the parent dies, even by
SIGKILL (``prctl(PR_SET_PDEATHSIG)``), so no worker or pool process of a dead one keeps running."""

from __future__ import annotations

import contextlib
import ctypes
import signal


def die_with_parent() -> None:
    """Ask Linux for SIGTERM when the parent ends; elsewhere nothing. Call it first thing in the child
    (the signal comes when the thread that started the child ends: each caller starts its children from
    the thread that lives as long as the process)."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM, 0, 0, 0)  # 1: PR_SET_PDEATHSIG
