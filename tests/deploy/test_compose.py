"""deploy/compose.yaml: valid against the Compose specification's JSON Schema (vendored, see
schemas/README.md), with three workers on one Redis (append-only) behind the nginx balancer."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import jsonschema
import pytest

from .support import DEPLOY, KNOWN_VARIABLES, SCHEMAS, documents, redis_directives

WORKERS = ["worker1", "worker2", "worker3"]


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    (doc,) = documents("compose.yaml")
    return doc


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft201909Validator:
    schema = json.loads((SCHEMAS / "compose-spec.json").read_text())
    return jsonschema.Draft201909Validator(schema)


def seconds(duration: str) -> float:
    """A Compose duration (``20s``, ``1m30s``) in seconds."""
    units = {"h": 3600, "m": 60, "s": 1, "ms": 0.001}
    return sum(float(n) * units[u] for n, u in re.findall(r"(\d+(?:\.\d+)?)(ms|h|m|s)", duration))


def test_the_file_is_valid_against_the_compose_schema(
    compose: dict[str, Any], validator: jsonschema.Draft201909Validator
) -> None:
    assert [e.message for e in validator.iter_errors(compose)] == []


def test_the_schema_refuses_a_malformed_service(
    compose: dict[str, Any], validator: jsonschema.Draft201909Validator
) -> None:
    broken = copy.deepcopy(compose)
    broken["services"]["lb"]["ports"] = "8080:80"  # a list in the specification
    assert [e.json_path for e in validator.iter_errors(broken)] == ["$.services.lb.ports"]


def test_three_identical_workers_share_the_redis_service(compose: dict[str, Any]) -> None:
    services = compose["services"]
    assert sorted(services) == ["lb", "redis", *WORKERS]
    assert all(services[w] == services["worker1"] for w in WORKERS)
    worker = services["worker1"]
    assert worker["environment"]["BOARDROOM_REDIS_URL"] == "redis://redis:6379/0"
    assert sorted(set(worker["environment"]) - KNOWN_VARIABLES) == []
    assert worker["depends_on"] == {"redis": {"condition": "service_healthy"}}
    assert "/readyz" in " ".join(worker["healthcheck"]["test"])


def test_a_stopping_worker_gets_longer_than_its_drain(compose: dict[str, Any]) -> None:
    worker = compose["services"]["worker1"]
    drain = float(worker["environment"]["BOARDROOM_SHUTDOWN_GRACE"])
    assert (worker["stop_signal"], drain, seconds(worker["stop_grace_period"])) == ("SIGTERM", 10.0, 20.0)


def test_redis_runs_the_append_only_config(compose: dict[str, Any]) -> None:
    redis = compose["services"]["redis"]
    mounted = {v.split(":")[1]: v.split(":")[0] for v in redis["volumes"] if v.startswith("./")}
    config = mounted[redis["command"][-1]]
    directives = redis_directives((DEPLOY / config).read_text())
    assert (directives["appendonly"], directives["appendfsync"], directives["dir"]) == (
        "yes",
        "always",
        "/data",
    )
    assert "redis-data:/data" in redis["volumes"]


def test_the_balancer_mounts_the_nginx_config_and_publishes_one_port(compose: dict[str, Any]) -> None:
    lb = compose["services"]["lb"]
    assert lb["volumes"] == ["./nginx.conf:/etc/nginx/nginx.conf:ro"]
    assert lb["ports"] == ["8080:80"]
    assert sorted(lb["depends_on"]) == WORKERS


def test_the_workers_trust_the_forwarded_address_of_nginx_alone(compose: dict[str, Any]) -> None:
    """Issue 21, point 2: not ``*`` (any peer, so any client reaching a worker could name its address),
    but the balancer's own fixed address on the compose network."""
    services = compose["services"]
    lb = services["lb"]["networks"]["default"]["ipv4_address"]
    assert services["worker1"]["environment"]["BOARDROOM_TRUSTED_PROXY"] == lb == "172.30.0.10"
    (subnet,) = compose["networks"]["default"]["ipam"]["config"]
    assert subnet == {"subnet": "172.30.0.0/24"}
