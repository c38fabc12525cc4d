# Wrong: a Python loop over the rows, each masking the entries that belong to it
# Says: loop
def csr_matvec(data, indices, indptr, x):
    n, nnz = indptr.shape[0] - 1, data.shape[0]
    k, products = jnp.arange(nnz), data * x[indices]
    out = jnp.zeros(n, jnp.float32)
    for r in range(n):
        out = out.at[r].set(jnp.sum(jnp.where((k >= indptr[r]) & (k < indptr[r + 1]), products, 0.0)))
    return out
