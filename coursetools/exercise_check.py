"""Check one exercise in about a minute: its stored answers against its own test cells.

Usage (from the repository root, inside the course virtualenv)::

    python -m coursetools.exercise_check 04_vmap convolve_batch
    python -m coursetools.exercise_check 04_vmap convolve_batch --only hardcoded   # answers whose name has it

It runs, each in a fresh kernel, the solution, the blank student stub and every stored answer of
the exercise (all in ``tests/answers/<aid>/<ex>.py``, see :mod:`coursetools.answers`)
through the grader's own :class:`~coursetools.grading.execute.TrustedExecute`: the probes run next
to the answer, the verdicts come from the trusted checker process, as in grading. Only the cells
the exercise needs run: the setup cell, the answer cells up to this exercise (the solution's, for
the exercises before it) and this exercise's test cells. Grading's sandbox is left out (the answers
are ours), as the round trip in ``tests/test_grading.py`` does.

What each must show is what ``tests/test_grading.py`` requires of the whole assignment:
- the solution and every right answer get every point of the exercise;
- the blank stub gets none;
- every wrong answer loses points; the visible cell fails unless its header says ``# Caught: hidden
  (why)``; the first failing sentence holds every word of its ``# Says:`` line;
- an answer headed ``# Wrong: the visible outputs hard-coded`` (it passes the visible test by
  construction) gets no point at all.
It prints one line per answer and exits 1 when any of them breaks its rule.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from coursetools import answers
from coursetools.answers import Answer

ROOT = Path(__file__).resolve().parent.parent
HARDCODED = "the visible outputs hard-coded"
SAYS = re.compile(r"^#\s*Says:(.*)$", re.MULTILINE)
CAUGHT = re.compile(r"^#\s*Caught:(.*)$", re.MULTILINE)
CAUGHT_HIDDEN = re.compile(r"^\s*hidden\s*\((.*\S.*)\)\s*$")


# -- stored answers and their headers (tests/test_grading.py reads them the same way) -----------------
def stored_answers(kind: str, aid: str, root: Path = ROOT) -> dict[str, list[Answer]]:
    """Exercise id -> its stored answers of one kind, "right" or "wrong" (``tests/answers/<aid>/<ex>.py``)."""
    return answers.stored(kind, aid, root)


def header(path: Answer) -> str:
    """The comment lines a stored answer starts with."""
    lines = []
    for line in path.read_text().splitlines():
        if not line.startswith("#"):
            break
        lines.append(line)
    return "\n".join(lines)


def says_words(path: Answer) -> list[str]:
    """The words of a stored wrong answer's ``# Says:`` line ([] when it has none)."""
    found = SAYS.findall(header(path))
    return [w.strip() for w in found[0].split(",") if w.strip()] if found else []


def caught_by_hidden(path: Answer) -> str | None:
    """The reason after ``# Caught: hidden (...)``, or None when the visible test must catch the mistake."""
    found = CAUGHT.findall(header(path))
    m = CAUGHT_HIDDEN.match(found[0]) if found else None
    return m.group(1).strip() if m else None


def is_hardcoded(path: Answer) -> bool:
    """True for the stored wrong answer that hands in the visible test's own expected outputs."""
    first = path.read_text().splitlines()[:1]
    return bool(first) and first[0].strip().lower() == f"# wrong: {HARDCODED}"


# -- the notebook -----------------------------------------------------------------------------------
def _meta(cell: dict) -> dict:
    return cell.get("metadata", {}).get("nbgrader", {})


def _source(cell: dict) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def notebook_path(root: Path, folder: str, aid: str) -> Path:
    found = sorted((root / folder / aid).glob("*.ipynb"))
    if not found:
        raise SystemExit(f"unknown assignment {aid!r}: no notebook in {folder}/{aid}/")
    return found[0]


def exercise_cells(nb: dict) -> dict[str, list[int]]:
    """Exercise id -> indices of its graded test cells (a test cell belongs to the answer cell above it)."""
    out: dict[str, list[int]] = {}
    current = None
    for i, cell in enumerate(nb["cells"]):
        gid = _meta(cell).get("grade_id", "")
        if gid.endswith("_answer"):
            current = gid.removesuffix("_answer")
            out[current] = []
        elif current and cell["cell_type"] == "code" and _meta(cell).get("grade"):
            out[current].append(i)
    return out


