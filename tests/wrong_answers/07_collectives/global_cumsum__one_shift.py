# Wrong: one shift only, so each device adds its left neighbour's total but not those further back
# Says: neighbour
def global_cumsum(block):
    n = lax.axis_size("devices")
    local = jnp.cumsum(block)
    left = lax.ppermute(local[-1:], "devices", [(i, i + 1) for i in range(n - 1)])
    return local + left
