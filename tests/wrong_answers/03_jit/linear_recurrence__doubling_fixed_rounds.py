# Wrong: pairs steps in a fixed 10 rounds: right only up to 2 ** 10 = 1024 steps
# Says: 3000 steps
# Caught: hidden (the visible test's sequences have at most 1024 steps)
def linear_recurrence(a, b, h0):
    b = b.at[0].add(a[0] * h0)
    for k in range(10):
        shift = min(2**k, a.shape[0])
        a_before = jnp.concatenate([jnp.ones(shift), a[:-shift]])[: a.shape[0]]
        b_before = jnp.concatenate([jnp.zeros(shift), b[:-shift]])[: a.shape[0]]
        a, b = a_before * a, a * b_before + b
    return b
