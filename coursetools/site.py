"""Build the course website: ``build/site/`` from the guides, the lessons and the student assignments.

Usage, from the course root::

    python -m coursetools.site            # or: make site; then open build/site/index.html
    python -m coursetools.site --check    # exit 0 when build/site/ is up to date with its sources
    python -m coursetools.site --times    # only rewrite the quick-start's time table (points changed)

Sphinx with MyST-NB and ``sphinx-book-theme`` (the stack of JAX's own documentation), configured in
``docs/conf.py``. The source folder is the course root, but Sphinx reads only ``docs/*.md`` (the
guides; ``docs/index.md`` includes ``README.md`` and the maintainer guide ``CONTRIBUTING.md``), the
executed lessons in ``notebooks/`` and the student versions in ``release/``, rendered as committed
(nothing is executed). Warnings are errors: a broken link or a missing page fails the build.

The site works without network, when it is built and when it is read: MathJax, fonts, scripts and
the search index are files of the site (``tests/test_site.py`` checks it in a browser). Next to the
HTML it writes ``index.html`` (the home page is ``docs/index.html``) and ``.inputs``, a digest of
every file the build read, so that :func:`ensure` (used by the student edition and the tests)
rebuilds only when something changed. Sphinx's cache lives in ``build/doctrees/``.

The **student edition's site** (:func:`ensure_student`, which ``make edition`` builds and copies
into the edition) is built the same way from a staged copy of only what students get: the edition's own
README as the home page, the lessons, the assignments' student versions and the student guide
(``docs/student.md``); no instructor or maintainer guide, no course README. The course's own site
keeps every guide.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Where the HTML goes, and Sphinx's cache (both git-ignored under build/).
OUT = Path("build") / "site"
DOCTREES = Path("build") / "doctrees"
HOME = "docs/index.html"
STAMP = ".inputs"
#: Every file the site is made of (globs from the course root); the same folders docs/conf.py reads.
INPUTS = ("README.md", "CONTRIBUTING.md", "docs/**/*.md", "docs/conf.py", "notebooks/*.ipynb",
          "release/*/*.ipynb", "requirements.txt", "coursetools/site.py")

#: The student edition's site (one per edition: the student one and the hub one, whose READMEs differ).
STUDENT_OUT = Path("build") / "site-student"
#: What the student site is made of, copied from the course into its staging folder; its README is
#: the edition's and its home page :data:`STUDENT_INDEX`.
STUDENT_INPUTS = ("docs/student.md", "docs/conf.py", "notebooks/*.ipynb", "release/*/*.ipynb", "coursetools/site.py")
STUDENT_INDEX = """```{include} ../README.md
:relative-docs: ./
:relative-images:
```

```{toctree}
:hidden:
:caption: Lessons
:glob:

/notebooks/*
```

```{toctree}
:hidden:
:caption: Assignments
:glob:

/release/*/*
```

```{toctree}
:hidden:
:caption: Guide

student
```
"""

REDIRECT = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>JAX from the array up</title>
<meta http-equiv="refresh" content="0; url={home}"></head>
<body><p><a href="{home}">JAX from the array up: the course's home page</a></p></body>
</html>
"""


def inputs(root: Path = ROOT) -> list[Path]:
    """The files a build reads, sorted."""
    found: set[Path] = set()
    for pattern in INPUTS:
        found.update(p for p in root.glob(pattern) if p.is_file() and ".ipynb_checkpoints" not in p.parts)
    return sorted(found)


def digest(root: Path = ROOT) -> str:
    """SHA-256 over the names and contents of :func:`inputs`."""
    h = hashlib.sha256()
    for path in inputs(root):
        h.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def is_current(out: Path | None = None, root: Path = ROOT) -> bool:
    """Whether ``out`` holds a complete build of the sources as they are now."""
    out = Path(out or root / OUT)
    stamp = out / STAMP
    return stamp.is_file() and (out / HOME).is_file() and stamp.read_text().strip() == digest(root)


