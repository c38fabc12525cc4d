# Wrong: the whole table at once, with one far-away point appended so that no axis has length m
# Says: table
# Caught: hidden (the visible cell only measures arrays with an axis of length m)
def nearest_in_chunks(queries, points, chunk):
    p = jnp.concatenate([points, jnp.full((1, points.shape[1]), 1e18, points.dtype)])  # m + 1 points
    d2 = jnp.sum(p**2, 1) - 2 * queries @ p.T
    return jnp.argmin(d2, axis=1).astype(jnp.int32)
