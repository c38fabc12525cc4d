# Right: decodes t with bit operations and reads the pixels with jnp.take on flat indices
def dihedral(img, t):
    n = img.shape[0]
    rot, lr, ud = (t & 1) == 1, ((t >> 1) & 1) == 1, ((t >> 2) & 1) == 1
    i, j = jnp.meshgrid(jnp.arange(n), jnp.arange(n), indexing="ij")
    i = jnp.where(ud, n - 1 - i, i)
    j = jnp.where(lr, n - 1 - j, j)
    rows, cols = jnp.where(rot, j, i), jnp.where(rot, n - 1 - i, j)
    flat = jnp.take(img.reshape(n * n, -1), (rows * n + cols).ravel(), axis=0)
    return flat.reshape(img.shape)
