"""The package's core: requests through the engine's one JSON entry point, its errors, models and results.

Every call here builds a request (docs/api.md), hands its JSON text to the extension (_motive.request,
the same code the CLI and the page run) and reads the reply. Nothing is computed or checked twice in
Python: parameters are checked by the engine against its catalogue, and a failure comes back as
diagnostics, raised as MotiveError.
"""

from __future__ import annotations

import json
import math
import os
import pathlib
from typing import Any, Callable, Iterable, Mapping

from . import _motive

__all__ = [
    "MotiveError",
    "Model",
    "Result",
    "Catalogue",
    "request",
    "catalogue",
    "load",
    "import_file",
    "import_files",
    "import_formats",
]


class MotiveError(Exception):
    """A failure the engine reported: a model that does not read, a bad request, a cancelled run.

    The attributes are the first diagnostic's (docs/errors.md): ``id`` (stable, match on it),
    ``line`` and ``column`` (1-based; 0 when the problem is with the request, not the text),
    ``end_line``, ``end_column``, ``message``, ``hint`` ("" when there is none) and ``file`` (the
    file of an import the problem is in, else ""). ``diagnostics`` holds every diagnostic as the
    engine gave it.
    """

    def __init__(self, diagnostics: list[dict]):
        self.diagnostics = list(diagnostics) or [
            {"id": "engine.internal", "message": "the engine failed without saying why"}
        ]
        first = self.diagnostics[0]
        self.id: str = first.get("id", "")
        self.line: int = int(first.get("line", 0) or 0)
        self.column: int = int(first.get("column", 0) or 0)
        self.end_line: int = int(first.get("end_line", 0) or 0)
        self.end_column: int = int(first.get("end_column", 0) or 0)
        self.message: str = first.get("message", "")
        self.hint: str = first.get("hint", "") or ""
        self.file: str = first.get("file", "") or ""
        super().__init__(self._describe(first))

    @staticmethod
    def _describe(d: Mapping) -> str:
        where = ""
        if d.get("file"):
            where = f"{d['file']}:"
        if d.get("line"):
            where += f"{d['line']}:{d.get('column', 0)}: "
        elif where:
            where += " "
        text = f"{where}[{d.get('id', '')}] {d.get('message', '')}"
        if d.get("hint"):
            text += f" (hint: {d['hint']})"
        return text

    def __str__(self) -> str:
        lines = [self._describe(d) for d in self.diagnostics]
        return "\n".join(lines)


def _to_json_value(value: Any, where: str) -> Any:
    """A Python value as the engine's JSON reads it: infinities as "inf"/"-inf", numpy scalars and
    arrays as numbers and lists, tuples and sets as lists. NaN is refused (the engine never takes it)."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if math.isnan(value):
            raise ValueError(f"{where} is NaN, which no parameter takes")
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return value
    if isinstance(value, Model):
        return value.text
    if isinstance(value, Mapping):
        return {str(k): _to_json_value(v, f"{where}[{k!r}]") for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value) if isinstance(value, (set, frozenset)) else value
        return [_to_json_value(v, f"{where}[{i}]") for i, v in enumerate(items)]
    # numpy and pandas values, without importing either.
    if hasattr(value, "tolist"):
        return _to_json_value(value.tolist(), where)
    if hasattr(value, "item"):
        return _to_json_value(value.item(), where)
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    raise TypeError(f"{where} is a {type(value).__name__}, which JSON cannot carry")


def request(req: Mapping | str, progress: Callable[[float], Any] | None = None) -> dict:
    """Answers one API request (a dict, or its JSON text) with the engine's reply as a dict.

    This is the engine's entry point as it is: the reply is ``{"ok": true, ...}`` or ``{"ok": false,
    "diagnostics": [...]}``; nothing is raised for a failure (see Model.analyze for that).
    ``progress`` hears the fraction done; Ctrl+C (or an exception from ``progress``) cancels the
    analysis and is raised here once the engine has stopped.
    """
    text = req if isinstance(req, str) else json.dumps(_to_json_value(req, "the request"))
    return json.loads(_motive.request(text, progress))


def _checked(reply: dict) -> dict:
    if not reply.get("ok"):
        raise MotiveError(reply.get("diagnostics", []))
    return reply


class Catalogue(dict):
    """What the engine answers (docs/api.md, "The catalogue"): ``kinds``, each with its analyses and
    their parameters, and ``formats``, the formats it imports."""

    def kinds(self) -> list[str]:
        """The model kinds' names, in the engine's order."""
        return [k["name"] for k in self.get("kinds", [])]

    def analyses(self, kind: str) -> list[str]:
        """The analyses a kind answers, in its table's order."""
        for k in self.get("kinds", []):
            if k["name"] == kind:
                return [a["name"] for a in k["analyses"]]
        raise KeyError(f"no model kind is named {kind!r}; the kinds are {', '.join(self.kinds())}")

    def analysis(self, kind: str, name: str) -> dict:
        """The catalogue's entry of one analysis of a kind: summary, paper, definition, params."""
        for k in self.get("kinds", []):
            if k["name"] == kind:
                for a in k["analyses"]:
                    if a["name"] == name:
                        return a
                raise KeyError(f"{kind} models have no analysis {name!r}")
        raise KeyError(f"no model kind is named {kind!r}")

    def params(self, kind: str, name: str):
        """One analysis's parameters as a pandas DataFrame (name, type, default, range, help)."""
        import pandas as pd

        rows = []
        for p in self.analysis(kind, name)["params"]:
            rows.append(
                {
                    "name": p["name"],
                    "type": p["type"],
                    "default": p.get("default"),
                    "min": p.get("min"),
                    "max": p.get("max"),
                    "choices": p.get("choices"),
                    "required": bool(p.get("required", False)),
                    "help": p.get("help", ""),
                }
            )
        return pd.DataFrame(rows, columns=["name", "type", "default", "min", "max", "choices", "required", "help"])

    def _repr_html_(self) -> str:
        from . import display

        return display.catalogue_html(self)


