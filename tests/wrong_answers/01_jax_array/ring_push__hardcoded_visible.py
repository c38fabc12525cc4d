# Wrong: the visible outputs hard-coded
# Says: count=3
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
def ring_push(buffer, head, values, count):
    two, six, rev = jnp.int32([2, 20, 30, 1]), jnp.int32([6, 3, 4, 5]), jnp.int32([4, 5, 6, 3])
    return jnp.where(count == 2, two, jnp.where(head == 3, six, rev)), jnp.int32(1)
