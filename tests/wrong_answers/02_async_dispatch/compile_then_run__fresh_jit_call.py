# Wrong: compiles with lower().compile() but times a fresh jax.jit(f) call instead of the compiled object
def compile_then_run(f, *args, clock=time.perf_counter):
    start = clock()
    jax.jit(f).lower(*args).compile()
    compile_s = clock() - start
    start = clock()
    out = jax.block_until_ready(jax.jit(f)(*args))
    run_s = clock() - start
    return compile_s, run_s, out