def build(out: Path | None = None, root: Path = ROOT, quiet: bool = True) -> Path:
    """Build the site into ``out`` (replaced; default ``build/site/``) and return it."""
    root = Path(root).resolve()
    out = Path(out or root / OUT).resolve()
    if out == root or root.is_relative_to(out):
        raise SystemExit(f"refusing to write the site over the course: {out}")
    stamp = digest(root)
    if out.exists():
        shutil.rmtree(out)
    cmd = [sys.executable, "-m", "sphinx", "-b", "html", "-c", str(root / "docs"), "-d", str(root / DOCTREES),
           "-W", "--keep-going", "-j", "auto"]
    if quiet:
        cmd.append("-q")
    cmd += [str(root), str(out)]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JAX_", "XLA_"))}
    env["SOURCE_DATE_EPOCH"] = "0"  # no build date in the pages
    proc = subprocess.run(cmd, cwd=root, env=env, capture_output=quiet, text=True)
    if proc.returncode != 0:
        shutil.rmtree(out, ignore_errors=True)
        detail = (proc.stdout or "") + (proc.stderr or "") if quiet else ""
        raise SystemExit(f"the site did not build (sphinx exited with {proc.returncode}):\n{detail}")
    # What a reader's browser never asks for: the theme's source maps (for its developers' tools) and
    # its message catalogues (read by Sphinx while building).
    for path in [*out.glob("_static/**/*.map"), out / "_static" / "locales"]:
        shutil.rmtree(path) if path.is_dir() else path.unlink(missing_ok=True)
    (out / "index.html").write_text(REDIRECT.format(home=HOME))
    (out / ".buildinfo").unlink(missing_ok=True)  # Sphinx's own stamp: not needed to read the site
    (out / STAMP).write_text(stamp + "\n")
    return out


