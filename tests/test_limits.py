"""Limits on what a cell consumes (CPU time, memory), which the machine's load cannot move.

The unit tests watch real processes (a spinning grandchild, a growing allocation); the load test
grades an honest submission whose cell needs a fixed amount of CPU time, 1.5 s, under a CPU limit
of 4 s, while four busy processes per core (each stopping by itself) load the machine: on a wall
clock of 4 s the same cell would be cut there, since the load stretches it several times over.
No assertion here is about how long anything took.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import textwrap
from pathlib import Path

import nbformat
import pytest

from coursetools.grading import limits

SPIN_IN_A_GRANDCHILD = textwrap.dedent("""
    import subprocess, sys
    subprocess.run([sys.executable, "-c", "while True: pass"])
    print("the child ended")
""")


def test_the_cpu_limit_counts_the_kernels_children_and_stops_them():
    proc = subprocess.Popen([sys.executable, "-c", SPIN_IN_A_GRANDCHILD], stdout=subprocess.PIPE, text=True)
    try:
        with limits.CellWatch(proc.pid, cpu_limit=1.0, memory_mb=None, interval=0.1) as watch:
            out, _ = proc.communicate(timeout=120)  # ends only when the watch kills the spinning grandchild
    finally:
        proc.kill()
        proc.wait()
    assert watch.reason == "it used more than its CPU time limit of 1 s", watch.reason
    assert watch.cpu > 1.0 and "the child ended" in out


def test_the_memory_limit_counts_resident_memory():
    grow = "import time\nblocks = []\nwhile True:\n    blocks.append(bytearray(20 << 20))\n    time.sleep(0.01)\n"
    proc = subprocess.Popen([sys.executable, "-c", "import subprocess, sys; subprocess.run([sys.executable, '-c', "
                             f"{grow!r}])"])
    try:
        with limits.CellWatch(proc.pid, cpu_limit=None, memory_mb=200, interval=0.1) as watch:
            proc.wait(timeout=120)
    finally:
        proc.kill()
        proc.wait()
    assert watch.reason == "it used more than its memory limit of 200 MB", watch.reason


def test_a_quiet_cell_is_left_alone():
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(0.5)"])
    with limits.CellWatch(proc.pid, cpu_limit=5.0, memory_mb=500, interval=0.05) as watch:
        assert proc.wait(timeout=60) == 0
    assert watch.reason == "" and watch.cpu < 5.0


def test_the_sandbox_launcher_sets_rlimits_every_process_inherits():
    wanted = limits.rlimits(cpu_seconds=30, memory_mb=512)
    assert dict(wanted) == {resource.RLIMIT_CPU: 31, resource.RLIMIT_AS: (512 << 20) + limits.ADDRESS_SPACE_HEADROOM}
    code = ("import resource, subprocess, sys; print(subprocess.run([sys.executable, '-c', 'import resource; "
            "print(resource.getrlimit(resource.RLIMIT_CPU)[0], resource.getrlimit(resource.RLIMIT_AS)[0])'], "
            "capture_output=True, text=True).stdout)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         preexec_fn=lambda: limits.apply_rlimits(wanted)).stdout.split()
    assert [int(x) for x in out] == [31, (512 << 20) + limits.ADDRESS_SPACE_HEADROOM]


def test_the_launcher_reads_its_limits_and_passes_the_rest_to_ipykernel(monkeypatch, tmp_path):
    from coursetools.grading import sandbox

    seen = {}
    monkeypatch.setattr(sandbox, "launch", lambda cf, wd, args, rl=(): seen.update(args=args, rlimits=rl) or 0)
    assert sandbox.main(["--workdir", str(tmp_path), "conn.json", "--cpu-seconds=240", "--memory-mb=1024",
                         "--HistoryManager.hist_file=:memory:"]) == 0
    assert seen["args"] == ["--HistoryManager.hist_file=:memory:"]
    assert dict(seen["rlimits"]) == dict(limits.rlimits(240, 1024))


def test_trusted_execute_limits_come_from_the_config():
    from traitlets.config import Config

    from coursetools.grading.execute import TrustedExecute

    te = TrustedExecute(config=Config({"Execute": {"timeout": 12}}))
    assert (te.cell_cpu_limit(), te.cell_wall_limit(), te._get_timeout(None)) == (12, 300, 300)
    te = TrustedExecute(config=Config({"TrustedExecute": {"cpu_limit": 30, "wall_limit": 45, "memory_limit": 512}}))
    assert (te.cell_cpu_limit(), te.cell_wall_limit(), te._get_timeout(None)) == (30, 45, 45)
    assert te._kernel_limits(cells=3) == ["--cpu-seconds=120", "--memory-mb=512"]


# -- an honest grade on a loaded machine -------------------------------------------------------------

AID = "90_tiny"
#: A correct answer whose cell needs 1.5 s of CPU time, however long the load makes that take. It
#: tells the test when it starts and waits until the load is on, so the load is there while it runs.
HONEST = """import os
import time

