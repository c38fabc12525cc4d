"""Nothing left behind: the grading benchmark's quick mode leaves its temporary folder empty.

``make bench-grading`` grades copies of a solution serially, with a local worker pool and on a
Dask ``LocalCluster`` of 1 and 2 workers, all in a scratch copy of the course that it removes.
Dask's scratch space (``dask-scratch-space/`` with ``global.lock`` and ``purge.lock``, the
workers' ``worker-*`` folders, the scheduler's) goes to ``$TMPDIR`` unless told otherwise; the
benchmark puts it into that copy. Run here with a ``TMPDIR`` of its own, which must be empty after.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from conftest import ROOT, SANDBOX, course_env

pytest.importorskip("distributed", reason="dask[distributed] is not installed (pip install -r requirements.txt)")


@pytest.mark.slow
@pytest.mark.xdist_group("dask")
def test_bench_grading_quick_mode_leaves_its_temp_folder_empty():
    if not SANDBOX:
        pytest.skip("the benchmark grades in the bubblewrap sandbox (scripts/system-deps.sh installs it)")
    tmp = Path(tempfile.mkdtemp(prefix="bench-tmpdir-"))
    try:
        proc = subprocess.run([sys.executable, "-m", "coursetools.bench_grading", "--submissions", "1", "--no-bare",
                               "--dask-only"],
                              cwd=ROOT, env=course_env(TMPDIR=str(tmp)), capture_output=True, text=True, timeout=900)
        left = sorted(str(p.relative_to(tmp)) for p in tmp.rglob("*"))  # also when the run failed
        assert not left, f"the benchmark left in its TMPDIR: {left}\n{proc.stdout[-2000:]}{proc.stderr[-2000:]}"
        assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
        summary = json.loads(proc.stdout.strip().splitlines()[-1])
        assert summary["dask_1_s"] and summary["dask_2_s"], summary  # the Dask runs really ran
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
