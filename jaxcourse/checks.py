"""Test helpers that assignment test cells share, so that a test cell reads as a list of checks.

These are *test* helpers: they read jaxprs, compare results and describe dtypes. None of them
answers an exercise (``tests/test_build.py`` checks that an answer delegating to any public
function of ``jaxcourse`` loses its points). A test cell imports what it needs in the
assignment's setup cell, for example::

    from jaxcourse.checks import matches, primitive_names

Helpers used inside ``probe`` run next to the student's code; helpers used inside ``check`` run in
the trusted checker on plain values (NumPy arrays, numbers, strings).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from jaxcourse.jaxprs import all_eqns


def all_equations(jaxpr) -> Iterator:
    """Every equation of a jaxpr (closed or open), nested ones included (``jit``, ``cond``, ``scan``, ...)."""
    yield from all_eqns(jaxpr)


def primitive_names(f: Callable, *args: Any, **kwargs: Any) -> list[str]:
    """The sorted names of every primitive in the jaxpr of ``f(*args, **kwargs)``, nested ones included."""
    import jax

    return sorted({eqn.primitive.name for eqn in all_eqns(jax.make_jaxpr(f)(*args, **kwargs))})


def equation_count(f: Callable, *args: Any, **kwargs: Any) -> int:
    """How many equations the jaxpr of ``f(*args, **kwargs)`` holds, nested ones included."""
    import jax

    return len(all_eqns(jax.make_jaxpr(f)(*args, **kwargs)))


def loops_in(f: Callable, *args: Any, **kwargs: Any) -> int:
    """How many loops (``scan`` and ``while`` equations) the jaxpr of ``f(*args, **kwargs)`` holds, nested too."""
    import jax

    return sum(eqn.primitive.name in ("scan", "while") for eqn in all_eqns(jax.make_jaxpr(f)(*args, **kwargs)))


def matches(out: Any, ref: Any, rtol: float = 1e-5, atol: float = 1e-5) -> bool:
    """``out`` has the shape, the dtype and (up to rounding) the values of ``ref``."""
    out, ref = np.asarray(out), np.asarray(ref)
    return out.shape == ref.shape and out.dtype == ref.dtype and bool(np.allclose(out, ref, rtol=rtol, atol=atol))


def same(out: Any, ref: Any) -> bool:
    """``out`` has exactly the shape, the dtype and the values of ``ref``."""
    out, ref = np.asarray(out), np.asarray(ref)
    return out.shape == ref.shape and out.dtype == ref.dtype and bool(np.array_equal(out, ref))


def reference_transform(img: np.ndarray, t: int) -> np.ndarray:
    """NumPy, for the checker: transform number ``t`` of ``img`` (rotate a quarter turn if bit 0 of
    ``t``, then mirror left-right if bit 1, then upside down if bit 2)."""
    img = np.rot90(img) if t & 1 else img
    img = img[:, ::-1] if t & 2 else img
    return img[::-1] if t & 4 else img


def which_transform(out: Any, img: Any) -> int | None:
    """The number ``t`` for which :func:`reference_transform` turns ``img`` into ``out``, or ``None``."""
    out, img = np.asarray(out), np.asarray(img)
    return next((t for t in range(8) if np.array_equal(out, reference_transform(img, t))), None)


#: Audit events that start another process: an answer that asks JAX in a child process (``subprocess.run``
#: of a jit experiment) asks the library as surely as one that calls it here.
_PROCESS_EVENTS = ("subprocess.Popen", "os.system", "os.posix_spawn", "os.exec", "os.fork", "os.forkpty",
                   "os.spawn", "os.startfile", "pty.spawn")
#: While :func:`library_calls` watches, the set its audit hook adds to (the hook, once added, stays).
_AUDIT: list[set] = []
_AUDITED: list = []


def _audit(event: str, args: tuple) -> None:
    if _AUDIT and event in _PROCESS_EVENTS:
        _AUDIT[-1].add(f"another process ({event})")


def library_calls(fn: Callable, *args: Any, packages: tuple[str, ...] = ("jax", "jaxlib", "numpy", "ml_dtypes"),
                  **kwargs: Any) -> dict[str, Any]:
    """Run ``fn(*args, **kwargs)`` and name the functions of ``packages`` it called from outside them.

    Returns ``{"out": result, "error": error, "calls": calls}`` (plain values a probe can return):
    ``error`` as :func:`jaxcourse.checking.attempt` gives it, and ``calls`` the sorted
    ``"module.function"`` names of every call that entered one of ``packages`` from code outside it
    (the student's code, or this course's package). A test uses it where an answer must apply rules
    itself rather than ask the library (a dtype prediction must not call ``jnp.promote_types``).
    Starting another process counts as a call too (``"another process (subprocess.Popen)"``), seen by
    an audit hook (``sys.addaudithook``), which an answer cannot switch off as it could a profiler.
    """
    import os
    import sys

    if _audit not in _AUDITED:
        sys.addaudithook(_audit)
        _AUDITED.append(_audit)

    from jaxcourse.checking import attempt

    roots = tuple(os.path.dirname(m.__file__) + os.sep for name in packages
                  if (m := sys.modules.get(name)) is not None and getattr(m, "__file__", None))

    def inside(frame) -> bool:
        return frame is not None and frame.f_code.co_filename.startswith(roots)

    calls: set[str] = set()

    def profiler(frame, event, arg):
        if event == "call" and inside(frame) and not inside(frame.f_back):
            calls.add(f"{frame.f_globals.get('__name__', '?')}.{frame.f_code.co_name}")
        elif event == "c_call" and not inside(frame):
            module = getattr(arg, "__module__", None) or getattr(getattr(arg, "__self__", None), "__name__", "") or ""
            if module.split(".")[0] in packages:
                calls.add(f"{module}.{getattr(arg, '__name__', '?')}")

    import gc
    import threading

    previous, collecting = sys.getprofile(), gc.isenabled()
    previous_threads = threading.getprofile()
    gc.disable()  # a garbage collection would run JAX's gc callback as if the student had called it
    threading.setprofile(profiler)  # threads that fn starts (a ThreadPoolExecutor's workers) are watched too
    sys.setprofile(profiler)
    _AUDIT.append(calls)
    try:
        result, error = attempt(fn, *args, **kwargs)
    finally:
        _AUDIT.remove(calls)
        sys.setprofile(previous)
        threading.setprofile(previous_threads)
        if collecting:
            gc.enable()
    calls.discard("jaxcourse.checking.attempt")
    return {"out": result, "error": error, "calls": sorted(calls)}


def cell_library_calls(fn: Callable, *args: Any, **kwargs: Any) -> dict[str, Any]:
    """:func:`library_calls` for the whole cell that defined ``fn``, not only for the call.

    The cell's source (IPython keeps it in ``linecache``; for a module, its file) runs again under
    the watch, in a namespace that holds only the modules ``fn``'s globals hold, and the function it
    defines is called with ``args``. So a table that the cell built at its top level by asking JAX
    shows as a call, and a name taken from another cell shows as a ``NameError``.
    """
    import linecache
    import types

    source = "".join(linecache.getlines(fn.__code__.co_filename))
    scope = {k: v for k, v in fn.__globals__.items() if isinstance(v, types.ModuleType)}
    scope.update(__name__=fn.__globals__.get("__name__", "__main__"), __builtins__=fn.__globals__["__builtins__"])

    def rerun():
        if f"def {fn.__name__}" not in source:
            raise LookupError(f"the source of the cell that defines {fn.__name__} is not available")
        exec(compile(source, fn.__code__.co_filename, "exec"), scope)  # noqa: S102 - the student's own cell
        return scope[fn.__name__](*args, **kwargs)

    return library_calls(rerun)


def crop_offset(out: Any, img: Any) -> tuple[int, int] | None:
    """The offset ``(r, c)`` at which ``out`` is a window of ``img``: ``img[r:r + h, c:c + w]`` for ``out``'s
    height ``h`` and width ``w``, with ``img``'s dtype and trailing axes; ``None`` when it is none of them."""
    out, img = np.asarray(out), np.asarray(img)
    if out.ndim != img.ndim or out.ndim < 2 or out.shape[2:] != img.shape[2:] or out.dtype != img.dtype:
        return None
    h, w = out.shape[:2]
    return next(((r, c) for r in range(img.shape[0] - h + 1) for c in range(img.shape[1] - w + 1)
                 if np.array_equal(img[r:r + h, c:c + w], out)), None)


