# Right: jnp.split into n equal pieces, then jnp.stack; the ValueError names B and n in another wording
def split_for_devices(x, n):
    if x.shape[0] % n != 0:
        raise ValueError(f"{x.shape[0]} % {n} != 0: the batch does not split evenly over the devices")
    return jnp.stack(jnp.split(x, n))
