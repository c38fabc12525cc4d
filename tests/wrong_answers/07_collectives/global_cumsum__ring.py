# Wrong: shifts around a ring ((i + k) % n), so device 0 receives the last devices' totals
# Says: wraps around
def global_cumsum(block):
    n = lax.axis_size("devices")
    local = jnp.cumsum(block)
    total = local[-1:]
    acc, k = total, 1
    while k < n:
        acc = acc + lax.ppermute(acc, "devices", [(i, (i + k) % n) for i in range(n)])
        k *= 2
    return local + (acc - total)
