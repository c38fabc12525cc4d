# Wrong: the right losses, but made whole on every device instead of split like labels
# Says: split like labels
def vocab_parallel_loss(logits, labels):
    picked = jnp.where(jnp.arange(logits.shape[1]) == labels[:, None], logits, 0.0).sum(axis=1)
    return jax.sharding.reshard(jax.nn.logsumexp(logits, axis=1) - picked, jax.P())
