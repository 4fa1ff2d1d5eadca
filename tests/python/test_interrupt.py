"""Long analyses run without the GIL and stop on Ctrl+C (the engine's own cancellation)."""

import _thread
import threading
import time

import pytest

import motive

# About 16 s natively in little memory (MEG of 200 agents, the unknown utility learnt by a network):
# far longer than any wait below.
LONG = {"parameter": "epsilon", "values": [i / 500 for i in range(200)], "class": "mlp", "hidden": 256}


@pytest.fixture
def world(root):
    return motive.load(root / "examples/meg/cliffworld.jsonc")


def test_ctrl_c_cancels_a_running_analysis(world):
    timer = threading.Timer(0.3, _thread.interrupt_main)  # what Ctrl+C does to the main thread
    timer.start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        world.analyze("meg_sweep", **LONG)
    timer.join()
    assert time.monotonic() - started < 3.0
    # The engine is fine afterwards.
    assert len(world.analyze("meg_sweep", parameter="epsilon", values=[0, 0.5])["points"]) == 2


def test_an_exception_from_progress_cancels_and_is_raised(world):
    class Stop(Exception):
        pass

    heard = []

    def progress(fraction):
        heard.append(fraction)
        if len(heard) >= 3:
            raise Stop()

    started = time.monotonic()
    with pytest.raises(Stop):
        world.analyze("meg_sweep", progress=progress, **LONG)
    assert time.monotonic() - started < 3.0
    assert all(0 <= f <= 1 for f in heard) and heard == sorted(heard)


def test_the_engine_runs_without_the_gil(world):
    done = threading.Event()
    ticks = 0

    def run():
        world.analyze("meg_sweep", **{**LONG, "values": LONG["values"][:10]})
        done.set()

    worker = threading.Thread(target=run)
    worker.start()
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    # Had the analysis held the GIL, this thread could not have run while it did.
    assert ticks > 20
