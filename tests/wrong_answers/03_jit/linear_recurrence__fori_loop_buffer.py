# Wrong: a lax.fori_loop over the steps writing into a buffer: still a sequential loop in the program
# Says: while
def linear_recurrence(a, b, h0):
    def body(t, state):
        h, out = state
        h = a[t] * h + b[t]
        return h, out.at[t].set(h)

    return jax.lax.fori_loop(0, a.shape[0], body, (h0, jnp.zeros_like(b)))[1]
