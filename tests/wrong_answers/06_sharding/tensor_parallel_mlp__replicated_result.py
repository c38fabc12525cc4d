# Wrong: asks for the result whole on every device, not split by rows over "batch" like x
# Says: split like x
def tensor_parallel_mlp(x, w1, w2):
    return jnp.matmul(jax.nn.relu(x @ w1), w2, out_sharding=jax.P())
