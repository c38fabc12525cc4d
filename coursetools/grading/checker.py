"""The trusted half of the tests: split test cells and decide verdicts from a probe's values.

Runs only on the instructor's side, as ``python -I -m coursetools.grading.checker`` (see
``jaxcourse.checking`` for the cell shape and the value protocol that students' kernels use). It
never runs student code: it reads the plain values each probe handed back and runs the instructor's
``check`` on them.
"""

from __future__ import annotations

import ast
import contextlib
import json
import sys
import traceback
from typing import Any

from jaxcourse.checking import CHECK_CALL, PROBE_CALL, decode, describe_error, failure_message


def _names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def is_run_test(stmt: ast.stmt) -> bool:
    return (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)
            and isinstance(stmt.value.func, ast.Name) and stmt.value.func.id == "run_test"
            and [getattr(a, "id", None) for a in stmt.value.args] == ["probe", "check"])


def cell_shape_problems(source: str) -> list[str]:
    """Why a test cell's source breaks the rules above ([] when it follows them)."""
    try:
        tree = ast.parse(source)
    except SyntaxError as err:
        return [f"syntax error: {err}"]
    body = tree.body
    problems = []
    if not (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)):
        problems.append("it must start with a one-line docstring")
    if len(body) <= 1:
        return problems  # a released hidden-test cell: only its docstring
    defs = {s.name for s in body if isinstance(s, ast.FunctionDef)}
    if not {"probe", "check"} <= defs:
        problems.append("it must define probe() and check(v)")
    if not is_run_test(body[-1]):
        problems.append("it must end in run_test(probe, check)")
    if sum(is_run_test(s) for s in body) != 1:
        problems.append("it must call run_test(probe, check) exactly once")
    return problems


def split_test_cell(source: str, side: str, grade_id: str) -> str:
    """The part of a test cell that runs on one side: ``"probe"`` (student) or ``"check"`` (checker).

    The probe side keeps the top-level inputs, ``probe`` and the functions it uses; the check side
    keeps the inputs, ``check`` and everything else. The final ``run_test`` becomes a call of the
    side's runner. A cell without ``run_test`` (a released hidden test) gives ``""``.
    """
    tree = ast.parse(source)
    if not tree.body or not is_run_test(tree.body[-1]):
        return ""
    body = tree.body[:-1]
    defs = {s.name: s for s in body if isinstance(s, (ast.FunctionDef, ast.ClassDef))}
    if side == "probe":
        keep, drop = "probe", "check"
        # only functions that the probe or the inputs use (transitively) cross to the student side
        others = [s for s in body if not isinstance(s, (ast.FunctionDef, ast.ClassDef))]
        needed, todo = set(), {"probe"} | set().union(*(_names(s) for s in others))
        while todo:
            name = todo.pop()
            if name in defs and name not in needed and name != drop:
                needed.add(name)
                todo |= _names(defs[name])
        body = [s for s in body if not isinstance(s, (ast.FunctionDef, ast.ClassDef)) or s.name in needed]
        runner = PROBE_CALL
    elif side == "check":
        keep, drop = "check", "probe"
        body = [s for s in body if not (isinstance(s, ast.FunctionDef) and s.name == drop)]
        runner = CHECK_CALL
    else:
        raise ValueError(f"side must be 'probe' or 'check', not {side!r}")
    call = ast.Expr(ast.Call(ast.Name(runner, ast.Load()), [ast.Constant(grade_id), ast.Name(keep, ast.Load())], []))
    tree.body = [*body, call]
    return ast.unparse(ast.fix_missing_locations(tree))


# --------------------------------------------------------------------------------------------
# The trusted checker process.
# --------------------------------------------------------------------------------------------

_SETUPS: dict[tuple, dict] = {}


