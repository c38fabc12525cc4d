# Wrong: sends each neighbour its whole block instead of the h border entries it needs
# Says: only ppermute
def halo_correlate(block, w):
    n, m, h = lax.axis_size("devices"), block.shape[0], (len(w) - 1) // 2
    before = lax.ppermute(block, "devices", [(i, i + 1) for i in range(n - 1)])[m - h:]
    after = lax.ppermute(block, "devices", [(i + 1, i) for i in range(n - 1)])[:h]
    padded = jnp.concatenate([before, block, after])
    return sum(padded[j:j + m] * w[j] for j in range(len(w)))
