"""The served copies of the web client's npm dependencies (clients/web/sdk/vendor) are the pinned packages'
own files, byte for byte, each with its licence; ``npm run vendor:check`` says the same."""

from __future__ import annotations

import json
import subprocess

from .conftest import WEB


def vendored_packages() -> list[str]:
    """The package names under sdk/vendor: a folder each, a scoped one (``@scope/name``) two deep."""
    found = []
    for path in (WEB / "sdk" / "vendor").iterdir():
        scoped = path.name.startswith("@")
        found += [f"{path.name}/{p.name}" for p in path.iterdir()] if scoped else [path.name]
    return sorted(found)


def test_vendor_holds_the_pinned_packages_files_and_licences(node: str) -> None:
    lock = json.loads((WEB / "package-lock.json").read_text())["packages"]
    pins = json.loads((WEB / "package.json").read_text())["dependencies"]
    assert vendored_packages() == sorted(pins) == ["@msgpack/msgpack", "fast-json-patch"]
    for package, pin in pins.items():
        installed = json.loads((WEB / "node_modules" / package / "package.json").read_text())
        assert installed["version"] == lock[f"node_modules/{package}"]["version"] == pin
        served = [p for p in (WEB / "sdk" / "vendor" / package).rglob("*") if p.is_file()]
        assert any(p.name.startswith("LICENSE") for p in served), package
        for path in served:
            name = path.relative_to(WEB / "sdk" / "vendor" / package)
            assert path.read_bytes() == (WEB / "node_modules" / package / name).read_bytes(), name


def test_the_refresh_script_finds_no_difference(node: str) -> None:
    done = subprocess.run([node, "scripts/vendor.mjs", "--check"], cwd=WEB, capture_output=True, text=True)
    assert (done.returncode, done.stderr) == (0, "")
