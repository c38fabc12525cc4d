# Wrong: runs the steps with jax.lax.scan, the sequential loop the statement rules out
# Says: scan
def linear_recurrence(a, b, h0):
    def step(h, ab):
        h = ab[0] * h + ab[1]
        return h, h

    return jax.lax.scan(step, h0, (a, b))[1]
