# Wrong: the visible outputs hard-coded
# Says: For x =
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
def run_lengths(x):
    return (jnp.int32([5, 2, 5, 7, 0, 0, 0, 0]), jnp.int32([2, 3, 1, 2, 0, 0, 0, 0]), jnp.int32(4))
