# Wrong: does not wait for the compiled call, so run_s is only the dispatch time
def compile_then_run(f, *args, clock=time.perf_counter):
    start = clock()
    compiled = jax.jit(f).lower(*args).compile()
    compile_s = clock() - start
    start = clock()
    out = compiled(*args)
    run_s = clock() - start
    return compile_s, run_s, out
