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
feedback as usual. When grading (``coursetools.grading``), the halves are pulled apart
(``coursetools.grading.checker.split_test_cell``): the student's kernel (sandboxed) only runs ``probe``
and hands back its values; ``check`` runs in a separate, trusted process
(``python -m coursetools.grading.checker``) that never runs student code. Values cross as JSON
plus ``.npy`` bytes loaded with ``allow_pickle=False``:
numbers, strings, dtypes, NumPy and JAX arrays, and lists, tuples and dicts of them. Nothing else
crosses, so an object whose ``==`` is always true, a patched ``numpy`` or an AST transformer in the
student's process cannot make a check pass; they can only produce values, and values are compared
by the checker's own NumPy.

What the student sees in JupyterLab (and in nbgrader's Validate): a pass prints :data:`PASSED`; a
failure raises :class:`CheckFailed`, which IPython shows as the check's one sentence (the one the
grader records) plus, when the student's code raised, the line of their code that did, and not the
frames of this module.

Rules for authors (``tests/test_build.py`` enforces the shape): top-level statements build inputs
only; expected results and reference implementations live inside ``check`` (the student's process
sees everything else, hidden inputs included, while grading); the cell ends in
``run_test(probe, check)``.
"""

from __future__ import annotations

import base64
import io
import re
import sys
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


#: About how many characters of an error message a student is shown (whole sentences, see :func:`whole_sentences`).
MESSAGE_CHARS = 300


def whole_sentences(text: str, limit: int = MESSAGE_CHARS) -> str:
    """``text`` cut to the whole sentences that fit in ``limit`` characters, never mid-sentence.

    A sentence ends at ``.``, ``!`` or ``?`` followed by a space or the end. When even the first
    sentence is longer than ``limit``, it is kept whole: a long sentence reads better than a cut one.
    """
    import re

    text = text.strip()
    if len(text) <= limit:
        return text
    ends = [m.end() for m in re.finditer(r"[.!?](?=\s|$)", text)]
    fitting = [e for e in ends if e <= limit]
    if fitting:
        return text[: fitting[-1]]
    return text[: ends[0]] if ends else text


def describe_error(err: BaseException) -> str:
    """One line: the exception's type and the first line of its message, cut to whole sentences."""
    text = str(err).strip().splitlines()
    first = whole_sentences(text[0]) if text else ""
    return f"{type(err).__name__}: {first}" if first else type(err).__name__


#: While :func:`run_test` runs a probe in the student's JupyterLab, the exceptions that
#: :func:`attempt` caught, so that a failed check can say where in the student's code one was raised.
_caught: list[BaseException] | None = None


def attempt(fn, *args, **kwargs):
    """``(fn(*args, **kwargs), None)``, or ``(None, "ErrorType: message")`` when it raises."""
    try:
        return fn(*args, **kwargs), None
    except Exception as err:  # the test reports it; it must not stop the other checks
        if _caught is not None:
            _caught.append(err)
        return None, describe_error(err)


def error_type(err: str | None) -> str | None:
    """The exception type named by :func:`attempt`'s error text."""
    return err.split(":", 1)[0] if err else None


# --------------------------------------------------------------------------------------------
# Running a test: locally (JupyterLab), or split between the sandbox and the checker.
# --------------------------------------------------------------------------------------------

#: The one line a passing test cell prints in the student's JupyterLab.
PASSED = "\u2714 Visible checks passed. Hidden checks run when the assignment is graded."


class CheckFailed(AssertionError):
    """A check of a test cell failed in the student's JupyterLab.

    IPython (JupyterLab, nbgrader's Validate) shows an exception through its
    ``_render_traceback_`` when it has one: here, the check's sentence and, when the student's code
    raised, the line of their code that did, instead of the harness's frames.
    """

    def __init__(self, sentence: str, where: str = ""):
        super().__init__(sentence)
        self.sentence, self.where = sentence, where

    def _render_traceback_(self) -> list[str]:
        return [f"\x1b[1;31m\u2718 {self.sentence}\x1b[0m", *([self.where] if self.where else [])]


def failure_message(err: BaseException) -> str:
    """One sentence for the student from a failed check (the same one the grader records)."""
    if isinstance(err, AssertionError):
        # one space between words; ".." where a message's own period follows an error's is one period
        text = re.sub(r"(?<!\.)\.\.(?=\s|$)", ".", " ".join(str(err).split()))
        return text or "A check of this test failed."
    return f"Your result could not be checked ({describe_error(err)}): it has the wrong type, shape or structure."


def _library_file(filename: str) -> bool:
    import os

    if filename.startswith("<frozen") or "site-packages" in filename or "dist-packages" in filename:
        return True
    here = os.path.dirname(os.path.abspath(__file__))
    return any(filename.startswith(root) for root in (here, sys.prefix, sys.base_prefix) if root)


def where_raised(err: BaseException, test_file: str | None = None) -> str:
    """Where in the student's own code ``err`` was raised: the deepest frame of a notebook cell
    that is not the test cell (``""`` when there is none)."""
    import linecache
    import traceback

    frames = [f for f in traceback.extract_tb(err.__traceback__)
              if f.filename != test_file and not _library_file(f.filename)]
    if not frames:
        return ""
    f = frames[-1]
    line = (f.line or linecache.getline(f.filename, f.lineno)).strip()
    return f"Raised in your {f.name}, line {f.lineno}: {line}" if line else f"Raised in your {f.name}, line {f.lineno}."


