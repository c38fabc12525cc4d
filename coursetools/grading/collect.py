"""Stage 1, collect: which submissions there are to grade.

Submissions live in nbgrader's layout, ``submitted/<student>/<assignment>/*.ipynb``: put there by
``nbgrader collect`` from the exchange (a JupyterHub), or by :func:`collect_from_lms` from files
downloaded from an LMS (``--lms FOLDER``). What cannot be matched to a student of this assignment
becomes a failed :class:`~coursetools.grading.result.Result` with the reason.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from coursetools.grading.course import expected_notebooks, nbgrader
from coursetools.grading.result import Result, failed

#: How an LMS names downloaded files: <student>_[LATE_][<number>_...]<notebook>[-<n>].ipynb (Canvas style).
LMS_REGEXP = r".*/(?P<student_id>[A-Za-z0-9.@-]+)_(?:LATE_)?(?:\d+_)*(?P<file_id>{notebooks})(?:-\d+)?\.ipynb$"


def submitted_students(course: Path, assignment: str) -> list[str]:
    """Students with a folder ``submitted/<student>/<assignment>``, sorted."""
    submitted = course / "submitted"
    return sorted(p.parent.name for p in submitted.glob(f"*/{assignment}")) if submitted.exists() else []


def unknown_assignments(course: Path) -> list[Result]:
    """Submissions in submitted/<student>/<folder> for a folder that is no assignment of this course."""
    known = {p.name for p in (course / "source").iterdir() if p.is_dir()} if (course / "source").exists() else set()
    out = []
    for folder in sorted((course / "submitted").glob("*/*")) if (course / "submitted").exists() else []:
        if folder.is_dir() and folder.name not in known and not folder.name.startswith("."):
            out.append(failed(folder.parent.name, f"submitted/{folder.parent.name}/{folder.name} is not an "
                                                  f"assignment of this course (known: {', '.join(sorted(known))})"))
    return out


def collect_from_lms(course: Path, assignment: str, folder: Path, regexp: str | None = None) -> list[Result]:
    """Put files downloaded from an LMS (zip archives or notebooks) into submitted/ with nbgrader zip_collect.

    Returns a failed Result for every file that could not be matched to a student and a notebook.
    """
    notebooks = [Path(n).stem for n in expected_notebooks(course, assignment)]
    pattern = regexp or LMS_REGEXP.format(notebooks="|".join(re.escape(n) for n in notebooks))
    archive = course / "downloaded" / assignment / "archive"
    if archive.exists():
        shutil.rmtree(archive)
    archive.mkdir(parents=True)
    files = sorted(p for p in Path(folder).rglob("*") if p.is_file())
    if not files:
        raise SystemExit(f"no files in {folder}")
    for path in files:
        shutil.copy2(path, archive / path.name)
    proc = nbgrader(["zip_collect", assignment, "--force", f"--FileNameCollectorPlugin.named_regexp={pattern}"], course)
    if proc.returncode:
        raise SystemExit(f"nbgrader zip_collect failed:\n{proc.stderr[-2000:]}")
    skipped = re.findall(r"Skipped submission with no match information provided: (.*)", proc.stderr + proc.stdout)
    return [failed(Path(p.strip()).name, f"file name matches no student and notebook of {assignment} "
                                         f"(pattern {pattern})") for p in skipped]
