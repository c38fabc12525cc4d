"""Tests whose verdict is decided outside the student's process.

Every test cell of an assignment has the same shape::

    \"\"\"One line: what this test checks.\"\"\"
    X = np.arange(5)                      # inputs only, never expected results


    def probe():                          # runs next to the student's code
        out = tally(jnp.asarray(X), jnp.array([0, 3]))
        return {"out": out}


    def check(v):                         # decides: runs on plain values only
        assert v["out"].shape == (5,), "One sentence the student can act on."


    run_test(probe, check)

In JupyterLab, :func:`run_test` runs both halves in the student's kernel, so the visible tests give
feedback as usual. When grading (``jaxcourse.grading``), the halves are pulled apart with
:func:`split_test_cell`: the student's kernel (sandboxed) only runs ``probe`` and hands back its
values; ``check`` runs in a separate, trusted process (``python -m jaxcourse.checking``) that never
runs student code. Values cross as JSON plus ``.npy`` bytes loaded with ``allow_pickle=False``:
numbers, strings, dtypes, NumPy and JAX arrays, and lists, tuples and dicts of them. Nothing else
crosses, so an object whose ``==`` is always true, a patched ``numpy`` or an AST transformer in the
student's process cannot make a check pass; they can only produce values, and values are compared
by the checker's own NumPy.

Rules for authors (``tests/test_build.py`` enforces the shape): top-level statements build inputs
only; expected results and reference implementations live inside ``check`` (the student's process
sees everything else, hidden inputs included, while grading); the cell ends in
``run_test(probe, check)``.
"""

from __future__ import annotations

import ast
import base64
import io
import json
import sys
import traceback
from typing import Any

MIME = "application/vnd.jaxcourse.values+json"
PROBE_CALL = "__jaxcourse_probe__"
CHECK_CALL = "__jaxcourse_check__"
#: Largest payload a probe may hand back (bytes of JSON); more is the student's problem.
MAX_PAYLOAD = 32 * 1024 * 1024


class NotAValue(TypeError):
    """A probe returned something that cannot cross to the checker."""


# --------------------------------------------------------------------------------------------
# Values: encode in the student's process, decode in the checker.
# --------------------------------------------------------------------------------------------

def _npy(arr) -> dict:
    import numpy as np

    if arr.dtype.hasobject:
        raise NotAValue("an array of Python objects cannot be checked: return numbers, not objects")
    buf = io.BytesIO()
    name = str(arr.dtype)
    if arr.dtype.kind == "V" or type(arr.dtype).__module__.startswith("ml_dtypes") or name in (
            "bfloat16", "float8_e4m3fn", "float8_e5m2", "int4", "uint4"):
        arr = arr.view(np.dtype(f"u{arr.dtype.itemsize}"))  # extension dtypes: send the bits, name the type
    np.save(buf, arr if arr.flags.c_contiguous else arr.copy(order="C"), allow_pickle=False)
    return {"npy": base64.b64encode(buf.getvalue()).decode("ascii"), "dtype": name}


def _encode(v: Any, depth: int = 0) -> dict:
    import numpy as np

    if depth > 20:
        raise NotAValue("the value is nested too deeply to be checked")
    if v is None or isinstance(v, bool) and type(v) is bool:
        return {"t": "py", "v": v}
    if type(v) is int:
        return {"t": "int", "v": str(v)}
    if type(v) is float:
        return {"t": "float", "v": repr(v)}
    if type(v) is str:
        return {"t": "str", "v": v}
    if isinstance(v, np.dtype):
        return {"t": "dtype", "v": str(v)}
    if type(v) is dict:
        if not all(type(k) is str for k in v):
            raise NotAValue("only dicts with string keys can be checked")
        return {"t": "dict", "v": {k: _encode(x, depth + 1) for k, x in v.items()}}
    if type(v) in (list, tuple):
        return {"t": type(v).__name__, "v": [_encode(x, depth + 1) for x in v]}
    if isinstance(v, type):
        try:
            return {"t": "dtype", "v": str(np.dtype(v))}
        except TypeError:
            return {"t": "type", "v": f"{v.__module__}.{v.__qualname__}"}
    if "jax" in sys.modules:
        import jax

        if isinstance(v, jax.Array):
            if jax.dtypes.issubdtype(v.dtype, jax.dtypes.extended):
                raise NotAValue("a PRNG key cannot be checked directly: return jax.random.key_data(key)")
            return {"t": "jax", **_npy(np.asarray(v))}
    if isinstance(v, np.ndarray):
        return {"t": "np", **_npy(np.asarray(v))}
    if isinstance(v, np.generic):
        return {"t": "npscalar", **_npy(np.asarray(v))}
    raise NotAValue(f"a value of type {type(v).__name__} cannot be checked: "
                    "return arrays, numbers, strings, dtypes, or lists, tuples and dicts of them")


