# Wrong: halves with / , which makes the carried value a float, so the loop's carry changes type
# Says: jax.jit, carry
def collatz_steps(n):
    def body(carry):
        value, steps = carry
        return jnp.where(value % 2 == 0, value / 2, 3 * value + 1), steps + 1

    return jax.lax.while_loop(lambda carry: carry[0] != 1, body, (n, jnp.zeros_like(n)))[1]
