# Right: jax.jacfwd of r at one time is the column of derivatives; vmap maps it over the times
def velocity(r, ts):
    return jax.vmap(jax.jacfwd(r))(ts)
