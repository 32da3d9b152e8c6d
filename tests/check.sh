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
# the web client's pinned npm packages (its tests run the JavaScript SDK under Node), and the example
# client's (tests/e2e plays games with it)
if command -v npm >/dev/null; then
  npm ci --prefix clients/web --no-audit --no-fund --silent
  npm ci --prefix docs/examples/node-player --no-audit --no-fund --silent
fi

echo "== static checks"
ruff check .
ruff format --check .
mypy
lint-imports

# group directory, budget in seconds (40.5 minutes in all, 43.5 with the compiled check below, so CI
# with its installs stays within 45; a typical run takes about 15 on an idle machine, twice that on a
# busy one): the conformance play-outs and the browser tests have the most room, the quick groups the
# least
groups=(
  "tests/engine 60"
  "tests/games 120"
  "tests/conformance 360"
  "tests/protocol 120"
  "tests/server 240"
  "tests/e2e 300"
  "tests/redis 150"
  "tests/faults 360"
  "tests/meta 60"
  "tests/deploy 60"
  "tests/web 600"
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

# the optional compiled build (setup.py's BOARDROOM_MYPYC): tests/protocol against mypyc-compiled modules,
# built in a temporary copy (the checkout stays pure Python); skipped without a C compiler
if command -v cc >/dev/null; then
  echo "== compiled protocol modules (budget 180s)"
  timeout --signal=INT --kill-after=30 180 bash tests/compiled.sh || status=$?
  if [ "$status" -ne 0 ]; then
    echo "== compiled protocol modules failed (exit $status)"
    exit "$status"
  fi
fi
