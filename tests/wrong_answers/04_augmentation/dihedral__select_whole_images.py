# Wrong: computes rotated and flipped copies of the whole image and picks with jnp.where
def dihedral(img, t):
    img = jnp.where(t % 2 == 1, jnp.rot90(img), img)
    img = jnp.where((t // 2) % 2 == 1, jnp.flip(img, axis=1), img)
    return jnp.where(t // 4 == 1, jnp.flip(img, axis=0), img)