def run_test(probe, check) -> None:
    """Run a test cell in one process (the student's own JupyterLab): probe, then check.

    The values make the same round trip as when grading, so a test behaves the same in both, and a
    failure gives the sentence the grader would record (plus, when the student's code raised, where).
    A pass prints :data:`PASSED`.
    """
    global _caught
    test_file = getattr(getattr(probe, "__code__", None), "co_filename", None)
    _caught = []
    try:
        try:
            values = decode(encode(probe()))
        except NotAValue as err:
            raise CheckFailed(f"This test cannot use what your code returned ({describe_error(err)}).") from None
        except Exception as err:  # the student's code raised while the probe ran it
            raise CheckFailed(f"Your code raised {describe_error(err)} while this test ran it.",
                              where_raised(err, test_file)) from None
        try:
            check(values)
        except Exception as err:  # a failed check: the sentence, and where the student's code raised
            sentence = failure_message(err)
            named = [e for e in _caught if type(e).__name__ in sentence]
            raise CheckFailed(sentence, where_raised(named[0], test_file) if named else "") from None
    finally:
        _caught = None
    print(PASSED)


# --------------------------------------------------------------------------------------------
# nbgrader's Validate: quiet on a pass, the sentence first on a failure.
# --------------------------------------------------------------------------------------------

class _LoneStringIsNoOutput:
    """IPython AST transformer: a cell that is only a string literal has no value to show."""

    def visit(self, node):
        import ast

        body = getattr(node, "body", None)
        if (isinstance(node, ast.Module) and len(body) == 1 and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str)):
            node.body.append(ast.fix_missing_locations(ast.copy_location(ast.Pass(), body[0])))
        return node


def quiet_hidden_cells_under_validate() -> None:
    """Under nbgrader's Validate, a test cell that holds only its docstring shows no output.

    In the student's notebook a hidden test cell holds only its docstring (the tests are added back
    when grading), so IPython shows that string as the cell's value. nbgrader 0.9.6 reads a test
    cell's value as partial credit (``utils.get_partial_grade``) and, since a string is no number,
    logs "Cell output is '...', which cannot be converted to a float ... may treat as error" twice per
    such cell (once for the passed cells, once for the failed ones), which students take for errors.
    No nbgrader setting turns that off (``Validator``'s options are the messages, ``indent``,
    ``width``, ``invert``, ``ignore_checksums`` and ``validate_all``; its preprocessors are not
    configurable), so the kernel that Validate starts (``NBGRADER_EXECUTION=validate`` in its
    environment) gives such a cell no value. Called when this module is imported (the setup cell).
    """
    import os

    if os.environ.get("NBGRADER_EXECUTION") != "validate" or "IPython" not in sys.modules:
        return
    from IPython import get_ipython

    shell = get_ipython()
    if shell is not None and not any(isinstance(t, _LoneStringIsNoOutput) for t in shell.ast_transformers):
        shell.ast_transformers.append(_LoneStringIsNoOutput())


def _validate_sentence(error: str) -> str:
    """The check's sentence in a failed cell's error text (its ``\u2718`` line), else its last line."""
    import re

    lines = [line.strip() for line in re.sub(r"\x1b\[[0-9;]*m", "", error).splitlines() if line.strip()]
    marked = [line for line in lines if line.startswith("\u2718")]
    return marked[0] if marked else (lines[-1] if lines else "")


def validate_leads_with_the_sentence() -> None:
    """Make nbgrader's Validate report each failed test cell starting with its sentence.

    nbgrader 0.9.6 reports a failure as "The following cell failed:", the cell's whole code, then the
    error, both on the command line (``Validator._print_error``) and in JupyterLab's Validate
    dialog (its lab extension draws ``source`` and then ``error``); no setting changes that order.
    So the report's ``source`` gets the sentence in front of the code. Called from
    ``nbgrader_config.py``, which nbgrader loads in the process that validates (the Jupyter
    server for the button, ``nbgrader validate`` on the command line); idempotent.
    """
    try:
        from nbgrader.validator import Validator
    except ImportError:  # only the student's kernel, no nbgrader: nothing to change
        return
    if getattr(Validator.validate, "_jaxcourse_sentence_first", False):
        return
    original = Validator.validate

    def validate(self, filename):
        import textwrap

        results = original(self, filename)
        # `nbgrader validate` prints each line cut at `width` characters ("..."): the sentence is
        # wrapped to fit, so a long one (a JAX error quoted whole) is never cut on the command line
        fits = max(40, int(self.width) - 3 - len(self.indent))
        for cell in results.get("failed", []):
            sentence = _validate_sentence(cell.get("raw_error", ""))
            sentence = textwrap.fill(sentence, fits, break_long_words=False, break_on_hyphens=False)
            if sentence and not cell.get("source", "").startswith(sentence):
                cell["source"] = f"{sentence}\n\n{cell.get('source', '')}"
        return results

    validate._jaxcourse_sentence_first = True
    validate.__doc__ = original.__doc__
    Validator.validate = validate


def emit_values(grade_id: str, probe) -> None:
    """Grading, in the student's kernel: run ``probe`` and hand its values to the grader."""
    from IPython.display import display

    try:
        payload = encode(probe())
    except Exception as err:  # the student's code failed; the checker turns this into feedback
        payload = {"ok": False, "error": describe_error(err), "not_a_value": isinstance(err, NotAValue)}
    payload["grade_id"] = grade_id
    display({MIME: payload}, raw=True)


quiet_hidden_cells_under_validate()
