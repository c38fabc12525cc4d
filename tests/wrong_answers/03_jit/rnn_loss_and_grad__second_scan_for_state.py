# Wrong: differentiates a scan for the loss, then runs a second scan over the sequence for the last state
# Says: loops, one pass
def rnn_loss_and_grad(params, h0, xs, ys):
    def run(p):
        def step(h, x):
            h = jnp.tanh(p["W"] @ h + p["U"] @ x)
            return h, p["v"] @ h

        return jax.lax.scan(step, h0, xs)

    loss, grads = jax.value_and_grad(lambda p: jnp.mean((run(p)[1] - ys) ** 2))(params)
    return (loss, run(params)[0]), grads
