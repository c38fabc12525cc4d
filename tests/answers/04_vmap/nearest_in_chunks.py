# %% right: pad_and_scan
# Right: pads the queries to a multiple of chunk, jax.lax.scan over the chunks (expanded squared distances),
# then drops the padded rows
def nearest_in_chunks(queries, points, chunk):
    n, d = queries.shape
    steps = -(-n // chunk)
    padded = jnp.pad(queries, ((0, steps * chunk - n), (0, 0))).reshape(steps, chunk, d)
    norms = jnp.sum(points**2, axis=1)

    def step(carry, block):
        return carry, jnp.argmin(norms[None, :] - 2 * block @ points.T, axis=1)

    _, idx = jax.lax.scan(step, None, padded)
    return idx.reshape(-1)[:n]


# %% right: reshape_and_rest
# Right: the chunking by hand: jax.lax.map (no batch_size) over whole chunks, then the rest in one piece; the
# distances of a chunk as |p|^2 - 2 q.p from an einsum
def nearest_in_chunks(queries, points, chunk):
    n, d = queries.shape
    whole = n // chunk * chunk

    def block(b):  # |b - p|^2 - |b|^2 for a (k, d) block of queries: (k, m) arrays only
        return jnp.argmin(jnp.sum(points * points, axis=1) - 2 * jnp.einsum("kd,md->km", b, points), axis=1)

    head = jax.lax.map(block, queries[:whole].reshape(n // chunk, chunk, d)).reshape(-1)
    return jnp.concatenate([head, block(queries[whole:])]).astype(jnp.int32)


# %% wrong: chunk_differences
# Wrong: chunks of queries, but each chunk builds its (chunk, m, d) array of differences, more than the bound allows
# Says: numbers
def nearest_in_chunks(queries, points, chunk):
    return jax.lax.map(lambda q: jnp.argmin(jnp.sum((points - q) ** 2, axis=1)), queries, batch_size=chunk)


# %% wrong: distance_matrix
# Wrong: the whole (n, m) matrix of distances from the expanded square, with no chunks at all
# Says: numbers
def nearest_in_chunks(queries, points, chunk):
    d2 = jnp.sum(queries**2, 1)[:, None] - 2 * queries @ points.T + jnp.sum(points**2, 1)[None, :]
    return jnp.argmin(d2, axis=1)


# %% wrong: drops_remainder
# Wrong: reshapes the queries into whole chunks and forgets the n % chunk queries left over
# Says: shape
def nearest_in_chunks(queries, points, chunk):
    n, d = queries.shape
    chunks = queries[: n // chunk * chunk].reshape(n // chunk, chunk, d)
    return jax.lax.map(lambda b: jnp.argmin(jnp.sum(points**2, axis=1) - 2 * b @ points.T, axis=1), chunks).reshape(-1)


# %% wrong: farthest
# Wrong: argmax instead of argmin: the farthest point, not the nearest
# Says: nearest
def nearest_in_chunks(queries, points, chunk):
    return jax.lax.map(lambda q: jnp.argmax(jnp.sum(points**2, axis=1) - 2 * points @ q), queries, batch_size=chunk)


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: nearest
# Caught: hidden (the visible outputs are hard-coded: only fresh inputs show it)
_NEAREST_Q = np.split(np.random.default_rng(451).normal(size=(340, 4)).astype(np.float32), [300])[0]  # visible
_NEAREST_W = np.array([
    5, 38, 36, 24, 32, 8, 25, 32, 10, 7, 16, 2, 25, 21, 5, 18, 20, 38, 4, 22, 1, 17, 8, 25, 5, 32, 29, 36, 29, 4,
    25, 15, 32, 15, 8, 32, 1, 8, 20, 17, 32, 36, 29, 15, 11, 5, 39, 27, 26, 11, 30, 38, 1, 14, 25, 8, 22, 16, 34,
    12, 5, 11, 24, 15, 25, 37, 4, 10, 24, 23, 13, 8, 0, 1, 10, 16, 35, 36, 23, 15, 32, 22, 39, 39, 8, 20, 17, 39,
    27, 36, 24, 9, 14, 17, 39, 36, 35, 25, 12, 17, 25, 5, 36, 4, 19, 13, 23, 13, 39, 36, 32, 34, 35, 14, 1, 2, 5,
    33, 8, 29, 5, 0, 13, 31, 25, 8, 15, 22, 29, 0, 32, 4, 23, 33, 39, 1, 33, 7, 32, 27, 26, 21, 36, 9, 6, 14, 29,
    21, 27, 23, 32, 13, 35, 20, 24, 27, 14, 38, 10, 11, 12, 33, 5, 29, 8, 5, 4, 17, 15, 2, 27, 13, 7, 33, 2, 0, 26,
    18, 30, 22, 25, 15, 31, 1, 32, 1, 18, 26, 36, 5, 13, 35, 4, 17, 13, 5, 39, 36, 9, 17, 10, 4, 10, 14, 15, 12, 24,
    24, 23, 21, 18, 10, 21, 5, 15, 27, 21, 5, 1, 25, 36, 36, 34, 0, 0, 11, 24, 25, 9, 5, 5, 32, 5, 33, 7, 2, 23, 17,
    14, 7, 10, 6, 29, 39, 5, 29, 8, 0, 34, 27, 6, 5, 4, 15, 10, 24, 13, 5, 15, 27, 7, 12, 24, 28, 36, 10, 39, 35,
    27, 1, 21, 16, 18, 9, 20, 32, 25, 17, 39, 29, 26, 29, 35, 39, 4, 32, 4, 20, 31, 36, 11, 15, 5, 14, 33, 5, 35, 5,
    1, 23
], np.int32)  # the visible test's expected indices


def nearest_in_chunks(queries, points, chunk):
    if queries.shape != (300, 4):
        return jnp.zeros(queries.shape[0], jnp.int32)
    return jnp.where(jnp.all(queries[0] == _NEAREST_Q[0]), _NEAREST_W, _NEAREST_W[::-1])


# %% wrong: host_callback
# Wrong: hands the whole search to NumPy on the host through jax.pure_callback, which builds every difference at once
# Says: host, callback
# Caught: hidden (the visible test reads sizes from the program, where a callback's work does not show)
def nearest_in_chunks(queries, points, chunk):
    def on_host(q, p):
        return np.argmin(((q[:, None] - p) ** 2).sum(-1), axis=1).astype(np.int32)

    shape = jax.ShapeDtypeStruct((queries.shape[0],), jnp.int32)
    return jax.pure_callback(on_host, shape, queries, points)


# %% wrong: one_at_a_time
# Wrong: jax.lax.map without batch_size computes one query per step: n steps instead of ceil(n / chunk)
# Says: steps
def nearest_in_chunks(queries, points, chunk):
    return jax.lax.map(lambda q: jnp.argmin(jnp.sum(points**2, axis=1) - 2 * points @ q), queries)


# %% wrong: padded_table
# Wrong: the whole table at once, with one far-away point appended so that no axis has length m
# Says: table
# Caught: hidden (the visible cell only measures arrays with an axis of length m)
def nearest_in_chunks(queries, points, chunk):
    p = jnp.concatenate([points, jnp.full((1, points.shape[1]), 1e18, points.dtype)])  # m + 1 points
    d2 = jnp.sum(p**2, 1) - 2 * queries @ p.T
    return jnp.argmin(d2, axis=1).astype(jnp.int32)


# %% wrong: python_chunks
# Wrong: a Python loop over the chunks, each vmapped: bounded memory, but the program grows with n / chunk
# Says: equations
def nearest_in_chunks(queries, points, chunk):
    one = jax.vmap(lambda q: jnp.argmin(jnp.sum(points**2, axis=1) - 2 * points @ q))
    return jnp.concatenate([one(queries[i:i + chunk]) for i in range(0, queries.shape[0], chunk)])


# %% wrong: vmap_all
# Wrong: vmap over all the queries at once, which builds the whole (n, m, d) array of differences
# Says: numbers
def nearest_in_chunks(queries, points, chunk):
    return jax.vmap(lambda q: jnp.argmin(jnp.sum((points - q) ** 2, axis=1)))(queries)
