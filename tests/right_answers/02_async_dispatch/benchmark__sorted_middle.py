# Right: computes the median by hand from the sorted durations (mean of the two middle ones for an even repeat)
def benchmark(f, *args, repeat=5, clock=time.perf_counter):
    warm = f(*args)
    jax.block_until_ready(warm)
    durations = []
    for _ in range(repeat):
        t0 = clock()
        out = f(*args)
        jax.block_until_ready(out)
        t1 = clock()
        durations.append(t1 - t0)
    durations.sort()
    mid = len(durations) // 2
    if len(durations) % 2:
        return float(durations[mid])
    return float((durations[mid - 1] + durations[mid]) / 2)
