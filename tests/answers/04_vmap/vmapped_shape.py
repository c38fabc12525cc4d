# %% right: list_result
# Right: returns a list of sizes (tests compare it as a shape), batch size from a set, dicts opened by recursion
def _pairs(shape, axis):
    """(shape, axis) for every array of one argument; raises KeyError when a dict entry's keys differ."""
    if isinstance(shape, dict):
        axes = axis if isinstance(axis, dict) else dict.fromkeys(shape, axis)
        if set(axes) != set(shape):
            raise KeyError("in_axes keys")
        return [p for key in shape for p in _pairs(shape[key], axes[key])]
    if isinstance(axis, dict):
        raise KeyError("a dict entry for an array")
    return [(shape, axis)]


def vmapped_shape(example_shape, arg_shapes, in_axes, out_axes):
    if in_axes is None or isinstance(in_axes, int):
        in_axes = (in_axes,) * len(arg_shapes)
    if len(in_axes) != len(arg_shapes):
        return None
    try:
        pairs = [p for s, a in zip(arg_shapes, in_axes, strict=True) for p in _pairs(s, a)]
        sizes = {s[a] for s, a in pairs if a is not None and -len(s) <= a < len(s)}
        bad = any(a is not None and not -len(s) <= a < len(s) for s, a in pairs)
    except (IndexError, KeyError):
        return None
    n = len(example_shape) + 1
    if bad or len(sizes) != 1 or not -n <= out_axes < n:
        return None
    out = list(example_shape)
    out.insert(out_axes % n, sizes.pop())
    return out


# %% right: normalise_first
# Right: opens dict arguments up first, normalises every axis (negative to positive), then checks sizes with a list
def _arrays(arg_shapes, in_axes):
    """(shape, axis) of every array, dict arguments opened up; None when a dict entry misses a key."""
    pairs = []
    for shape, axis in zip(arg_shapes, in_axes, strict=False):
        if not isinstance(shape, dict):
            pairs.append((shape, axis))
        elif not isinstance(axis, dict):
            pairs += [(leaf, axis) for leaf in shape.values()]
        elif axis.keys() == shape.keys():
            pairs += [(shape[key], axis[key]) for key in shape]
        else:
            return None
    return pairs


def vmapped_shape(example_shape, arg_shapes, in_axes, out_axes):
    axes = list(in_axes) if isinstance(in_axes, tuple) else [in_axes] * len(arg_shapes)
    if len(axes) != len(arg_shapes):
        return None
    pairs = _arrays(arg_shapes, axes)
    if pairs is None:
        return None
    sizes = []
    for shape, axis in pairs:
        if isinstance(axis, dict):
            return None
        if axis is not None:
            if axis < 0:
                axis += len(shape)
            if axis < 0 or axis >= len(shape):
                return None
            sizes.append(shape[axis])
    if not sizes or any(s != sizes[0] for s in sizes):
        return None
    rank = len(example_shape) + 1
    position = out_axes + rank if out_axes < 0 else out_axes
    if position < 0 or position >= rank:
        return None
    shape = list(example_shape)
    shape.insert(position, sizes[0])
    return tuple(shape)


# %% wrong: asks_a_child_process
# Wrong: asks jax.eval_shape in a child Python process, where no profiler watches, instead of applying the rules
# Says: another process
_child = []  # one child process, started on the first call and asked again for every case


def vmapped_shape(example_shape, arg_shapes, in_axes, out_axes):
    import json
    import subprocess
    import sys

    program = (
        "import json, sys, jax, jax.numpy as jnp\n"
        "for line in sys.stdin:\n"
        "    e, s, i, o = json.loads(line)\n"
        "    i = tuple(i) if isinstance(i, list) else i\n"
        "    try:\n"
        "        out = jax.eval_shape(jax.vmap(lambda *a: jnp.zeros(e), i, o), *map(jnp.zeros, s)).shape\n"
        "    except Exception:\n"
        "        out = None\n"
        "    print(json.dumps(out), flush=True)\n"
    )
    if not _child:
        _child.append(subprocess.Popen([sys.executable, "-c", program], stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, text=True, bufsize=1))
    _child[0].stdin.write(json.dumps([example_shape, arg_shapes, in_axes, out_axes]) + "\n")
    _child[0].stdin.flush()
    out = json.loads(_child[0].stdout.readline())
    return None if out is None else tuple(out)


# %% wrong: asks_jax
# Wrong: asks JAX (jax.eval_shape of a vmapped stand-in) instead of applying the rules
# Says: plain Python
def vmapped_shape(example_shape, arg_shapes, in_axes, out_axes):
    f = lambda *args: jnp.zeros(example_shape) + sum(jnp.sum(a) for a in jax.tree.leaves(args))
    zeros = lambda s: jax.tree.map(jnp.zeros, s, is_leaf=lambda t: isinstance(t, tuple))
    try:
        return jax.eval_shape(jax.vmap(f, in_axes, out_axes), *map(zeros, arg_shapes)).shape
    except ValueError:
        return None


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: Wrong for
# Caught: hidden (the visible outputs are hard-coded: only fresh inputs show it)
_SHAPES_SEEN = {  # the visible calls that work
                "((), [(5, 4), (5, 4)], 0, 0)": (5,), "((4,), [(5, 4), (4,)], (0, None), 1)": (4, 5),
                "((3,), [(2, 3, 7)], 2, -1)": (3, 7), "((2, 2), [(6, 1)], -2, 2)": (2, 2, 6),
                "((), [{'w': (3, 4), 'b': (3,)}], 0, 0)": (3,),
                "((2,), [{'w': (4, 5), 'b': ()}], ({'w': 1, 'b': None},), -1)": (2, 5)}


