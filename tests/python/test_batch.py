"""Batch runs: many requests answered here on several threads, on a Dask cluster of worker processes,
and by the CLI's `motive batch`, each equal to the requests answered one by one."""

import json
import os
import pathlib
import subprocess

import pytest

import motive


def requests(root: pathlib.Path) -> list[dict]:
    """A sweep over seeds, models and kinds, with one request that fails (its reply must too)."""
    games = ["stag-hunt-opportunist.jsonc", "public-goods.jsonc"]
    out = [{"path": f"examples/games/{g}", "analysis": "sica", "params": {"rollouts": 300, "seed": s}}
           for g in games for s in range(4)]
    out += [{"path": "examples/meg/cliffworld.jsonc", "analysis": "meg",
             "params": {"agent": {"kind": "epsilon_greedy", "epsilon": e}}} for e in (0.0, 0.1, 0.3)]
    out.append({"model": (root / "examples/adventures/heist.jsonc").read_text(), "analysis": "scores"})
    out.append({"path": "examples/intention/spy.jsonc", "analysis": "settings", "params": {"polcy": "lie"}})
    return out


def serial(root: pathlib.Path, reqs: list[dict]) -> list[dict]:
    answers = []
    for r in reqs:
        r = dict(r)
        if "path" in r:
            r["model"] = (root / r.pop("path")).read_text()
        answers.append(motive.request(r))
    return answers


def test_threads_answer_as_one_by_one(root):
    reqs = requests(root)
    expected = serial(root, reqs)
    assert [a["ok"] for a in expected].count(False) == 1
    assert motive.batch(reqs, workers=2, base=root) == expected
    assert motive.batch(reqs, workers=1, base=root) == expected


def test_a_dask_cluster_of_processes_answers_as_one_by_one(root, monkeypatch):
    distributed = pytest.importorskip("distributed")
    # The workers are new processes: they find the package where this one did.
    package = pathlib.Path(motive.__file__).resolve().parents[1]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(package), os.environ.get("PYTHONPATH")])))
    reqs = requests(root)
    expected = serial(root, reqs)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            assert motive.batch(reqs, client=client, base=root) == expected
            # Chunks of one request each: the same answers in the same order.
            assert motive.batch(reqs, client=client, chunk_size=1, base=root) == expected


def test_the_cli_batch_answers_as_the_package(root, tmp_path):
    cli = root / "build" / "native" / "motive"
    if not cli.exists():
        pytest.skip("the CLI is not built")
    reqs = requests(root)
    for r in reqs:
        if "path" in r:
            r["path"] = str(root / r["path"])
    (tmp_path / "in.jsonl").write_text("".join(json.dumps(r) + "\n" for r in reqs))
    run = subprocess.run([str(cli), "batch", str(tmp_path / "in.jsonl"), "-o", str(tmp_path / "out.jsonl"),
                          "--jobs", "2"], capture_output=True, text=True)
    assert run.returncode == 1  # one request fails
    lines = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert [line["line"] for line in lines] == list(range(1, len(reqs) + 1))
    assert [line["reply"] for line in lines] == serial(root, reqs)
