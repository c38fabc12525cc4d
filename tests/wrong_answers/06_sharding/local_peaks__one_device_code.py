# Wrong: the statement's one-device code, run on the mesh (slicing a split axis)
# Says: raised
def local_peaks(x):
    left = jnp.concatenate([jnp.full(1, -jnp.inf), x[:-1]])
    right = jnp.concatenate([x[1:], jnp.full(1, -jnp.inf)])
    return (x >= left) & (x >= right)
