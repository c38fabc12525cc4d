# Right: the histogram reshaped to one row per device, then an untiled psum_scatter over the rows
def class_counts(labels, num_classes):
    n = lax.axis_size("devices")
    hist = jnp.bincount(labels, length=num_classes).astype(jnp.int32)
    return lax.psum_scatter(hist.reshape(n, num_classes // n), "devices", scatter_dimension=0)
