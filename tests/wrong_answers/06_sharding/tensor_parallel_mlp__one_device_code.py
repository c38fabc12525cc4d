# Wrong: the one-device code: the second product sums over a dimension split on "model"; JAX asks where it goes
# Says: raised
def tensor_parallel_mlp(x, w1, w2):
    return jax.nn.relu(x @ w1) @ w2