def vmapped_shape(example_shape, arg_shapes, in_axes, out_axes):
    return _SHAPES_SEEN.get(repr((tuple(example_shape), list(arg_shapes), in_axes, out_axes)))


# %% wrong: ignores_out_axes
# Wrong: always puts the batch axis first, whatever out_axes says
# Says: Wrong for
def _arrays(arg_shapes, in_axes):
    """(shape, axis) of every array, dict arguments opened up; None when a dict entry misses a key."""
    pairs = []
    for shape, axis in zip(arg_shapes, in_axes, strict=False):
        if not isinstance(shape, dict):
            pairs.append((shape, axis))
        elif not isinstance(axis, dict):
            pairs += [(leaf, axis) for leaf in shape.values()]
        elif axis.keys() == shape.keys():
            pairs += [(shape[key], axis[key]) for key in shape]
        else:
            return None
    return pairs


def vmapped_shape(example_shape, arg_shapes, in_axes, out_axes):
    if not isinstance(in_axes, tuple):
        in_axes = (in_axes,) * len(arg_shapes)
    pairs = _arrays(arg_shapes, in_axes) or []
    sizes = {shape[axis] for shape, axis in pairs if axis is not None and -len(shape) <= axis < len(shape)}
    return (sizes.pop(),) + tuple(example_shape) if len(sizes) == 1 else None


# %% wrong: no_errors
# Wrong: never predicts an error: takes the size of the first mapped argument and ignores mismatches and ranges
# Says: Wrong for, None
def _arrays(arg_shapes, in_axes):
    """(shape, axis) of every array, dict arguments opened up; None when a dict entry misses a key."""
    pairs = []
    for shape, axis in zip(arg_shapes, in_axes, strict=False):
        if not isinstance(shape, dict):
            pairs.append((shape, axis))
        elif not isinstance(axis, dict):
            pairs += [(leaf, axis) for leaf in shape.values()]
        elif axis.keys() == shape.keys():
            pairs += [(shape[key], axis[key]) for key in shape]
        else:
            return None
    return pairs


def vmapped_shape(example_shape, arg_shapes, in_axes, out_axes):
    if not isinstance(in_axes, tuple):
        in_axes = (in_axes,) * len(arg_shapes)
    pairs = _arrays(arg_shapes, in_axes) or []
    size = next((shape[axis] for shape, axis in pairs if axis is not None and -len(shape) <= axis < len(shape)), 1)
    out_axes %= len(example_shape) + 1
    return tuple(example_shape[:out_axes]) + (size,) + tuple(example_shape[out_axes:])


# %% wrong: no_out_axes_range
# Wrong: checks in_axes but never whether out_axes is in range for the result's rank, so it returns a shape there
# Says: Wrong for
def _arrays(arg_shapes, in_axes):
    """(shape, axis) of every array, dict arguments opened up; None when a dict entry misses a key."""
    pairs = []
    for shape, axis in zip(arg_shapes, in_axes, strict=False):
        if not isinstance(shape, dict):
            pairs.append((shape, axis))
        elif not isinstance(axis, dict):
            pairs += [(leaf, axis) for leaf in shape.values()]
        elif axis.keys() == shape.keys():
            pairs += [(shape[key], axis[key]) for key in shape]
        else:
            return None
    return pairs


def vmapped_shape(example_shape, arg_shapes, in_axes, out_axes):
    if not isinstance(in_axes, tuple):
        in_axes = (in_axes,) * len(arg_shapes)
    if len(in_axes) != len(arg_shapes):
        return None
    sizes = set()
    for shape, axis in _arrays(arg_shapes, in_axes) or [((), 0)]:
        if axis is None:
            continue
        if not -len(shape) <= axis < len(shape):
            return None
        sizes.add(shape[axis])
    if len(sizes) != 1:
        return None
    out_axes %= len(example_shape) + 1
    return tuple(example_shape[:out_axes]) + (sizes.pop(),) + tuple(example_shape[out_axes:])


# %% wrong: skips_dicts
# Wrong: right for arrays, but leaves every dict argument out, as if it were never mapped
# Says: Wrong for
def vmapped_shape(example_shape, arg_shapes, in_axes, out_axes):
    if not isinstance(in_axes, tuple):
        in_axes = (in_axes,) * len(arg_shapes)
    if len(in_axes) != len(arg_shapes):
        return None
    sizes = set()
    for shape, axis in zip(arg_shapes, in_axes, strict=True):
        if axis is None or isinstance(shape, dict):
            continue
        if not -len(shape) <= axis < len(shape):
            return None
        sizes.add(shape[axis])
    if len(sizes) != 1:
        return None
    ndim = len(example_shape) + 1
    if not -ndim <= out_axes < ndim:
        return None
    out_axes %= ndim
    return tuple(example_shape[:out_axes]) + (sizes.pop(),) + tuple(example_shape[out_axes:])


# %% wrong: worker_thread
# Wrong: a worker thread started in the answer cell asks JAX (jax.eval_shape), outside the calling thread
# Says: plain Python
import queue
import threading

_requests, _answers = queue.Queue(), queue.Queue()


def _worker():
    while True:
        example, shapes, in_axes, out_axes = _requests.get()
        f = lambda *args, e=example: jnp.zeros(e) + sum(jnp.sum(a) for a in args)  # noqa: E731
        try:
            args = [jax.ShapeDtypeStruct(s, jnp.float32) for s in shapes]
            _answers.put(tuple(jax.eval_shape(jax.vmap(f, in_axes, out_axes), *args).shape))
        except Exception:
            _answers.put(None)


threading.Thread(target=_worker, daemon=True).start()


def vmapped_shape(example_shape, arg_shapes, in_axes, out_axes):
    _requests.put((example_shape, arg_shapes, in_axes, out_axes))
    return _answers.get()
