"""No import circles among the project's modules (the architecture round): every import statement counts,
at the top of a module, inside a function or under ``TYPE_CHECKING``, so a circle cannot hide behind a
function-local import. A module importing a package it belongs to is not an edge (the package's
``__init__`` only re-exports)."""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("games", "protocol", "server", "clients")


def modules() -> dict[str, Path]:
    """Dotted module name -> file, for every Python file of the packages."""
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "node_modules" in path.parts:
                continue
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported(name: str, path: Path, known: set[str]) -> set[str]:
    """The project modules ``name`` imports anywhere in its file."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets.add(base)
            targets.update(f"{base}.{alias.name}" for alias in node.names)
    edges = set()
    for target in targets:
        while target and target not in known:
            target = target.rpartition(".")[0]
        if target and target != name and not name.startswith(target + "."):
            edges.add(target)
    return edges


def test_the_project_has_no_import_circle() -> None:
    found = modules()
    graph = {name: imported(name, path, set(found)) for name, path in found.items()}
    assert len(graph) > 150
    try:
        tuple(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as exc:
        raise AssertionError(f"import circle: {' -> '.join(exc.args[1])}") from None


def test_a_function_local_import_is_an_edge(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from games.engine import rng\n    return rng\n")
    known = {"games.engine", "games.engine.rng", "server.x"}
    assert imported("server.x", module, known) == {"games.engine", "games.engine.rng"}
