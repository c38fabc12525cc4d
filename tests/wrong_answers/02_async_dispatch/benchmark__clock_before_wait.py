# Wrong: reads the clock before waiting for the result, so the duration stops at dispatch
def benchmark(f, *args, repeat=5, clock=time.perf_counter):
    jax.block_until_ready(f(*args))
    durations = []
    for _ in range(repeat):
        start = clock()
        out = f(*args)
        durations.append(clock() - start)
        jax.block_until_ready(out)
    return float(np.median(durations))
