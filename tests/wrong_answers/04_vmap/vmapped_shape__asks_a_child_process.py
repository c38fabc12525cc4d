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
