# Right: counts by comparing every label with every class, then a tiled psum_scatter with axis_name=
def class_counts(labels, num_classes):
    counts = jnp.sum(labels[:, None] == jnp.arange(num_classes)[None, :], axis=0, dtype=jnp.int32)
    return lax.psum_scatter(counts, axis_name="devices", scatter_dimension=0, tiled=True)
