# Wrong: each device pads its own block with zeros and filters it alone, ignoring its neighbours' entries
# Says: alone
def halo_correlate(block, w):
    m, h = block.shape[0], (len(w) - 1) // 2
    padded = jnp.pad(block, h)
    return sum(padded[j:j + m] * w[j] for j in range(len(w)))
