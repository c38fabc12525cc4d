# Wrong: calls .block_until_ready() on the result itself, which fails when f returns a pytree
def benchmark(f, *args, repeat=5, clock=time.perf_counter):
    f(*args).block_until_ready()
    durations = []
    for _ in range(repeat):
        start = clock()
        f(*args).block_until_ready()
        durations.append(clock() - start)
    return float(np.median(durations))