_dir = {folder!r}
open(os.path.join(_dir, "ready"), "w").close()
while not os.path.exists(os.path.join(_dir, "loaded")):
    time.sleep(0.05)
_start = time.process_time()
while time.process_time() - _start < 1.5:
    pass
open(os.path.join(_dir, "burned"), "w").close()


def add(a, b):
    return a + b
"""


def tiny_course(path: Path, handshake: Path) -> Path:
    import shutil

    from test_grading_parallel import tiny_course as make

    course = make(path)
    for folder in (course / "submitted").iterdir():
        if folder.name != "s00":
            shutil.rmtree(folder)
    nb_path = course / "submitted" / "s00" / AID / f"{AID}.ipynb"
    nb = nbformat.read(nb_path, as_version=4)
    nb.cells[2].source = HONEST.format(folder=str(handshake))
    nbformat.write(nb, nb_path)
    with open(course / "nbgrader_config.py", "a") as fh:
        fh.write("\nc.TrustedExecute.cpu_limit = 4\n")  # the wall-clock backstop stays the default, 300 s
    return course


def load_while_the_cell_runs(handshake: Path, cpus: set[int], seen: dict) -> None:
    """When the cell is ready, start four busy processes per core of ``cpus``; stop them when it is done."""
    import time

    from coursetools.bench_grading import busy_load, stop_load

    def wait_for(name: str) -> bool:
        for _ in range(12000):  # gives up after about 10 minutes: the grade then says what went wrong
            if (handshake / name).exists():
                return True
            time.sleep(0.05)
        return False

    if not wait_for("ready"):
        return
    load = busy_load(4 * len(cpus), seconds=300, cpus=cpus)  # each stops by itself after 5 minutes at most
    try:
        (handshake / "loaded").touch()
        seen["burned"] = wait_for("burned")
        seen["busy"] = sum(p.poll() is None for p in load)
        seen["load"] = len(load)
    finally:
        stop_load(load)


@pytest.mark.slow
@pytest.mark.xdist_group("grading")
def test_an_honest_cell_keeps_its_marks_on_a_core_loaded_four_times_over(tmp_path):
    """The grading (and so the kernel) runs on one core, where four busy processes spin while the
    honest cell needs its 1.5 s of CPU: it gets about a fifth of the core, so on a wall clock the
    cell takes several times the 4 s limit; counted in CPU time it stays at 1.5 s and keeps its marks.
    (One core, not the whole machine, so that the rest of the test suite is not slowed down; the
    whole-machine version is ``python -m coursetools.bench_grading --under-load 4``.)"""
    import os
    import threading

    from coursetools.grading.pipeline import grade

    handshake = tmp_path / "handshake"
    handshake.mkdir()
    handshake.chmod(0o777)
    course = tiny_course(tmp_path / "course", handshake)
    before = os.sched_getaffinity(0)
    cpus = {min(before)}
    seen: dict = {}
    loader = threading.Thread(target=load_while_the_cell_runs, args=(handshake, cpus, seen))
    loader.start()
    os.sched_setaffinity(0, cpus)  # the grading workers and their kernels inherit it
    try:
        # The kernel must see the handshake folder, which the sandbox hides: unsandboxed, explicitly.
        (r,) = grade(AID, course, workers=1, feedback=False, sandboxed=False)
    finally:
        os.sched_setaffinity(0, before)
        (handshake / "loaded").touch()
        (handshake / "burned").touch()
        loader.join()
    assert seen.get("burned") and seen["busy"] == seen["load"] == 4, f"the load was not on while the cell ran: {seen}"
    assert (r.status, r.score, r.max_score) == ("graded", 3.0, 3.0), r
