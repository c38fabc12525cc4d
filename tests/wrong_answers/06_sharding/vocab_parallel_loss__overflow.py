# Wrong: log(sum(exp(logits))) as written: exp overflows float32 for large logits
# Says: wrong, 300
def vocab_parallel_loss(logits, labels):
    picked = (logits * jax.nn.one_hot(labels, logits.shape[1], dtype=logits.dtype)).sum(axis=1)
    return jnp.log(jnp.exp(logits).sum(axis=1)) - picked