def trimmed(nb: dict, ex: str, answer: str | None) -> dict:
    """The cells ``ex`` needs: every non-test code cell before its last test cell and its own test cells,
    with its answer cell's source replaced by ``answer`` (None: keep the solution)."""
    tests = exercise_cells(nb)
    if ex not in tests:
        raise SystemExit(f"no exercise {ex!r}: the notebook has {', '.join(tests) or 'none'}")
    last = tests[ex][-1] if tests[ex] else None
    if last is None:
        raise SystemExit(f"exercise {ex!r} has no graded test cell")
    keep = []
    for i, cell in enumerate(nb["cells"][: last + 1]):
        if cell["cell_type"] != "code":
            continue
        meta = _meta(cell)
        if meta.get("grade") and not meta.get("solution") and i not in tests[ex]:
            continue  # another exercise's test
        cell = json.loads(json.dumps(cell))
        cell["source"] = _source(cell)
        if meta.get("grade_id") == f"{ex}_answer" and answer is not None:
            cell["source"] = answer
        cell["outputs"], cell["execution_count"] = [], None
        keep.append(cell)
    out = dict(nb)
    out["cells"] = keep
    return out


# -- running ----------------------------------------------------------------------------------------
@dataclass
class Outcome:
    """One answer's verdicts on the exercise's test cells."""

    label: str
    kind: str  # "solution" | "blank" | "right" | "wrong"
    path: Answer | None
    cells: list[tuple[str, float, bool, str]] = field(default_factory=list)  # (grade id, points, passed, message)
    seconds: float = 0.0

    @property
    def score(self) -> float:
        return sum(p for _, p, ok, _ in self.cells if ok)

    @property
    def total(self) -> float:
        return sum(p for _, p, _, _ in self.cells)

    def problems(self) -> list[str]:
        """Why this answer breaks its rule ([] when it keeps it)."""
        failing = [(gid, msg) for gid, _, ok, msg in self.cells if not ok]
        if self.kind in ("solution", "right"):
            return [f"{gid} fails: {msg}" for gid, msg in failing]
        if self.kind == "blank":
            return [] if self.score == 0 else [f"the blank stub scores {self.score:g}/{self.total:g}"]
        problems = []
        if not failing or self.score >= self.total:
            return [f"it keeps full marks ({self.score:g}/{self.total:g})"]
        if is_hardcoded(self.path):  # it passes the visible test by construction; no point may follow
            if self.score:
                problems.append(f"the hard-coded visible outputs score {self.score:g}/{self.total:g}; "
                                "they must score 0")
        else:
            visible_failed = bool(self.cells) and not self.cells[0][2]
            why = caught_by_hidden(self.path)
            if why is None and not visible_failed:
                problems.append("the visible test passes; it must fail (or say '# Caught: hidden (<why>)')")
            if why is not None and visible_failed:
                problems.append(f"it says '# Caught: hidden ({why})' but the visible test fails")
        words = says_words(self.path)
        if not words:
            problems.append("its header has no '# Says: <word>[, <word> ...]' line")
        else:
            sentence = failing[0][1].lower()
            missing = [w for w in words if w.lower() not in sentence]
            if missing:
                problems.append(f"the first failing sentence lacks {missing}: {failing[0][1]!r}")
        return problems


def run_one(nb: dict, ex: str, answer: str | None, workdir: Path, name: str, config) -> list[tuple]:
    """Grade one variant of the trimmed notebook with the grader's TrustedExecute; verdicts per test cell."""
    import nbformat

    from coursetools.grading.execute import TrustedExecute

    node = nbformat.from_dict(trimmed(nb, ex, answer))
    executor = TrustedExecute(config=config)
    executor.sandbox = False
    folder = workdir / name
    folder.mkdir()
    resources = {"metadata": {"path": str(folder)}, "nbgrader": {"notebook": name, "assignment": "check"}}
    # the kernels inherit this process's stderr: their start-up chatter goes to a log, not the report
    log = os.open(folder / "kernel.log", os.O_WRONLY | os.O_CREAT, 0o600)
    saved = os.dup(2)
    sys.stderr.flush()
    os.dup2(log, 2)
    try:
        node, _ = executor.preprocess(node, resources)
    finally:
        sys.stderr.flush()
        os.dup2(saved, 2)
        os.close(saved)
        os.close(log)
    verdicts = []
    for cell in node.cells:
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if meta.get("grade") and not meta.get("solution"):
            errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
            verdicts.append((meta["grade_id"], float(meta.get("points", 0)), not errors,
                             errors[0]["evalue"] if errors else ""))
    return verdicts


SOLUTION = re.compile(r"^([ \t]*)### BEGIN SOLUTION\n.*?^[ \t]*### END SOLUTION[ \t]*$", re.S | re.M)


def stub(answer: str) -> str:
    """The student's version of an answer cell, as nbgrader's ClearSolutions writes it (nbgrader_config.py)."""
    return SOLUTION.sub(lambda m: f"{m.group(1)}# YOUR CODE HERE\n{m.group(1)}raise NotImplementedError()", answer)


