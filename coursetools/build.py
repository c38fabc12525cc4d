"""Rebuild everything generated: executed lesson notebooks, ``release/`` and ``solutions/``.

Usage (from the repository root, inside the course virtualenv)::

    python -m coursetools.build              # everything
    python -m coursetools.build lessons      # re-execute notebooks/*.ipynb in place
    python -m coursetools.build assignments  # nbgrader generate_assignment + generate_solution
    python -m coursetools.build lessons --only 04_vmap
    python -m coursetools.build text         # sync the text twins in text/ (coursetools/text.py)
    python -m coursetools.build new-exercise 04_vmap batched_cosine --after random_shifts --points 1+2

Everything runs under one fixed environment (``build_env``) so that the committed outputs can be
reproduced: CPU only, the device count left to each lesson, a fixed hash seed.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import sysconfig
import time
from pathlib import Path

from coursetools import text

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


def _path_rewrites() -> list[tuple[re.Pattern, str]]:
    """Absolute paths of this machine that end up in tracebacks and warnings, and what replaces them."""
    places = [(sysconfig.get_paths()["purelib"], "site-packages"), (sys.prefix, "venv"),
              (sys.base_prefix, "python"), (str(ROOT), "course"), (str(Path.home()), "~")]
    rules = [(re.compile(r"/tmp/ipykernel_\d+/\d+\.py"), "<cell>")]
    rules += [(re.compile(re.escape(p.rstrip("/"))), name) for p, name in places if p and p != "/"]
    return rules


def _scrub(text, rules):
    if isinstance(text, list):
        return [_scrub(t, rules) for t in text]
    for pattern, name in rules:
        text = pattern.sub(name, text)
    return text


def _merge_streams(outputs: list[dict]) -> list[dict]:
    """Join consecutive stdout (or stderr) chunks: how a kernel splits a stream varies run to run."""
    merged: list[dict] = []
    for out in outputs:
        prev = merged[-1] if merged else None
        if (out.get("output_type") == "stream" and prev is not None and prev.get("output_type") == "stream"
                and prev.get("name") == out.get("name")):
            text = "".join(prev["text"]) + "".join(out["text"])
            prev["text"] = text.splitlines(keepends=True)
        else:
            merged.append(out)
    return merged


def clean_notebook(path: Path) -> None:
    """Drop volatile metadata (execution timestamps, widget state), keep nbgrader and tags, and
    replace this machine's absolute paths in tracebacks and printed text by short names."""
    nb = json.loads(path.read_text())
    rules = _path_rewrites()
    for cell in nb["cells"]:
        cell["metadata"] = {k: v for k, v in cell.get("metadata", {}).items() if k in KEEP_CELL_METADATA}
        if "outputs" in cell:
            cell["outputs"] = _merge_streams(cell["outputs"])
        for out in cell.get("outputs", []):
            if "traceback" in out:
                out["traceback"] = _scrub(out["traceback"], rules)
            for key in ("text", "evalue"):
                if key in out:
                    out[key] = _scrub(out[key], rules)
    meta = nb.setdefault("metadata", {})
    meta.pop("widgets", None)
    meta.pop("toc", None)
    if "language_info" in meta:
        meta["language_info"] = {"name": "python"}
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False, sort_keys=True) + "\n")


def execute_lesson(path: Path, devices: int | None = None, timeout: int = 300) -> float:
    """Execute one notebook in place under ``build_env``; return the wall time in seconds."""
    import nbformat  # Jupyter's libraries load when a notebook runs: the build's other commands start faster
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


def _run_converter(name: str, root: Path, aid: str, execute: bool = True) -> None:
    """Run one nbgrader converter (GenerateAssignment, GenerateSolution) in this process.

    In-process saves an nbgrader start-up (a few seconds of imports) per call; ``execute=False``
    makes GenerateSolution skip running the notebooks (the sync test only compares sources).
    """
    import nbgrader.converters as converters  # a few seconds of imports: only when a converter runs
    from nbgrader.coursedir import CourseDirectory
    from nbgrader.preprocessors import Execute
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader("nbgrader_config.py", path=str(root)).load_config()
    config.CourseDirectory.root = str(root)
    config.CourseDirectory.assignment_id = aid
    cls = getattr(converters, name)
    if not execute:
        default = cls.class_traits()["preprocessors"].default()
        config[name].preprocessors = [p for p in default if p is not Execute]
    converter = cls(coursedir=CourseDirectory(config=config), config=config)
    converter.force = True
    converter.log.setLevel("WARN")
    converter.start()


def generate_assignments(root: Path = ROOT, only: list[str] | None = None, execute: bool = True) -> None:
    """Regenerate ``release/<id>`` and ``solutions/<id>`` from ``source/<id>``."""
    saved_env, saved_cwd = dict(os.environ), os.getcwd()
    os.environ.clear()
    os.environ.update(build_env())
    os.chdir(root)  # the gradebook URL in nbgrader_config.py is relative to the course root
    try:
        for aid in assignments(root):
            if only and aid not in only:
                continue
            for kind in ("release", "solutions"):
                shutil.rmtree(root / kind / aid, ignore_errors=True)
            _run_converter("GenerateAssignment", root, aid)
            _run_converter("GenerateSolution", root, aid, execute=execute)
            for nb in [*(root / "release" / aid).glob("*.ipynb"), *(root / "solutions" / aid).glob("*.ipynb")]:
                clean_notebook(nb)
    finally:
        os.chdir(saved_cwd)
        os.environ.clear()
        os.environ.update(saved_env)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["new-exercise"]:  # scaffold an exercise (coursetools/scaffold.py)
        from coursetools import scaffold
        return scaffold.main(argv[1:])
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", nargs="?", choices=["all", "lessons", "assignments", "text"], default="all")
    parser.add_argument("--only", nargs="*", help="lesson or assignment ids, e.g. 04_vmap")
    args = parser.parse_args(argv)
    # the text twins (text/): an edited twin flows into its notebook first
    for line in text.sync(only=args.only):
        print(f"text: {line}", flush=True)
    if args.what == "text":
        return 0
    if args.what in ("all", "lessons"):
        for path in lessons():
            if args.only and path.stem not in args.only:
                continue
            print(f"executing {path.relative_to(ROOT)} ...", flush=True)
            print(f"  {execute_lesson(path):.1f} s", flush=True)
    if args.what in ("all", "assignments"):
        generate_assignments(only=args.only)
    for line in text.sync(only=args.only):  # and what the build wrote flows back into the twins
        print(f"text: {line}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
