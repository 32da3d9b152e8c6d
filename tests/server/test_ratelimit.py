"""Token buckets on an injected clock (per-connection frame and action limits)."""

from __future__ import annotations

import pytest

from server.clock import FakeClock
from server.errors import Refused
from server.lobby.ratelimit import ClientBuckets, TokenBucket


def test_a_full_bucket_allows_its_burst_then_refuses() -> None:
    bucket = TokenBucket(rate=2.0, burst=3.0, clock=FakeClock())
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    assert bucket.refused == 1


def test_tokens_refill_at_the_rate_per_second_of_clock_time() -> None:
    clock = FakeClock()
    bucket = TokenBucket(rate=2.0, burst=3.0, clock=clock)
    for _ in range(3):
        bucket.take()
    clock.advance(0.49)
    assert bucket.take() is False
    clock.advance(0.01)
    assert bucket.take() is True
    assert bucket.take() is False


def test_refill_never_exceeds_the_burst() -> None:
    clock = FakeClock()
    bucket = TokenBucket(rate=10.0, burst=2.0, clock=clock)
    clock.advance(3600.0)
    assert [bucket.take() for _ in range(3)] == [True, True, False]


def test_an_accepted_take_resets_the_refusal_count() -> None:
    clock = FakeClock()
    bucket = TokenBucket(rate=1.0, burst=1.0, clock=clock)
    bucket.take()
    assert [bucket.take() for _ in range(5)] == [False] * 5
    assert bucket.refused == 5
    clock.advance(1.0)
    assert bucket.take() is True
    assert bucket.refused == 0


def refusal(buckets: ClientBuckets, client: str) -> tuple[str, dict[str, object]] | None:
    try:
        buckets.take(client)
    except Refused as exc:
        return exc.code, exc.details
    return None


def test_each_client_address_has_its_own_bucket_and_a_refusal_says_when_to_retry() -> None:
    clock = FakeClock()
    buckets = ClientBuckets("room creations", rate=0.25, burst=2.0, clock=clock)
    assert [refusal(buckets, "10.0.0.1") for _ in range(3)] == [
        None,
        None,
        ("rate/limited", {"retry_after": 4}),
    ]
    assert refusal(buckets, "10.0.0.2") is None
    clock.advance(4.0)
    assert refusal(buckets, "10.0.0.1") is None


def test_a_check_spends_nothing_and_a_failure_is_spent_after_the_fact() -> None:
    buckets = ClientBuckets("failed token checks", rate=0.5, burst=2.0, clock=FakeClock())
    buckets.check("a")
    buckets.spend("a")
    buckets.spend("a")
    buckets.spend("a")  # none left: nothing more to spend, no error
    with pytest.raises(Refused) as refused:
        buckets.check("a")
    assert (refused.value.code, refused.value.details, refused.value.status) == (
        "rate/limited",
        {"retry_after": 2},
        429,
    )


def test_the_buckets_keep_at_most_size_addresses_the_least_recently_seen_dropped() -> None:
    buckets = ClientBuckets("room listings", rate=1.0, burst=1.0, clock=FakeClock(), size=3)
    for client in ("a", "b", "c"):
        buckets.take(client)
    buckets.take("d")  # "a" is dropped: it comes back with a full bucket
    assert len(buckets) == 3
    assert refusal(buckets, "a") is None
    assert refusal(buckets, "d") == ("rate/limited", {"retry_after": 1})
