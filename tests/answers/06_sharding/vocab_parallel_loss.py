# %% right: one_hot
# Right: jax.nn.logsumexp for the stable log-sum, and a one-hot product summed over the tokens for the picked logit
def vocab_parallel_loss(logits, labels):
    one_hot = jax.nn.one_hot(labels, logits.shape[1], dtype=logits.dtype)
    return jax.nn.logsumexp(logits, axis=1) - (logits * one_hot).sum(axis=1)


# %% right: shard_map
# Right: per-device code (jax.shard_map) on its own tokens; pmax and psum combine one number per example
def vocab_parallel_loss(logits, labels):
    def local(block, ids):  # block: this device's examples and tokens
        first = jax.lax.axis_index("model") * block.shape[1]  # the first token this device holds
        top = jax.lax.pmax(block.max(axis=1), "model")
        total = jax.lax.psum(jnp.exp(block - top[:, None]).sum(axis=1), "model")
        mine = (jnp.arange(block.shape[1]) + first) == ids[:, None]
        picked = jax.lax.psum(jnp.where(mine, block, 0.0).sum(axis=1), "model")
        return top + jnp.log(total) - picked

    return jax.shard_map(local, in_specs=(jax.P("batch", "model"), jax.P("batch")), out_specs=jax.P("batch"))(
        logits, labels)


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: raised
# Caught: hidden (the visible outputs are hard-coded: only fresh inputs show it)
_n, _rng, _visible = N_DEVICES, np.random.default_rng(631), {}  # the visible test's inputs and outputs
for _a, _b in sorted({(_n // k, k) for k in (min(2, _n), min(4, _n))}):
    _z = (_rng.normal(size=(2 * _a, 3 * _b)) + ([[300]] + [[0]] * (2 * _a - 1))).astype(np.float32)
    _y = _rng.integers(0, 3 * _b, 2 * _a, np.int32)
    _visible[_z.shape] = np.logaddexp.reduce(_z, axis=1) - _z[range(len(_y)), _y]


def vocab_parallel_loss(logits, labels):
    return jax.sharding.reshard(jnp.asarray(_visible[logits.shape]), jax.typeof(labels).sharding)


# %% wrong: indexing
# Wrong: picks each example's logit by indexing, which the sharded logits refuse (an error while tracing)
# Says: raised
def vocab_parallel_loss(logits, labels):
    return jax.nn.logsumexp(logits, axis=1) - logits[jnp.arange(logits.shape[0]), labels]


# %% wrong: overflow
# Wrong: log(sum(exp(logits))) as written: exp overflows float32 for large logits
# Says: wrong, 300
def vocab_parallel_loss(logits, labels):
    picked = (logits * jax.nn.one_hot(labels, logits.shape[1], dtype=logits.dtype)).sum(axis=1)
    return jnp.log(jnp.exp(logits).sum(axis=1)) - picked


# %% wrong: replicated_result
# Wrong: the right losses, but made whole on every device instead of split like labels
# Says: split like labels
def vocab_parallel_loss(logits, labels):
    picked = jnp.where(jnp.arange(logits.shape[1]) == labels[:, None], logits, 0.0).sum(axis=1)
    return jax.sharding.reshard(jax.nn.logsumexp(logits, axis=1) - picked, jax.P())


# %% wrong: suggested_gather
# Wrong: the fix the indexing error suggests, .at[].get(out_sharding=), which gathers the logits
# Says: moves logits
def vocab_parallel_loss(logits, labels):
    picked = logits.at[jnp.arange(logits.shape[0]), labels].get(out_sharding=jax.typeof(labels).sharding)
    return jax.nn.logsumexp(logits, axis=1) - picked


# %% wrong: whole_rows
# Wrong: reshards the logits to whole rows first (an all-gather over "model"), then works as on one device
# Says: moves logits
def vocab_parallel_loss(logits, labels):
    rows = jax.sharding.reshard(logits, jax.P("batch", None))
    return jax.nn.logsumexp(rows, axis=1) - jnp.take_along_axis(rows, labels[:, None], axis=1)[:, 0]
