# Wrong: builds the dense n x m matrix from the entries and multiplies it, which sparse storage exists to avoid
# Says: dense
# Caught: hidden (the visible matrices are too small for the size of a dense matrix to tell)
def csr_matvec(data, indices, indptr, x):
    n, nnz = indptr.shape[0] - 1, data.shape[0]
    rows = jnp.searchsorted(indptr, jnp.arange(nnz), side="right") - 1
    return jnp.zeros((n, x.shape[0]), jnp.float32).at[rows, indices].add(data) @ x
