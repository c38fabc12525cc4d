# Wrong: jax.grad of r, whose output is a vector: grad only differentiates functions with a scalar output
# Says: scalar
def velocity(r, ts):
    return jax.vmap(jax.grad(r))(ts)