def mixup_report(images: Any, labels: Any, outs: list) -> dict[str, Any]:
    """Read mixup results back from their label rows (``labels`` distinct, so each row names its pair).

    ``outs`` holds ``(mixed_images, mixed_labels)`` for several keys. Each row gives the weight
    ``lam`` of the example's own label and its partner (the example whose label has the rest;
    unknown where the row is one-hot). Returns plain facts: ``rows_ok`` (every row mixes at most two
    one-hot labels and sums to 1), ``images_ok`` (every image is ``lam * x_i + (1 - lam) * x_p``),
    ``duplicates`` (two examples of one call share a partner), ``fixed`` (every example has the
    same partner for every key), ``shared`` (share of calls whose examples all got one weight) and ``lams`` (the
    weights of the rows whose partner shows, over all calls)."""
    images, labels = np.asarray(images, np.float64), np.asarray(labels)
    n, index = len(labels), {int(label): i for i, label in enumerate(labels)}
    report = {"rows_ok": True, "images_ok": True, "duplicates": False, "shared": 0.0, "lams": []}
    partners_seen = []
    for mixed, rows in outs:
        rows, mixed = np.asarray(rows, np.float64), np.asarray(mixed, np.float64)
        if rows.shape[0] != n or mixed.shape != images.shape:
            return {**report, "rows_ok": False}
        report["rows_ok"] &= bool(np.allclose(rows.sum(1), 1, atol=1e-4) and (rows > -1e-6).all()
                                  and ((rows > 1e-6).sum(1) <= 2).all())
        lam = rows[np.arange(n), labels]
        other = rows.copy()
        other[np.arange(n), labels] = -1.0
        best = other.argmax(1)
        partner = np.array([index.get(int(b), -1) if other[i, b] > 1e-6 else -1 for i, b in enumerate(best)])
        shown = partner >= 0
        expected = np.where(shown[:, None, None, None],
                            lam[:, None, None, None] * images + (1 - lam[:, None, None, None]) * images[partner],
                            images)
        report["images_ok"] &= bool(np.allclose(mixed, expected, rtol=1e-4, atol=0.05))
        report["duplicates"] |= len(set(partner[shown])) < shown.sum()
        report["shared"] += (len(set(np.round(lam[shown], 4))) <= 1 and shown.sum() > 1) / len(outs)
        report["lams"].extend(lam[shown].tolist())
        partners_seen.append(tuple(partner))
    columns = [{p for p in column if p >= 0} for column in zip(*partners_seen, strict=True)]
    report["fixed"] = len(outs) > 1 and all(len(column) <= 1 for column in columns)
    report["lams"] = np.array(report["lams"])
    return report


