# Wrong: the statement's Python loop in jax.numpy: the jaxpr records one step per entry and grows with T
# Says: Python loop
def linear_recurrence(a, b, h0):
    h, out = h0, []
    for t in range(a.shape[0]):
        h = a[t] * h + b[t]
        out.append(h)
    return jnp.stack(out)
