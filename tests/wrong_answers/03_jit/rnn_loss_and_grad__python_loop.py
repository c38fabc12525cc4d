# Wrong: runs the sequence as a Python loop, so the jaxpr (and the compile time) grows with the length of xs
# Says: jaxpr, grow
# Caught: hidden (the jaxpr's growth shows only by comparing two sequence lengths, T = 3 and T = 30)
def rnn_loss_and_grad(params, h0, xs, ys):
    def loss_and_state(p):
        h, total = h0, 0.0
        for t in range(xs.shape[0]):
            h = jnp.tanh(p["W"] @ h + p["U"] @ xs[t])
            total = total + (p["v"] @ h - ys[t]) ** 2
        return total / xs.shape[0], h

    return jax.value_and_grad(loss_and_state, has_aux=True)(params)
