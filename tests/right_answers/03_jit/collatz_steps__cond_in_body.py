# Right: chooses the update with jax.lax.cond inside the while_loop body
def collatz_steps(n):
    def body(carry):
        value, steps = carry
        value = jax.lax.cond(value % 2 == 0, lambda x: x // 2, lambda x: 3 * x + 1, value)
        return value, steps + 1

    _, steps = jax.lax.while_loop(lambda carry: carry[0] > 1, body, (n, jnp.int32(0)))
    return steps
