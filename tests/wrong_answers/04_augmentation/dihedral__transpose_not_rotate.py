# Wrong: the rotation bit transposes the index arrays (rows and columns swapped) instead of rotating
def dihedral(img, t):
    n = img.shape[0]
    rot, lr, ud = t % 2 == 1, (t // 2) % 2 == 1, t // 4 == 1
    i = jnp.arange(n)[:, None]
    j = jnp.arange(n)[None, :]
    i = jnp.where(ud, n - 1 - i, i)
    j = jnp.where(lr, n - 1 - j, j)
    rows = jnp.where(rot, j, i)
    cols = jnp.where(rot, i, j)
    return img[rows, cols]
