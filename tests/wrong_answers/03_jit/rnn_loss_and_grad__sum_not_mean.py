# Wrong: sums the squared errors over the steps instead of taking their mean
# Says: mean
def rnn_loss_and_grad(params, h0, xs, ys):
    def loss_and_state(p):
        def step(h, x):
            h = jnp.tanh(p["W"] @ h + p["U"] @ x)
            return h, p["v"] @ h

        h_last, preds = jax.lax.scan(step, h0, xs)
        return jnp.sum((preds - ys) ** 2), h_last

    return jax.value_and_grad(loss_and_state, has_aux=True)(params)
