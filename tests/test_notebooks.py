"""Strict nbval over the lessons and the executed solutions, on 1 CPU device and on 8 simulated ones.

nbval runs in a pytest subprocess so that the device count is fixed before JAX starts in the kernel.
Outputs must match the committed ones exactly, except cells tagged ``nbval-ignore-output`` and the
patterns in tests/nbval_sanitize.cfg. Each notebook on each device count is its own test, with its
own verdict (which cells failed, and how).

The lessons on 1 device, on 8, and the solutions on 8 each run as one batch: one subprocess runs
every selected notebook of the batch (each still in its own fresh kernel), which saves a Python,
pytest and nbval start-up (about 0.75 s of CPU) per notebook; the batch's first test runs it, and
every test then reads its own notebook's cells from the batch's ``-v`` report.

A solution notebook on 1 device runs alone, with the JAX compilation cache of the grading round trip
of its assignment (tests/test_grading.py, also on 1 device): whichever runs second finds most of the
solution's programs compiled (about 30 s of CPU less over the suite); under ``--dist loadgroup`` it
is in the assignment's xdist group, so it runs second. A cache hit skips only XLA's
compilation; tracing, and so every print in a traced function, still happens, and the outputs
compared are the same (the solutions pass with a cold and a warm cache). Lessons and the 8-device
runs keep no cache: nothing else compiles their programs.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import LESSONS, ROOT, course_env, grading_jax_cache

from coursetools.grading.course import with_fast_compile

pytestmark = pytest.mark.slow

NOTEBOOKS = [*LESSONS, *sorted((ROOT / "solutions").glob("*/*.ipynb"))]
#: One nbval line of ``-v``: ``../../work/main/notebooks/03_jit::ipynb::Cell 12 PASSED`` (nbval 0.11 under
#: pytest 9 writes ``::ipynb``; the path is relative to the working directory, and with the repository as
#: rootdir it names the notebook).
VERDICT = re.compile(r"^(\S+?)(?:\.|::)ipynb::(Cell \d+) (PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS)\b", re.MULTILINE)


def batch_of(path: Path, devices: int) -> str | None:
    """The batch a notebook runs in on ``devices`` devices, or None when it runs alone."""
    folder = path.relative_to(ROOT).parts[0]
    return None if (folder, devices) == ("solutions", 1) else f"{folder}-{devices}"


def run_nbval(paths: list[Path], devices: int, folder: Path, **extra_env: str) -> tuple[str, dict[str, dict]]:
    """nbval over ``paths`` in one subprocess, in ``folder``: (its output's tail, {notebook: {cell: verdict}}),
    each notebook named by its path in the repository."""
    env = course_env(JAX_NUM_CPU_DEVICES=str(devices), **extra_env)
    if all(p.relative_to(ROOT).parts[0] == "solutions" for p in paths):
        # The solutions' outputs are the checks' verdicts: they are checked as the round trip grades
        # (XLA's quickest compilation, course.FAST_COMPILE_FLAG), which also shares its cache.
        env = with_fast_compile(env)
    cmd = [sys.executable, "-m", "pytest", "-v", "-rfE", "-p", "no:cacheprovider", "-p", "no:xdist", "--nbval",
           *map(str, paths), "--nbval-sanitize-with", str(ROOT / "tests" / "nbval_sanitize.cfg"),
           "--nbval-cell-timeout=300", "--rootdir", str(ROOT)]
    proc = subprocess.run(cmd, cwd=folder, env=env, capture_output=True, text=True, timeout=900 * len(paths))
    cells: dict[str, dict] = {str(p.relative_to(ROOT)): {} for p in paths}
    for stem, cell, verdict in VERDICT.findall(proc.stdout):
        where = (folder / f"{stem}.ipynb").resolve()
        name = str(where.relative_to(ROOT)) if where.is_relative_to(ROOT) else str(where)
        cells.setdefault(name, {})[cell] = verdict
    tail = f"(exit status {proc.returncode})\n" + proc.stdout[-6000:] + proc.stderr[-2000:]
    return tail, cells


@pytest.fixture(scope="module")
def batches(request, tmp_path_factory) -> dict:
    """{batch: (tail, cells)}, each batch run once, on first use, over the notebooks selected in it."""

    class Batches(dict):
        def __missing__(self, batch):
            chosen = sorted({(item.callspec.params["path"], item.callspec.params["devices"])
                             for item in request.session.items
                             if getattr(item, "originalname", None) == "test_notebook_outputs_match"})
            paths = [p for p, d in chosen if batch_of(p, d) == batch]
            devices = int(batch.rsplit("-", 1)[1])
            self[batch] = run_nbval(paths, devices, tmp_path_factory.mktemp(f"nbval-{batch}"))
            return self[batch]

    return Batches()


def params():
    for path in NOTEBOOKS:
        for devices in (1, 8):
            batch = batch_of(path, devices)
            # A 1-device solution joins its assignment's grading group: on the worker that grades it, after it
            # (test_grading.py is collected first), so it finds the compilation cache warm.
            group = f"nbval-{batch}" if batch else f"grading-{path.parent.name}"
            marks = [pytest.mark.xdist_group(group)]
            yield pytest.param(path, devices, marks=marks, id=f"{path.relative_to(ROOT)}-{devices}")


@pytest.mark.parametrize(("path", "devices"), list(params()))
def test_notebook_outputs_match(path, devices, tmp_path, tmp_path_factory, batches):
    batch = batch_of(path, devices)
    if batch is None:
        cache = str(grading_jax_cache(tmp_path_factory, path.parent.name))
        tail, cells = run_nbval([path], devices, tmp_path, JAX_COMPILATION_CACHE_DIR=cache,
                                JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS="0",
                                JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES="-1")
    else:
        tail, cells = batches[batch]
    mine = cells.get(str(path.relative_to(ROOT)), {})
    bad = {cell: verdict for cell, verdict in mine.items() if verdict not in ("PASSED", "SKIPPED")}
    assert not bad, f"nbval failed for {path.name} on {devices} device(s) in cells {bad}:\n{tail}"
    assert "PASSED" in mine.values(), f"nbval ran no cell of {path.name} on {devices} device(s):\n{tail}"
