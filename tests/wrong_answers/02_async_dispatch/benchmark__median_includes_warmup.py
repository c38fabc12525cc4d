# Wrong: times the warm-up call too and takes the median over all calls
def benchmark(f, *args, repeat=5, clock=time.perf_counter):
    durations = []
    for _ in range(repeat + 1):
        start = clock()
        jax.block_until_ready(f(*args))
        durations.append(clock() - start)
    return float(np.median(durations))
