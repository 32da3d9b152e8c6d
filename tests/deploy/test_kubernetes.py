"""deploy/k8s: every object valid against the Kubernetes schemas (strict: unknown fields fail), and the
pieces fit together: probes on the worker's routes, a termination grace above preStop plus the drain,
Service and Ingress pointing at the workers without stickiness, Redis append-only with fsync always."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest

from .support import DEPLOY, KNOWN_VARIABLES, documents, k8s, redis_directives

#: The oldest Kubernetes we support and the newest schema the validator ships.
VERSIONS = ["1.30.0", kubernetes_validate.latest_version()]
MANIFESTS = sorted(p.name for p in (DEPLOY / "k8s").glob("*.yaml"))
WORKER = ("app.kubernetes.io/name", "app.kubernetes.io/component")


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("manifest", MANIFESTS)
def test_every_object_is_valid_against_the_kubernetes_schema(manifest: str, version: str) -> None:
    docs = documents(f"k8s/{manifest}")
    assert docs
    for doc in docs:
        kubernetes_validate.validate(doc, version, strict=True)


def test_the_strict_schema_refuses_a_misspelt_field() -> None:
    deployment = copy.deepcopy(k8s("Deployment", "boardroom-worker"))
    deployment["spec"]["template"]["spec"]["containers"][0]["readynessProbe"] = {}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, VERSIONS[0], strict=True)


def container() -> dict[str, Any]:
    pod = k8s("Deployment", "boardroom-worker")["spec"]["template"]["spec"]
    worker: dict[str, Any] = pod["containers"][0]
    return worker


def worker_env() -> dict[str, str]:
    env = dict(k8s("ConfigMap", "boardroom-worker")["data"])
    env.update({e["name"]: e["value"] for e in container()["env"]})
    return env


def test_probes_ask_readyz_for_readiness_and_healthz_for_liveness_on_the_served_port() -> None:
    worker = container()
    ports = {p["name"]: p["containerPort"] for p in worker["ports"]}
    assert (worker["readinessProbe"]["httpGet"]["path"], worker["livenessProbe"]["httpGet"]["path"]) == (
        "/readyz",
        "/healthz",
    )
    assert ports[worker["readinessProbe"]["httpGet"]["port"]] == int(worker_env()["BOARDROOM_PORT"]) == 8000
    assert worker_env()["BOARDROOM_HOST"] == "0.0.0.0"


def test_termination_grace_covers_the_prestop_pause_and_the_drain() -> None:
    pod = k8s("Deployment", "boardroom-worker")["spec"]["template"]["spec"]
    pause = int(container()["lifecycle"]["preStop"]["exec"]["command"][-1])
    drain = float(worker_env()["BOARDROOM_SHUTDOWN_GRACE"])
    assert (pause, drain, pod["terminationGracePeriodSeconds"]) == (5, 15.0, 30)
    assert pod["terminationGracePeriodSeconds"] >= pause + drain + 5


def test_every_variable_given_to_the_worker_is_one_it_reads() -> None:
    assert sorted(set(worker_env()) - KNOWN_VARIABLES) == []
    assert worker_env()["BOARDROOM_REDIS_URL"] == "redis://boardroom-redis:6379/0"


def test_service_and_ingress_reach_the_workers_without_sticky_sessions() -> None:
    deployment, service = k8s("Deployment", "boardroom-worker"), k8s("Service", "boardroom-worker")
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert service["spec"]["selector"] == {k: labels[k] for k in WORKER}
    assert service["spec"].get("sessionAffinity", "None") == "None"
    ingress = k8s("Ingress", "boardroom")
    backend = ingress["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]
    assert (backend["name"], backend["port"]["name"]) == (
        "boardroom-worker",
        service["spec"]["ports"][0]["name"],
    )
    notes = ingress["metadata"]["annotations"]
    assert [k for k in notes if "affinity" in k] == []
    websocket_timeouts = (
        notes["nginx.ingress.kubernetes.io/proxy-read-timeout"],
        notes["nginx.ingress.kubernetes.io/proxy-send-timeout"],
    )
    assert websocket_timeouts == ("3600", "3600")


def test_rolling_updates_keep_every_replica_serving() -> None:
    spec = k8s("Deployment", "boardroom-worker")["spec"]
    assert (spec["replicas"], spec["strategy"]["rollingUpdate"]["maxUnavailable"]) == (3, 0)
    assert k8s("PodDisruptionBudget", "boardroom-worker")["spec"]["minAvailable"] == 2


def test_redis_is_append_only_with_fsync_always_and_matches_the_compose_config() -> None:
    in_cluster = redis_directives(k8s("ConfigMap", "boardroom-redis")["data"]["redis.conf"])
    assert (in_cluster["appendonly"], in_cluster["appendfsync"], in_cluster["maxmemory-policy"]) == (
        "yes",
        "always",
        "noeviction",
    )
    assert in_cluster == redis_directives(Path(DEPLOY / "redis.conf").read_text())
