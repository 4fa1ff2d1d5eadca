#!/usr/bin/env python3
"""Gathers the fuzzers' seed corpora at build time, so that nothing is committed twice.

    collect_seeds.py SOURCE_DIR OUT_DIR NAME:CORPUS...

Writes OUT_DIR/CORPUS/ for each corpus named (models, request, expression):
  models      every model of examples/ and tests/web/fixtures/, the model texts written inside the
              engine tests (raw strings R"(...)"), and tests/fuzz/seeds/models/
  request     the requests of docs/api.md (without their model: the fuzzer supplies a small one),
              one bare request per analysis named there, and tests/fuzz/seeds/request/
  expression  every "function" and rule string of those models, and tests/fuzz/seeds/expression/
  formats     every file of tests/formats/ (the importers' hand-written BIF, XMLBIF, Gambit and ChoiceScript
              files), and tests/fuzz/seeds/formats/
"""
import hashlib
import json
import pathlib
import re
import shutil
import sys

RAW_STRING = re.compile(r'R"(\w*)\((.*?)\)\1"', re.S)
EXPRESSION = re.compile(r'"(?:function|[A-Z]\w*)"\s*:\s*"((?:[^"\\\n]|\\.)*)"')
JSON_BLOCK = re.compile(r"```json\n(.*?)```", re.S)
ANALYSIS = re.compile(r'"analysis"\s*:\s*"(\w+)"')


def write(out, text):
    data = text.encode() if isinstance(text, str) else text
    (out / hashlib.sha1(data).hexdigest()[:16]).write_bytes(data)


def models(root):
    for pattern in ("examples/**/*.jsonc", "tests/web/fixtures/*.jsonc"):
        for path in sorted(root.glob(pattern)):
            yield path.read_text()
    for path in sorted(root.glob("tests/engine/*.cc")):
        for match in RAW_STRING.finditer(path.read_text()):
            if '"kind"' in match.group(2) or '"variables"' in match.group(2):
                yield match.group(2)


def requests(root):
    docs = (root / "docs/api.md").read_text()
    for block in JSON_BLOCK.findall(docs):
        try:
            request = json.loads(block)
        except ValueError:
            continue
        if isinstance(request, dict) and "analysis" in request and "ok" not in request:
            request.pop("model", None)
            yield json.dumps(request)
    for name in sorted(set(ANALYSIS.findall(docs))):
        yield json.dumps({"analysis": name})
        yield json.dumps({"analysis": name, "params": {}})


def expressions(root):
    for text in models(root):
        for match in EXPRESSION.finditer(text):
            try:
                yield json.loads('"' + match.group(1) + '"')
            except ValueError:
                continue


def formats(root):
    for path in sorted((root / "tests/formats").rglob("*")):
        if path.is_file():
            yield path.read_bytes()


def main():
    root, out_root = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    corpora = {entry.split(":", 1)[1] for entry in sys.argv[3:]}
    makers = {"models": models, "request": requests, "expression": expressions, "formats": formats}
    for corpus in sorted(corpora):
        out = out_root / corpus
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir(parents=True)
        for text in makers[corpus](root):
            write(out, text)
        for path in sorted((root / "tests/fuzz/seeds" / corpus).glob("*")):
            write(out, path.read_bytes())
        print(f"collect_seeds: {corpus}: {sum(1 for _ in out.iterdir())} seeds")


if __name__ == "__main__":
    main()
