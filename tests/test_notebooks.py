"""Strict nbval over the lessons and the executed solutions, on 1 CPU device and on 8 simulated ones.

Each notebook runs in its own pytest subprocess so that the device count is fixed before JAX starts
in the kernel. Outputs must match the committed ones exactly, except cells tagged
``nbval-ignore-output`` and the patterns in tests/nbval_sanitize.cfg.

A solution notebook on 1 device shares its JAX compilation cache with the grading round trip of its
assignment (tests/test_grading.py, also on 1 device): whichever runs second finds most of the
solution's programs compiled (about 30 s of CPU less over the suite). A cache hit skips only XLA's
compilation; tracing, and so every print in a traced function, still happens, and the outputs
compared are the same (the solutions pass with a cold and a warm cache). Lessons and the 8-device
runs keep no cache: nothing else compiles their programs.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import LESSONS, ROOT, course_env, grading_jax_cache

pytestmark = pytest.mark.slow

NOTEBOOKS = [*LESSONS, *sorted((ROOT / "solutions").glob("*/*.ipynb"))]


@pytest.mark.parametrize("devices", [1, 8])
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_notebook_outputs_match(path, devices, tmp_path, tmp_path_factory):
    env = course_env(JAX_NUM_CPU_DEVICES=str(devices))
    if devices == 1 and path.parent.parent == ROOT / "solutions":
        env.update(JAX_COMPILATION_CACHE_DIR=str(grading_jax_cache(tmp_path_factory, path.parent.name)),
                   JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS="0", JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES="-1")
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", "--nbval",
           str(path), "--nbval-sanitize-with", str(ROOT / "tests" / "nbval_sanitize.cfg"),
           "--nbval-cell-timeout=300", "--rootdir", str(tmp_path)]
    proc = subprocess.run(cmd, cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=900)
    tail = proc.stdout[-6000:] + proc.stderr[-2000:]
    assert proc.returncode == 0, f"nbval failed for {path.name} on {devices} device(s):\n{tail}"
    assert " passed" in proc.stdout.splitlines()[-1], tail
