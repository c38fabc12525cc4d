# Wrong: the visible outputs hard-coded
# Says: must sum
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
def csr_matvec(data, indices, indptr, x):
    if indptr.shape[0] == 4:  # the visible test's matrix with no empty row, for its two vectors x
        return jnp.where(x[0] == 1, jnp.float32([7, 32, 6]), jnp.float32([0, 16, -12]))
    return jnp.where(x[0] == 1, jnp.float32([0, 0, 0, 4, 0]), jnp.float32([0, 0, 0, 4, 0]))
