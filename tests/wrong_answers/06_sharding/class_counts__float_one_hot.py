# Wrong: counts with a float32 one-hot sum, so the histogram is float32, not int32
# Says: int32
def class_counts(labels, num_classes):
    return lax.psum_scatter(jax.nn.one_hot(labels, num_classes).sum(axis=0), "devices", tiled=True)
