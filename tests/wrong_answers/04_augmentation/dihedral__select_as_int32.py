# Wrong: selects between whole rotated/flipped images on an int32 copy of the image, then casts back to uint8
def dihedral(img, t):
    x = img.astype(jnp.int32)
    x = jnp.where(t % 2 == 1, jnp.rot90(x), x)
    x = jnp.where((t // 2) % 2 == 1, jnp.flip(x, axis=1), x)
    x = jnp.where(t // 4 == 1, jnp.flip(x, axis=0), x)
    return x.astype(img.dtype)