def _setup_namespace(setup: list[str]) -> dict[str, Any]:
    """The namespace after the trusted setup cells (run once per distinct setup in this process)."""
    key = tuple(setup)
    if key not in _SETUPS:
        namespace: dict[str, Any] = {"__name__": "__main__"}
        for src in setup:
            exec(compile(src, "<setup>", "exec"), namespace)  # noqa: S102 (instructor code from the gradebook)
        _SETUPS[key] = namespace
    return _SETUPS[key]


def run_checks(job: dict) -> dict[str, dict]:
    """Run the trusted setup, then each test's check on the values its probe sent.

    ``job``: ``{"setup": [source, ...], "tests": [{"grade_id", "source", "payload" | None, "reason"}]}``
    (``source`` is the whole test cell; ``reason`` says why there is no payload). Returns
    ``{grade_id: {"passed": bool, "message": str}}``. Each test runs in its own copy of the setup
    namespace.
    """
    verdicts: dict[str, dict] = {}
    with contextlib.redirect_stdout(sys.stderr):
        namespace = _setup_namespace(job.get("setup", []))
        for test in job["tests"]:
            gid = test["grade_id"]
            payload = test.get("payload")
            if payload is None:
                verdicts[gid] = {"passed": False, "message": test.get("reason") or "This test got no result."}
                continue
            if not payload.get("ok"):
                error = payload.get("error", "an error")
                if payload.get("not_a_value"):
                    message = f"This test cannot use what your code returned ({error})."
                else:
                    message = f"Your code raised {error} while this test ran it."
                verdicts[gid] = {"passed": False, "message": message}
                continue
            code = split_test_cell(test["source"], "check", gid)
            if not code:  # fail closed: a cell that does not end in run_test(probe, check) decides nothing
                verdicts[gid] = {"passed": False, "message": "This test cell cannot be graded: it does not end in "
                                                            "run_test(probe, check); tell your instructor."}
                continue

            def runner(_gid, check, payload=payload):
                verdicts[_gid] = {"passed": True, "message": ""}
                try:
                    values = decode(payload)
                except Exception as err:  # a malformed payload counts against the student
                    verdicts[_gid] = {"passed": False, "message": f"Your values could not be read ({err})."}
                    return
                try:
                    check(values)
                except Exception as err:  # every failure becomes feedback, none stops the others
                    verdicts[_gid] = {"passed": False, "message": failure_message(err)}

            ns = dict(namespace)
            ns[CHECK_CALL] = runner
            try:
                exec(compile(code, f"<test {gid}>", "exec"), ns)  # noqa: S102 (instructor code)
            except Exception as err:  # the test cell itself is broken: say so, do not award points
                verdicts[gid] = {"passed": False, "message": f"The test could not run ({describe_error(err)})."}
    return verdicts


def _run_job(job_path: str, out_path: str) -> None:
    with open(job_path) as fh:
        job = json.load(fh)
    verdicts = run_checks(job)
    with open(out_path, "w") as fh:
        json.dump(verdicts, fh)


def serve() -> int:
    """Answer jobs until stdin closes: each line ``JOB.json VERDICTS.json``, each reply ``ok`` or ``error``.

    One checker process per grading worker and assignment: Python, JAX and the setup cells start
    once instead of once per notebook.
    """
    reply = sys.stdout
    sys.stdout = sys.stderr  # only the protocol goes to the real stdout
    for line in sys.stdin:
        parts = line.split()
        if len(parts) != 2:
            continue
        try:
            _run_job(*parts)
            reply.write("ok\n")
        except Exception:
            traceback.print_exc()
            reply.write("error\n")
        reply.flush()
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -I -m coursetools.grading.checker JOB.json VERDICTS.json``, or ``--serve`` (see :func:`serve`)."""
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["--serve"]:
        return serve()
    if len(argv) != 2:
        print("usage: python -m coursetools.grading.checker JOB.json VERDICTS.json | --serve", file=sys.stderr)
        return 2
    try:
        _run_job(*argv)
    except Exception:
        traceback.print_exc()
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
