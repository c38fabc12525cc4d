# Wrong: takes the upper middle duration, which is the median only for an odd repeat
def benchmark(f, *args, repeat=5, clock=time.perf_counter):
    jax.block_until_ready(f(*args))
    durations = []
    for _ in range(repeat):
        start = clock()
        jax.block_until_ready(f(*args))
        durations.append(clock() - start)
    return float(sorted(durations)[len(durations) // 2])
