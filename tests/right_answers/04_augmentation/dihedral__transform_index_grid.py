# Right: applies the transform's steps to a small grid of flat pixel numbers, then reads the flattened image once
def dihedral(img, t):
    n, channels = img.shape[0], img.shape[2]
    grid = jnp.arange(n * n).reshape(n, n)  # grid[r, c] = number of input pixel (r, c)
    grid = jnp.where(t % 2 == 1, jnp.rot90(grid), grid)
    grid = jnp.where((t // 2) % 2 == 1, grid[:, ::-1], grid)
    grid = jnp.where(t // 4 == 1, grid[::-1], grid)
    return img.reshape(n * n, channels)[grid]
