"""In a notebook: a model draws itself with the built page in embed mode (the model in the hash), or
shows a readable summary when the page is not built; a result shows as tables."""

import base64
import html
import json
import re
import zlib

import motive
from motive import display


def decode_hash(fragment: str) -> str:
    """The model text of a share link's `model=` (raw DEFLATE, base64url without padding)."""
    data = fragment.split("model=", 1)[1]
    data += "=" * (-len(data) % 4)
    return zlib.decompress(base64.urlsafe_b64decode(data), -15).decode("utf-8")


def test_a_model_is_drawn_by_the_page_in_embed_mode(root, tmp_path, monkeypatch):
    page = tmp_path / "index.html"
    page.write_text("<!doctype html><html><head><title>Motive</title></head><body>the page</body></html>")
    monkeypatch.setenv("MOTIVE_PAGE", str(page))
    model = motive.load(root / "examples/games/stag-hunt-opportunist.jsonc")
    shown = model._repr_html_()
    assert shown.startswith("<iframe") and "srcdoc=" in shown
    document = html.unescape(re.search(r'srcdoc="([^"]*)"', shown).group(1))
    assert "the page" in document
    # The boot script runs before the page's own and gives it ?embed and the model's share hash.
    boot = re.search(r"window\.MOTIVE_LOCATION = (\{[^<]*\});</script>", document)
    assert boot and document.index("MOTIVE_LOCATION") < document.index("<title>")
    launch = json.loads(boot.group(1))
    assert launch["search"] == "?embed"
    assert decode_hash(launch["hash"]) == model.text


def test_without_the_page_a_model_shows_a_summary(root, monkeypatch):
    monkeypatch.setattr(display, "page_path", lambda: None)
    model = motive.load(root / "examples/intention/spy.jsonc")
    shown = model._repr_html_()
    assert "<iframe" not in shown
    assert html.escape(model.title) in shown and "not built" in shown


def test_a_result_shows_as_tables(root):
    game = motive.load(root / "examples/games/stag-hunt-opportunist.jsonc")
    result = game.analyze("sica", rollouts=100)
    shown = result._repr_html_()
    assert "<table" in shown and "sica" in shown
    for player in result["players"]:
        assert player in shown


def test_the_catalogue_shows_every_kind():
    shown = motive.catalogue()._repr_html_()
    for kind in motive.catalogue().kinds():
        assert f">{kind}<" in shown
