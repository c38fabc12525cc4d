# Wrong: the visible outputs hard-coded
# Says: estimates
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
@jax.jit(static_argnames="steps")
def power_iteration(a, v, steps):
    w = jnp.float32([0.821331262588501, 0.43882623314857483, 0.2914592921733856, 0.21885615587234497])
    estimates = jnp.float32([4.5, 4.90697717666626, 5.0066728591918945, 5.039391040802002, 5.0520548820495605,
                             5.0573506355285645, 5.059653282165527, 5.060672283172607])
    return w, estimates
