# Right: no all_to_all: n - 1 ppermute shifts, shift s bringing each device its piece from the device s before it
def reshard_rows_to_columns(block):
    n, d, (r, c) = lax.axis_size("devices"), lax.axis_index("devices"), block.shape
    pieces = block.reshape(r, n, c // n)  # pieces[:, j]: this device's rows of column block j
    out = jnp.zeros((n, r, c // n), block.dtype)  # out[s]: the rows of device s
    for s in range(n):
        piece = pieces[:, (d + s) % n]  # what device d + s needs from this one
        if s:
            piece = lax.ppermute(piece, "devices", [(i, (i + s) % n) for i in range(n)])
        out = out.at[(d - s) % n].set(piece)  # arrived from device d - s
    return out.reshape(n * r, c // n)
