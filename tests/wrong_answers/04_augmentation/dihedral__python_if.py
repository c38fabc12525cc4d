# Wrong: Python if statements on the bits of t (fails under jax.jit, where t is traced)
def dihedral(img, t):
    if t % 2 == 1:
        img = jnp.rot90(img)
    if (t // 2) % 2 == 1:
        img = jnp.flip(img, axis=1)
    if t // 4 == 1:
        img = jnp.flip(img, axis=0)
    return img
