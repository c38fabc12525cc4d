# Wrong: uses jax.lax.while_loop but keeps a Python if on the traced value inside the body
# Says: jax.jit, TracerBoolConversionError
def collatz_steps(n):
    def body(carry):
        value, steps = carry
        if value % 2 == 0:
            return value // 2, steps + 1
        return 3 * value + 1, steps + 1

    return jax.lax.while_loop(lambda carry: carry[0] != 1, body, (n, jnp.zeros_like(n)))[1]
