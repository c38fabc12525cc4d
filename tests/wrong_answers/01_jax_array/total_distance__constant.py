# Wrong: returns a constant
# Says: value, pairs
def total_distance(points):
    return jnp.float32(0.0)
