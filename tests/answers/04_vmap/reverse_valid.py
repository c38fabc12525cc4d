# %% right: argsort_batch
# Right: no vmap: a stable argsort of ~valid lists the measurement steps of every row at once, and a
# flipped rank picks the measurement to read, with index arrays and jnp.where for the whole batch
def reverse_valid(seqs, valid):
    order = jnp.argsort(~valid, axis=1, stable=True)
    rank = jnp.cumsum(valid, axis=1) - 1
    rows = jnp.arange(seqs.shape[0])[:, None]
    pick = order[rows, jnp.clip(jnp.sum(valid, axis=1, keepdims=True) - 1 - rank, 0)]
    return jnp.where(valid[..., None], seqs[rows, pick], jnp.zeros((), seqs.dtype))


# %% right: nonzero_scatter
# Right: no cumsum: jnp.nonzero with a static size lists the measurement steps, and a scatter writes each
# measurement j into the slot of measurement k - 1 - j; gaps are never written
def reverse_valid(seqs, valid):
    def one(seq, v):
        steps = seq.shape[0]
        k, j = jnp.sum(v), jnp.arange(steps)
        where = jnp.nonzero(v, size=steps, fill_value=steps)[0]  # measurement steps first, then `steps`
        source = where[jnp.clip(k - 1 - j, 0, steps - 1)]
        return jnp.zeros_like(seq).at[jnp.where(j < k, where, steps)].set(seq[jnp.minimum(source, steps - 1)],
                                                                          mode="drop")

    return jax.vmap(one)(seqs, valid)


# %% wrong: batch_loop
# Wrong: a Python loop over the sequences (right values, but the program grows with the batch)
# Says: equations
def reverse_valid(seqs, valid):
    rows = []
    for b in range(seqs.shape[0]):
        order = jnp.argsort(~valid[b], stable=True)  # the measurement steps first, in order
        rank = jnp.cumsum(valid[b]) - 1
        rows.append(jnp.where(valid[b][:, None], seqs[b][order[jnp.clip(jnp.sum(valid[b]) - 1 - rank, 0)]], 0))
    return jnp.stack(rows).astype(seqs.dtype)


# %% wrong: boolean_index
# Wrong: NumPy's boolean indexing seqs[valid], whose shape depends on the values, so it fails under jax.jit
# Says: raised
def reverse_valid(seqs, valid):
    rank = jnp.cumsum(valid, axis=1) - 1  # each step's measurement number in its sequence
    last = jnp.cumsum(valid.sum(axis=1)) - 1  # where each sequence's last measurement lands in seqs[valid]
    return jnp.zeros_like(seqs).at[valid].set(seqs[valid][(last[:, None] - rank)[valid]])


# %% wrong: fixed_64_loop
# Wrong: a Python loop over a fixed 64 sequences, above the sizes it expects, then cut to the batch
# Says: equations
def reverse_valid(seqs, valid):
    rows = []
    for b in range(64):
        seq, v = seqs[min(b, seqs.shape[0] - 1)], valid[min(b, seqs.shape[0] - 1)]
        order, rank = jnp.argsort(~v, stable=True), jnp.cumsum(v) - 1
        rows.append(jnp.where(v[:, None], seq[order[jnp.clip(jnp.sum(v) - 1 - rank, 0)]], 0).astype(seqs.dtype))
    return jnp.stack(rows)[: seqs.shape[0]]


# %% wrong: flip_all
# Wrong: reverses every whole sequence, gaps included, and keeps what lands in the measurement slots
# Says: reverse order
def reverse_valid(seqs, valid):
    return jnp.where(valid[..., None], seqs[:, ::-1], 0).astype(seqs.dtype)


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: measurements
# Caught: hidden (the visible outputs are hard-coded: only fresh inputs show it)
_REVERSE_VALID = np.array([[1, 1, 0, 1, 0, 0], [0, 0, 0, 0, 0, 0], [0, 0, 1, 0, 1, 1]], bool)
_REVERSE_WANT = np.array([[[4, 7], [-6, -2], [0, 0], [-1, 4], [0, 0], [0, 0]],  # the visible test's expected result
                  [[0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0]],
                  [[0, 0], [0, 0], [-2, 0], [0, 0], [1, 0], [2, -9]]], np.float32)


