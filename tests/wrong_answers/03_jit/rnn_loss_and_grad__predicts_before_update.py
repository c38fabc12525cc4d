# Wrong: predicts from the state before the update (v @ h_{t-1}) instead of the new state h_t
# Says: loss, mean
def rnn_loss_and_grad(params, h0, xs, ys):
    def loss_and_state(p):
        def step(h, x):
            return jnp.tanh(p["W"] @ h + p["U"] @ x), p["v"] @ h

        h_last, preds = jax.lax.scan(step, h0, xs)
        return jnp.mean((preds - ys) ** 2), h_last

    return jax.value_and_grad(loss_and_state, has_aux=True)(params)
