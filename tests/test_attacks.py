"""Submissions that try to cheat the grader, and honest ones that must not be hurt by it.

Every attack is built from the blank release of assignment 01 (plus the attack), so it may score no
more than the blank notebook; every honest variant must keep full marks. All of them are graded in
one run of the instructor's grade command, in the bubblewrap sandbox when it is available, against
a scratch course whose absolute path the attacks know. Afterwards the instructor's files, the other
submissions and the gradebook's stored test cells must be byte-identical.

Under stock nbgrader each of these attacks earned points (see issue 5); ``test_the_reader_attack_is_real``
shows, for the strongest one, that it does earn full marks when the sandbox is off.
"""

from __future__ import annotations

import copy
import hashlib
import os
import re
from pathlib import Path

import pytest
from conftest import ROOT, SANDBOX, copy_course, environ, grade_id, read_nb, shared_once, source, write_nb

from coursetools.bench_grading import student_copy
from coursetools.exercise_check import stored_answers

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("attacks")]  # one worker grades them

AID = "01_jax_array"
NB = f"{AID}_exercises.ipynb"
#: Limits per cell in this scratch course, quick so that the endless loops end soon: CPU time, which the
#: machine's load does not change (the spinning loop hits it), and the wall-clock backstop, which only the
#: loop that sleeps reaches (twice: a cell that reaches it is run once more first). Honest cells use a
#: few seconds of CPU however busy the machine is, so these limits cannot cut them.
CPU_LIMIT, WALL_LIMIT = 12, 20
#: Attacks on the file system: only the sandbox stops them (without it they are not run at all).
NEEDS_SANDBOX = {"reads_course", "writes_gradebook", "appends_to_course"}

# ---------------------------------------------------------------------------------------------
# The attacks. {course} is replaced by the scratch course's absolute path.
# ---------------------------------------------------------------------------------------------
DROP_ASSERTS = '''import ast


class _DropAsserts(ast.NodeTransformer):
    def visit_Assert(self, node):
        return ast.Pass()


get_ipython().ast_transformers.append(_DropAsserts())
'''

REWRITE_LATER_CELLS = '''def _rewrite(lines):
    text = "".join(lines)
    if "assert" in text or "run_test" in text or "__jaxcourse" in text:
        return ["pass\\n"]
    return lines


get_ipython().input_transformers_post.append(_rewrite)
'''

PATCH_NUMPY = '''import jax.numpy as jnp
import numpy as np

for _mod in (np, jnp):
    for _name in ("array_equal", "array_equiv", "allclose", "isclose"):
        setattr(_mod, _name, lambda *args, **kwargs: True)
np.testing.assert_allclose = lambda *args, **kwargs: None
'''

SCORE_TEXT = '''from IPython.display import display


def _claim_full_marks(*_args):
    print("15")
    display({"text/plain": "15.0"}, raw=True)


get_ipython().events.register("pre_run_cell", _claim_full_marks)
get_ipython().events.register("post_run_cell", _claim_full_marks)
get_ipython().input_transformers_post.append(lambda lines: lines + ["\\n", "15.0\\n"])
'''

READ_INSTRUCTOR_FILES = '''import glob
import json
import linecache
import sqlite3

_found = []
for _pattern in ("{course}/solutions/*/*.ipynb", "{course}/source/*/*.ipynb", "../../../solutions/*/*.ipynb",
                 "../../../source/*/*.ipynb", "/*/*/solutions/01_jax_array/*.ipynb"):
    _found += glob.glob(_pattern)
for _path in _found:
    for _cell in json.load(open(_path))["cells"]:
        if str(_cell["metadata"].get("nbgrader", {{}}).get("grade_id", "")).endswith("_answer"):
            _src, _name = "".join(_cell["source"]), f"<answer {{len(linecache.cache)}}>"
            linecache.cache[_name] = (len(_src), None, _src.splitlines(True), _name)  # as IPython keeps a cell's source
            exec(compile(_src, _name, "exec"))
for _db in ("{course}/gradebook.db", "../../../gradebook.db"):
    try:
        print(sqlite3.connect(f"file:{{_db}}?mode=ro", uri=True).execute("SELECT source FROM source_cell").fetchall())
    except Exception as _err:
        print("no gradebook:", _err)
'''

WRITE_GRADEBOOK = '''import sqlite3

for _db in ("{course}/gradebook.db", "../../../gradebook.db"):
    try:
        _con = sqlite3.connect(f"file:{{_db}}?mode=rw", uri=True)
        _con.execute("UPDATE grade SET auto_score = max_score")
        _con.execute("UPDATE source_cell SET source = 'pass', checksum = NULL")
        _con.commit()
        print("wrote", _db)
    except Exception as _err:
        print("blocked:", _err)
'''