def sharded(f: Callable, in_specs: Any, out_specs: Any, devices: int | None = None, axis: str = "devices"):
    """``jax.jit(jax.shard_map(f, ...))`` on a one-axis mesh ``axis`` of the first ``devices`` devices (all
    of them by default). The returned function first places each argument on the mesh by its entry of
    ``in_specs`` (a tuple, one spec per argument), so a test calls it on plain arrays and pytrees."""
    import jax

    k = jax.device_count() if devices is None else devices
    mesh = jax.make_mesh((k,), (axis,), devices=jax.devices()[:k])
    specs = in_specs if isinstance(in_specs, tuple) else (in_specs,)
    mapped = jax.jit(jax.shard_map(f, mesh=mesh, in_specs=specs, out_specs=out_specs))

    def call(*args):
        return mapped(*(jax.device_put(a, jax.NamedSharding(mesh, s)) for a, s in zip(args, specs, strict=True)))

    return call


def as_slices(value: Any) -> list[list[tuple[int, int]]] | None:
    """``value`` as a list (one entry per device) of lists of ``(start, stop)`` int pairs, or ``None``
    when it is not shaped so (lists, tuples and NumPy integers are all accepted)."""
    try:
        return [[(int(start), int(stop)) for start, stop in row] for row in value]
    except (TypeError, ValueError):
        return None


def guarded(f: Callable, *args: Any, **kwargs: Any) -> tuple[Any, str | None]:
    """Call ``f(*args, **kwargs)`` once (to compile), then again under ``jax.transfer_guard("disallow")``.

    Returns ``(result, None)``, or ``(None, what_failed)`` when the guarded call copied data from the
    host to the device or when ``f`` turned a traced value into a Python or NumPy value; other
    errors propagate. ``what_failed`` is a phrase for the check's message; the verdict is whether it
    is ``None``.
    """
    import jax

    try:
        f(*args, **kwargs)
        with jax.transfer_guard("disallow"):
            return f(*args, **kwargs), None
    except jax.errors.JaxRuntimeError:
        return None, "copied a Python number or NumPy array from the host to the device"
    except jax.errors.JAXTypeError:
        return None, "turned a traced value into a Python or NumPy value (float(), .item(), np.asarray)"


