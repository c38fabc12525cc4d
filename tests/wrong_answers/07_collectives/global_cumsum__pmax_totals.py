# Wrong: gathers every device's total with a pmax of a one-hot vector (and a ppermute whose result it throws away)
# Says: point to point only, pmax
def global_cumsum(block):
    n, d = lax.axis_size("devices"), lax.axis_index("devices")
    local = jnp.cumsum(block)
    low = jnp.iinfo(block.dtype).min if jnp.issubdtype(block.dtype, jnp.integer) else -jnp.inf
    totals = lax.pmax(jnp.where(jnp.arange(n) == d, local[-1], low), "devices")
    before = jnp.sum(jnp.where(jnp.arange(n) < d, totals, 0)).astype(block.dtype)
    if n > 1:
        lax.ppermute(block, "devices", [(0, 1)])
    return local + before
