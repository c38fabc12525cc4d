# Wrong: takes the last h entries as block[-h:], which for h = 0 (a one-tap filter) is the whole block, not nothing
# Says: border entries
# Caught: hidden (the visible filter has three taps; block[-h:] goes wrong only when h = 0)
def halo_correlate(block, w):
    n, m, h = lax.axis_size("devices"), block.shape[0], (len(w) - 1) // 2
    before = lax.ppermute(block[-h:], "devices", [(i, i + 1) for i in range(n - 1)])
    after = lax.ppermute(block[:h], "devices", [(i + 1, i) for i in range(n - 1)])
    padded = jnp.concatenate([before, block, after])
    return sum(padded[j:j + m] * w[j] for j in range(len(w)))
