"""The optional compiled build: ``BOARDROOM_MYPYC=1`` compiles the pure protocol modules of `COMPILED`
with mypyc (docs/benchmarks.md, "Results of the sixth round"); without it, as from the package index,
the package installs as pure Python. Everything else is in pyproject.toml.

    BOARDROOM_MYPYC=1 pip install --no-build-isolation .    # needs setuptools, mypy and a C compiler
"""

from __future__ import annotations

import os

from setuptools import setup

#: The modules compiled: pure functions over builtins and msgspec Structs, no I/O. Not protocol/codec.py:
#: its work is msgspec's (compiled already), and compiled it read a frame's ``type`` wrongly on the error
#: path (tests/protocol/test_codec.py's unknown and missing types).
COMPILED = ["protocol/diff.py", "protocol/fanout.py"]

if os.environ.get("BOARDROOM_MYPYC") == "1":
    from mypyc.build import mypycify  # mypy ships mypyc (it is a test dependency)

    setup(ext_modules=mypycify(COMPILED, opt_level="3"))
else:
    setup()
