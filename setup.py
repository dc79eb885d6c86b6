"""The optional compiled core. ``GRAIL_COMPILE=1 pip install .`` compiles the engine and
the simulation's look-ahead with mypyc (a C compiler and Python's headers needed): the same
code, typed as mypy checks it, 1.3 to 1.8 times as fast (README, Performance). Without it grail
installs as plain Python; everything else is in pyproject.toml."""

from __future__ import annotations

import sys
from pathlib import Path

from setuptools import setup

sys.path.insert(0, str(Path(__file__).resolve().parent / "buildtools"))
from grail_backend import compiled_modules, compiling

if compiling():
    from mypyc.build import mypycify

    setup(ext_modules=mypycify(compiled_modules(Path(".")), opt_level="3"))
else:
    setup()
