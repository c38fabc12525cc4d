# Wrong: fetches halos from the two neighbours only, padded with zeros: with h > m farther devices are left out
# Says: several devices
def halo_correlate(block, w):
    n, m, h = lax.axis_size("devices"), block.shape[0], (len(w) - 1) // 2
    size = min(h, m)
    if size == 0:
        return block * w[0]
    before = lax.ppermute(block[m - size:], "devices", [(i, i + 1) for i in range(n - 1)])
    after = lax.ppermute(block[:size], "devices", [(i + 1, i) for i in range(n - 1)])
    padded = jnp.concatenate([jnp.zeros(h - size, block.dtype), before, block, after, jnp.zeros(h - size, block.dtype)])
    return sum(padded[j:j + m] * w[j] for j in range(len(w)))