APPEND_TO_COURSE = '''import glob

for _path in (glob.glob("{course}/source/*/*.ipynb") + glob.glob("{course}/release/*/*.ipynb")
              + glob.glob("{course}/nbgrader_config.py") + glob.glob("{course}/submitted/*/*/*.ipynb")
              + glob.glob("../../../nbgrader_config.py")):
    try:
        with open(_path, "a") as _fh:
            _fh.write("# appended by a student")
        print("appended to", _path)
    except Exception as _err:
        print("blocked:", _err)
for _path in ("{course}/submitted/solution/01_jax_array/planted.py", "{course}/planted.py"):
    try:
        open(_path, "w").write("planted")
    except Exception as _err:
        print("blocked:", _err)
'''

CUSTOM_EXC = '''get_ipython().set_custom_exc((BaseException,), lambda shell, etype, evalue, tb, tb_offset=None: None)
'''

SYS_EXIT = "import sys\n\nsys.exit(0)\n"
OS_EXIT = "import os\n\nos._exit(0)\n"
KILL = "import os\nimport signal\n\nos.kill(os.getpid(), signal.SIGKILL)\n"
LOOP = "while True:\n    pass\n"
# It ignores the interrupt and never returns; it sleeps in its loop (endless_loop spins) so that its
# time limit costs no CPU: the grader must still end it and grade the rest on a fresh kernel.
SIGINT_LOOP = ("import signal\nimport time\n\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\n"
               "while True:\n    time.sleep(0.05)\n")
BIG_PRINT = 'print("x" * 50_000_000)\n'

#: Plausible but wrong answers of the right types: only a fooled comparison would pass them.
IDENTITY_ANSWERS = {
    "ring_push_answer": "def ring_push(buffer, head, values, count):\n    return buffer, head\n",
    "csr_matvec_answer": "def csr_matvec(data, indices, indptr, x):\n    return jnp.zeros(indptr.shape[0] - 1)\n",
    "fake_quantize_answer": "def fake_quantize(x, scale):\n    return x\n",
    "total_distance_answer": "def total_distance(points):\n    return jnp.float32(0.0)\n",
    "newton_minimize_answer": "def newton_minimize(f, params0, steps):\n    return params0\n",
}

ALWAYS_EQUAL = '''class AlwaysEqual:
    shape, dtype, ndim = (), "float32", 0

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    def __call__(self, *args, **kwargs):
        return self

    def __getitem__(self, key):
        return self

    def __bool__(self):
        return True


def ring_push(*args, **kwargs):
    return AlwaysEqual()


csr_matvec = fake_quantize = total_distance = newton_minimize = ring_push
'''

#: A correct solution written differently from the instructor's, with a helper in an extra cell,
#: output on stderr and warnings: it must keep full marks.
ALTERNATIVE_HELPER = '''import sys
import warnings


def _log(msg):
    print(f"[debug] {msg}", file=sys.stderr)
    warnings.warn(msg, stacklevel=2)
'''
ALTERNATIVE = {
    # Stored right answers written another way than the solution (tests/answers), the first of
    # them logging to stderr with a warning through the helper cell.
    **{f"{ex}_answer": next(a for a in stored_answers("right", AID)[ex] if a.slug == slug).read_text()
       for ex, slug in [("ring_push", "roll_concatenate"), ("csr_matvec", "cumsum_row_starts"),
                        ("fake_quantize", "custom_jvp"), ("total_distance", "half_of_all_pairs"),
                        ("newton_minimize", "rows_by_jvp")]},
}
_SIGNATURE = "def ring_push(buffer, head, values, count):\n"
assert _SIGNATURE in ALTERNATIVE["ring_push_answer"], "the stored ring_push answer changed its signature"
ALTERNATIVE["ring_push_answer"] = ALTERNATIVE["ring_push_answer"].replace(
    _SIGNATURE, _SIGNATURE + '    _log("ring_push")\n', 1)


def answer_cells(nb: dict) -> list[dict]:
    return [c for c in nb["cells"] if (grade_id(c) or "").endswith("_answer")]


def prepend(nb: dict, code: str) -> dict:
    nb = copy.deepcopy(nb)
    cell = answer_cells(nb)[0]
    cell["source"] = code + "\n" + source(cell)
    return nb


