"""A worker killed by SIGKILL leaves no process behind: its pool of searching bots ends with it
(`server.lineage`), where it stayed orphaned, one more per crash."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

from tests.polling import eventually

WORKER = textwrap.dedent(
    """
    import os, time
    from server.app import create_app
    from server.play.scheduler import Scheduler

    pool = Scheduler(create_app().state.services)._pool()
    print(pool.submit(os.getpid).result(), flush=True)
    time.sleep(120)
    """
)


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended
    except FileNotFoundError:
        return False


def test_the_search_pool_ends_with_its_worker_killed_by_sigkill() -> None:
    with subprocess.Popen([sys.executable, "-c", WORKER], stdout=subprocess.PIPE, text=True) as worker:
        assert worker.stdout is not None
        thinker = int(worker.stdout.readline())
        assert thinker != worker.pid and alive(thinker)
        os.kill(worker.pid, signal.SIGKILL)
        worker.wait(10)
        try:
            eventually(lambda: not alive(thinker), seconds=10)
        finally:
            if alive(thinker):
                os.kill(thinker, signal.SIGKILL)
