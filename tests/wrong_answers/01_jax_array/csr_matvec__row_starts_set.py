# Wrong: marks row starts with .at[].set(1) before the cumulative sum, so empty rows (repeated starts) count once
# Says: empty, rows
def csr_matvec(data, indices, indptr, x):
    n, nnz = indptr.shape[0] - 1, data.shape[0]
    rows = jnp.cumsum(jnp.zeros(nnz, jnp.int32).at[indptr[1:-1]].set(1))
    return jnp.zeros(n, jnp.float32).at[rows].add(data * x[indices])
