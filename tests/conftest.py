"""Shared fixtures: the course root, a scratch copy of the course, notebook helpers."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
ASSIGNMENTS = sorted(p.name for p in (ROOT / "source").iterdir() if p.is_dir() and any(p.glob("*.ipynb")))
LESSONS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def _sandbox_ok() -> bool:
    from coursetools.grading import sandbox

    return sandbox.available()[0]


#: Grading tests run student kernels in the sandbox when bubblewrap is there (CI installs it);
#: without it they opt out explicitly (``grade(..., sandboxed=False)``, i.e. ``--no-sandbox``: the
#: sandbox never falls back by itself) rather than not grade at all (tests/test_sandbox.py and the
#: attack tests of tests/test_routes.py then skip).
SANDBOX = _sandbox_ok()


def course_env(**extra: str) -> dict[str, str]:
    """The environment for nbgrader and kernels: the virtualenv first on PATH, CPU only."""
    env = dict(os.environ)
    env["PATH"] = str(BIN) + os.pathsep + env.get("PATH", "")
    env["JAX_PLATFORMS"] = "cpu"
    for name in ("XLA_FLAGS", "JAX_NUM_CPU_DEVICES"):
        env.pop(name, None)
    env.update(extra)
    return env


@contextlib.contextmanager
def environ(**values: str):
    """``os.environ`` with ``values`` set while the block runs (for code that runs once per session,
    where pytest's monkeypatch is not available), restored after."""
    saved = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def copy_course(dest: Path, with_release: bool = True) -> Path:
    """A scratch course: config, source/ (and release/, solutions/); never the gradebook."""
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "nbgrader_config.py", dest)
    folders = ["source"] + (["release", "solutions"] if with_release else [])
    for name in folders:
        shutil.copytree(ROOT / name, dest / name, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    return dest


def read_nb(path: Path) -> dict:
    return json.loads(Path(path).read_text())


def write_nb(nb: dict, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb, indent=1))


def grade_id(cell: dict) -> str | None:
    return cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")


def source(cell: dict) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


def shared_folder(tmp_path_factory, name: str) -> Path:
    """The folder ``shared_once(..., name, ...)`` computes in, shared by all pytest-xdist workers of a run."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # the folder all workers of this run share
    folder = base / f"shared-{name}"
    folder.mkdir(exist_ok=True)
    return folder


def grading_jax_cache(tmp_path_factory, aid: str) -> Path:
    """The JAX compilation cache the grading round trip of ``aid`` (tests/test_grading.py) shares among its kernels."""
    return shared_folder(tmp_path_factory, f"graded-{aid}") / "jax-cache"


def shared_once(tmp_path_factory, name: str, compute):
    """``compute(folder)`` once per test run, even across pytest-xdist workers; its JSON result after.

    The first worker to ask holds a file lock while it computes in ``folder`` (shared by all
    workers) and stores the JSON-able result; the others wait and read it. Tests that need an
    expensive grading run can then be spread over workers without running it twice.
    """
    import fcntl

    folder = shared_folder(tmp_path_factory, name)
    base = folder.parent
    result = folder / "result.json"
    with open(base / f"shared-{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not result.exists():
                data = compute(folder)
                result.write_text(json.dumps(data))
            return json.loads(result.read_text())
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@pytest.fixture
def shown(monkeypatch):
    """The figures the course's drawing functions show (each ends with ``plt.show()``), closed after."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figures = []
    monkeypatch.setattr(plt, "show", lambda: figures.append(plt.gcf()))
    yield figures
    plt.close("all")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """Make ``--dist loadgroup`` honour the ``xdist_group`` marks under pytest 9.

    pytest-xdist 3.8 groups a test by appending ``@<group>`` to ``item._nodeid`` in each worker, but
    pytest 9 reads the node id from ``item._id``: the suffix was lost, loadgroup ran as plain load, and
    the tests sharing one expensive ``shared_once`` result (a grading round trip, the attacks, a route)
    ran on both workers at once, one of them idle on the lock (05's round trip: 60 s). Here the
    suffix is added where xdist's was lost; nothing changes where xdist's still works or without xdist.
    """
    if not getattr(config.option, "loadgroup", False):
        return
    try:
        from _pytest.nodeid import NodeId
    except ImportError:  # an older pytest: xdist's own suffix works there
        return
    for item in items:
        names = {str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                 for m in item.iter_markers("xdist_group")}
        if names and "@" not in item.nodeid.rsplit("]", 1)[-1] and isinstance(getattr(item, "_id", None), NodeId):
            item._id = NodeId.parse(f"{item.nodeid}@{'_'.join(sorted(names))}")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Under CI (``CI=true``) a skipped test fails: ``make test`` installs everything every test needs,
    so a skip there means a set-up step broke, and it must not pass as green."""
    report = yield
    if os.environ.get("CI", "").lower() in ("1", "true", "yes") and report.skipped \
            and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped under CI, where make test installs what every test needs: {reason}"
    return report