def reverse_valid(seqs, valid):
    if seqs.shape == (3, 6, 2):
        return jnp.where(jnp.all(valid == _REVERSE_VALID), _REVERSE_WANT, 0).astype(seqs.dtype)
    return jnp.zeros_like(seqs)


# %% wrong: keeps_padding
# Wrong: reverses the measurements but leaves in every gap whatever it held instead of 0
# Says: Gaps, 0
def reverse_valid(seqs, valid):
    def one(seq, v):
        steps = seq.shape[0]
        rank = jnp.cumsum(v) - 1
        at = jnp.zeros(steps, jnp.int32).at[jnp.where(v, rank, steps)].set(jnp.arange(steps), mode="drop")
        return seq[jnp.where(v, at[jnp.sum(v) - 1 - rank], jnp.arange(steps))]

    return jax.vmap(one)(seqs, valid)


# %% wrong: last_write_wins
# Wrong: writes every step into its measurement's slot in reverse step order, relying on the last write to win
# (.at[rank[::-1]].set(...) with repeated indices): right on today's CPU, but that order is unspecified
# Says: writes, unspecified
def reverse_valid(seqs, valid):
    def one(seq, v):
        steps = seq.shape[0]
        rank = jnp.cumsum(v) - 1  # gaps repeat the rank of the measurement before them
        at = jnp.zeros(steps, jnp.int32).at[rank[::-1]].set(jnp.arange(steps)[::-1])  # the smallest t written last
        source = at[jnp.where(v, jnp.sum(v) - 1 - rank, 0)]
        return jnp.where(v[:, None], seq[source], 0).astype(seq.dtype)

    return jax.vmap(one)(seqs, valid)


# %% wrong: mask_multiply
# Wrong: zeroes the gaps by multiplying with a 0/1 mask, so NaN in a gap stays NaN (NaN * 0 is NaN)
# Says: NaN
def reverse_valid(seqs, valid):
    def one(seq, v):
        steps = seq.shape[0]
        rank = jnp.cumsum(v) - 1
        at = jnp.zeros(steps, jnp.int32).at[jnp.where(v, rank, steps)].set(jnp.arange(steps), mode="drop")
        return seq[at[jnp.where(v, jnp.sum(v) - 1 - rank, 0)]] * v[:, None].astype(seq.dtype)

    return jax.vmap(one)(seqs, valid)


# %% wrong: nonzero_size_64
# Wrong: lists the measurement steps with jnp.nonzero(..., size=64), a size fixed above the visible lengths
# Says: long sequences, measurements are wrong
# Caught: hidden (only a sequence longer than 64 steps shows it; the visible sequences have 6)
def reverse_valid(seqs, valid):
    def one(seq, v):
        (steps,) = jnp.nonzero(v, size=64, fill_value=0)  # the measured steps, in order
        k = jnp.sum(v)
        rank = jnp.cumsum(v) - 1
        source = steps[jnp.clip(k - 1 - rank, 0, 63)]
        return jnp.where(v[:, None], seq[source], 0).astype(seq.dtype)

    return jax.vmap(one)(seqs, valid)


# %% wrong: prefix
# Wrong: reverses the first sum(valid) steps as if the measurements were a prefix, ignoring where the gaps are
# Says: reverse order
def reverse_valid(seqs, valid):
    def one(seq, v):
        t, n = jnp.arange(seq.shape[0]), jnp.sum(v)
        return jnp.where(v[:, None], seq[jnp.where(t < n, n - 1 - t, t)], 0).astype(seq.dtype)

    return jax.vmap(one)(seqs, valid)
