# Wrong: compiles f but then times the Python function f instead of the compiled executable
def compile_then_run(f, *args, clock=time.perf_counter):
    start = clock()
    jax.jit(f).lower(*args).compile()
    compile_s = clock() - start
    start = clock()
    out = jax.block_until_ready(f(*args))
    run_s = clock() - start
    return compile_s, run_s, out
