# Wrong: psums the whole histogram to every device and slices its block, instead of a reduce-scatter
# Says: psum_scatter
def class_counts(labels, num_classes):
    total = lax.psum(jnp.bincount(labels, length=num_classes), "devices")
    size = num_classes // lax.axis_size("devices")
    return lax.dynamic_slice_in_dim(total, lax.axis_index("devices") * size, size)
