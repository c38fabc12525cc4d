# Right: statistics.median over a list comprehension, with a helper that times one call
import statistics


def benchmark(f, *args, repeat=5, clock=time.perf_counter):
    def timed():
        start = clock()
        jax.block_until_ready(f(*args))
        return clock() - start

    jax.block_until_ready(f(*args))
    return float(statistics.median([timed() for _ in range(repeat)]))
