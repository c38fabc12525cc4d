# Wrong: counts the devices a halo spans as h // m, not rounded up, so a partial block further away is left out
# Says: raised
# Caught: hidden (the visible halos span whole blocks, where h // m is right; the hidden test has h = 5, m = 2)
def halo_correlate(block, w):
    n, m, h = lax.axis_size("devices"), block.shape[0], (len(w) - 1) // 2
    before, after = [], []
    for j in range(1, max(h // m, 1 if h else 0) + 1):
        size = min(m, h - (j - 1) * m)
        before.insert(0, lax.ppermute(block[m - size:], "devices", [(i, i + j) for i in range(n - j)]))
        after.append(lax.ppermute(block[:size], "devices", [(i + j, i) for i in range(n - j)]))
    padded = jnp.concatenate([*before, block, *after])
    return sum(padded[i:i + m] * w[i] for i in range(len(w)))
