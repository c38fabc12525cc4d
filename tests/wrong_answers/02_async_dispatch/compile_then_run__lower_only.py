# Wrong: times only lower(), so the XLA compilation happens inside the timed run
def compile_then_run(f, *args, clock=time.perf_counter):
    start = clock()
    lowered = jax.jit(f).lower(*args)
    compile_s = clock() - start
    start = clock()
    out = jax.block_until_ready(lowered.compile()(*args))
    run_s = clock() - start
    return compile_s, run_s, out
