# Wrong: the lesson's ring ((i + 1) % n): the first and last devices receive the other end's border entries
# Says: other end
def halo_correlate(block, w):
    n, m, h = lax.axis_size("devices"), block.shape[0], (len(w) - 1) // 2
    if h == 0:
        return block * w[0]
    before = lax.ppermute(block[m - h:], "devices", [(i, (i + 1) % n) for i in range(n)])
    after = lax.ppermute(block[:h], "devices", [((i + 1) % n, i) for i in range(n)])
    padded = jnp.concatenate([before, block, after])
    return sum(padded[j:j + m] * w[j] for j in range(len(w)))
