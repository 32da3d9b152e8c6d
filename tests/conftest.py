"""Checks over a whole test session, and the private Redis Cluster fixture."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.faults.cluster import RedisClusterServers
from tests.redis.support import leftover_keys


@pytest.fixture(scope="session")
def redis_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The URL of a node of a private three-primary Redis Cluster, started once per session (~2 s) and
    killed at its end (tests still use prefixes of their own and clean up)."""
    with RedisClusterServers(tmp_path_factory.mktemp("redis-cluster")) as cluster:
        yield cluster.url


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Every test that used the shared Redis deleted its keys: a leftover fails the session."""
    left = leftover_keys()
    if left:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(f"keys left on the shared Redis by this session: {left}", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
