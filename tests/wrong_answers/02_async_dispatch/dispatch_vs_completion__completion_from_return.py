# Wrong: measures completion from the moment f returned instead of from before the call
def dispatch_vs_completion(f, *args, clock=time.perf_counter):
    start = clock()
    out = f(*args)
    returned = clock()
    jax.block_until_ready(out)
    ready = clock()
    return returned - start, ready - returned
