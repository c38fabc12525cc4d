# Wrong: runs a fixed 1000 iterations (frozen once n is 1): right counts, but a scan of wasted work instead of stopping
# Says: 111 iterations, stop at 1
def collatz_steps(n):
    def body(i, carry):
        value, steps = carry
        done = value == 1
        return jnp.where(done, value, jnp.where(value % 2 == 0, value // 2, 3 * value + 1)), steps + (~done)

    return jax.lax.fori_loop(0, 1000, body, (n, jnp.zeros_like(n)))[1]
