# Right: lowers and compiles in two statements inside one interval, and blocks with the array's own method
def compile_then_run(f, *args, clock=time.perf_counter):
    before_compile = clock()
    lowered = jax.jit(f).lower(*args)
    compiled = lowered.compile()
    after_compile = clock()
    out = compiled(*args).block_until_ready()
    after_run = clock()
    return after_compile - before_compile, after_run - after_compile, out
