# Wrong: asks JAX (jnp.result_type) from a worker thread, where a watch on the calling thread alone would not see it
# Says: plain Python
def promoted_dtypes(pairs):
    from concurrent.futures import ThreadPoolExecutor

    weak = {"int": int, "float": float}
    with ThreadPoolExecutor(max_workers=2) as pool:
        return list(pool.map(lambda p: str(jnp.result_type(weak.get(p[0], p[0]), weak.get(p[1], p[1]))), pairs))
