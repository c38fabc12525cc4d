# Wrong: one vjp, but a Python loop over the outputs, one pullback per row (the jaxpr grows with m)
# Says: jaxpr, equations, m=2, m=16
def jacobian(f, x):
    y, pullback = jax.vjp(f, x)
    eye = jnp.eye(y.shape[0], dtype=y.dtype)
    return jnp.stack([pullback(eye[i])[0] for i in range(y.shape[0])])
