# Wrong: compiles the jitted wrapper, then times a call of the wrapper instead of the compiled object
def compile_then_run(f, *args, clock=time.perf_counter):
    jitted = jax.jit(f)
    start = clock()
    jitted.lower(*args).compile()
    compile_s = clock() - start
    start = clock()
    out = jax.block_until_ready(jitted(*args))
    run_s = clock() - start
    return compile_s, run_s, out
