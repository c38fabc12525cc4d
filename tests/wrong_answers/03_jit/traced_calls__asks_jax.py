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