class Pending:
    """A stand-in for a ``jax.Array`` whose value is still being computed, for tests of *when* code waits.

    Every way of waiting for it (``block_until_ready()``, ``float()``, ``int()``, ``.item()``,
    ``np.asarray``) appends ``("wait", *tag)`` to the list ``log``; the conversions return ``value``.
    """

    def __init__(self, log: list, tag: Any = (), value: float = 0.0):
        self.log, self.tag, self.value = log, tuple(tag), value

    def _wait(self) -> None:
        self.log.append(("wait", *self.tag))

    def block_until_ready(self) -> Pending:
        self._wait()
        return self

    def __float__(self) -> float:
        self._wait()
        return float(self.value)

    def __int__(self) -> int:
        self._wait()
        return int(self.value)

    def item(self) -> float:
        self._wait()
        return self.value

    def __array__(self, dtype=None, copy=None) -> np.ndarray:
        self._wait()
        return np.asarray(self.value, dtype=dtype)


def described_argument(description: Any) -> Any:
    """The argument that ``description`` names, for tests about which arguments make ``jit`` trace again:
    ``("jax", dtype, shape)`` gives ``jnp.zeros(shape, dtype)``, ``("numpy", dtype, shape)`` gives
    ``np.zeros(shape, dtype)``, a list or dict gives the same container of described arguments, and
    anything else (a Python number) is the argument itself."""
    import jax.numpy as jnp

    if isinstance(description, list):
        return [described_argument(d) for d in description]
    if isinstance(description, dict):
        return {k: described_argument(d) for k, d in description.items()}
    if isinstance(description, tuple):
        library, dtype, shape = description
        return {"jax": jnp, "numpy": np}[library].zeros(shape, dtype)
    return description


def _interpret(f: Callable, args: tuple, rule: Callable, traced: bool = False,
               extras: list | None = None) -> Any:
    """``f(*args)`` evaluated equation by equation from its jaxpr, opening ``jit`` calls and the bodies
    of ``jax.checkpoint`` and ``jax.custom_jvp`` (so wrapping code in one hides nothing). Each other
    equation goes to ``rule(eqn, ins, run)``, which returns its outputs, or ``None`` to bind the
    primitive as it is; ``run(closed_jaxpr, *values)`` evaluates a sub-jaxpr the same way.

    ``traced=True``: the whole evaluation runs inside one ``jax.jit`` (one compilation instead of one
    per equation, which costs seconds), for rules that never need a concrete value. Such a rule may
    append arrays it wants to read to ``extras``; they come back there as concrete arrays."""
    import jax

    def run(closed, *values):
        return evaluate(closed.jaxpr, closed.consts, *values)

    def evaluate(jaxpr, consts, *values):
        env = {}

        def read(var):
            return var.val if type(var).__name__ == "Literal" else env[var]

        env.update(zip(jaxpr.constvars, consts, strict=True))
        env.update(zip(jaxpr.invars, values, strict=True))
        for eqn in jaxpr.eqns:
            ins = [read(v) for v in eqn.invars]
            sub = eqn.params.get("jaxpr", eqn.params.get("call_jaxpr"))
            if eqn.primitive.name in ("jit", "pjit", "closed_call") and hasattr(sub, "consts"):
                outs = run(sub, *ins)
            elif eqn.primitive.name in ("checkpoint", "remat", "remat2", "custom_jvp_call") and sub is not None:
                outs = run(sub, *ins) if hasattr(sub, "consts") else evaluate(sub, [], *ins)
            else:
                outs = rule(eqn, ins, run)
                if outs is None:
                    outs = eqn.primitive.bind(*ins, **eqn.primitive.get_bind_params(eqn.params))
                    outs = outs if eqn.primitive.multiple_results else [outs]
            env.update(zip(eqn.outvars, outs, strict=True))
        return [read(v) for v in jaxpr.outvars]

    closed = jax.make_jaxpr(f)(*args)
    leaves = jax.tree.leaves(args)
    if traced:
        wanted = extras if extras is not None else []

        def whole(*values):
            wanted.clear()
            return run(closed, *values), list(wanted)

        out, found = jax.jit(whole)(*leaves)
        wanted[:] = found
    else:
        out = run(closed, *leaves)
    return jax.tree.unflatten(jax.tree.structure(jax.eval_shape(f, *args)), out)


