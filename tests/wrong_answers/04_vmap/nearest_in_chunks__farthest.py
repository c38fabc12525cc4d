# Wrong: argmax instead of argmin: the farthest point, not the nearest
# Says: nearest
def nearest_in_chunks(queries, points, chunk):
    return jax.lax.map(lambda q: jnp.argmax(jnp.sum(points**2, axis=1) - 2 * points @ q), queries, batch_size=chunk)