_catalogue: Catalogue | None = None


def catalogue() -> Catalogue:
    """What the engine answers: every model kind, its analyses and their parameters, and the import
    formats (the reply to ``{"analysis": "catalogue"}``). Asked once, then kept."""
    global _catalogue
    if _catalogue is None:
        _catalogue = Catalogue(_checked(request({"analysis": "catalogue"}))["result"])
    return _catalogue


class Result(dict):
    """An analysis's result (the reply's ``result``, as Python objects), with the reply's envelope in
    ``analysis``, ``kind``, ``model_name`` and ``reply``.

    Tables in it (settings, policies, scores, SICA matrices, trajectories, ...) convert to pandas
    DataFrames on request: ``tables()`` names them, ``frame(name)`` gives one (by default the
    analysis's main table), ``frames()`` all. In a notebook it displays as readable tables.
    """

    def __init__(self, reply: dict):
        super().__init__(reply.get("result", {}))
        self.reply = reply
        self.analysis: str = reply.get("analysis", "")
        self.kind: str = reply.get("kind", "")
        self.model_name: str | None = reply.get("model_name")

    def tables(self) -> list[str]:
        """The names of the result's tables, the main one first."""
        from . import frames

        return list(frames.tables(self.kind, self.analysis, self))

    def frame(self, name: str | None = None):
        """One table of the result as a pandas DataFrame: ``name`` as tables() lists it, by default
        the main one. Raises KeyError naming the tables when there is no such table."""
        from . import frames

        found = frames.tables(self.kind, self.analysis, self)
        if not found:
            raise KeyError(f"the {self.analysis} result has no table")
        if name is None:
            return next(iter(found.values()))()
        if name not in found:
            raise KeyError(f"the {self.analysis} result has no table {name!r}; its tables are {', '.join(found)}")
        return found[name]()

    def frames(self) -> dict:
        """Every table of the result as a DataFrame, by name."""
        from . import frames

        return {name: make() for name, make in frames.tables(self.kind, self.analysis, self).items()}

    def _repr_html_(self) -> str:
        from . import display

        return display.result_html(self)


def _looks_like_text(source: str) -> bool:
    stripped = source.lstrip()
    return "\n" in source or stripped.startswith(("{", "//", "/*")) or not stripped


class Model:
    """A model the engine has read: its text, its kind and its description.

    Made by ``motive.load`` (or ``motive.import_file``); ``analyze`` asks the engine's analyses of
    its kind. A file of several models (a SCIM's ``models``) answers for ``model_name``, by default
    the first; ``select(name)`` gives the same file answering for another.
    """

    def __init__(self, text: str, *, model_name: str | None = None, path: str | None = None,
                 notes: Iterable[str] = (), source_format: str | None = None):
        self.text = text
        self.path = path
        self.notes = list(notes)
        self.source_format = source_format
        req: dict = {"model": text, "analysis": "describe"}
        if model_name is not None:
            req["model_name"] = model_name
        self._description = Result(_checked(request(req)))
        self.kind: str = self._description.kind
        self.model_name: str | None = self._description.model_name

    @property
    def title(self) -> str:
        """The model's title as its file gives it ("" when it gives none)."""
        return str(self._description.get("title", "") or "")

    @property
    def models(self) -> list[str]:
        """The names of the file's models, for kinds whose files hold several (else empty)."""
        return list(self._description.get("models", []) or [])

    def describe(self) -> Result:
        """The model's description (the ``describe`` analysis), read when the model was loaded."""
        return self._description

    def analyses(self) -> list[str]:
        """The analyses this model's kind answers."""
        return catalogue().analyses(self.kind)

    def select(self, model_name: str) -> "Model":
        """The same file answering for another of its models."""
        return Model(self.text, model_name=model_name, path=self.path, notes=self.notes,
                     source_format=self.source_format)

    def request(self, analysis: str, params: Mapping | None = None, **kwargs) -> dict:
        """The API request that ``analyze(analysis, params, **kwargs)`` sends (for motive.batch)."""
        merged = dict(params or {})
        for name, value in kwargs.items():
            # A parameter whose name is a Python keyword ("from") is written with a trailing "_".
            merged[name[:-1] if name.endswith("_") and name[:-1] else name] = value
        req = {"model": self.text, "analysis": analysis,
               "params": _to_json_value(merged, "the parameters")}
        if self.model_name is not None:
            req["model_name"] = self.model_name
        return req

    def analyze(self, analysis: str, params: Mapping | None = None, /, *,
                progress: Callable[[float], Any] | None = None, **kwargs) -> Result:
        """Runs one analysis and returns its result.

        Parameters are keyword arguments (``policy="truthful", limit=10``) or a dict; a parameter
        named like a Python keyword takes a trailing underscore (``from_="D"``). The engine checks
        them against its catalogue before it runs: an unknown name, a wrong type or a value out of
        range raises MotiveError (``request.unknown_parameter`` with the engine's did-you-mean in
        ``hint``). ``progress`` hears the fraction done; Ctrl+C cancels the analysis and raises
        KeyboardInterrupt. A failure of the analysis raises MotiveError.
        """
        return Result(_checked(request(self.request(analysis, params, **kwargs), progress)))

    def save(self, path: str | os.PathLike) -> None:
        """Writes the model's text to a file (an imported model becomes a model file)."""
        pathlib.Path(path).write_text(self.text, encoding="utf-8")

    def __repr__(self) -> str:
        name = f" {self.title!r}" if self.title else ""
        where = f" from {self.path}" if self.path else ""
        return f"<motive.Model {self.kind}{name}{where}>"

    def _repr_html_(self) -> str:
        from . import display

        return display.model_html(self)


