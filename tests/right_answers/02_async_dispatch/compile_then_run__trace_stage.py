# Right: the explicit trace stage, jax.jit(f).trace(*args).lower().compile(), then waits leaf by leaf
def compile_then_run(f, *args, clock=time.perf_counter):
    t0 = clock()
    compiled = jax.jit(f).trace(*args).lower().compile()
    t1 = clock()
    out = compiled(*args)
    for leaf in jax.tree.leaves(out):
        leaf.block_until_ready()
    t2 = clock()
    return t1 - t0, t2 - t1, out
