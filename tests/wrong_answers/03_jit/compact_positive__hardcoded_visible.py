# Wrong: the visible outputs hard-coded
# Says: count
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
def compact_positive(x):
    return jnp.float32([3, 2, 4, 0, 0, 0]), jnp.int32(3)
