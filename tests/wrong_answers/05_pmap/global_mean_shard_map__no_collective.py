# Wrong: each device averages only its own block and check_vma=False hides that the devices disagree
def global_mean_shard_map(x, mesh):
    def local(block):
        return jnp.mean(block)

    return jax.jit(jax.shard_map(local, mesh=mesh, in_specs=jax.P("devices"), out_specs=jax.P(),
                                 check_vma=False))(x)