def encode(values: Any) -> dict:
    """Values -> a JSON-able payload (arrays as base64 ``.npy`` bytes)."""
    return {"ok": True, "tree": _encode(values)}


def _array(node: dict):
    import numpy as np

    arr = np.load(io.BytesIO(base64.b64decode(node["npy"])), allow_pickle=False)
    if str(arr.dtype) != node["dtype"]:
        import jax.numpy as jnp  # registers bfloat16 and friends

        arr = arr.view(jnp.dtype(node["dtype"]))
    return arr


def _decode(node: dict) -> Any:
    import numpy as np

    t = node["t"]
    if t in ("py", "str"):
        return node["v"]
    if t == "int":
        return int(node["v"])
    if t == "float":
        return float(node["v"])
    if t == "dtype":
        try:
            return np.dtype(node["v"])
        except TypeError:
            import jax.numpy as jnp

            return jnp.dtype(node["v"])
    if t == "type":
        return node["v"]
    if t == "dict":
        return {k: _decode(x) for k, x in node["v"].items()}
    if t == "list":
        return [_decode(x) for x in node["v"]]
    if t == "tuple":
        return tuple(_decode(x) for x in node["v"])
    if t == "np":
        return _array(node)
    if t == "npscalar":
        return _array(node)[()]
    if t == "jax":
        import jax
        import jax.numpy as jnp

        arr = _array(node)
        if arr.dtype.itemsize == 8 and not jax.config.jax_enable_x64 and arr.dtype.kind in "iufc":
            return arr  # a 64-bit JAX array (the student turned on x64): a jnp copy would narrow it
        return jnp.asarray(arr)
    raise ValueError(f"unknown value tag {t!r}")


def decode(payload: dict) -> Any:
    return _decode(payload["tree"])


def describe_error(err: BaseException) -> str:
    """One line: the exception's type and the first line of its message."""
    text = str(err).strip().splitlines()
    first = text[0] if text else ""
    return f"{type(err).__name__}: {first[:300]}" if first else type(err).__name__


def attempt(fn, *args, **kwargs):
    """``(fn(*args, **kwargs), None)``, or ``(None, "ErrorType: message")`` when it raises."""
    try:
        return fn(*args, **kwargs), None
    except Exception as err:  # the test reports it; it must not stop the other checks
        return None, describe_error(err)


def error_type(err: str | None) -> str | None:
    """The exception type named by :func:`attempt`'s error text."""
    return err.split(":", 1)[0] if err else None


# --------------------------------------------------------------------------------------------
# Running a test: locally (JupyterLab), or split between the sandbox and the checker.
# --------------------------------------------------------------------------------------------

def run_test(probe, check) -> None:
    """Run a test cell in one process (the student's own JupyterLab): probe, then check.

    The values make the same round trip as when grading, so a test behaves the same in both.
    """
    values = decode(encode(probe()))
    check(values)


def emit_values(grade_id: str, probe) -> None:
    """Grading, in the student's kernel: run ``probe`` and hand its values to the grader."""
    from IPython.display import display

    try:
        payload = encode(probe())
    except Exception as err:  # the student's code failed; the checker turns this into feedback
        payload = {"ok": False, "error": describe_error(err), "not_a_value": isinstance(err, NotAValue)}
    payload["grade_id"] = grade_id
    display({MIME: payload}, raw=True)


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

def failure_message(err: BaseException) -> str:
    """One sentence for the student from a failed check."""
    if isinstance(err, AssertionError):
        text = " ".join(str(err).split())
        return text or "A check of this test failed."
    return f"Your result could not be checked ({describe_error(err)}): it has the wrong type, shape or structure."


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
    import contextlib

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
    """``python -I -m jaxcourse.checking JOB.json VERDICTS.json``, or ``--serve`` (see :func:`serve`)."""
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["--serve"]:
        return serve()
    if len(argv) != 2:
        print("usage: python -m jaxcourse.checking JOB.json VERDICTS.json | --serve", file=sys.stderr)
        return 2
    try:
        _run_job(*argv)
    except Exception:
        traceback.print_exc()
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
