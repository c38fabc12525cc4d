# Wrong: the visible outputs hard-coded
# Says: must return
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
def collatz_steps(n):
    # the visible test's answers, looked up; one while_loop runs that many iterations
    target = jnp.zeros(28, jnp.int32).at[jnp.array([1, 2, 3, 6, 7, 27])].set(jnp.array([0, 1, 7, 8, 16, 111]))[n]
    return jax.lax.while_loop(lambda k: k < target, lambda k: k + 1, jnp.zeros_like(n))
