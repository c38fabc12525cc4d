# Wrong: hands the product to jax.experimental.sparse instead of writing it
# Says: jax.experimental.sparse
# Caught: hidden (the visible test checks values, and the library's are right)
def csr_matvec(data, indices, indptr, x):
    from jax.experimental import sparse

    matrix = sparse.BCSR((data, indices, indptr), shape=(indptr.shape[0] - 1, x.shape[0]))
    return matrix @ x
