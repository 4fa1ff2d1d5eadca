"""Many requests at once: on every core of this machine, or on a Dask cluster (docs/python.md, "Batch
runs").

A request is what ``motive batch`` reads, one per line (docs/cli.md): ``{"model": text or Model,
"analysis": name, "params": {...}, "model_name": ..., "id": ...}``, or ``"path"`` instead of
``"model"`` for a model file. The answers are the engine's replies, in the order of the requests,
and the same whoever computes them: every analysis is deterministic given its request (sampling is
seeded), so a cluster's answers equal the serial ones.
"""

from __future__ import annotations

import json
import os
import pathlib
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Iterable, Mapping

from . import _api, _motive

__all__ = ["batch", "prepare"]


def prepare(requests: Iterable[Mapping], base: str | os.PathLike | None = None) -> tuple[list[str], list[dict]]:
    """Splits requests into the distinct model texts and the requests without their text.

    Returns (texts, bare): bare[i] is request i as the API reads it, minus "model" and "path",
    plus "model_index" into texts. A "path" is read relative to ``base`` (default: the current
    folder), each file once. Raises ValueError for a request with neither "model" nor "path", and
    FileNotFoundError for a path that names no file.
    """
    root = pathlib.Path(base) if base is not None else pathlib.Path.cwd()
    texts: list[str] = []
    index_of: dict[str, int] = {}
    read: dict[str, str] = {}
    bare: list[dict] = []
    for i, req in enumerate(requests):
        req = dict(req)
        model = req.pop("model", None)
        path = req.pop("path", None)
        if isinstance(model, _api.Model):
            if model.model_name is not None:
                req.setdefault("model_name", model.model_name)
            model = model.text
        if model is None:
            if path is None:
                raise ValueError(f"request {i} has neither \"model\" nor \"path\"")
            key = os.fspath(root / path)
            if key not in read:
                read[key] = pathlib.Path(key).read_text(encoding="utf-8")
            model = read[key]
        if not isinstance(model, str):
            raise ValueError(f"request {i}'s \"model\" is a {type(model).__name__}, not the model's text")
        if model not in index_of:
            index_of[model] = len(texts)
            texts.append(model)
        req.pop("id", None)
        req["model_index"] = index_of[model]
        bare.append(_api._to_json_value(req, f"request {i}"))
    return texts, bare


def _answer(texts: list[str], bare: dict) -> dict:
    req = dict(bare)
    req["model"] = texts[req.pop("model_index")]
    return json.loads(_motive.request(json.dumps(req)))


def answer_chunk(chunk: dict) -> list[dict]:
    """Answers a chunk of requests on a Dask worker: ``{"texts": [...], "requests": [...]}`` as
    prepare() makes them (each chunk carries only the model texts its requests use)."""
    return [_answer(chunk["texts"], bare) for bare in chunk["requests"]]


def _chunks(texts: list[str], bare: list[dict], size: int) -> list[dict]:
    chunks = []
    for start in range(0, len(bare), size):
        part = bare[start:start + size]
        used: dict[int, int] = {}
        renumbered = []
        for req in part:
            index = req["model_index"]
            if index not in used:
                used[index] = len(used)
            renumbered.append({**req, "model_index": used[index]})
        chunk_texts = [None] * len(used)
        for index, local in used.items():
            chunk_texts[local] = texts[index]
        chunks.append({"texts": chunk_texts, "requests": renumbered})
    return chunks


def batch(requests: Iterable[Mapping], client: Any = None, *, workers: int | None = None,
          chunk_size: int | None = None, base: str | os.PathLike | None = None) -> list[dict]:
    """Answers many requests and returns their replies (dicts, as ``motive.request`` gives them), in
    the order of the requests.

    Without ``client`` the requests run here, on ``workers`` threads (default: every core; the
    engine runs without the GIL, so threads use the cores). With ``client``, a
    ``distributed.Client``, they run on its cluster's workers in chunks of ``chunk_size`` requests
    (default: enough chunks for four per worker thread), each chunk carrying the model texts its
    requests use; the workers need the motive package importable (docs/python.md). A failed
    analysis is a reply with "ok": false, never an exception.
    """
    texts, bare = prepare(requests, base)
    if not bare:
        return []
    if client is None:
        threads = workers or os.cpu_count() or 1
        if threads == 1:
            return [_answer(texts, b) for b in bare]
        with ThreadPoolExecutor(max_workers=threads) as pool:
            return list(pool.map(lambda b: _answer(texts, b), bare))
    if chunk_size is None:
        slots = sum(client.nthreads().values()) or 1
        chunk_size = max(1, -(-len(bare) // (4 * slots)))
    chunks = _chunks(texts, bare, max(1, int(chunk_size)))
    futures = client.map(answer_chunk, chunks, pure=False)
    replies: list[dict] = []
    for part in client.gather(futures):
        replies.extend(part)
    return replies
