# Right: the lesson's wrapping ring for every hop, the halves that wrapped zeroed by axis_index, then jnp.correlate
def halo_correlate(block, w):
    n, m, h = lax.axis_size("devices"), block.shape[0], (len(w) - 1) // 2
    d = lax.axis_index("devices")
    pieces_before, pieces_after = [], []
    for j in range(1, (h + m - 1) // m + 1):
        size = min(m, h - (j - 1) * m)
        got_before = lax.ppermute(block[m - size:], "devices", [(i, (i + j) % n) for i in range(n)])
        got_after = lax.ppermute(block[:size], "devices", [((i + j) % n, i) for i in range(n)])
        pieces_before = [jnp.where(d - j < 0, 0.0, got_before)] + pieces_before  # nothing before the first device
        pieces_after = pieces_after + [jnp.where(d + j >= n, 0.0, got_after)]  # nothing after the last
    padded = jnp.concatenate(pieces_before + [block] + pieces_after)
    return jnp.correlate(padded, jnp.asarray(w), "valid")
