"""The notebooks of examples/notebooks/ run headless, every cell without an error (their own asserts
check what they show), on Debian's Jupyter kernel with this package importable."""

import os
import pathlib

import pytest

import motive

NOTEBOOKS = sorted((pathlib.Path(__file__).resolve().parents[2] / "examples" / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_the_notebook_runs(path, monkeypatch):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    # The kernel is another process: it finds the package where this one did.
    package = pathlib.Path(motive.__file__).resolve().parents[1]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(package), os.environ.get("PYTHONPATH")])))
    notebook = nbformat.read(path, as_version=4)
    nbclient.NotebookClient(notebook, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}}).execute()
    errors = [o for cell in notebook.cells for o in cell.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors
