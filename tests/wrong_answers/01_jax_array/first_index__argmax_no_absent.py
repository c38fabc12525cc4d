# Wrong: argmax of a comparison table finds first positions, but gives 0 (not -1) to ids that do not occur
# Says: does not occur, -1
def first_index(ids, n):
    return jnp.argmax(ids[None, :] == jnp.arange(n)[:, None], axis=1).astype(jnp.int32)
