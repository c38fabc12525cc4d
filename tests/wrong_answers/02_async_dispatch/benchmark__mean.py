# Wrong: returns the mean of the timed calls instead of the median
def benchmark(f, *args, repeat=5, clock=time.perf_counter):
    jax.block_until_ready(f(*args))
    durations = []
    for _ in range(repeat):
        start = clock()
        jax.block_until_ready(f(*args))
        durations.append(clock() - start)
    return float(np.mean(durations))
