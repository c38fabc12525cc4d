# Right: counts row starts with .at[].add (an empty row repeats a start; a start at nnz is dropped) and takes the cumsum
def csr_matvec(data, indices, indptr, x):
    n, nnz = indptr.shape[0] - 1, data.shape[0]
    rows = jnp.cumsum(jnp.zeros(nnz, jnp.int32).at[indptr[1:-1]].add(1))
    return jnp.zeros(n, jnp.float32).at[rows].add(data * x[indices])
