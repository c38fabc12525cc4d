# Right: the chunking by hand: jax.lax.map (no batch_size) over whole chunks, then the rest in one piece; the
# distances of a chunk as |p|^2 - 2 q.p from an einsum
def nearest_in_chunks(queries, points, chunk):
    n, d = queries.shape
    whole = n // chunk * chunk

    def block(b):  # |b - p|^2 - |b|^2 for a (k, d) block of queries: (k, m) arrays only
        return jnp.argmin(jnp.sum(points * points, axis=1) - 2 * jnp.einsum("kd,md->km", b, points), axis=1)

    head = jax.lax.map(block, queries[:whole].reshape(n // chunk, chunk, d)).reshape(-1)
    return jnp.concatenate([head, block(queries[whole:])]).astype(jnp.int32)
