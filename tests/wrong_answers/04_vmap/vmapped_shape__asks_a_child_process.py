# Wrong: asks jax.eval_shape in a child Python process, where no profiler watches, instead of applying the rules
# Says: another process
def vmapped_shape(example_shape, arg_shapes, in_axes, out_axes):
    import json
    import subprocess
    import sys

    program = (
        "import json, sys, jax, jax.numpy as jnp\n"
        "e, s, i, o = json.loads(sys.stdin.read())\n"
        "i = tuple(i) if isinstance(i, list) else i\n"
        "try:\n"
        "    out = jax.eval_shape(jax.vmap(lambda *a: jnp.zeros(e), i, o), *map(jnp.zeros, s)).shape\n"
        "except Exception:\n"
        "    out = None\n"
        "print(json.dumps(out))\n"
    )
    args = json.dumps([example_shape, arg_shapes, in_axes, out_axes])
    done = subprocess.run([sys.executable, "-c", program], input=args, capture_output=True, text=True)
    out = json.loads(done.stdout)
    return None if out is None else tuple(out)
