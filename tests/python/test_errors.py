"""Errors: every failure the engine reports is one exception type, motive.MotiveError, carrying the
engine's id, line, column, message and hint (docs/errors.md)."""

import pytest

import motive

BAD_PARENT = """{
  "kind": "scim",
  "variables": {
    "A": {"type": "chance", "domain": [1, 2], "parents": ["B"]}
  }
}
"""


def position_of(text: str, needle: str) -> tuple[int, int]:
    """The 1-based line and column where `needle` first starts in `text`."""
    offset = text.index(needle)
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def test_a_model_that_does_not_read_raises_from_load_at_its_place():
    with pytest.raises(motive.MotiveError) as caught:
        motive.load(BAD_PARENT)
    e = caught.value
    assert e.id == "model.unknown_parent"
    assert (e.line, e.column) == position_of(BAD_PARENT, '"B"')
    assert '"B"' in e.message and e.hint != ""
    assert f"{e.line}:{e.column}" in str(e)


def test_a_syntax_error_is_placed_where_the_comma_is_missing():
    text = BAD_PARENT.replace('"chance", "domain"', '"chance" "domain"')
    with pytest.raises(motive.MotiveError) as caught:
        motive.load(text)
    assert caught.value.id == "json.syntax"
    assert (caught.value.line, caught.value.column) == position_of(text, '"domain"')


def test_an_unknown_parameter_raises_with_the_engines_did_you_mean(root):
    spy = motive.load(root / "examples/intention/spy.jsonc")
    with pytest.raises(motive.MotiveError) as caught:
        spy.analyze("settings", polcy="truthful")
    e = caught.value
    assert e.id == "request.unknown_parameter"
    assert '"polcy"' in e.message
    assert 'did you mean "policy"' in e.hint
    assert (e.line, e.column) == (0, 0)  # a problem with the request, not the model's text


def test_a_value_out_of_range_and_an_unknown_analysis_raise(root):
    game = motive.load(root / "examples/games/public-goods.jsonc")
    with pytest.raises(motive.MotiveError) as caught:
        game.analyze("simulate", rollouts=1)  # the catalogue's range is 2 to 10000000
    assert caught.value.id.startswith("request.")
    with pytest.raises(motive.MotiveError) as caught:
        game.analyze("settings")  # a SCIM's analysis, not a game's
    assert caught.value.id == "analysis.not_supported"
    assert "scim" in caught.value.hint


def test_an_import_mistake_is_placed_in_the_source_file():
    # The table's line lacks its ";": the parser meets "}" at line 5, column 1.
    text = (
        "network n {}\nvariable A { type discrete [ 2 ] { a1, a2 }; }\n"
        "probability ( A ) {\n  table 0.5, 0.5\n}\n"
    )
    with pytest.raises(motive.MotiveError) as caught:
        motive.import_files({"n.bif": text})
    e = caught.value
    assert e.id == "import.syntax"
    assert (e.line, e.column) == (5, 1)
    assert e.file == "n.bif"


def test_a_choicescript_command_outside_the_subset_is_named_at_its_line():
    with pytest.raises(motive.MotiveError) as caught:
        motive.import_files({"startup.txt": "*create x 0\n*rand x 1 6\n*ending\n"})
    assert caught.value.id == "import.unsupported"
    assert (caught.value.line, caught.value.column) == (2, 1)
    assert "*rand" in caught.value.message


def test_the_raw_request_never_raises_for_a_bad_request():
    reply = motive.request({"analysis": "no_such_analysis"})
    assert reply["ok"] is False and reply["diagnostics"][0]["id"]
    reply = motive.request("{not json")
    assert reply["ok"] is False
