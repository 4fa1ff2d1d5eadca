"""Batch throughput on 1 and 2 workers: the CLI's `motive batch --jobs N`, the package's threads
(`motive.batch(workers=N)`) and a Dask LocalCluster of N worker processes (`motive.batch(client=)`),
on the same requests (SICA and MEG over seeds and models), in requests per second, best of a few runs.

    scripts/python.sh bench/batch_throughput.py [--requests N] [--repeat R]

The answers of every way are checked equal to the first's. docs/python.md gives the figures measured.
"""

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time

import motive

ROOT = pathlib.Path(__file__).resolve().parents[1]


def workload(n):
    """n requests of about 0.1 s each: SICA by 200,000 rollouts, and MEG of an ε-greedy agent over five
    ε with the unknown utility learnt by a small network, over seeds and models."""
    games = ["stag-hunt-opportunist.jsonc", "public-goods.jsonc", "cop.jsonc"]
    worlds = ["cliffworld.jsonc", "coinrun.jsonc", "goal-region.jsonc", "recycling-robot.jsonc"]
    out = []
    for i in range(n):
        if i % 2 == 0:
            out.append({"path": str(ROOT / "examples/games" / games[i // 2 % len(games)]), "analysis": "sica",
                        "params": {"rollouts": 200000, "seed": i, "exact": False}})
        else:
            out.append({"path": str(ROOT / "examples/meg" / worlds[i // 2 % len(worlds)]), "analysis": "meg_sweep",
                        "params": {"parameter": "epsilon", "values": [0, 0.1, 0.2, 0.3, 0.4], "class": "mlp",
                                   "hidden": 32, "seed": i}})
    return out


def best(run, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        answers = run()
        times.append(time.perf_counter() - start)
    return min(times), answers


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=48)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    reqs = workload(args.requests)
    cli = ROOT / "build/native/motive"
    folder = pathlib.Path(tempfile.mkdtemp())
    (folder / "in.jsonl").write_text("".join(json.dumps(r) + "\n" for r in reqs))

    def cli_run(jobs):
        def run():
            out = folder / f"out{jobs}.jsonl"
            for path in (out, pathlib.Path(str(out) + ".partial")):
                path.unlink(missing_ok=True)
            subprocess.run([str(cli), "batch", str(folder / "in.jsonl"), "-o", str(out), "--jobs", str(jobs)],
                           check=False, capture_output=True)
            return [json.loads(line)["reply"] for line in out.read_text().splitlines()]
        return run

    rows = []
    reference = None
    for name, make in [("CLI motive batch", cli_run), ("motive.batch threads", lambda n: lambda: motive.batch(reqs, workers=n))]:
        for n in (1, 2):
            seconds, answers = best(make(n), args.repeat)
            reference = reference or answers
            assert all(a["ok"] for a in answers), [a["diagnostics"] for a in answers if not a["ok"]][:1]
            assert answers == reference, f"{name} on {n} differs"
            rows.append((name, n, seconds))
    try:
        import distributed
    except ImportError:
        distributed = None
    if distributed is not None:
        package = pathlib.Path(motive.__file__).resolve().parents[1]
        os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(package), os.environ.get("PYTHONPATH")]))
        for n in (1, 2):
            with distributed.LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                                          dashboard_address=None) as cluster, distributed.Client(cluster) as client:
                client.run(lambda: __import__("motive").catalogue() and None)  # warm the workers
                seconds, answers = best(lambda: motive.batch(reqs, client=client), args.repeat)
            assert answers == reference, f"Dask on {n} differs"
            rows.append(("Dask LocalCluster", n, seconds))
    print(f"{len(reqs)} requests, best of {args.repeat}")
    print(f"{'way':24} {'workers':>7} {'seconds':>8} {'req/s':>7} {'speed-up':>8}")
    ones = {}
    for name, n, seconds in rows:
        ones.setdefault(name, seconds)
        print(f"{name:24} {n:7d} {seconds:8.2f} {len(reqs) / seconds:7.1f} {ones[name] / seconds:8.2f}")


if __name__ == "__main__":
    sys.exit(main())
