"""Motive from Python: the engine's analyses of SCIMs, gridworlds and MDPs, games and adventures,
through the same JSON entry point as the CLI and the page (docs/python.md).

    import motive
    spy = motive.load("examples/intention/spy.jsonc")
    result = spy.analyze("settings", policy="truthful", limit=10)
    result.frame()                      # the settings as a pandas DataFrame

``motive.catalogue()`` lists what the engine answers; ``motive.load`` reads a model (or imports a
BIF, XMLBIF, Gambit .nfg/.efg or ChoiceScript file); ``Model.analyze`` runs an analysis, its parameters checked
by the engine against the catalogue; a failure raises ``motive.MotiveError`` with the engine's id,
line, column, message and hint. ``motive.batch`` answers many requests on every core or on a Dask
cluster.
"""

from . import _motive
from ._api import (
    Catalogue,
    Model,
    MotiveError,
    Result,
    catalogue,
    import_file,
    import_files,
    import_formats,
    load,
    request,
)
from .batch import batch

__version__ = _motive.version()

__all__ = [
    "Catalogue",
    "Model",
    "MotiveError",
    "Result",
    "batch",
    "catalogue",
    "import_file",
    "import_files",
    "import_formats",
    "load",
    "request",
]
