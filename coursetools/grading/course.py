"""The course on disk, as every grading stage sees it: its nbgrader settings, gradebook and assignments.

Run from the course root (where ``nbgrader_config.py`` lives) or given its path; nothing here grades.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from nbgrader.api import Gradebook, MissingEntry
from traitlets.config import Config
from traitlets.config.loader import PyFileConfigLoader

from jaxcourse.devices import without_device_choice

#: XLA's backend at its lowest optimization level, for checking *stored* answers (the round trip in
#: tests/test_grading.py, the solutions under nbval, ``coursetools.exercise_check``). A graded
#: notebook runs hundreds of tiny programs, so compiling them is most of its CPU time: this roughly
#: halves it (assignment 05's notebook: 40 s of CPU cold, 23 s with it). The programs and their
#: results are the same, only less optimized. Students' grading keeps XLA's defaults.
FAST_COMPILE_FLAG = "--xla_backend_optimization_level=0"


def with_fast_compile(env: dict[str, str]) -> dict[str, str]:
    """``env`` with :data:`FAST_COMPILE_FLAG` added to its ``XLA_FLAGS`` (other flags kept)."""
    flags = [f for f in env.get("XLA_FLAGS", "").split() if not f.startswith("--xla_backend_optimization_level")]
    return {**env, "XLA_FLAGS": " ".join([*flags, FAST_COMPILE_FLAG])}


def nbgrader_env() -> dict[str, str]:
    """The environment of nbgrader and its kernels: the virtualenv's ``bin/`` first, CPU by default.

    The CPU device count is left to each assignment's setup cell (06 asks for 8 simulated devices):
    a count set in the instructor's shell would change what the tests can tell apart.
    """
    env = without_device_choice(os.environ)
    bindir = str(Path(sys.executable).parent)
    env["PATH"] = bindir + os.pathsep + env.get("PATH", "")  # nbgrader runs `alembic` from here
    env.setdefault("JAX_PLATFORMS", "cpu")
    return env


def nbgrader(args: list[str], course: Path, timeout: float | None = None) -> subprocess.CompletedProcess:
    """Run one ``nbgrader`` command in the course folder."""
    cmd = [str(Path(sys.executable).parent / "nbgrader"), *args]
    return subprocess.run(cmd, cwd=course, env=nbgrader_env(), capture_output=True, text=True, timeout=timeout)


def expected_notebooks(course: Path, assignment: str) -> list[str]:
    """The notebook file names of ``assignment``; stops with the reason for an unknown assignment."""
    names = sorted(p.name for p in (course / "source" / assignment).glob("*.ipynb"))
    if not names:
        raise SystemExit(f"unknown assignment {assignment!r}: no notebooks in source/{assignment}/")
    return names


def course_config(course: Path) -> Config:
    """The course's nbgrader_config.py as a traitlets Config (empty when there is none)."""
    if not (course / "nbgrader_config.py").exists():
        return Config()
    return PyFileConfigLoader("nbgrader_config.py", path=str(course)).load_config()


def db_url(course: Path) -> str:
    """The gradebook URL from the course's nbgrader_config.py (relative SQLite paths made absolute)."""
    url = "sqlite:///gradebook.db"
    if (course / "nbgrader_config.py").exists():
        url = course_config(course).get("CourseDirectory", {}).get("db_url", url) or url
    if url.startswith("sqlite:///") and not url.startswith("sqlite:////"):
        url = f"sqlite:///{course / url[len('sqlite:///'):]}"
    return url


def ensure_in_gradebook(course: Path, assignment: str) -> None:
    """Autograde needs the assignment's cells in the gradebook and its release notebook as the template.

    A missing ``release/<assignment>/`` is generated; an existing one is never touched.
    """
    released = (course / "release" / assignment).is_dir()
    with Gradebook(db_url(course)) as gb:
        try:
            gb.find_assignment(assignment)
            if released:
                return
        except MissingEntry:
            pass
    if not released:
        proc = nbgrader(["generate_assignment", assignment, "--force"], course)
    else:
        scratch = course / ".grading_release"
        proc = nbgrader(["generate_assignment", assignment, "--force",
                         f"--CourseDirectory.release_directory={scratch.name}"], course)
        shutil.rmtree(scratch, ignore_errors=True)
    if proc.returncode:
        raise SystemExit(f"could not add {assignment} to the gradebook:\n{proc.stderr[-2000:]}")
