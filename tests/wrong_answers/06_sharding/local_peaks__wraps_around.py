# Wrong: jnp.roll on automatic axes, the ends left wrapped around: the first sample is compared with the last
# Says: sample
def local_peaks(x):
    spec = jax.typeof(x).sharding.spec
    neighbours = jax.sharding.auto_axes(lambda y: (jnp.roll(y, 1), jnp.roll(y, -1)), out_sharding=(spec, spec))
    left, right = neighbours(x)
    return (x >= left) & (x >= right)
