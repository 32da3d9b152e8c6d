"""The JavaScript SDK as a typed npm package (clients/web/sdk): its TypeScript declarations generated from
the published JSON Schemas are current (``npm run types -- --check``), ``npm run typecheck`` passes over
them and the README's example, a wrong method name or a wrong action fails it, and ``npm pack`` makes a
tarball that installs offline into a fresh project, imports under Node and type-checks through its
``exports``."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from .conftest import WEB

ROOT = WEB.parents[1]
TSC = WEB / "node_modules" / ".bin" / "tsc"


def npm() -> str:
    found = shutil.which("npm")
    assert found is not None  # the node fixture skips without it
    return found


def run(cmd: list[str | Path], cwd: Path, timeout: int = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)


def readme_example() -> str:
    readme = (WEB / "README.md").read_text()
    section = readme[readme.index("## The JavaScript SDK") :]
    start = section.index("```js\n") + 6
    return section[start : section.index("```\n", start)]


def test_the_declarations_are_current_with_the_schemas(node: str) -> None:
    done = run([node, "scripts/types.mjs", "--check"], WEB)
    assert (done.returncode, done.stderr) == (0, "")
    names = sorted(p.stem for p in (ROOT / "protocol" / "schema").glob("*.json"))
    assert sorted(p.name for p in (WEB / "sdk" / "types").iterdir()) == sorted(
        [*(f"{n}.d.ts" for n in names), "games.d.ts"]
    )


def test_a_stale_missing_or_orphan_declaration_file_is_named(node: str, tmp_path: Path) -> None:
    """The check on a copy of the layout it reads (the schemas two folders above clients/web)."""
    web = tmp_path / "clients" / "web"
    shutil.copytree(WEB / "scripts", web / "scripts")
    shutil.copytree(WEB / "sdk" / "types", web / "sdk" / "types")
    shutil.copytree(ROOT / "protocol" / "schema", tmp_path / "protocol" / "schema")
    (web / "node_modules").symlink_to(WEB / "node_modules")
    gregs = web / "sdk" / "types" / "gregs.d.ts"
    gregs.write_text(gregs.read_text().replace("slot: number;", "slot: string;", 1))
    (web / "sdk" / "types" / "replay.d.ts").unlink()
    (web / "sdk" / "types" / "chess.d.ts").write_text("export {};\n")
    done = run([node, "scripts/types.mjs", "--check"], web)
    assert done.returncode == 1
    assert done.stderr.splitlines()[:3] == [
        "sdk/types/gregs.d.ts is stale",
        "sdk/types/replay.d.ts is missing",
        "sdk/types/chess.d.ts has no schema",
    ]
    # and a run without --check repairs them, byte for byte as committed
    assert run([node, "scripts/types.mjs"], web).returncode == 0
    for path in (WEB / "sdk" / "types").iterdir():
        assert (web / "sdk" / "types" / path.name).read_bytes() == path.read_bytes(), path.name
    assert not (web / "sdk" / "types" / "chess.d.ts").exists()


def test_the_checked_example_is_the_readme_s(node: str) -> None:
    assert (WEB / "example.js").read_text() == readme_example()


def test_npm_run_typecheck_passes_over_the_declarations_and_the_example(node: str) -> None:
    done = run([npm(), "run", "--silent", "typecheck"], WEB)
    assert done.returncode == 0, done.stdout + done.stderr
    locked = json.loads((WEB / "package-lock.json").read_text())["packages"]["node_modules/typescript"]
    pin = json.loads((WEB / "package.json").read_text())["devDependencies"]["typescript"]
    assert pin == locked["version"]  # an exact pin, the one installed


def typecheck(tmp_path: Path, code: str) -> subprocess.CompletedProcess[str]:
    """``code`` checked as the README's example is: beside ``sdk/`` and ``node_modules/``, same options."""
    for name in ("sdk", "node_modules"):
        (tmp_path / name).symlink_to(WEB / name)
    (tmp_path / "package.json").write_text('{"type": "module"}')  # as clients/web's: ES modules
    (tmp_path / "snippet.js").write_text(code)
    config = {"extends": str(WEB / "tsconfig.json"), "include": [], "files": ["snippet.js"]}
    (tmp_path / "tsconfig.json").write_text(json.dumps(config))
    return run([TSC, "--noEmit", "-p", "tsconfig.json"], tmp_path)