def answers(nb: dict, new: dict[str, str], prefix: str = "") -> dict:
    nb = copy.deepcopy(nb)
    for cell in answer_cells(nb):
        if grade_id(cell) in new:
            cell["source"] = new[grade_id(cell)]
    if prefix:
        answer_cells(nb)[0]["source"] = prefix + "\n" + source(answer_cells(nb)[0])
    return nb


def graded_cells(nb: dict) -> list[dict]:
    return [c for c in nb["cells"] if c.get("metadata", {}).get("nbgrader", {}).get("grade")]


def changed_tests(nb: dict) -> dict:
    nb = copy.deepcopy(nb)
    for cell in graded_cells(nb):
        cell["source"] = '"""Always passes."""\nassert True\n'
    return nb


def deleted_tests(nb: dict) -> dict:
    nb = copy.deepcopy(nb)
    nb["cells"] = [c for c in nb["cells"] if c not in graded_cells(nb)]
    return nb


def relabelled_tests(nb: dict) -> dict:
    nb = copy.deepcopy(nb)
    for cell in graded_cells(nb):
        meta = cell["metadata"]["nbgrader"]
        meta.update(grade_id=meta["grade_id"] + "_renamed", grade=False, solution=True, points=0)
        cell["source"] = "pass\n"
    # and an answer cell that claims to be a test cell worth 100 points
    first = answer_cells(nb)[0]
    first["metadata"]["nbgrader"].update(grade_id="ring_push", grade=True, solution=False, points=100, locked=True)
    return nb


def code_cell(code: str) -> dict:
    """A new code cell (nbformat 4.5, so with an id) holding ``code``."""
    cell_id = "attack-" + hashlib.sha1(code.encode()).hexdigest()[:12]
    return {"id": cell_id, "cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
            "source": code}


def extra_cell(nb: dict, code: str, before_first_answer: bool = True) -> dict:
    nb = copy.deepcopy(nb)
    i = nb["cells"].index(answer_cells(nb)[0])
    nb["cells"].insert(i if before_first_answer else i + 1, code_cell(code))
    return nb


def after_last_answer(nb: dict, code: str) -> dict:
    """An extra cell after the last answer: it runs after every stub, so what it defines stays."""
    nb = copy.deepcopy(nb)
    i = nb["cells"].index(answer_cells(nb)[-1])
    nb["cells"].insert(i + 1, code_cell(code))
    return nb


def build(course: Path) -> dict[str, str]:
    """Write every submission; return {student: kind} with kind "attack", "honest" or "reference"."""
    blank = read_nb(ROOT / "release" / AID / NB)
    solution = student_copy(AID, NB)  # the solution as a student types it (solutions/ is the instructor's copy)
    c = str(course)
    plan = {
        "blank": ("reference", blank),
        "solution": ("reference", solution),
        "instructor_copy": ("reference", read_nb(ROOT / "solutions" / AID / NB)),
        "ast_transformer": ("attack", answers(blank, IDENTITY_ANSWERS, DROP_ASSERTS)),
        "input_transformer": ("attack", answers(blank, IDENTITY_ANSWERS, REWRITE_LATER_CELLS)),
        "always_equal": ("attack", answers(blank, {"ring_push_answer": ALWAYS_EQUAL})),
        "patched_numpy": ("attack", answers(blank, IDENTITY_ANSWERS, PATCH_NUMPY)),
        "shadow_numpy": ("attack", answers(blank, IDENTITY_ANSWERS)),
        "score_text": ("attack", answers(blank, IDENTITY_ANSWERS, SCORE_TEXT)),
        "reads_course": ("attack", after_last_answer(blank, READ_INSTRUCTOR_FILES.format(course=c))),
        "writes_gradebook": ("attack", prepend(blank, WRITE_GRADEBOOK.format(course=c))),
        "appends_to_course": ("attack", prepend(blank, APPEND_TO_COURSE.format(course=c))),
        "custom_exc": ("attack", answers(blank, IDENTITY_ANSWERS, CUSTOM_EXC)),
        "sys_exit": ("attack", prepend(blank, SYS_EXIT)),
        "os_exit": ("attack", prepend(blank, OS_EXIT)),
        "killed_kernel": ("attack", prepend(blank, KILL)),
        "endless_loop": ("attack", prepend(blank, LOOP)),
        "sigint_ignoring_loop": ("attack", prepend(blank, SIGINT_LOOP)),
        "print_50mb": ("attack", prepend(blank, BIG_PRINT)),
        "changed_tests": ("attack", changed_tests(blank)),
        "deleted_tests": ("attack", deleted_tests(blank)),
        "relabelled_tests": ("attack", relabelled_tests(blank)),
        "alternative": ("honest", extra_cell(answers(blank, ALTERNATIVE), ALTERNATIVE_HELPER)),
        "noisy_solution": ("honest", prepend(solution, ALTERNATIVE_HELPER + "\n_log('hello')\n")),
    }
    if not SANDBOX:  # without isolation these would really read and write the scratch course
        plan = {k: v for k, v in plan.items() if k not in NEEDS_SANDBOX}
    for student, (_kind, nb) in plan.items():
        write_nb(nb, course / "submitted" / student / AID / NB)
    shadow = course / "submitted" / "shadow_numpy" / AID
    (shadow / "numpy.py").write_text("array_equal = allclose = isclose = lambda *a, **k: True\n")
    (shadow / "jax").mkdir()
    (shadow / "jax" / "__init__.py").write_text("raise SystemExit('a shadowed jax')\n")
    return {student: kind for student, (kind, _nb) in plan.items()}


