# Wrong: the visible outputs hard-coded
# Says: lowest position
# Caught: hidden (the visible outputs are hard-coded: only fresh inputs show it)
def global_argmax(block):
    # the visible test's signals have their largest value first at 3 * (k // 2) + 1 on k devices
    return jnp.int32(3 * (lax.axis_size("devices") // 2) + 1)
