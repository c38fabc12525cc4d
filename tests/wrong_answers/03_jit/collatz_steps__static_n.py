# Wrong: makes n static so that Python can loop on it: a jax.Array is not hashable, and each n would compile anew
# Says: jax.jit, static
@partial(jax.jit, static_argnums=0)
def collatz_steps(n):
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return jnp.int32(steps)
