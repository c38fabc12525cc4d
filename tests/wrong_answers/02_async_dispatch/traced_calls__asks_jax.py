# Wrong: builds the arguments and calls a real jitted function with a trace counter instead of applying the rules
def traced_calls(calls):
    traced = []
    f = jax.jit(lambda x, mode: traced.append(mode) or x, static_argnames="mode")
    out = []
    for x, mode in calls:
        arg = {"jax": jnp, "numpy": np}[x[0]].zeros(x[2], x[1]) if isinstance(x, tuple) else x
        before = len(traced)
        f(arg, mode=mode)
        out.append(len(traced) > before)
    return out