def writes_reversed(f: Callable, *args: Any) -> Any:
    """``f(*args)`` evaluated with every ``.at[].set`` (a ``scatter``) applying its updates in the
    opposite order.

    When several updates of one ``.at[idx].set(values)`` land on the same entry, which one wins is
    unspecified: today's CPU happens to keep the last. Reversing the order turns that into the
    first, so an answer that relies on it gives another result here, while an answer that does not
    (``.at[].min``, ``.at[].add``, a comparison table, writes to distinct entries) gives the same
    one. The jaxpr of ``f`` is evaluated equation by equation, inside ``jit`` calls too; loops and
    branches run as they are.
    """
    import jax

    def rule(eqn, ins, run):
        if eqn.primitive.name != "scatter":
            return None
        operand, indices, updates = ins
        windows = eqn.params["dimension_numbers"].update_window_dims
        indices = jax.numpy.flip(indices, tuple(range(indices.ndim - 1)))
        updates = jax.numpy.flip(updates, tuple(d for d in range(updates.ndim) if d not in windows))
        return [eqn.primitive.bind(operand, indices, updates, **eqn.primitive.get_bind_params(eqn.params))]

    return _interpret(f, args, rule, traced=True)


def while_iterations(f: Callable, *args: Any) -> tuple[Any, list[int]]:
    """``(f(*args), counts)``: ``f`` evaluated equation by equation from its jaxpr (inside ``jit``
    calls too), each ``while`` loop (``jax.lax.while_loop``, under any name) run as a Python loop;
    ``counts`` holds how many iterations each loop ran, in the order they ran. Decides without a
    clock whether a loop stops when its condition says so or runs a fixed number of times."""
    import jax

    counts: list[int] = []

    def rule(eqn, ins, run):
        if eqn.primitive.name != "while":
            return None
        p = eqn.params
        cond_consts, rest = ins[:p["cond_nconsts"]], ins[p["cond_nconsts"]:]
        body_consts, carry = rest[:p["body_nconsts"]], rest[p["body_nconsts"]:]
        n = 0
        while bool(jax.numpy.any(run(p["cond_jaxpr"], *cond_consts, *carry)[0])):
            carry, n = run(p["body_jaxpr"], *body_consts, *carry), n + 1
        counts.append(n)
        return carry

    return _interpret(f, args, rule), counts


class host_reads:  # noqa: N801 - used as a context manager, like a function
    """Within ``with host_reads(log):``, every read of a real ``jax.Array``'s value on the host appends
    ``("read",)`` to ``log``: ``float()``, ``int()``, ``bool()`` (so an ``if`` or a Python ``<`` that
    decides), ``.item()``, ``.tolist()``, formatting, ``np.asarray``, ``jax.device_get``, printing values.
    ``x.block_until_ready()`` and ``jax.block_until_ready(tree)`` append ``("wait",)``. Decides without a
    clock whether code made Python wait for a value. (NumPy scalar constructors such as ``np.float32(x)``
    read through the buffer protocol and are not seen.)"""

    def __init__(self, log: list):
        self.log = log

    def __enter__(self) -> list:
        from unittest import mock

        import jax

        cls = type(jax.numpy.zeros(()))
        value, block, block_tree = cls._value, cls.block_until_ready, jax.block_until_ready
        log = self.log

        def read(array):
            log.append(("read",))
            return value.fget(array)

        def wait(array):
            log.append(("wait",))
            return block(array)

        def wait_tree(tree):
            log.append(("wait",))
            return block_tree(tree)

        self._patches = [mock.patch.object(cls, "_value", property(read)),
                         mock.patch.object(cls, "block_until_ready", wait),
                         mock.patch.object(jax, "block_until_ready", wait_tree)]
        for p in self._patches:
            p.start()
        return log

    def __exit__(self, *exc) -> None:
        for p in reversed(self._patches):
            p.stop()


