"""Rebuild everything generated: executed lesson notebooks, ``release/`` and ``solutions/``.

Usage (from the repository root, inside the course virtualenv)::

    python -m jaxcourse.build              # everything
    python -m jaxcourse.build lessons      # re-execute notebooks/*.ipynb in place
    python -m jaxcourse.build assignments  # nbgrader generate_assignment + generate_solution
    python -m jaxcourse.build lessons --only 03_vmap

Everything runs under one fixed environment (``build_env``) so that the committed outputs can be
reproduced: CPU only, the device count left to each lesson, a fixed hash seed.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KEEP_CELL_METADATA = ("nbgrader", "tags", "editable", "deletable")
KERNEL = "jax-course"  # installed into .venv by `make venv`


def build_env(devices: int | None = None) -> dict[str, str]:
    """The environment every generated notebook is executed in (``devices`` None: the lesson picks)."""
    env = dict(os.environ)
    for name in ("XLA_FLAGS", "JAX_NUM_CPU_DEVICES", "JAX_ENABLE_X64", "JAX_PLATFORM_NAME"):
        env.pop(name, None)
    env.update(JAX_PLATFORMS="cpu", PYTHONHASHSEED="0", MPLBACKEND="module://matplotlib_inline.backend_inline",
               TF_CPP_MIN_LOG_LEVEL="2", PYDEVD_DISABLE_FILE_VALIDATION="1")
    if devices is not None:
        env["JAX_NUM_CPU_DEVICES"] = str(devices)
    bindir = str(Path(sys.executable).parent)
    if bindir not in env.get("PATH", "").split(os.pathsep):
        env["PATH"] = bindir + os.pathsep + env.get("PATH", "")  # nbgrader runs `alembic` from here
    return env


def assignments(root: Path = ROOT) -> list[str]:
    """Assignment ids: the folders of ``source/`` that hold a notebook."""
    return sorted(p.name for p in (root / "source").iterdir() if p.is_dir() and any(p.glob("*.ipynb")))


def lessons(root: Path = ROOT) -> list[Path]:
    return sorted((root / "notebooks").glob("*.ipynb"))


def clean_notebook(path: Path) -> None:
    """Drop volatile metadata (execution timestamps, widget state) and keep nbgrader and tags."""
    nb = json.loads(path.read_text())
    for cell in nb["cells"]:
        cell["metadata"] = {k: v for k, v in cell.get("metadata", {}).items() if k in KEEP_CELL_METADATA}
    meta = nb.setdefault("metadata", {})
    meta.pop("widgets", None)
    meta.pop("toc", None)
    if "language_info" in meta:
        meta["language_info"] = {"name": "python"}
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False, sort_keys=True) + "\n")


def execute_lesson(path: Path, devices: int | None = None, timeout: int = 300) -> float:
    """Execute one notebook in place under ``build_env``; return the wall time in seconds."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(build_env(devices))
    start = time.perf_counter()
    try:
        NotebookClient(nb, timeout=timeout, kernel_name=KERNEL, record_timing=False,
                       resources={"metadata": {"path": str(path.parent)}}).execute()
    finally:
        os.environ.clear()
        os.environ.update(saved)
    elapsed = time.perf_counter() - start
    nbformat.write(nb, path)
    clean_notebook(path)
    return elapsed


def nbgrader(*args: str, cwd: Path = ROOT) -> None:
    cmd = [str(Path(sys.executable).parent / "nbgrader"), *args]
    subprocess.run(cmd, cwd=cwd, env=build_env(), check=True)


def generate_assignments(root: Path = ROOT, only: list[str] | None = None) -> None:
    """Regenerate ``release/<id>`` and ``solutions/<id>`` from ``source/<id>``."""
    for aid in assignments(root):
        if only and aid not in only:
            continue
        for kind in ("release", "solutions"):
            shutil.rmtree(root / kind / aid, ignore_errors=True)
        nbgrader("generate_assignment", aid, "--force", "--log-level=WARN", cwd=root)
        nbgrader("generate_solution", aid, "--force", "--log-level=WARN", cwd=root)
        for nb in [*(root / "release" / aid).glob("*.ipynb"), *(root / "solutions" / aid).glob("*.ipynb")]:
            clean_notebook(nb)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", nargs="?", choices=["all", "lessons", "assignments"], default="all")
    parser.add_argument("--only", nargs="*", help="lesson or assignment ids, e.g. 03_vmap")
    args = parser.parse_args(argv)
    if args.what in ("all", "lessons"):
        for path in lessons():
            if args.only and path.stem not in args.only:
                continue
            print(f"executing {path.relative_to(ROOT)} ...", flush=True)
            print(f"  {execute_lesson(path):.1f} s", flush=True)
    if args.what in ("all", "assignments"):
        generate_assignments(only=args.only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
