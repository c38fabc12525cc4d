# Wrong: flips the filter (a textbook convolution, np.convolve), while the statement slides w as it is
# Says: w flipped
def halo_correlate(block, w):
    n, m, h = lax.axis_size("devices"), block.shape[0], (len(w) - 1) // 2
    if h == 0:
        return block * w[0]
    before = lax.ppermute(block[m - h:], "devices", [(i, i + 1) for i in range(n - 1)])
    after = lax.ppermute(block[:h], "devices", [(i + 1, i) for i in range(n - 1)])
    padded = jnp.concatenate([before, block, after])
    return sum(padded[j:j + m] * w[len(w) - 1 - j] for j in range(len(w)))
