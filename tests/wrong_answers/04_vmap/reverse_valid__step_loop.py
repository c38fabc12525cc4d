# Wrong: a Python loop over the time steps (right values, but the program grows with T)
# Says: equations
def reverse_valid(seqs, lengths):
    steps = []
    for t in range(seqs.shape[1]):
        source = jnp.clip(lengths - 1 - t, 0, seqs.shape[1] - 1)
        step = jnp.take_along_axis(seqs, source[:, None, None], axis=1)[:, 0]
        steps.append(jnp.where((t < lengths)[:, None], step, 0))
    return jnp.stack(steps, axis=1)
