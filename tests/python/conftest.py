"""The Python suite's set-up: `import motive` from the venv (scripts/setup.sh installs the package
there), else from the native build's folder (build/native/python, or $MOTIVE_PYTHON_BUILD)."""

import os
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

try:
    import motive  # noqa: F401
except ImportError:
    sys.path.insert(0, os.environ.get("MOTIVE_PYTHON_BUILD", str(ROOT / "build" / "native" / "python")))
    import motive  # noqa: F401


@pytest.fixture
def root() -> pathlib.Path:
    """The source tree (examples/, tests/formats/)."""
    return ROOT
