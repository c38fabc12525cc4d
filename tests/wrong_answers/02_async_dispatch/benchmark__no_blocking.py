# Wrong: never waits for the results, so it times the dispatch only
def benchmark(f, *args, repeat=5, clock=time.perf_counter):
    f(*args)
    durations = []
    for _ in range(repeat):
        start = clock()
        f(*args)
        durations.append(clock() - start)
    return float(np.median(durations))
