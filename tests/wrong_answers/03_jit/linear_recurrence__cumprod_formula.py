# Wrong: the closed form h_t = P_t (h0 + sum of b_s / P_s) with P the running product of a: it divides by
# products that are 0 (a zero a_t, or underflow on a long sequence)
# Says: for a =
def linear_recurrence(a, b, h0):
    p = jnp.cumprod(a)
    return p * (h0 + jnp.cumsum(b / p))
