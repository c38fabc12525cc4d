# Wrong: each device counts only its own labels for its block of classes: no sum over the devices
# Says: psum_scatter
def class_counts(labels, num_classes):
    size = num_classes // lax.axis_size("devices")
    mine = jnp.zeros(num_classes, dtype=jnp.int32).at[labels].add(1)
    return lax.dynamic_slice_in_dim(mine, lax.axis_index("devices") * size, size)
