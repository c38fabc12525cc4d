# Right: h0 enters as an extra first step (a = 0, b = h0) of jax.lax.associative_scan on stacked pairs
def linear_recurrence(a, b, h0):
    steps = jnp.stack([jnp.concatenate([jnp.zeros(1), a]), jnp.concatenate([jnp.reshape(h0, (1,)), b])], axis=-1)

    def then(first, second):  # arrays of (a, b) pairs on the last axis
        a1, b1, a2, b2 = first[..., 0], first[..., 1], second[..., 0], second[..., 1]
        return jnp.stack([a1 * a2, a2 * b1 + b2], axis=-1)

    return jax.lax.associative_scan(then, steps)[1:, 1]
