# Right: pairs the steps in rounds written by hand (shifted copies, about log2 T rounds, a Python loop over rounds)
def linear_recurrence(a, b, h0):
    b = b.at[0].add(a[0] * h0)
    shift = 1
    while shift < a.shape[0]:
        a_before = jnp.concatenate([jnp.ones(shift, a.dtype), a[:-shift]])  # the steps `shift` places earlier
        b_before = jnp.concatenate([jnp.zeros(shift, b.dtype), b[:-shift]])
        a, b = a_before * a, a * b_before + b
        shift *= 2
    return b
