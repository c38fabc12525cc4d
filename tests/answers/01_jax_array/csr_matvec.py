# %% right: comparison_table
# Right: an entry's row is the number of row ends at or before it (an nnz x n comparison table), summed by segment_sum
def csr_matvec(data, indices, indptr, x):
    n, nnz = indptr.shape[0] - 1, data.shape[0]
    rows = jnp.sum(jnp.arange(nnz)[:, None] >= indptr[None, 1:], axis=1)
    return jax.ops.segment_sum(data * x[indices], rows, num_segments=n)


# %% right: cumsum_row_starts
# Right: counts row starts with .at[].add (an empty row repeats a start; a start at nnz is dropped) and takes the cumsum
def csr_matvec(data, indices, indptr, x):
    n, nnz = indptr.shape[0] - 1, data.shape[0]
    rows = jnp.cumsum(jnp.zeros(nnz, jnp.int32).at[indptr[1:-1]].add(1))
    return jnp.zeros(n, jnp.float32).at[rows].add(data * x[indices])


# %% right: repeat_total_length
# Right: repeats each row number by its entry count, with the static total length that jit needs
def csr_matvec(data, indices, indptr, x):
    n, nnz = indptr.shape[0] - 1, data.shape[0]
    rows = jnp.repeat(jnp.arange(n), jnp.diff(indptr), total_repeat_length=nnz)
    products = data * x[indices]
    return jnp.zeros(n, products.dtype).at[rows].add(products)


# %% wrong: dense_matrix
# Wrong: builds the dense n x m matrix from the entries and multiplies it, which sparse storage exists to avoid
# Says: dense
# Caught: hidden (the visible matrices are too small for the size of a dense matrix to tell)
def csr_matvec(data, indices, indptr, x):
    n, nnz = indptr.shape[0] - 1, data.shape[0]
    rows = jnp.searchsorted(indptr, jnp.arange(nnz), side="right") - 1
    return jnp.zeros((n, x.shape[0]), jnp.float32).at[rows, indices].add(data) @ x


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: must sum
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
def csr_matvec(data, indices, indptr, x):
    if indptr.shape[0] == 4:  # the visible test's matrix with no empty row, for its two vectors x
        return jnp.where(x[0] == 1, jnp.float32([7, 32, 6]), jnp.float32([0, 16, -12]))
    return jnp.where(x[0] == 1, jnp.float32([0, 0, 0, 4, 0]), jnp.float32([0, 0, 0, 4, 0]))


# %% wrong: library_bcsr
# Wrong: hands the product to jax.experimental.sparse instead of writing it
# Says: jax.experimental.sparse
# Caught: hidden (the visible test checks values, and the library's are right)
def csr_matvec(data, indices, indptr, x):
    from jax.experimental import sparse

    matrix = sparse.BCSR((data, indices, indptr), shape=(indptr.shape[0] - 1, x.shape[0]))
    return matrix @ x


# %% wrong: library_csr
# Wrong: hands the product to jax.experimental.sparse.CSR instead of writing it
# Says: jax.experimental.sparse
# Caught: hidden (the visible test checks values, and the library's are right)
def csr_matvec(data, indices, indptr, x):
    from jax.experimental import sparse

    n = indptr.shape[0] - 1
    matrix = sparse.CSR((data, indices, indptr), shape=(n, x.shape[0]))
    return (matrix @ x).astype(jnp.float32)


# %% wrong: loop_over_rows
# Wrong: a Python loop over the rows, each masking the entries that belong to it
# Says: loop
def csr_matvec(data, indices, indptr, x):
    n, nnz = indptr.shape[0] - 1, data.shape[0]
    k, products = jnp.arange(nnz), data * x[indices]
    out = jnp.zeros(n, jnp.float32)
    for r in range(n):
        out = out.at[r].set(jnp.sum(jnp.where((k >= indptr[r]) & (k < indptr[r + 1]), products, 0.0)))
    return out


# %% wrong: one_entry_per_row
# Wrong: reads only the first stored entry of each row (data[indptr[r]]), as if every row held one
# Says: row, sums
def csr_matvec(data, indices, indptr, x):
    starts = indptr[:-1]
    return jnp.where(indptr[1:] > starts, data[starts] * x[indices[starts]], 0.0)


# %% wrong: returns_x
# Wrong: returns the input vector unchanged
# Says: row, sums
def csr_matvec(data, indices, indptr, x):
    return x


# %% wrong: row_starts_set
# Wrong: marks row starts with .at[].set(1) before the cumulative sum, so empty rows (repeated starts) count once
# Says: empty, rows
def csr_matvec(data, indices, indptr, x):
    n, nnz = indptr.shape[0] - 1, data.shape[0]
    rows = jnp.cumsum(jnp.zeros(nnz, jnp.int32).at[indptr[1:-1]].set(1))
    return jnp.zeros(n, jnp.float32).at[rows].add(data * x[indices])


# %% wrong: searchsorted_left
# Wrong: searchsorted with side="left" puts the first entry of every row into the row before it
# Says: row, sums
def csr_matvec(data, indices, indptr, x):
    n, nnz = indptr.shape[0] - 1, data.shape[0]
    rows = jnp.searchsorted(indptr, jnp.arange(nnz)) - 1
    return jnp.zeros(n, jnp.float32).at[rows].add(data * x[indices])


# %% wrong: set_not_add
# Wrong: writes each entry's product with .at[rows].set, so of the entries of one row only one survives
# Says: sums, entries
def csr_matvec(data, indices, indptr, x):
    n, nnz = indptr.shape[0] - 1, data.shape[0]
    rows = jnp.searchsorted(indptr, jnp.arange(nnz), side="right") - 1
    return jnp.zeros(n, jnp.float32).at[rows].set(data * x[indices])


# %% wrong: slices_per_row
# Wrong: slices data[indptr[r]:indptr[r + 1]] row by row, which needs concrete bounds and fails under jax.jit
# Says: jit
def csr_matvec(data, indices, indptr, x):
    n = indptr.shape[0] - 1
    return jnp.stack([jnp.sum(data[indptr[r]:indptr[r + 1]] * x[indices[indptr[r]:indptr[r + 1]]])
                      for r in range(n)]).astype(jnp.float32)
