# Wrong: out_specs=jax.P("devices") keeps a per-device axis, so the result has shape (n,), not ()
def global_mean_shard_map(x, mesh):
    def local(block):
        total = lax.psum(jnp.sum(block), "devices")
        return (total / lax.psum(block.size, "devices"))[None]

    return jax.jit(jax.shard_map(local, mesh=mesh, in_specs=jax.P("devices"), out_specs=jax.P("devices")))(x)
