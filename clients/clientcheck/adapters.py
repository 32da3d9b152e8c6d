"""The adapters shipped for our own SDKs: the command that starts each, given the control URL last."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

WEB = Path(__file__).resolve().parents[1] / "web"

#: The SDKs with an adapter shipped (`command` gives each one's command line).
SDKS = ("python", "js")


def command(sdk: str) -> list[str]:
    """The adapter command of ``sdk`` (``python`` or ``js``). Raises ``LookupError`` when ``sdk`` is
    unknown, or is ``js`` without ``node`` on the PATH or clients/web's npm packages installed."""
    if sdk == "python":
        return [sys.executable, "-m", "clients.clientcheck.adapter_python"]
    if sdk == "js":
        node = shutil.which("node")
        if node is None:
            raise LookupError("node is not on the PATH")
        if not (WEB / "node_modules" / "ws").is_dir():
            raise LookupError("clients/web has no node_modules: run `npm ci --prefix clients/web`")
        return [node, str(WEB / "scripts" / "clientcheck_adapter.mjs")]
    raise LookupError(f"no adapter for the SDK {sdk!r} (known: {', '.join(SDKS)})")
