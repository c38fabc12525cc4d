# Right: repeats each row number by its entry count, with the static total length that jit needs
def csr_matvec(data, indices, indptr, x):
    n, nnz = indptr.shape[0] - 1, data.shape[0]
    rows = jnp.repeat(jnp.arange(n), jnp.diff(indptr), total_repeat_length=nnz)
    products = data * x[indices]
    return jnp.zeros(n, products.dtype).at[rows].add(products)
