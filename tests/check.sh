#!/usr/bin/env bash
# The whole test suite on a fresh machine: a new virtual environment, the project and its test tools,
# then static checks and each test group under a time budget (seconds). Run from anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=${BOARDROOM_VENV:-.venv}
python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q --upgrade pip
"$venv/bin/python" -m pip install -q -e '.[test]'
export PATH="$PWD/$venv/bin:$PATH"

echo "== static checks"
ruff check .
ruff format --check .
mypy
lint-imports

# group directory, budget in seconds
groups=(
  "tests/engine 300"
  "tests/games 600"
  "tests/conformance 900"
  "tests/protocol 300"
  "tests/server 600"
  "tests/e2e 900"
  "tests/redis 300"
  "tests/faults 900"
  "tests/meta 120"
  "tests/deploy 120"
)
status=0
for entry in "${groups[@]}"; do
  read -r dir budget <<<"$entry"
  if ! compgen -G "$dir/test_*.py" >/dev/null; then
    continue
  fi
  echo "== $dir (budget ${budget}s)"
  timeout --signal=INT --kill-after=30 "$budget" pytest -q -p no:cacheprovider "$dir" || status=$?
  if [ "$status" -ne 0 ]; then
    echo "== $dir failed (exit $status)"
    exit "$status"
  fi
done
