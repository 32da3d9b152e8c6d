"""Helpers of the deploy/ checks: the files, their YAML documents, and the settings' variable names.

No container engine runs here: these tests validate the files (schemas, cross-references, nginx's own
``-t``), they do not start the containers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from server.process.config import OPTIONS

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
SCHEMAS = Path(__file__).resolve().parent / "schemas"

#: Every variable a worker reads: one per `server.process.config` option, plus the log level of serve.
KNOWN_VARIABLES = {o.env for o in OPTIONS} | {"BOARDROOM_LOG_LEVEL"}


def documents(name: str) -> list[dict[str, Any]]:
    """The YAML documents of ``deploy/<name>``."""
    with (DEPLOY / name).open() as file:
        return [doc for doc in yaml.safe_load_all(file) if doc]


def k8s(kind: str, name: str) -> dict[str, Any]:
    """The Kubernetes object ``kind``/``name`` from any manifest under deploy/k8s."""
    for path in sorted((DEPLOY / "k8s").glob("*.yaml")):
        for doc in documents(f"k8s/{path.name}"):
            if doc["kind"] == kind and doc["metadata"]["name"] == name:
                return doc
    raise KeyError(f"no {kind} {name} in deploy/k8s")


def redis_directives(text: str) -> dict[str, str]:
    """A redis.conf as directive -> value (comments and blank lines dropped)."""
    pairs = (line.strip().split(None, 1) for line in text.splitlines() if line.strip())
    return {p[0]: (p[1] if len(p) > 1 else "") for p in pairs if not p[0].startswith("#")}
