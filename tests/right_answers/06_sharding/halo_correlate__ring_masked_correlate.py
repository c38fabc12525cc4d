# Right: the lesson's wrapping ring, with the ends zeroed by axis_index, then jnp.correlate on the padded block
def halo_correlate(block, w):
    n, m, h = lax.axis_size("devices"), block.shape[0], (len(w) - 1) // 2
    d = lax.axis_index("devices")
    before = lax.ppermute(block[m - h:], "devices", [(i, (i + 1) % n) for i in range(n)])
    after = lax.ppermute(block[:h], "devices", [((i + 1) % n, i) for i in range(n)])
    before = jnp.where(d == 0, 0.0, before)  # nothing before the first device
    after = jnp.where(d == n - 1, 0.0, after)  # nothing after the last
    return jnp.correlate(jnp.concatenate([before, block, after]), jnp.asarray(w), "valid")
