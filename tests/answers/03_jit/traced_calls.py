# %% right: per_mode_lists
# Right: flattens each argument into (structure, leaves) like a pytree and keeps, per mode, the keys seen so far
def traced_calls(calls):
    wide = {"float64": "float32", "int64": "int32", "uint64": "uint32", "complex128": "complex64"}

    def flatten(x, leaves):
        if isinstance(x, list):
            return ("L", tuple(flatten(e, leaves) for e in x))
        if isinstance(x, dict):
            return ("D", tuple((k, flatten(x[k], leaves)) for k in sorted(x)))
        if x is True or x is False:
            leaves.append(("bool", (), "strong"))
        elif type(x) in (int, float):
            leaves.append(("int32" if type(x) is int else "float32", (), "weak"))
        elif x[0] == "numpy":
            leaves.append((wide.get(x[1], x[1]), tuple(x[2]), "strong"))
        else:
            leaves.append((x[1], tuple(x[2]), "strong"))
        return "*"

    seen_by_mode = {}
    out = []
    for x, mode in calls:
        leaves = []
        key = (flatten(x, leaves), tuple(leaves))
        seen = seen_by_mode.setdefault(mode, [])
        out.append(key not in seen)
        if key not in seen:
            seen.append(key)
    return out


# %% right: string_keys
# Right: writes each abstract value the way jax.typeof prints it (~ for weak), containers as brackets, and keys on it
def traced_calls(calls):
    def typeof(x):
        if type(x) is list:
            return "[" + ", ".join(typeof(e) for e in x) + "]"
        if type(x) is dict:
            return "{" + ", ".join(f"{k!r}: {typeof(x[k])}" for k in sorted(x)) + "}"
        if type(x) is bool:
            return "bool[]"
        if type(x) is int:
            return "~int32[]"
        if type(x) is float:
            return "~float32[]"
        library, dtype, shape = x
        if library == "numpy" and dtype in ("float64", "int64", "uint64", "complex128"):  # 64-bit: halved
            dtype = "complex64" if dtype == "complex128" else dtype[:-2] + "32"
        return f"{dtype}[{','.join(str(d) for d in shape)}]"

    programs = set()
    result = []
    for x, mode in calls:
        name = f"{typeof(x)} mode={mode}"
        result.append(name not in programs)
        programs.add(name)
    return result


# %% wrong: asks_a_child_process
# Wrong: runs a real jitted function with a trace counter in a child Python process, where no profiler watches
# Says: plain Python
def traced_calls(calls):
    import json
    import subprocess
    import sys

    program = (
        "import json, sys, jax\n"
        "from jaxcourse.checks import described_argument\n"
        "def back(d):\n"
        "    if isinstance(d, list) and len(d) == 3 and d[0] in ('jax', 'numpy'):\n"
        "        return (d[0], d[1], tuple(d[2]))\n"
        "    if isinstance(d, list):\n"
        "        return [back(e) for e in d]\n"
        "    return {k: back(e) for k, e in d.items()} if isinstance(d, dict) else d\n"
        "calls = json.loads(sys.stdin.read())\n"
        "traced = []\n"
        "f = jax.jit(lambda x, mode: traced.append(mode) or x, static_argnames='mode')\n"
        "out = []\n"
        "for x, mode in calls:\n"
        "    x = described_argument(back(x))\n"
        "    before = len(traced)\n"
        "    f(x, mode=mode)\n"
        "    out.append(len(traced) > before)\n"
        "print(json.dumps(out))\n"
    )
    done = subprocess.run([sys.executable, "-c", program], input=json.dumps(calls), capture_output=True, text=True)
    return json.loads(done.stdout)


# %% wrong: asks_jax
# Wrong: builds the arguments and calls a real jitted function with a trace counter instead of applying the rules
# Says: plain Python
def traced_calls(calls):
    from jaxcourse.checks import described_argument

    traced = []
    f = jax.jit(lambda x, mode: traced.append(mode) or x, static_argnames="mode")
    out = []
    for x, mode in calls:
        before = len(traced)
        f(described_argument(x), mode=mode)
        out.append(len(traced) > before)
    return out


# %% wrong: bool_as_int
# Wrong: tests isinstance(x, int) first, so a Python bool (an int subclass) is taken for a weak int
# Says: wrong for calls [8]
def traced_calls(calls):
    narrow = {"float64": "float32", "int64": "int32", "uint64": "uint32", "complex128": "complex64"}

    def abstract_value(x):
        if isinstance(x, list):
            return ("list", tuple(abstract_value(e) for e in x))
        if isinstance(x, dict):
            return ("dict", tuple(sorted((k, abstract_value(e)) for k, e in x.items())))
        if isinstance(x, int):
            return ("int32", (), True)
        if isinstance(x, float):
            return ("float32", (), True)
        library, dtype, shape = x
        return (narrow.get(dtype, dtype) if library == "numpy" else dtype, tuple(shape), False)

    seen, traced = set(), []
    for x, mode in calls:
        key = (abstract_value(x), mode)
        traced.append(key not in seen)
        seen.add(key)
    return traced