def program_facts(f: Callable, *args: Any, axis_length: int) -> dict[str, int]:
    """What a test of memory-bounded batching reads from the program of ``f(*args)``: ``equations``
    (how many, nested ones included), ``largest`` (the most numbers that one array an equation makes
    holds, among the arrays with an axis of length ``axis_length``) and ``steps`` (the iterations its
    loops run in all: a ``scan`` counts its length times the lengths of the scans around it, and every
    ``while`` loop is run, as in :func:`while_iterations`, to count its iterations), and ``callbacks``
    (equations that hand work to Python on the host, such as ``jax.pure_callback``: what they do is
    not in the program, so the other counts do not see it)."""
    import jax

    from jaxcourse.jaxprs import _subjaxprs

    closed = jax.make_jaxpr(f)(*args)
    eqns = all_eqns(closed)

    def scan_steps(jaxpr, times: int) -> int:
        total = 0
        for eqn in jaxpr.eqns:
            inner = times * int(eqn.params["length"]) if eqn.primitive.name == "scan" else times
            total += inner if eqn.primitive.name == "scan" else 0
            total += sum(scan_steps(sub, inner) for sub in _subjaxprs(eqn))
        return total

    largest = max((int(np.prod(v.aval.shape)) for e in eqns for v in e.outvars
                   if axis_length in getattr(v.aval, "shape", ())), default=0)
    return {"equations": len(eqns), "largest": largest,
            "steps": scan_steps(closed.jaxpr, 1) + sum(while_iterations(f, *args)[1]),
            "callbacks": sum("callback" in e.primitive.name for e in eqns)}


COLLECTIVES = ("psum", "pmax", "pmin", "all_gather", "reduce_scatter", "ppermute", "all_to_all", "pbroadcast")


def collective_sizes(f: Callable, *args: Any) -> list[tuple[str, int]]:
    """``(name, size)`` for every collective (a primitive whose name starts with one of
    :data:`COLLECTIVES`) in the jaxpr of ``f(*args)``, nested ones included, in program order:
    ``size`` is how many numbers its largest operand holds on one device (what that device sends)."""
    import jax

    return [(e.primitive.name, max((int(np.prod(v.aval.shape)) for v in e.invars), default=0))
            for e in all_eqns(jax.make_jaxpr(f)(*args)) if e.primitive.name.startswith(COLLECTIVES)]


def collective_perturbed(f: Callable, *args: Any, primitive: str = "reduce_scatter") -> Any:
    """``f(*args)`` evaluated from its jaxpr (as :func:`writes_reversed` does) with 1 added to every
    result of the collective ``primitive``, inside ``jax.shard_map`` bodies too. When ``f``'s result
    really comes from that collective, it changes; when the collective's result is thrown away,
    multiplied by zero or cancelled out, it does not."""
    import jax
    from jax.extend.core import ClosedJaxpr

    def rule(eqn, ins, run):
        p = eqn.params
        if eqn.primitive.name == "shard_map":
            body = ClosedJaxpr(p["jaxpr"], ())
            mapped = jax.shard_map(lambda *xs: tuple(run(body, *xs)), mesh=p["mesh"], in_specs=p["in_specs"],
                                   out_specs=p["out_specs"], check_vma=p["check_vma"],
                                   axis_names=set(p["newly_manual_axes"]))
            return list(mapped(*ins))
        if eqn.primitive.name != primitive:
            return None
        outs = eqn.primitive.bind(*ins, **eqn.primitive.get_bind_params(p))
        return [o + jax.numpy.ones_like(o) for o in (outs if eqn.primitive.multiple_results else [outs])]

    return _interpret(f, args, rule, traced=True)


#: Primitives that draw from or derive from a PRNG key (a key read by two of them is reused).
KEY_READERS = ("random_bits", "random_split", "random_fold_in", "random_gamma")


def reused_keys(f: Callable, *args: Any) -> list[str]:
    """The key reuses of ``f(*args)``: ``f`` is evaluated from its jaxpr (inside ``jit`` calls too,
    so inside ``jax.random``'s own functions), and every key that a random primitive (``KEY_READERS``)
    reads is compared by value with the keys read before it. Each reuse is named by the two
    primitives (``"random_split and random_split"``); ``fold_in`` counts as a reuse only with the same
    data. One key given to two samplers shows up here; keys that come from ``split`` or ``fold_in``
    (any order, any number) never coincide."""
    import jax

    readers: list[str] = []  # the key-reading primitives in program order; their keys come back in values
    values: list = []

    def rule(eqn, ins, run):
        name = eqn.primitive.name
        if name in KEY_READERS:
            readers.append(name)
            values.append(jax.random.key_data(ins[0]))
            values.append(ins[1] if name == "random_fold_in" else jax.numpy.zeros(0))
        return None

    # Traced: one compilation (the keys are compared after it ran, as the values it handed back).
    _interpret(f, args, rule, traced=True, extras=values)
    seen: dict[tuple, str] = {}
    reused: list[str] = []
    for k, name in enumerate(readers):
        key, data = np.asarray(values[2 * k]), np.asarray(values[2 * k + 1])
        ident = (key.shape, key.tobytes()) + ((data.tobytes(),) if name == "random_fold_in" else ())
        if ident in seen:
            reused.append(f"{seen[ident]} and {name}")
        seen.setdefault(ident, name)
    return reused


