# Wrong: writes each entry's product with .at[rows].set, so of the entries of one row only one survives
# Says: sums, entries
def csr_matvec(data, indices, indptr, x):
    n, nnz = indptr.shape[0] - 1, data.shape[0]
    rows = jnp.searchsorted(indptr, jnp.arange(nnz), side="right") - 1
    return jnp.zeros(n, jnp.float32).at[rows].set(data * x[indices])
