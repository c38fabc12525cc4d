# Wrong: picks each example's logit by indexing, which the sharded logits refuse (an error while tracing)
# Says: raised
def vocab_parallel_loss(logits, labels):
    return jax.nn.logsumexp(logits, axis=1) - logits[jnp.arange(logits.shape[0]), labels]
