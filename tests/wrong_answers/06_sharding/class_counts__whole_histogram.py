# Wrong: psum_scatter without tiled=True on the flat histogram, which only fits when there is one class per device
# Says: tiled
def class_counts(labels, num_classes):
    return lax.psum_scatter(jnp.bincount(labels, length=num_classes), "devices")
