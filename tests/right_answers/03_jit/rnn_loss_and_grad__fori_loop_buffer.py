# Right: a fori_loop that writes each prediction into a buffer, with the loss computed from it
def rnn_loss_and_grad(params, h0, xs, ys):
    def loss_and_state(p):
        def body(t, carry):
            h, preds = carry
            h = jnp.tanh(p["W"] @ h + p["U"] @ xs[t])
            return h, preds.at[t].set(p["v"] @ h)

        h_last, preds = jax.lax.fori_loop(0, xs.shape[0], body, (h0, jnp.zeros_like(ys)))
        return jnp.mean(jnp.square(preds - ys)), h_last

    return jax.value_and_grad(loss_and_state, has_aux=True)(params)
