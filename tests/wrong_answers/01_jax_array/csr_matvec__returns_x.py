# Wrong: returns the input vector unchanged
# Says: row, sums
def csr_matvec(data, indices, indptr, x):
    return x
