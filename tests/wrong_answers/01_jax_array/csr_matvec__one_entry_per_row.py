# Wrong: reads only the first stored entry of each row (data[indptr[r]]), as if every row held one
# Says: row, sums
def csr_matvec(data, indices, indptr, x):
    starts = indptr[:-1]
    return jnp.where(indptr[1:] > starts, data[starts] * x[indices[starts]], 0.0)
