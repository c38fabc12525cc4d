# Wrong: each device looks at its own block only (jax.shard_map), so a block's first and last samples miss a neighbour
# Says: sample
def local_peaks(x):
    spec = jax.typeof(x).sharding.spec

    def block(y):
        return y >= lax.reduce_window(y, -jnp.inf, lax.max, (3,), (1,), "SAME")

    return jax.shard_map(block, in_specs=spec, out_specs=spec)(x)
