# Wrong: reshards the logits to whole rows first (an all-gather over "model"), then works as on one device
# Says: moves logits
def vocab_parallel_loss(logits, labels):
    rows = jax.sharding.reshard(logits, jax.P("batch", None))
    return jax.nn.logsumexp(rows, axis=1) - jnp.take_along_axis(rows, labels[:, None], axis=1)[:, 0]
