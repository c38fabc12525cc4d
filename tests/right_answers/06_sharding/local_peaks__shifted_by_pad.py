# Right: each neighbour as a shifted copy (lax.pad with a negative end keeps the length), -inf at the ends
def local_peaks(x):
    left = lax.pad(x, -jnp.inf, [(1, -1, 0)])  # left[i] = x[i - 1]
    right = lax.pad(x, -jnp.inf, [(-1, 1, 0)])  # right[i] = x[i + 1]
    return (x >= left) & (x >= right)