def mixup_partners(images: Any, labels: Any, outs: list) -> dict[str, Any]:
    """Read blends back from their label rows when labels may repeat (``images`` all different).

    ``outs`` holds ``(mixed_images, mixed_labels)`` for several calls. For call ``k`` and example
    ``i``, the weight ``lam`` is the row's entry at ``labels[i]``; another non-zero entry names the
    partner's class, and the partner is the example of that class whose blend
    ``lam * images[i] + (1 - lam) * images[j]`` is nearest to the mixed image. Returns plain facts:
    ``rows_ok`` (every row sums to 1, has no negative entry and at most two non-zero ones, one of
    them at the example's own label), ``images_ok`` (every mixed image is the blend its row names),
    ``one_hot_blended`` (rows one-hot at the example's own label whose image is not the example's
    own), ``lams`` (calls, n), ``partners`` (calls, n; -1 where the row names no other class or the
    partner's share is below 0.001), ``counts`` (n, n: how often ``j`` was ``i``'s partner),
    ``unseen`` (how many pairs ``(i, j)`` of examples of different classes never paired),
    ``overdrawn`` (the largest ratio of how often ``j`` was ``i``'s partner to ``i``'s known partners
    spread evenly over the examples of other classes), ``tied`` (the largest share of calls in which
    two examples had the same known partner) and ``shared`` (the share of calls whose examples all got
    one weight)."""
    images, labels = np.asarray(images, np.float64), np.asarray(labels)
    n = len(labels)
    report = {"rows_ok": True, "images_ok": True, "one_hot_blended": 0, "lams": np.zeros((len(outs), n)),
              "partners": -np.ones((len(outs), n), int), "counts": np.zeros((n, n), int), "tied": 0.0,
              "shared": 0.0, "unseen": 0, "overdrawn": 0.0}
    for k, (mixed, rows) in enumerate(outs):
        rows, mixed = np.asarray(rows, np.float64), np.asarray(mixed, np.float64)
        if rows.ndim != 2 or rows.shape[0] != n or rows.shape[1] <= labels.max() or mixed.shape != images.shape:
            return {**report, "rows_ok": False, "images_ok": False}
        lam = rows[np.arange(n), labels]
        other = rows.copy()
        other[np.arange(n), labels] = 0.0
        report["rows_ok"] &= bool(np.allclose(rows.sum(1), 1, atol=1e-4) and (rows > -1e-6).all()
                                  and ((other > 1e-6).sum(1) <= 1).all())
        report["lams"][k] = lam
        report["shared"] += (len(set(np.round(lam, 4))) <= 1 and n > 1) / len(outs)
        for i in range(n):
            c = int(other[i].argmax())
            if other[i, c] <= 1e-6:  # one-hot at its own label: the example itself
                blended = not np.allclose(mixed[i], images[i], rtol=1e-4, atol=0.05)
                report["one_hot_blended"] += int(blended)
                report["images_ok"] &= not blended
                continue
            candidates = np.flatnonzero(labels == c)
            if not len(candidates):
                report["images_ok"] = False
                continue
            errors = [np.abs(mixed[i] - (lam[i] * images[i] + (1 - lam[i]) * images[j])).max() for j in candidates]
            best = int(candidates[int(np.argmin(errors))])
            report["images_ok"] &= bool(min(errors) < 0.05 + 1e-4 * np.abs(images).max())
            if 1 - lam[i] > 1e-3:
                report["partners"][k, i] = best
                report["counts"][i, best] += 1
    allowed = labels[:, None] != labels[None, :]
    fair = report["counts"].sum(1, keepdims=True) / np.maximum(allowed.sum(1, keepdims=True), 1)
    report["unseen"] = int((report["counts"][allowed] == 0).sum())
    report["overdrawn"] = float((report["counts"] / np.maximum(fair, 1e-9)).max()) if report["counts"].any() else 0.0
    p = report["partners"]
    for i in range(n):
        for j in range(i + 1, n):
            known = (p[:, i] >= 0) & (p[:, j] >= 0)
            if known.sum() >= 8:
                report["tied"] = max(report["tied"], float(np.mean(p[known, i] == p[known, j])))
    return report



