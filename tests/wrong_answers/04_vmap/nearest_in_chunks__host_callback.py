# Wrong: hands the whole search to NumPy on the host through jax.pure_callback, which builds every difference at once
# Says: host, callback
# Caught: hidden (the visible test reads sizes from the program, where a callback's work does not show)
def nearest_in_chunks(queries, points, chunk):
    def on_host(q, p):
        return np.argmin(((q[:, None] - p) ** 2).sum(-1), axis=1).astype(np.int32)

    shape = jax.ShapeDtypeStruct((queries.shape[0],), jnp.int32)
    return jax.pure_callback(on_host, shape, queries, points)
