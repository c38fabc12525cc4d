# Right: an entry's row is the number of row ends at or before it (an nnz x n comparison table), summed by segment_sum
def csr_matvec(data, indices, indptr, x):
    n, nnz = indptr.shape[0] - 1, data.shape[0]
    rows = jnp.sum(jnp.arange(nnz)[:, None] >= indptr[None, 1:], axis=1)
    return jax.ops.segment_sum(data * x[indices], rows, num_segments=n)
