# Wrong: makes every weight whole on every device first (an all-gather of each), then multiplies as on one device
# Says: all-gather
def tensor_parallel_mlp(x, w1, w2):
    w1 = jax.sharding.reshard(w1, jax.P())
    w2 = jax.sharding.reshard(w2, jax.P())
    return jax.nn.relu(x @ w1) @ w2
