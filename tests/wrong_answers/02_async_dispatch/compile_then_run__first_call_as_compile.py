# Wrong: times the first call of jax.jit(f) as the compile time, which includes running it
def compile_then_run(f, *args, clock=time.perf_counter):
    jitted = jax.jit(f)
    start = clock()
    jax.block_until_ready(jitted(*args))
    compile_s = clock() - start
    start = clock()
    out = jax.block_until_ready(jitted(*args))
    run_s = clock() - start
    return compile_s, run_s, out
