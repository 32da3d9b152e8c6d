"""Checks over a whole test session."""

from __future__ import annotations

import pytest

from tests.redis.support import leftover_keys


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Every test that used the shared Redis deleted its keys: a leftover fails the session."""
    left = leftover_keys()
    if left:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(f"keys left on the shared Redis by this session: {left}", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
