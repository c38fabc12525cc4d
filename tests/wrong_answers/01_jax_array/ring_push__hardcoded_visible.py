# Wrong: the visible outputs hard-coded
# Says: pushing 3 values
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
def ring_push(buffer, head, values):
    if values.shape[0] == 2:
        return jnp.int32([2, 20, 30, 1]), jnp.int32(1)
    return jnp.where(head == 3, jnp.int32([6, 3, 4, 5]), jnp.int32([4, 5, 6, 3])), jnp.int32(1)