def variants(root: Path, aid: str, ex: str, only: str | None) -> list[tuple[str, str, Answer | None, str | None]]:
    """(label, kind, path, answer source) for the solution, the blank stub and every stored answer."""
    source = json.loads(notebook_path(root, "source", aid).read_text())
    answer = next((_source(c) for c in source["cells"] if _meta(c).get("grade_id") == f"{ex}_answer"), None)
    out = [("solution", "solution", None, None)]
    if answer is not None:
        out.append(("blank stub", "blank", None, stub(answer)))
    for kind in answers.KINDS:
        for path in stored_answers(kind, aid, root).get(ex, []):
            out.append((path.name, kind, path, path.read_text()))
    if only:
        out = [v for v in out if only in v[0]]
    return out


def default_jobs() -> int:
    """Answers checked at once: one per core, at most 4 (each runs a kernel and a trusted checker)."""
    return max(1, min(4, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1))


_WORKER: dict = {}


def _worker_start(root: str) -> None:
    """In each spawned checking process: the course's grading configuration, and its checkers
    stopped when the process ends (multiprocessing's workers skip ``atexit``)."""
    from multiprocessing import util

    from coursetools.grading import execute
    from coursetools.grading.course import course_config

    _WORKER["config"] = course_config(Path(root))
    util.Finalize(None, execute.stop_checkers, exitpriority=10)


def _timed_run(nb: dict, ex: str, answer: str | None, workdir: Path, name: str, config=None) -> tuple[list, float]:
    start = time.perf_counter()
    cells = run_one(nb, ex, answer, workdir, name, config if config is not None else _WORKER["config"])
    return cells, time.perf_counter() - start


def check(root: Path, aid: str, ex: str, only: str | None = None, out=sys.stdout,
          jobs: int | None = None) -> list[Outcome]:
    from coursetools.grading import execute
    from coursetools.grading.course import course_config, with_fast_compile
    from jaxcourse.devices import without_device_choice

    nb = json.loads(notebook_path(root, "source", aid).read_text())
    config = course_config(root)
    chosen = variants(root, aid, ex, only)
    if not chosen:
        raise SystemExit(f"nothing to check for {aid} {ex}" + (f" matching {only!r}" if only else ""))
    outcomes = []
    workdir = Path(tempfile.mkdtemp(prefix="exercise-check-"))
    # as in grading: the device count is the setup cell's to choose (simulate_cpu_devices), in the
    # student's kernel and in the trusted checker alike, so nothing here may choose it
    cache = {"JAX_COMPILATION_CACHE_DIR": str(workdir / "jax-cache"),
             "JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS": "0", "JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES": "-1"}
    saved = {k: os.environ.get(k) for k in [*cache, "JAX_NUM_CPU_DEVICES", "XLA_FLAGS"]}
    clean = with_fast_compile(without_device_choice(os.environ))  # as the round trip in tests/ grades
    os.environ.pop("JAX_NUM_CPU_DEVICES", None)
    if "XLA_FLAGS" in clean:
        os.environ["XLA_FLAGS"] = clean["XLA_FLAGS"]
    else:
        os.environ.pop("XLA_FLAGS", None)
    os.environ.update(cache)
    jobs = max(1, min(jobs or default_jobs(), len(chosen)))
    pool = None
    try:
        if jobs > 1:  # spawned processes: a clean JAX each, this process's environment (set above)
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"),
                                       initializer=_worker_start, initargs=(str(root),))
            runs = [pool.submit(_timed_run, nb, ex, answer, workdir, f"v{k}")
                    for k, (_, _, _, answer) in enumerate(chosen)]
            results = (run.result() for run in runs)  # in the order chosen, as each finishes
        else:
            results = (_timed_run(nb, ex, answer, workdir, f"v{k}", config)
                       for k, (_, _, _, answer) in enumerate(chosen))
        for (label, kind, path, _), (cells, seconds) in zip(chosen, results, strict=True):
            outcome = Outcome(label, kind, path, cells, seconds)
            outcomes.append(outcome)
            problems = outcome.problems()
            mark = "ok " if not problems else "BAD"
            print(f"{mark} {kind:8} {label:48} {outcome.score:g}/{outcome.total:g}  ({outcome.seconds:.1f} s)"
                  + "".join(f"\n      {p}" for p in problems), file=out, flush=True)
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
        execute.stop_checkers()
        shutil.rmtree(workdir, ignore_errors=True)
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    return outcomes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("assignment", help="assignment id, e.g. 04_vmap")
    parser.add_argument("exercise", help="exercise id, e.g. convolve_batch")
    parser.add_argument("--only", help="check only the answers whose label contains this text")
    parser.add_argument("--jobs", type=int, default=None,
                        help=f"answers checked at once (default: one per core, at most 4; here {default_jobs()})")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    outcomes = check(ROOT, args.assignment, args.exercise, args.only, jobs=args.jobs)
    bad = [o for o in outcomes if o.problems()]
    print(f"{len(outcomes) - len(bad)} passed, {len(bad)} failed in {time.perf_counter() - start:.0f} s "
          f"({args.assignment} {args.exercise})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
