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
# the web client's pinned npm packages (its tests run the JavaScript SDK under Node)
if command -v npm >/dev/null; then
  npm ci --prefix clients/web --no-audit --no-fund --silent
fi

echo "== static checks"
ruff check .
ruff format --check .
mypy
lint-imports

# group directory, budget in seconds (40 minutes in all, so CI with its installs stays within 45; a
# typical run takes about 15 on an idle machine, twice that on a busy one)
groups=(
  "tests/engine 120"
  "tests/games 150"
  "tests/conformance 480"
  "tests/protocol 150"
  "tests/server 240"
  "tests/e2e 240"
  "tests/redis 150"
  "tests/faults 420"
  "tests/meta 60"
  "tests/deploy 120"
  "tests/web 300"
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
