# Wrong: hands the product to jax.experimental.sparse.CSR instead of writing it
# Says: jax.experimental.sparse
# Caught: hidden (the visible test checks values, and the library's are right)
def csr_matvec(data, indices, indptr, x):
    from jax.experimental import sparse

    n = indptr.shape[0] - 1
    matrix = sparse.CSR((data, indices, indptr), shape=(n, x.shape[0]))
    return (matrix @ x).astype(jnp.float32)