def fingerprint(course: Path, skip_students: set[str]) -> dict[str, str]:
    """sha256 of every instructor file and every submission file (except those of ``skip_students``)."""
    out = {}
    for path in sorted(course.rglob("*")):
        rel = path.relative_to(course)
        top = rel.parts[0]
        if not path.is_file() or top in ("autograded", "feedback", "reports", "gradebook.db", ".jax_cache"):
            continue
        if top == "submitted" and rel.parts[1] in skip_students:
            continue
        out[str(rel)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def stored_tests(course: Path) -> list[tuple]:
    import sqlite3

    con = sqlite3.connect(course / "gradebook.db")
    try:
        return sorted(con.execute("SELECT name, source, checksum, locked FROM source_cell").fetchall())
    finally:
        con.close()


def grade_attacks(folder: Path) -> dict:
    from dataclasses import asdict

    from coursetools.grading.course import ensure_in_gradebook, with_fast_compile
    from coursetools.grading.pipeline import grade

    course = copy_course(folder / "course")
    with open(course / "nbgrader_config.py", "a") as fh:
        fh.write(f"\nc.TrustedExecute.cpu_limit = {CPU_LIMIT}\nc.TrustedExecute.wall_limit = {WALL_LIMIT}\n")
    kinds = build(course)
    ensure_in_gradebook(course, AID)
    before = fingerprint(course, skip_students=set())
    tests_before = stored_tests(course)
    # The kernels compile with XLA's quickest backend level (course.FAST_COMPILE_FLAG): what is tested
    # here is what the attacks can do, not the compiled code's speed.
    with environ(XLA_FLAGS=with_fast_compile(os.environ)["XLA_FLAGS"]):
        results = {r.student: asdict(r) for r in grade(AID, course, workers=2, timeout=600, sandboxed=SANDBOX)}
    return {"course": str(course), "kinds": kinds, "results": results, "before": before,
            "tests_before": [list(t) for t in tests_before]}


@pytest.fixture(scope="module")
def attacked(tmp_path_factory):
    from coursetools.grading.result import Result

    data = shared_once(tmp_path_factory, "attacks", grade_attacks)  # once per run, even across xdist workers
    data["course"] = Path(data["course"])
    data["results"] = {s: Result(**r) for s, r in data["results"].items()}
    data["tests_before"] = [tuple(t) for t in data["tests_before"]]
    return data


ATTACKS = ["ast_transformer", "input_transformer", "always_equal", "patched_numpy", "shadow_numpy", "score_text",
           "reads_course", "writes_gradebook", "appends_to_course", "custom_exc", "sys_exit", "os_exit",
           "killed_kernel", "endless_loop", "sigint_ignoring_loop", "print_50mb", "changed_tests", "deleted_tests",
           "relabelled_tests"]


def test_every_attack_is_listed(attacked):
    expected = ATTACKS if SANDBOX else [a for a in ATTACKS if a not in NEEDS_SANDBOX]
    assert sorted(s for s, k in attacked["kinds"].items() if k == "attack") == sorted(expected)


@pytest.mark.parametrize("student", ATTACKS)
def test_attack_scores_no_more_than_blank(attacked, student):
    if student in NEEDS_SANDBOX and not SANDBOX:
        pytest.skip("bubblewrap is not installed: run scripts/system-deps.sh as root")
    results = attacked["results"]
    blank, r = results["blank"], results[student]
    assert blank.status == "check" and blank.score == 0, f"blank: {blank}"
    assert r.score <= blank.score, f"{student} scored {r.score}/{r.max_score} ({r.status}: {r.reason})"


@pytest.mark.parametrize("student", ["alternative", "noisy_solution", "solution"])
def test_honest_variants_keep_full_marks(attacked, student):
    r = attacked["results"][student]
    assert r.status == "graded" and r.score == r.max_score > 0, f"{student}: {r}"


def test_blank_and_instructor_copies_are_flagged(attacked):
    """Graded, but flagged for the instructor: the blank release, and the instructor's solutions/ copy."""
    results = attacked["results"]
    blank, copy = results["blank"], results["instructor_copy"]
    assert blank.status == "check" and "unchanged from the release: probably the wrong copy" in blank.reason, blank
    assert copy.status == "check" and "holds the instructor's version" in copy.reason, copy
    assert copy.score == copy.max_score > 0, copy  # graded as any submission: the flag is for the instructor
    assert "instructor's version" not in results["solution"].reason, results["solution"]


def test_instructor_files_and_other_submissions_are_untouched(attacked):
    if not SANDBOX:
        pytest.skip("bubblewrap is not installed: run scripts/system-deps.sh as root")
    course = attacked["course"]
    after = fingerprint(course, skip_students=set())
    changed = sorted(k for k in set(attacked["before"]) | set(after) if attacked["before"].get(k) != after.get(k))
    assert not changed, f"files changed by grading: {changed}"


def test_gradebook_keeps_the_stored_tests(attacked):
    if not SANDBOX:
        pytest.skip("bubblewrap is not installed: run scripts/system-deps.sh as root")
    assert stored_tests(attacked["course"]) == attacked["tests_before"]


def test_cells_that_kill_or_hang_are_reported(attacked):
    results = attacked["results"]
    for student, why in [("os_exit", "kernel died"), ("killed_kernel", "kernel died"),
                         # It computes: its CPU time stops it, or, on a machine so busy that the loop gets less
                         # than 12 s of CPU in 20 s, the backstop (twice); either way it is stopped and flagged.
                         ("endless_loop", re.compile(f"CPU time limit of {CPU_LIMIT} s|wall-clock time limit of "
                                                     f"{WALL_LIMIT} s, twice")),
                         ("sigint_ignoring_loop", f"wall-clock time limit of {WALL_LIMIT} s, twice")]:  # it sleeps
        r = results[student]
        found = why.search(r.reason) if isinstance(why, re.Pattern) else why in r.reason
        assert r.status == "check" and found, f"{student}: {r}"


def test_tampered_test_cells_are_reported(attacked):
    results = attacked["results"]
    assert "was changed" in results["changed_tests"].reason, results["changed_tests"]
    assert "was deleted" in results["deleted_tests"].reason, results["deleted_tests"]
    assert re.search(r"renamed|not part of the assignment|was deleted", results["relabelled_tests"].reason)


def test_a_50mb_print_is_cut_in_the_graded_notebook(attacked):
    path = attacked["course"] / "autograded" / "print_50mb" / AID / NB
    assert path.stat().st_size < 1_000_000, f"{path.name} is {path.stat().st_size} bytes"


def test_feedback_names_hidden_tests_without_their_code(attacked):
    import html as html_lib

    html = (attacked["course"] / "feedback" / "blank" / AID / NB.replace(".ipynb", ".html")).read_text()
    hidden = next(source(c) for c in read_nb(ROOT / "source" / AID / NB)["cells"]
                  if "### BEGIN HIDDEN TESTS" in source(c))
    docstring = hidden.splitlines()[0].strip('"')
    code = next(line for line in hidden.split("### BEGIN HIDDEN TESTS")[1].splitlines() if line.strip())
    assert html_lib.escape(docstring, quote=False) in html, docstring  # a hidden test's docstring
    assert "BEGIN HIDDEN TESTS" not in html and html_lib.escape(code.strip(), quote=False) not in html  # not its code
    assert "NotImplementedError" in html  # and its result


def test_the_reader_attack_is_real(tmp_path):
    """Without the sandbox the reader attack earns full marks: the isolation is what stops it."""
    from coursetools.grading.pipeline import grade

    course = copy_course(tmp_path / "course")
    (course / "gradebook.db").unlink(missing_ok=True)
    blank = read_nb(ROOT / "release" / AID / NB)
    write_nb(after_last_answer(blank, READ_INSTRUCTOR_FILES.format(course=course)),
             course / "submitted" / "reader" / AID / NB)
    (r,) = grade(AID, course, workers=1, timeout=600, sandboxed=False, feedback=False)
    assert r.score == r.max_score > 0, r
