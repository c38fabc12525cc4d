# Wrong: gathers every device's total on every device (all_gather) instead of passing them with ppermute
# Says: point to point
def global_cumsum(block):
    local = jnp.cumsum(block)
    totals = lax.all_gather(local[-1], "devices")
    before = jnp.arange(totals.shape[0]) < lax.axis_index("devices")
    return local + jnp.sum(jnp.where(before, totals, 0), dtype=local.dtype)