# %% wrong: cache_kept_between_calls
# Wrong: keeps its cache in a global, so a second sequence does not start from a fresh f
# Says: second time, fresh f
# Caught: hidden (a kept cache shows only when traced_calls is called again, which the hidden test does)
SEEN = set()


def traced_calls(calls):
    narrow = {"float64": "float32", "int64": "int32", "uint64": "uint32", "complex128": "complex64"}

    def abstract_value(x):
        if isinstance(x, list):
            return ("list", tuple(abstract_value(e) for e in x))
        if isinstance(x, dict):
            return ("dict", tuple(sorted((k, abstract_value(e)) for k, e in x.items())))
        if isinstance(x, bool):
            return ("bool", (), False)
        if isinstance(x, int):
            return ("int32", (), True)
        if isinstance(x, float):
            return ("float32", (), True)
        library, dtype, shape = x
        return (narrow.get(dtype, dtype) if library == "numpy" else dtype, tuple(shape), False)

    traced = []
    for x, mode in calls:
        key = (abstract_value(x), mode)
        traced.append(key not in SEEN)
        SEEN.add(key)
    return traced


# %% wrong: dict_insertion_order
# Wrong: keys a dict argument in insertion order, but JAX flattens dicts in sorted key order
# Says: wrong for calls [13]
def traced_calls(calls):
    narrow = {"float64": "float32", "int64": "int32", "uint64": "uint32", "complex128": "complex64"}

    def abstract_value(x):
        if isinstance(x, list):
            return ("list", tuple(abstract_value(e) for e in x))
        if isinstance(x, dict):
            return ("dict", tuple((k, abstract_value(e)) for k, e in x.items()))
        if isinstance(x, bool):
            return ("bool", (), False)
        if isinstance(x, int):
            return ("int32", (), True)
        if isinstance(x, float):
            return ("float32", (), True)
        library, dtype, shape = x
        return (narrow.get(dtype, dtype) if library == "numpy" else dtype, tuple(shape), False)

    seen, traced = set(), []
    for x, mode in calls:
        key = (abstract_value(x), mode)
        traced.append(key not in seen)
        seen.add(key)
    return traced


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: one bool per call
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
def traced_calls(calls):
    return [True, True, False, True, True, True, False, True, True, True, False, True, True, False]


# %% wrong: leaves_only
# Wrong: keys a pytree argument by its flattened leaves only, but the structure (containers, nesting, keys) counts too
# Says: wrong for calls [11]
def traced_calls(calls):
    narrow = {"float64": "float32", "int64": "int32", "uint64": "uint32", "complex128": "complex64"}

    def leaves(x):
        if isinstance(x, list):
            return [leaf for e in x for leaf in leaves(e)]
        if isinstance(x, dict):
            return [leaf for k in sorted(x) for leaf in leaves(x[k])]
        if isinstance(x, bool):
            return [("bool", (), False)]
        if isinstance(x, int):
            return [("int32", (), True)]
        if isinstance(x, float):
            return [("float32", (), True)]
        library, dtype, shape = x
        return [(narrow.get(dtype, dtype) if library == "numpy" else dtype, tuple(shape), False)]

    seen, traced = set(), []
    for x, mode in calls:
        key = (tuple(leaves(x)), mode)
        traced.append(key not in seen)
        seen.add(key)
    return traced


# %% wrong: mode_ignored
# Wrong: ignores the static argument, but every new value of mode traces f again
# Says: wrong for calls [1]
def traced_calls(calls):
    narrow = {"float64": "float32", "int64": "int32", "uint64": "uint32", "complex128": "complex64"}

    def abstract_value(x):
        if isinstance(x, list):
            return ("list", tuple(abstract_value(e) for e in x))
        if isinstance(x, dict):
            return ("dict", tuple(sorted((k, abstract_value(e)) for k, e in x.items())))
        if isinstance(x, bool):
            return ("bool", (), False)
        if isinstance(x, int):
            return ("int32", (), True)
        if isinstance(x, float):
            return ("float32", (), True)
        library, dtype, shape = x
        return (narrow.get(dtype, dtype) if library == "numpy" else dtype, tuple(shape), False)

    seen, traced = set(), []
    for x, _ in calls:
        key = abstract_value(x)
        traced.append(key not in seen)
        seen.add(key)
    return traced


