"""`server.store.outage`: which failures are a store outage, and one log line per outage (not per request)."""

from __future__ import annotations

import logging

import pytest
from redis.exceptions import BusyLoadingError, ClusterDownError, ResponseError, TryAgainError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from server.store.outage import Outage, outage_of, unavailable


@pytest.mark.parametrize(
    "exc",
    [
        RedisConnectionError("Error 111 connecting"),
        RedisTimeoutError("no reply"),
        BusyLoadingError("LOADING Redis is loading the dataset in memory"),
        ConnectionResetError(104, "reset"),
        ConnectionError("lost under a batch"),
        TimeoutError(),
        ClusterDownError("CLUSTERDOWN The cluster is down"),
        TryAgainError("TRYAGAIN"),
    ],
)
def test_outage_errors_are_unavailable(exc: BaseException) -> None:
    assert unavailable(exc) is True


@pytest.mark.parametrize("exc", [ResponseError("ERR wrong number of arguments"), KeyError("x"), ValueError()])
def test_bugs_and_redis_replies_are_not_an_outage(exc: BaseException) -> None:
    assert unavailable(exc) is False


def test_outage_logs_once_when_it_starts_and_once_when_a_later_request_succeeds(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, "boardroom.store")
    outage = Outage(quiet=0.0)
    before = outage.now()  # a request already under way when the store went down
    for _ in range(20):
        outage.failed(RedisConnectionError("Error 111 connecting"))
    outage.failed(RedisTimeoutError("no reply"), refused=False)  # the scheduler's: nobody was refused
    outage.recovered(before)
    assert outage.down is True
    outage.recovered(outage.now())
    outage.recovered(outage.now())
    assert outage.down is False
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2
    assert lines[0] == (
        "store unreachable (ConnectionError: Error 111 connecting); answering store/unavailable"
    )
    assert lines[1].startswith("store reachable again after ")
    assert lines[1].endswith(" s (20 requests refused)")


class Store:
    """Stands for a worker's store client (any object that takes weak references)."""


def test_one_outage_per_store() -> None:
    first, second = Store(), Store()
    assert outage_of(first) is outage_of(first)
    assert outage_of(first) is not outage_of(second)


def test_a_store_failing_and_answering_by_turns_is_one_outage(caplog: pytest.LogCaptureFixture) -> None:
    """A Redis Cluster with one node down: requests to the others succeed between failures. The outage
    ends only with a request begun ``quiet`` seconds after the last failure."""
    outage = Outage(quiet=60.0)
    with caplog.at_level(logging.WARNING, logger="boardroom.store"):
        for _ in range(5):
            outage.failed(RedisConnectionError("Connection closed by server."))
            outage.recovered(outage.now())
        assert outage.down is True
        outage.recovered(outage.last + 60.0)
    assert outage.down is False
    assert [r.getMessage().split(" (")[0] for r in caplog.records] == [
        "store unreachable",
        "store reachable again after 0.0 s",
    ]
