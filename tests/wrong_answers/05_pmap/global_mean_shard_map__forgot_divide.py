# Wrong: adds up the per-device means with psum and forgets to divide by the number of devices
def global_mean_shard_map(x, mesh):
    def local(block):
        return lax.psum(jnp.mean(block), "devices")

    return jax.jit(jax.shard_map(local, mesh=mesh, in_specs=jax.P("devices"), out_specs=jax.P()))(x)
