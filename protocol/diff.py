"""RFC 6902 JSON Patch between two JSON documents (pure, no I/O).

A document is built of dict (str keys), list, str, int, float, bool and None — what
``msgspec.json.decode`` returns, or ``msgspec.to_builtins(view, str_keys=True)``. Values are compared
with their JSON type: ``1``, ``1.0`` and ``True`` differ (a patch turns one into the other with a
``replace``), so applying the patch restores ``b`` with its exact types.

The patch is minimal-ish, not minimal: objects are diffed key by key, recursively; arrays keep their
common prefix and suffix, then the middle is patched index by index (recursively where both sides have an
element, then ``remove`` or ``add``), or replaced whole when that touches fewer elements. No ``move`` or
``copy`` operations are generated, so a client may implement only ``add``, ``remove`` and ``replace``.

Operations share sub-documents with ``b`` (no copies): encode the patch before mutating ``b``.
"""

from __future__ import annotations

from typing import Any

import msgspec

#: One operation: ``{"op": "add" | "remove" | "replace", "path": "/a/0", "value": ...}``.
Op = dict[str, Any]

_encode = msgspec.json.encode
_MISSING: Any = object()


def diff(a: Any, b: Any) -> list[Op]:
    """The operations turning document ``a`` into document ``b`` (empty when they are equal)."""
    ops: list[Op] = []
    _diff(a, b, "", ops)
    return ops


def pointer(tokens: list[str | int]) -> str:
    """The JSON Pointer (RFC 6901) of ``tokens``: ``["a/b", 0]`` -> ``"/a~1b/0"``."""
    return "".join("/" + _escape(str(t)) for t in tokens)


def same(a: Any, b: Any) -> bool:
    """Whether two documents are equal as JSON, types included (``1 != 1.0 != True`` here)."""
    if a is b:
        return True
    kind = type(a)
    if kind is not type(b) or a != b:
        return False
    if kind is dict or kind is list:
        # Python's == ignores 1 vs 1.0 vs True inside containers; the encodings do not (a key order
        # difference reads as "not same", which only costs a recursive diff, never a wrong one).
        return _encode(a) == _encode(b)
    return True


def _escape(key: str) -> str:
    if "~" in key or "/" in key:
        return key.replace("~", "~0").replace("/", "~1")
    return key


def _diff(a: Any, b: Any, path: str, ops: list[Op]) -> None:
    if same(a, b):
        return
    kind = type(a)
    if kind is not type(b):
        ops.append({"op": "replace", "path": path, "value": b})
    elif kind is dict:
        _diff_dict(a, b, path, ops)
    elif kind is list:
        _diff_list(a, b, path, ops)
    else:
        ops.append({"op": "replace", "path": path, "value": b})


def _diff_dict(a: dict[str, Any], b: dict[str, Any], path: str, ops: list[Op]) -> None:
    if a.keys() != b.keys():
        for key in a:
            if key not in b:
                ops.append({"op": "remove", "path": path + "/" + _escape(key)})
    for key, value in b.items():
        old = a.get(key, _MISSING)
        if old is value:
            continue
        if old is _MISSING:
            ops.append({"op": "add", "path": path + "/" + _escape(key), "value": value})
            continue
        kind = type(value)
        if kind is type(old) and kind is not dict and kind is not list:
            # Scalars of one type, inlined: most keys of a view are unchanged scalars.
            if old != value:
                ops.append({"op": "replace", "path": path + "/" + _escape(key), "value": value})
            continue
        _diff(old, value, path + "/" + _escape(key), ops)


def _diff_list(a: list[Any], b: list[Any], path: str, ops: list[Op]) -> None:
    start = 0
    stop = min(len(a), len(b))
    while start < stop and same(a[start], b[start]):
        start += 1
    end_a, end_b = len(a), len(b)
    while end_a > start and end_b > start and same(a[end_a - 1], b[end_b - 1]):
        end_a -= 1
        end_b -= 1
    paired = min(end_a, end_b) - start
    touched = paired + abs(end_a - end_b)
    if touched > len(b) // 2 + 1:
        # Most elements change: one replace of the whole list is smaller than many element ops.
        ops.append({"op": "replace", "path": path, "value": b})
        return
    for i in range(start, start + paired):
        _diff(a[i], b[i], f"{path}/{i}", ops)
    for i in range(end_a - 1, start + paired - 1, -1):
        ops.append({"op": "remove", "path": f"{path}/{i}"})
    for i in range(start + paired, end_b):
        ops.append({"op": "add", "path": f"{path}/{i}", "value": b[i]})
