"""How models and results show themselves in a notebook (docs/python.md, "In a notebook").

A model is drawn by the page's own views: the built page (web/dist/index.html, one self-contained
file with the engine inlined) in its embed mode, inside an iframe's srcdoc, given the model as a share
link carries it (raw DEFLATE, base64url) through window.MOTIVE_LOCATION. So a notebook shows the graph, gridworld, game or
scene graph the playground shows, offline. When the page is not built (scripts/build-wasm.sh, then
npm run build in web/), a model shows as a short readable summary instead, saying so. A result shows
as its tables.
"""

from __future__ import annotations

import base64
import html
import json
import os
import pathlib
import zlib
from typing import Any, Mapping

# How many rows of a table a result shows; the DataFrame has them all.
MAX_ROWS = 30
# The iframe's height in pixels; set motive.display.FRAME_HEIGHT to change it.
FRAME_HEIGHT = 560

_page_cache: dict[str, str] = {}


def page_path() -> pathlib.Path | None:
    """The built page: $MOTIVE_PAGE, else web/dist/index.html of the source tree this package was
    built from. None when neither exists."""
    candidates = []
    if os.environ.get("MOTIVE_PAGE"):
        candidates.append(pathlib.Path(os.environ["MOTIVE_PAGE"]))
    try:
        from . import _build

        candidates.append(pathlib.Path(_build.SOURCE_DIR) / "web" / "dist" / "index.html")
    except ImportError:
        pass
    for path in candidates:
        if path.is_file():
            return path
    return None


def model_hash(text: str) -> str:
    """The hash fragment (without '#') a share link uses for a model text: model=<raw DEFLATE of the
    UTF-8 text, base64url without padding> (web/src/app/share.js)."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    deflated = compressor.compress(text.encode("utf-8")) + compressor.flush()
    return "model=" + base64.urlsafe_b64encode(deflated).decode("ascii").rstrip("=")


def _page_text(path: pathlib.Path) -> str:
    key = f"{path}:{path.stat().st_mtime_ns}"
    if key not in _page_cache:
        _page_cache.clear()
        _page_cache[key] = path.read_text(encoding="utf-8")
    return _page_cache[key]


def embed_document(text: str, page: pathlib.Path) -> str:
    """The page's HTML opening in embed mode on the model: a script run before the page's own sets
    window.MOTIVE_LOCATION to the query and hash a share link's embed would carry (`?embed`,
    `#model=...`), since an iframe's srcdoc has no URL of its own (web/src/main.js reads it)."""
    launch = {"search": "?embed", "hash": "#" + model_hash(text)}
    boot = f"<script>window.MOTIVE_LOCATION = {json.dumps(launch)};</script>"
    document = _page_text(page)
    head = document.find("<head>")
    if head < 0:
        return boot + document
    return document[: head + len("<head>")] + boot + document[head + len("<head>"):]


def model_html(model) -> str:
    """A model as the page draws it (an iframe on the built page), or a readable summary."""
    page = page_path()
    if page is None:
        return summary_html(model, note=(
            "The page is not built, so this is a summary: build it (scripts/build-wasm.sh, then "
            "npm run build in web/) to see the model drawn."))
    srcdoc = html.escape(embed_document(model.text, page), quote=True)
    title = html.escape(model.title or model.kind)
    return (f'<iframe title="{title}" srcdoc="{srcdoc}" style="width: 100%; height: {FRAME_HEIGHT}px; '
            f'border: 1px solid #ccc; border-radius: 4px"></iframe>')


def _facts(description: Mapping) -> list[tuple[str, str]]:
    facts = []
    for key, value in description.items():
        if key in ("title", "description", "source"):
            continue
        if isinstance(value, (str, int, float, bool)) and value is not None:
            facts.append((key, str(value)))
        elif isinstance(value, list):
            names = [v.get("name") if isinstance(v, Mapping) else v for v in value]
            if names and all(isinstance(n, (str, int, float)) for n in names):
                shown = ", ".join(str(n) for n in names[:12]) + (" …" if len(names) > 12 else "")
                facts.append((key, f"{len(names)}: {shown}"))
            else:
                facts.append((key, f"{len(value)} items"))
        elif isinstance(value, Mapping):
            facts.append((key, f"{len(value)} entries"))
    return facts


def summary_html(model, note: str = "") -> str:
    """A model in words: its kind, title, description and what its description lists."""
    d = model.describe()
    parts = [f"<div><strong>{html.escape(model.title or 'Untitled model')}</strong> "
             f"<code>{html.escape(model.kind)}</code></div>"]
    if d.get("description"):
        parts.append(f"<p>{html.escape(str(d['description']))}</p>")
    rows = "".join(f"<tr><th style='text-align:left'>{html.escape(k)}</th><td style='text-align:left'>"
                   f"{html.escape(v)}</td></tr>" for k, v in _facts(d))
    if rows:
        parts.append(f"<table>{rows}</table>")
    if note:
        parts.append(f"<p><em>{html.escape(note)}</em></p>")
    return "".join(parts)


def _scalars(result: Mapping) -> list[tuple[str, Any]]:
    return [(k, v) for k, v in result.items() if isinstance(v, (str, int, float, bool)) or v is None]


def result_html(result) -> str:
    """A result as readable tables: its plain values, then each of its tables (the first rows)."""
    heading = f"<div><strong>{html.escape(result.analysis)}</strong>"
    if result.kind:
        heading += f" <code>{html.escape(result.kind)}</code>"
    if result.model_name:
        heading += f" model {html.escape(result.model_name)}"
    parts = [heading + "</div>"]
    scalars = _scalars(result)
    if scalars:
        rows = "".join(f"<tr><th style='text-align:left'>{html.escape(k)}</th><td style='text-align:left'>"
                       f"{html.escape(json.dumps(v))}</td></tr>" for k, v in scalars)
        parts.append(f"<table>{rows}</table>")
    try:
        tables = result.frames()
    except ImportError:
        tables = {}
    for name, frame in tables.items():
        more = f" (the first {MAX_ROWS} of {len(frame)} rows)" if len(frame) > MAX_ROWS else ""
        parts.append(f"<div style='margin-top: 0.6em'><em>{html.escape(name)}</em>{more}</div>")
        parts.append(frame.head(MAX_ROWS).to_html(max_cols=40, float_format=lambda x: f"{x:.6g}"))
    if not tables and not scalars:
        parts.append(f"<pre>{html.escape(json.dumps(dict(result), indent=1)[:20000])}</pre>")
    return "".join(parts)


def catalogue_html(catalogue: Mapping) -> str:
    """The catalogue as a table: each kind with its analyses."""
    rows = []
    for kind in catalogue.get("kinds", []):
        names = ", ".join(a["name"] for a in kind.get("analyses", []))
        rows.append(f"<tr><th style='text-align:left'>{html.escape(kind['name'])}</th>"
                    f"<td style='text-align:left'>{html.escape(names)}</td></tr>")
    for f in catalogue.get("formats", []):
        rows.append(f"<tr><th style='text-align:left'>import {html.escape(f['name'])}</th>"
                    f"<td style='text-align:left'>{html.escape(f.get('summary', ''))}</td></tr>")
    return f"<table>{''.join(rows)}</table>"
