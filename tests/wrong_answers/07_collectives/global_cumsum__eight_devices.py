# Wrong: the shifts and perms are written for 8 devices (1, 2, 4 and range(8 - k)), so other meshes fail
# Says: raised
def global_cumsum(block):
    local = jnp.cumsum(block)
    total = local[-1:]
    acc = total
    for k in (1, 2, 4):
        acc = acc + lax.ppermute(acc, "devices", [(i, i + k) for i in range(8 - k)])
    return local + (acc - total)
