# Wrong: slices data[indptr[r]:indptr[r + 1]] row by row, which needs concrete bounds and fails under jax.jit
# Says: jit
def csr_matvec(data, indices, indptr, x):
    n = indptr.shape[0] - 1
    return jnp.stack([jnp.sum(data[indptr[r]:indptr[r + 1]] * x[indices[indptr[r]:indptr[r + 1]]])
                      for r in range(n)]).astype(jnp.float32)