# %% wrong: no_narrowing
# Wrong: keeps a NumPy argument's 64-bit dtype, but in 32-bit mode float64 enters as float32 (int64 as int32)
# Says: wrong for calls [2]
def traced_calls(calls):
    def abstract_value(x):
        if isinstance(x, list):
            return ("list", tuple(abstract_value(e) for e in x))
        if isinstance(x, dict):
            return ("dict", tuple(sorted((k, abstract_value(e)) for k, e in x.items())))
        if isinstance(x, bool):
            return ("bool", (), False)
        if isinstance(x, int):
            return ("int32", (), True)
        if isinstance(x, float):
            return ("float32", (), True)
        _, dtype, shape = x
        return (dtype, tuple(shape), False)

    seen, traced = set(), []
    for x, mode in calls:
        key = (abstract_value(x), mode)
        traced.append(key not in seen)
        seen.add(key)
    return traced


# %% wrong: numpy_separate
# Wrong: keys NumPy arguments apart from JAX arrays, but both enter jit as the same abstract value
# Says: wrong for calls [2, 10]
def traced_calls(calls):
    narrow = {"float64": "float32", "int64": "int32", "uint64": "uint32", "complex128": "complex64"}

    def abstract_value(x):
        if isinstance(x, list):
            return ("list", tuple(abstract_value(e) for e in x))
        if isinstance(x, dict):
            return ("dict", tuple(sorted((k, abstract_value(e)) for k, e in x.items())))
        if isinstance(x, bool):
            return ("bool", (), False)
        if isinstance(x, int):
            return ("int32", (), True)
        if isinstance(x, float):
            return ("float32", (), True)
        library, dtype, shape = x
        return (library, narrow.get(dtype, dtype) if library == "numpy" else dtype, tuple(shape))

    seen, traced = set(), []
    for x, mode in calls:
        key = (abstract_value(x), mode)
        traced.append(key not in seen)
        seen.add(key)
    return traced


# %% wrong: previous_call_only
# Wrong: compares each call with the previous one only, but jit keeps every program it traced
# Says: wrong for calls [2, 6]
def traced_calls(calls):
    narrow = {"float64": "float32", "int64": "int32", "uint64": "uint32", "complex128": "complex64"}

    def abstract_value(x):
        if isinstance(x, list):
            return ("list", tuple(abstract_value(e) for e in x))
        if isinstance(x, dict):
            return ("dict", tuple(sorted((k, abstract_value(e)) for k, e in x.items())))
        if isinstance(x, bool):
            return ("bool", (), False)
        if isinstance(x, int):
            return ("int32", (), True)
        if isinstance(x, float):
            return ("float32", (), True)
        library, dtype, shape = x
        return (narrow.get(dtype, dtype) if library == "numpy" else dtype, tuple(shape), False)

    previous, traced = None, []
    for x, mode in calls:
        key = (abstract_value(x), mode)
        traced.append(key != previous)
        previous = key
    return traced


# %% wrong: values_matter
# Wrong: treats each Python number's value as part of the key, but jit traces for abstract values, not values
# Says: wrong for calls [6, 10, 13]
def traced_calls(calls):
    narrow = {"float64": "float32", "int64": "int32", "uint64": "uint32", "complex128": "complex64"}

    def abstract_value(x):
        if isinstance(x, list):
            return ("list", tuple(abstract_value(e) for e in x))
        if isinstance(x, dict):
            return ("dict", tuple(sorted((k, abstract_value(e)) for k, e in x.items())))
        if isinstance(x, bool):
            return ("bool", (), False)
        if isinstance(x, (int, float)):
            return ("python", x)
        library, dtype, shape = x
        return (narrow.get(dtype, dtype) if library == "numpy" else dtype, tuple(shape), False)

    seen, traced = set(), []
    for x, mode in calls:
        key = (abstract_value(x), mode)
        traced.append(key not in seen)
        seen.add(key)
    return traced


# %% wrong: weak_ignored
# Wrong: gives a Python float the abstract value float32[] of a typed scalar, forgetting that it is weak
# Says: wrong for calls [5]
def traced_calls(calls):
    narrow = {"float64": "float32", "int64": "int32", "uint64": "uint32", "complex128": "complex64"}

    def abstract_value(x):
        if isinstance(x, list):
            return ("list", tuple(abstract_value(e) for e in x))
        if isinstance(x, dict):
            return ("dict", tuple(sorted((k, abstract_value(e)) for k, e in x.items())))
        if isinstance(x, bool):
            return ("bool", ())
        if isinstance(x, int):
            return ("int32", ())
        if isinstance(x, float):
            return ("float32", ())
        library, dtype, shape = x
        return (narrow.get(dtype, dtype) if library == "numpy" else dtype, tuple(shape))

    seen, traced = set(), []
    for x, mode in calls:
        key = (abstract_value(x), mode)
        traced.append(key not in seen)
        seen.add(key)
    return traced
