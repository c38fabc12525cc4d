# Wrong: the closed form in log space with signs kept apart: no underflow, but a zero a_t gives log 0 = -inf and NaNs
# Says: for a =
def linear_recurrence(a, b, h0):
    log_p = jnp.cumsum(jnp.log(jnp.abs(a)))
    sign = jnp.cumprod(jnp.sign(a))
    t = jnp.arange(a.shape[0])
    ratio = jnp.where(t[None, :] <= t[:, None], jnp.exp(log_p[:, None] - log_p[None, :]), 0.0)  # P_t / P_s
    return sign * jnp.exp(log_p) * h0 + (ratio * (sign[:, None] * sign[None, :])) @ b
