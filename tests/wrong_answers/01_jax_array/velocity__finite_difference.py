# Wrong: a central finite difference in float32, off by far more than rounding
# Says: finite difference
def velocity(r, ts):
    h = 1e-3
    return jax.vmap(lambda t: (r(t + h) - r(t - h)) / (2 * h))(ts)