@pytest.mark.parametrize(
    ("right", "wrong", "message"),
    [
        ("conn.act(", "conn.acts(", "Property 'acts' does not exist on type 'Connection<AnyGame>'"),
        ("lobby.claim(", "lobby.claimSeat(", "Property 'claimSeat' does not exist on type 'Lobby'"),
        ("conn.on('outcome'", "conn.on('outcomes'", "'\"outcomes\"' is not assignable to parameter"),
    ],
)
def test_the_example_with_a_wrong_name_fails_the_typecheck(
    node: str, tmp_path: Path, right: str, wrong: str, message: str
) -> None:
    example = readme_example()
    assert right in example
    done = typecheck(tmp_path, example.replace(right, wrong, 1))
    assert done.returncode != 0
    errors = [line for line in done.stdout.splitlines() if line.startswith("snippet.js(")]
    assert errors and message in errors[0], done.stdout
    # nothing else is wrong: every error is on the changed line (a wrong method also leaves its
    # callback's parameter untyped)
    line = next(n for n, text in enumerate(example.splitlines(), 1) if right in text)
    assert {e.split(",")[0] for e in errors} == {f"snippet.js({line}"}, done.stdout


GREGS = """import { Connection } from './sdk/boardroom.js';
/** @type {Connection<import('./sdk/types/games.js').Games['gregs']>} */
const conn = new Connection({ room: 'r1', tokens: ['t'] });
conn.act(0, ACTION);
const view = conn.mirror();
if (view) console.log(view.fan.length);
"""


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("{ kind: 'reveal', slot: 2 }", None),
        ("{ kind: 'reveal', slot: '2' }", "Type 'string' is not assignable to type 'number'"),
        ("{ kind: 'revealed', slot: 2 }", "'\"revealed\"' is not assignable to type"),
    ],
)
def test_a_connection_typed_by_its_game_takes_only_that_game_s_actions(
    node: str, tmp_path: Path, action: str, message: str | None
) -> None:
    done = typecheck(tmp_path, GREGS.replace("ACTION", action))
    if message is None:
        assert done.returncode == 0, done.stdout
    else:
        assert done.returncode != 0 and message in done.stdout, done.stdout


CONSUMER = """import { Connection, PROTOCOL_MAJOR } from '@boardroom/sdk';
import { Lobby } from '@boardroom/sdk/lobby';
import { nameOf } from '@boardroom/sdk/catalog';
const lobby = new Lobby('http://127.0.0.1:1/');
const conn = new Connection({ url: 'http://127.0.0.1:1', room: 'r1', WebSocket: class {} });
console.log(JSON.stringify([lobby.base, PROTOCOL_MAJOR, conn.state, nameOf({ entries: {} }, 'x')]));
"""

CONSUMER_TS = """import { Lobby, type Replay } from '@boardroom/sdk/lobby';
import type { ServerMessage } from '@boardroom/sdk';
import type { View } from '@boardroom/sdk/types/grucha';
export const replay: Promise<Replay> = new Lobby('').replay('r1', 0);
export const kinds = (m: ServerMessage): string => m.type;
export const hands = (v: View): unknown => v;
"""


def test_npm_pack_makes_a_tarball_that_installs_offline_imports_and_type_checks(
    node: str, tmp_path: Path
) -> None:
    packed = run([npm(), "pack", "--json", "--pack-destination", tmp_path], WEB / "sdk")
    assert packed.returncode == 0, packed.stderr
    (info,) = json.loads(packed.stdout)
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert (info["name"], info["version"]) == ("@boardroom/sdk", version)
    files = {f["path"] for f in info["files"]}
    assert {
        "boardroom.js",
        "boardroom.d.ts",
        "types/messages.d.ts",
        "vendor/fast-json-patch/index.mjs",
        "vendor/@msgpack/msgpack/dist.esm/Encoder.mjs",
        "vendor/@msgpack/msgpack/dist.esm/Decoder.mjs",
    } <= files
    assert not any(f.startswith(("node_modules/", "test")) for f in files)

    project = tmp_path / "project"
    project.mkdir()
    (project / "package.json").write_text(json.dumps({"name": "author", "private": True, "type": "module"}))
    env = {**os.environ, "npm_config_offline": "true", "npm_config_audit": "false"}
    env["npm_config_fund"] = "false"
    installed = subprocess.run(
        [npm(), "install", tmp_path / info["filename"]], cwd=project, capture_output=True, text=True, env=env
    )
    assert installed.returncode == 0, installed.stderr
    assert not (project / "node_modules" / "@boardroom" / "sdk").is_symlink()  # a copy, not the checkout

    done = run([node, "--input-type=module", "-e", CONSUMER], project)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert json.loads(done.stdout) == ["http://127.0.0.1:1", 1, "closed", "x"]

    (project / "check.ts").write_text(CONSUMER_TS)
    options = ["--module", "nodenext", "--target", "es2022", "--lib", "es2022,dom", "--types", ""]
    done = run([TSC, "--noEmit", "--strict", *options, "check.ts"], project)
    assert done.returncode == 0, done.stdout
