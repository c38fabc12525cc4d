# Wrong: right sums, but returned as float32 whatever the dtype of x
# Says: dtype
def global_cumsum(block):
    n = lax.axis_size("devices")
    local = jnp.cumsum(block.astype(jnp.float32))
    total = local[-1:]
    acc, k = total, 1
    while k < n:
        acc = acc + lax.ppermute(acc, "devices", [(i, i + k) for i in range(n - k)])
        k *= 2
    return local + (acc - total)
