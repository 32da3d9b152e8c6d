"""The kit's verdicts: one `Result` per check, printed as a line saying pass, fail or skip and, for a
failure, what was expected and what the client did."""

from __future__ import annotations

from collections.abc import Iterable

import msgspec


class Result(msgspec.Struct):
    """One check's verdict: ``name`` (its id), ``status`` (``pass``, ``fail`` or ``skip``), ``expected``
    (what a correct client does, in words) and ``got`` (what this one did instead, or why the check was
    skipped; empty on a pass)."""

    name: str
    status: str
    expected: str
    got: str = ""

    @property
    def failed(self) -> bool:
        return self.status == "fail"


def line(result: Result) -> str:
    """``PASS name: expected``, ``FAIL name: expected ...; got ...`` or ``SKIP name: ...; skipped: why``."""
    text = f"{result.status.upper():<4} {result.name}: {result.expected}"
    if not result.got:
        return text
    return f"{text}; {'skipped' if result.status == 'skip' else 'got'}: {result.got}"


def summary(results: Iterable[Result]) -> str:
    """``N passed, N failed, N skipped``."""
    done = list(results)
    count = {s: sum(r.status == s for r in done) for s in ("pass", "fail", "skip")}
    return f"{count['pass']} passed, {count['fail']} failed, {count['skip']} skipped"