@contextlib.contextmanager
def _locked(out: Path):
    """One build of ``out`` at a time (and none while another process reads it to decide)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out.parent / f".{out.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def ensure(out: Path | None = None, root: Path = ROOT) -> Path:
    """The site in ``out`` (default ``build/site/``), built first unless it is up to date.

    Safe to call from several processes at once (pytest-xdist workers, the edition, ``make site``):
    one builds while the others wait for it, under a lock file next to ``out``.
    """
    root = Path(root).resolve()
    out = Path(out or root / OUT).resolve()
    with _locked(out):
        if not is_current(out, root):
            build(out, root)
    return out


def stage_student(readme: str, src: Path, root: Path = ROOT) -> Path:
    """Copy what the student site is made of into ``src`` (replaced), with ``readme`` as its README."""
    root = Path(root).resolve()
    if src.exists():
        shutil.rmtree(src)
    for pattern in STUDENT_INPUTS:
        for path in root.glob(pattern):
            if path.is_file() and ".ipynb_checkpoints" not in path.parts:
                dest = src / path.relative_to(root)
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, dest)
    (src / "README.md").write_text(readme)
    (src / "docs" / "index.md").write_text(STUDENT_INDEX)
    return src


def ensure_student(readme: str, out: Path | None = None, root: Path = ROOT) -> Path:
    """The student edition's site in ``out`` (default ``build/site-student/``), built first unless it is
    up to date: its home page is ``readme`` (the edition's README), then the lessons, the assignments'
    student versions and the student guide, and nothing else."""
    root = Path(root).resolve()
    out = Path(out or root / STUDENT_OUT).resolve()
    with _locked(out):
        src = stage_student(readme, out.parent / f"{out.name}-src", root)
        if not is_current(out, src):
            build(out, src)
    return out


# -- the quick-start's time table ------------------------------------------------------------------
QUICK_START = Path("docs") / "instructor" / "quick-start.md"
TIMES_BEGIN, TIMES_END = "<!-- times: begin (python -m coursetools.site --times) -->", "<!-- times: end -->"
#: Minutes of work for an exercise of so many points (CONTRIBUTING.md's effort scale; 10 a point elsewhere).
EFFORT_MINUTES = {2: 7.5, 3: 15, 4: 25, 5: 40, 6: 60}
#: How long a lesson takes a reader who runs every cell (the outside readers' method, middle rates):
#: prose and the words of code spans at 180 words a minute, code at 6 non-blank lines a minute (read,
#: run, output read), 2 minutes per "Predict, then run" prompt, half a minute per figure, half a minute
#: per traceback. The design target is at most 45 minutes. A figure costs what a 90-word paragraph
#: costs (the prose it typically replaces is longer): charging it more made cutting figures the
#: cheapest way to fit a sitting, which DESIGN.md forbids.
PROSE_WORDS_PER_MINUTE, CODE_LINES_PER_MINUTE, MINUTES_PER_PROMPT, MINUTES_PER_FIGURE = 180, 6, 2, 0.5
MINUTES_PER_TRACEBACK = 0.5
#: Every lesson shows at least this many figures (image outputs).
MIN_LESSON_FIGURES = 2
MAX_LESSON_MINUTES = 45
PROMPT = re.compile(r"\*\*Predict, then run\.?\*\*")


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text())["cells"]


def exercise_points(root: Path, aid: str) -> list[int] | None:
    """Points per exercise (visible and hidden cells together) of source/<aid>/, None without one."""
    found = sorted((root / "source" / aid).glob("*.ipynb"))
    if not found:
        return None
    points: dict[str, int] = {}
    exercise = None  # test cells count for the answer cell above them (promoted_dtypes_scalars_hidden too)
    for cell in _cells(found[0]):
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if meta.get("grade_id", "").endswith("_answer"):
            exercise = meta["grade_id"].removesuffix("_answer")
        elif meta.get("grade") and meta.get("points"):
            ex = exercise or meta["grade_id"].removesuffix("_hidden")
            points[ex] = points.get(ex, 0) + meta["points"]
    return list(points.values())


def prose_words(markdown: str) -> int:
    """Words of prose, counted as the lessons' length target counts them: outside fenced code, code
    spans, math, HTML tags and link targets (a link's text counts, its address does not)."""
    for pattern, keep in ((r"```.*?```", ""), (r"\$\$.*?\$\$", ""), (r"\$[^$\n]+\$", ""), (r"`[^`]*`", ""),
                          (r"<[^>]+>", ""), (r"!?\[([^\]]*)\]\([^)]*\)", r"\1"), (r"https?://\S+", "")):
        markdown = re.sub(pattern, keep, markdown, flags=re.S)
    return sum(1 for w in markdown.split() if re.search(r"\w", w))


def _duration(minutes: float) -> str:
    minutes = int(5 * round(minutes / 5))
    return f"~{minutes // 60} h {minutes % 60:02d} min" if minutes >= 60 else f"~{minutes} min"


@dataclass(frozen=True)
class LessonLength:
    """What a lesson asks of its reader, counted from the committed notebook."""

    words: int  # prose_words of its markdown (the 2,500-word cap counts these)
    span_words: int  # words inside its inline code spans (read too, but not prose)
    code_lines: int  # non-blank lines of its code cells and of code blocks in its markdown
    prompts: int  # "Predict, then run" prompts
    figures: int  # image outputs
    tracebacks: int  # error outputs (raises-exception cells)

    @property
    def minutes(self) -> float:
        return ((self.words + self.span_words) / PROSE_WORDS_PER_MINUTE + self.code_lines / CODE_LINES_PER_MINUTE
                + self.prompts * MINUTES_PER_PROMPT + self.figures * MINUTES_PER_FIGURE
                + self.tracebacks * MINUTES_PER_TRACEBACK)


FENCED = re.compile(r"```[^\n]*\n(.*?)```", re.S)


def lesson_length(path: Path) -> LessonLength:
    cells = _cells(path)
    markdown = [("".join(c["source"])) for c in cells if c["cell_type"] == "markdown"]
    code = [c for c in cells if c["cell_type"] == "code"]
    unfenced = [FENCED.sub("", m) for m in markdown]
    return LessonLength(
        words=prose_words("\n".join(markdown)),
        span_words=sum(max(1, len(span.split())) for m in unfenced for span in re.findall(r"`([^`\n]+)`", m)),
        code_lines=sum(1 for c in code for line in "".join(c["source"]).splitlines() if line.strip())
        + sum(1 for m in markdown for block in FENCED.findall(m) for line in block.splitlines() if line.strip()),
        # the introduction announces the prompts in the same words; it is not one
        prompts=sum(len(PROMPT.findall(m)) for m in markdown[1:]),
        figures=sum(1 for c in code for o in c.get("outputs", [])
                    if any(k.startswith("image/") for k in o.get("data", {}))),
        tracebacks=sum(1 for c in code for o in c.get("outputs", []) if o.get("output_type") == "error"))


def time_table(root: Path = ROOT) -> str:
    """The quick-start's table: per lesson its length and reading time, its assignment's points and time."""
    rows = ["| # | Lesson | Prose words | Code lines | Prompts, figures | Reading, cells run "
            "| Assignment: points (per exercise) | Assignment time |",
            "|---|--------|------:|------:|------:|------------------:|-----------------------------------|"
            "----------------:|"]
    for k, lesson in enumerate(sorted((root / "notebooks").glob("*.ipynb")), 1):
        length = lesson_length(lesson)
        points = exercise_points(root, lesson.stem)
        if points:
            work = sum(EFFORT_MINUTES.get(p, 10 * p) for p in points)
            assignment = f"{sum(points)} ({', '.join(map(str, points))})", _duration(work)
        else:
            assignment = "no assignment yet", ""
        rows.append(f"| {k} | `{lesson.stem}` | {round(length.words, -2):,} | {length.code_lines} | "
                    f"{length.prompts}, {length.figures} | ~{round(length.minutes)} min | "
                    f"{assignment[0]} | {assignment[1]} |")
    return "\n".join(rows)


def write_time_table(root: Path = ROOT) -> bool:
    """Rewrite the table between the markers of the quick-start; True when it changed."""
    path = root / QUICK_START
    text = path.read_text()
    start, end = text.index(TIMES_BEGIN) + len(TIMES_BEGIN), text.index(TIMES_END)
    new = text[:start] + "\n" + time_table(root) + "\n" + text[end:]
    if new != text:
        path.write_text(new)
    return new != text


def pages(out: Path) -> list[Path]:
    """The site's pages (its HTML files, theme templates and the redirect aside)."""
    return sorted(p for p in Path(out).rglob("*.html")
                  if "_static" not in p.relative_to(out).parts and p.relative_to(out) != Path("index.html"))


def size(folder: Path) -> int:
    return sum(p.stat().st_size for p in Path(folder).rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, help=f"folder to write (default: {OUT}); replaced if it exists")
    parser.add_argument("--check", action="store_true",
                        help="only say whether the site is up to date (exit 0) or not (1)")
    parser.add_argument("--verbose", action="store_true", help="show Sphinx's progress")
    parser.add_argument("--times", action="store_true",
                        help=f"only rewrite the time table of {QUICK_START} from the lessons and source/ "
                             "(seconds; no site build)")
    args = parser.parse_args(argv)
    out = Path(args.out or ROOT / OUT)
    if args.times:
        changed = write_time_table()
        print(f"{QUICK_START}: the time table {'was updated' if changed else 'is up to date'}")
        return 0
    if args.check:
        current = is_current(out)
        print(f"{out}: {'up to date' if current else 'out of date or missing: make site'}")
        return 0 if current else 1
    started = time.perf_counter()
    with _locked(out.resolve()):
        out = build(out, quiet=not args.verbose)
    took = time.perf_counter() - started
    print(f"site: {out} ({len(pages(out))} pages, {size(out) / 1e6:.1f} MB) in {took:.0f} s; "
          f"open {out / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
