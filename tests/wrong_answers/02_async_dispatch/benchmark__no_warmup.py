# Wrong: no warm-up call, so the first timed call includes tracing and compilation
def benchmark(f, *args, repeat=5, clock=time.perf_counter):
    durations = []
    for _ in range(repeat):
        start = clock()
        jax.block_until_ready(f(*args))
        durations.append(clock() - start)
    return float(np.median(durations))
