#!/usr/bin/env bash
# The compiled build (setup.py's BOARDROOM_MYPYC): the protocol modules of setup.py's COMPILED built with
# mypyc in a temporary copy of the checkout, then tests/protocol run against that copy (each compiled
# module checked to be the one imported). The checkout itself stays pure Python. Needs mypyc (mypy) and a
# C compiler on the PATH; run from anywhere.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# the Python packages and the tests, without the npm packages (clients/web), bytecode or built modules
tar -C "$root" --exclude=node_modules --exclude=__pycache__ --exclude='*.so' -cf - games protocol server clients tests setup.py |
  tar -C "$work" -xf -
cd "$work"
modules=$(python -c 'import ast; print(" ".join(next(ast.literal_eval(n.value) for n in ast.parse(open("setup.py").read()).body if isinstance(n, ast.Assign) and n.targets[0].id == "COMPILED")))')
echo "== mypyc: $modules"
# built before pyproject.toml is copied in: mypyc's build reads it as setuptools' configuration, which an
# older setuptools than the package's build requires refuses; the mypy options it needs are these
mypyc --python-version 3.11 --disallow-untyped-defs --no-implicit-optional $modules >build.log 2>&1 ||
  { tail -40 build.log; exit 1; }
cp "$root/pyproject.toml" .
python - $modules <<'PY'
import importlib, sys
for path in sys.argv[1:]:
    module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
    assert module.__file__ and module.__file__.endswith(".so"), f"{path}: imported {module.__file__}"
print("compiled modules imported:", ", ".join(sys.argv[1:]))
PY
pytest -q -p no:cacheprovider tests/protocol
