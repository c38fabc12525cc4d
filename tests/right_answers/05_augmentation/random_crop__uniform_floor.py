# Right: offsets from uniform floats, floor(u * count), with dynamic_slice_in_dim once per axis
def random_crop(img, key, size):
    k_row, k_col = jax.random.split(key)
    r = jnp.floor(jax.random.uniform(k_row) * (img.shape[0] - size + 1)).astype(jnp.int32)
    c = jnp.floor(jax.random.uniform(k_col) * (img.shape[1] - size + 1)).astype(jnp.int32)
    rows = lax.dynamic_slice_in_dim(img, r, size, axis=0)
    return lax.dynamic_slice_in_dim(rows, c, size, axis=1)
