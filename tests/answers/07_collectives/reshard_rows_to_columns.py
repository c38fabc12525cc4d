# %% right: ppermute_pieces
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


# %% right: split_list
# Right: jnp.split into column pieces and jnp.stack, the pieces exchanged along a new last axis, then concatenated
def reshard_rows_to_columns(block):
    n = lax.axis_size("devices")
    pieces = jnp.stack(jnp.split(block, n, axis=1), axis=-1)  # (r, c // n, n): piece j at [..., j]
    received = lax.all_to_all(pieces, "devices", split_axis=2, concat_axis=2)  # [..., s]: from device s
    return jnp.concatenate([received[..., s] for s in range(n)], axis=0)


# %% right: stacked_pieces
# Right: the column pieces stacked on a new leading axis by reshape, all_to_all untiled, then flattened into rows
def reshard_rows_to_columns(block):
    n, (r, c) = lax.axis_size("devices"), block.shape
    pieces = block.reshape(r, n, c // n).transpose(1, 0, 2)  # piece j: this device's rows of column block j
    received = lax.all_to_all(pieces, "devices", split_axis=0, concat_axis=0)  # entry s: from device s
    return received.reshape(n * r, c // n)


# %% wrong: all_to_all_gather
# Wrong: copies the block n times so that one all_to_all gathers the whole matrix, then slices out the column block
# Says: more than its block
def reshard_rows_to_columns(block):
    n, (r, c) = lax.axis_size("devices"), block.shape
    whole = lax.all_to_all(jnp.broadcast_to(block, (n, r, c)), "devices", 0, 0).reshape(n * r, c)
    return lax.dynamic_slice_in_dim(whole, lax.axis_index("devices") * (c // n), c // n, axis=1)


# %% wrong: concat_columns
# Wrong: all_to_all splits the columns but joins the pieces along the columns again, not the rows
# Says: shape
def reshard_rows_to_columns(block):
    return lax.all_to_all(block, "devices", split_axis=1, concat_axis=1, tiled=True)


# %% wrong: gather_then_slice
# Wrong: gathers the whole matrix on every device, then slices out its column block
# Says: gather
def reshard_rows_to_columns(block):
    whole = lax.all_gather(block, "devices", axis=0, tiled=True)
    width = block.shape[1] // lax.axis_size("devices")
    return lax.dynamic_slice_in_dim(whole, lax.axis_index("devices") * width, width, axis=1)


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: raised
# Caught: hidden (the visible outputs are hard-coded: only fresh inputs show it)
def reshard_rows_to_columns(block):
    k = lax.axis_size("devices")
    rng = np.random.default_rng(521)  # the visible test's matrices, on 2 devices and on all of them
    visible = {m: rng.integers(-99, 99, size=(2 * m, 3 * m)).astype(np.float32)
               for m in sorted({min(2, N_DEVICES), N_DEVICES})}
    a = jnp.asarray(visible.get(k, np.zeros((block.shape[0] * k, block.shape[1]), np.float32)))
    width = a.shape[1] // k
    piece = lax.dynamic_slice_in_dim(a, lax.axis_index("devices") * width, width, axis=1)
    moved = lax.all_to_all(block, "devices", 1, 0, tiled=True)  # only so that the jaxpr holds one all_to_all
    return (piece + 0 * moved).astype(block.dtype)


# %% wrong: ppermute_whole_block
# Wrong: sends the whole block to every other device by n - 1 ppermute shifts, then keeps the columns it needs
# Says: more than its block
def reshard_rows_to_columns(block):
    n, d, (r, c) = lax.axis_size("devices"), lax.axis_index("devices"), block.shape
    blocks = [block] + [lax.ppermute(block, "devices", [(i, (i + s) % n) for i in range(n)]) for s in range(1, n)]
    rows = jnp.stack(blocks)  # entry s: the block of device d - s
    order = (d - jnp.arange(n)) % n  # the source of each entry
    whole = rows[jnp.argsort(order)].reshape(n * r, c)
    return lax.dynamic_slice_in_dim(whole, d * (c // n), c // n, axis=1)


# %% wrong: strided_columns
# Wrong: cuts the columns into pieces with reshape(r, width, n), so piece j holds columns j, j + n, ...
# Says: mixed, column block
def reshard_rows_to_columns(block):
    n, (r, c) = lax.axis_size("devices"), block.shape
    pieces = jnp.moveaxis(block.reshape(r, c // n, n), 2, 0)  # (n, r, c // n), but strided columns
    return lax.all_to_all(pieces, "devices", split_axis=0, concat_axis=0).reshape(n * r, c // n)


# %% wrong: swapped_axes
# Wrong: all_to_all with split_axis and concat_axis swapped: it splits the rows and joins the columns
# Says: shape, swapped
def reshard_rows_to_columns(block):
    return lax.all_to_all(block, "devices", split_axis=0, concat_axis=1, tiled=True)


# %% wrong: unchanged
# Wrong: returns the block unchanged, as if out_specs alone moved the data
# Says: shape
def reshard_rows_to_columns(block):
    return block
