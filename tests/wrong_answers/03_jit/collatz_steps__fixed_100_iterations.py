# Wrong: runs a fixed 100 iterations (frozen once n is 1), too few for n = 27, which needs 111 steps
# Says: int32 scalars
def collatz_steps(n):
    def body(i, carry):
        value, steps = carry
        done = value == 1
        return jnp.where(done, value, jnp.where(value % 2 == 0, value // 2, 3 * value + 1)), steps + (~done)

    return jax.lax.fori_loop(0, 100, body, (n, jnp.zeros_like(n)))[1]
