# Wrong: waits for the result before reading the dispatch time, so dispatch_s includes the work
def dispatch_vs_completion(f, *args, clock=time.perf_counter):
    start = clock()
    jax.block_until_ready(f(*args))
    returned = clock()
    ready = clock()
    return returned - start, ready - start
