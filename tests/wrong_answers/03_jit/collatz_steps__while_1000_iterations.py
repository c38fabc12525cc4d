# Wrong: a while_loop that always runs 1000 iterations (frozen once n is 1): right counts, but it never stops early
# Says: 111 iterations, not [1000]
def collatz_steps(n):
    def body(carry):
        i, value, steps = carry
        done = value == 1
        value = jnp.where(done, value, jnp.where(value % 2 == 0, value // 2, 3 * value + 1))
        return i + 1, value, steps + (~done)

    return jax.lax.while_loop(lambda carry: carry[0] < 1000, body, (0, n, jnp.zeros_like(n)))[2]
