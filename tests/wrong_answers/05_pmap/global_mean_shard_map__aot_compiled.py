# Wrong: calls .lower(x).compile() ahead of time, which the statement rules out: it cannot be traced with make_jaxpr
def global_mean_shard_map(x, mesh):
    def local(block):
        return lax.psum(jnp.sum(block), "devices") / x.size

    mapped = jax.shard_map(local, mesh=mesh, in_specs=jax.P("devices"), out_specs=jax.P())
    return jax.jit(mapped).lower(x).compile()(x)