def import_formats() -> list[dict]:
    """The formats the engine imports: name, summary, the file extensions it recognises, the kind
    it makes (the catalogue's ``formats``)."""
    return list(catalogue().get("formats", []))


def _format_of(path: pathlib.Path) -> str | None:
    suffix = path.suffix.lower().lstrip(".")
    for f in import_formats():
        if suffix in f.get("extensions", []):
            return f["name"]
    return None


def _read_files(path: pathlib.Path) -> list[dict]:
    if path.is_dir():
        entries = sorted(p for p in path.iterdir() if p.is_file() and p.suffix.lower() in (".txt", ".json"))
        return [{"name": p.name, "text": p.read_text(encoding="utf-8")} for p in entries]
    return [{"name": path.name, "text": path.read_text(encoding="utf-8")}]


def import_files(files: Mapping[str, str] | Iterable[tuple[str, str]], format: str = "auto") -> Model:
    """Imports a model written in another format from its files' texts (``{name: text}``): one file
    for BIF, XMLBIF, Gambit's .nfg and .efg; a ChoiceScript game's scenes (``startup.txt``, ...) and
    its annotations side file (a ``.json``). ``format`` is a format's name or "auto" (by the files'
    names and contents). Returns the imported Model, its text in ``text``, what the importer
    changed or left out in ``notes``. Raises MotiveError at the source's line and column."""
    items = files.items() if isinstance(files, Mapping) else files
    listed = [{"name": name, "text": text} for name, text in items]
    reply = _checked(request({"analysis": "import", "format": format, "files": listed}))
    result = reply["result"]
    return Model(result["model"], notes=result.get("notes", []), source_format=result.get("format"))


def import_file(path: str | os.PathLike, format: str = "auto", *,
                annotations: str | os.PathLike | None = None) -> Model:
    """Imports a model file written in another format (BIF, XMLBIF, Gambit .nfg/.efg), or a folder
    holding a ChoiceScript game (its .txt scenes, and a .json annotations side file if there is
    one; ``annotations`` names another). See import_files."""
    source = pathlib.Path(path)
    files = _read_files(source)
    if annotations is not None:
        side = pathlib.Path(annotations)
        files.append({"name": side.name, "text": side.read_text(encoding="utf-8")})
    model = import_files([(f["name"], f["text"]) for f in files], format)
    model.path = os.fspath(source)
    return model


def load(source: str | os.PathLike, *, model_name: str | None = None) -> Model:
    """Reads a model: a path to a model file (or to a file another format writes, which is imported:
    .bif, .xmlbif, .nfg, .efg, a ChoiceScript folder), or the model's text itself.

    Raises MotiveError when the model does not read (``line`` and ``column`` point into its text),
    FileNotFoundError when a path names no file.
    """
    if isinstance(source, str) and _looks_like_text(source):
        return Model(source, model_name=model_name)
    path = pathlib.Path(source)
    if not path.exists():
        raise FileNotFoundError(f"no model file {os.fspath(path)!r}")
    if path.is_dir() or _format_of(path):
        model = import_file(path)
        return model.select(model_name) if model_name is not None else model
    return Model(path.read_text(encoding="utf-8"), model_name=model_name, path=os.fspath(path))


# Shown in tracebacks as users name them (motive.MotiveError, motive.Model), not by their module.
for _public in (MotiveError, Model, Result, Catalogue):
    _public.__module__ = "motive"