def on_mesh(f: Callable, args: tuple, specs: tuple, shape: tuple[int, ...], names: tuple[str, ...],
            with_mesh: bool = False, collectives: bool = False) -> dict[str, Any]:
    """Call ``f`` on ``args`` placed on a mesh of the first ``prod(shape)`` devices with axes ``names``
    (each argument by its entry of ``specs``), inside ``jax.set_mesh(mesh)`` when ``with_mesh``.

    Returns ``{"out": f's result, "like_first": whether the result is split over the devices like the
    first argument, "collectives": the collectives (all-gather, all-reduce, reduce-scatter, all-to-all,
    collective-permute) named in the compiled program of jax.jit(f) on the same arguments (None unless
    collectives)}``: facts for a test's ``check`` to judge.
    """
    import contextlib

    import jax

    k = int(np.prod(shape))
    mesh = jax.make_mesh(tuple(shape), tuple(names), devices=jax.devices()[:k])
    placed = [jax.device_put(a, jax.NamedSharding(mesh, s)) for a, s in zip(args, specs, strict=True)]
    with jax.set_mesh(mesh) if with_mesh else contextlib.nullcontext():
        out = f(*placed)
        found = None
        if collectives:
            text = jax.jit(f).lower(*placed).compile().as_text()
            names = ("all-gather", "all-reduce", "reduce-scatter", "all-to-all", "collective-permute")
            found = sorted(c for c in names if c in text)
    like = isinstance(out, jax.Array) and out.ndim == placed[0].ndim and out.sharding.is_equivalent_to(
        placed[0].sharding, out.ndim)
    return {"out": out, "like_first": bool(like), "collectives": found}


def writes_reversed_batched(f: Callable, *args: Any) -> Any:
    """:func:`writes_reversed` that also holds under ``jax.vmap``: ``f(*args)`` evaluated with every
    ``.at[].set`` (a ``scatter``) applying its updates in the opposite order *within each batch
    element*.

    A vmapped scatter keeps its batch as batching dimensions (``operand_batching_dims`` and
    ``scatter_indices_batching_dims``): index row ``b`` writes into operand row ``b``. Reversing the
    indices along such a dimension too would send row ``b``'s writes to another row, so only the
    other scatter dimensions (and the matching dimensions of the updates) are reversed. An answer
    that writes distinct entries, or drops the repeated ones (``mode="drop"`` out of range), gives
    the same result here; one that relies on the last of several writes to one entry winning does not.
    """
    import jax

    def rule(eqn, ins, run):
        if eqn.primitive.name != "scatter":
            return None
        operand, indices, updates = ins
        numbers = eqn.params["dimension_numbers"]
        batching = set(numbers.scatter_indices_batching_dims)
        scatter_dims = range(indices.ndim - 1)  # the index vector is the last dimension of the indices
        update_dims = [d for d in range(updates.ndim) if d not in numbers.update_window_dims]
        indices = jax.numpy.flip(indices, tuple(d for d in scatter_dims if d not in batching))
        updates = jax.numpy.flip(updates, tuple(u for d, u in zip(scatter_dims, update_dims, strict=True)
                                                if d not in batching))
        return [eqn.primitive.bind(operand, indices, updates, **eqn.primitive.get_bind_params(eqn.params))]

    return _interpret(f, args, rule, traced=True)


def program_summary(f: Callable, *args: Any, **kwargs: Any) -> dict[str, Any]:
    """What a test of *how* an answer computes reads from the jaxpr of ``f(*args, **kwargs)``, nested
    equations included, as plain values: ``equations`` (how many), ``largest`` (the most numbers that
    one array an equation makes holds), ``loops`` (``scan`` and ``while`` equations) and
    ``primitives`` (their sorted names). Two sizes of the same input tell a Python loop (more
    equations) from one program; ``largest`` tells a dense copy from work on the stored entries."""
    import jax

    eqns = all_eqns(jax.make_jaxpr(f)(*args, **kwargs))
    largest = max((int(np.prod(getattr(v.aval, "shape", ()))) for e in eqns for v in e.outvars), default=0)
    return {"equations": len(eqns), "largest": largest,
            "loops": sum(e.primitive.name in ("scan", "while") for e in eqns),
            "primitives": sorted({e.primitive.name for e in eqns})}
