"""Exact JSON comparison for the protocol tests."""

from __future__ import annotations

from typing import Any


def typed(doc: Any) -> Any:
    """``doc`` with each scalar paired with its type name, so ``1``, ``1.0`` and ``True`` differ (Python's
    ``==`` would hide a patch that changed a type)."""
    if isinstance(doc, dict):
        return {k: typed(v) for k, v in doc.items()}
    if isinstance(doc, list):
        return [typed(v) for v in doc]
    return (type(doc).__name__, doc)
