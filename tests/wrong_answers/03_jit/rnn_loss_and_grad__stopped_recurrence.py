# Wrong: stops the gradient through the carried state, so the gradients ignore how W reaches later steps
# Says: gradients
def rnn_loss_and_grad(params, h0, xs, ys):
    def loss_and_state(p):
        def step(h, x):
            h = jnp.tanh(p["W"] @ jax.lax.stop_gradient(h) + p["U"] @ x)
            return h, p["v"] @ h

        h_last, preds = jax.lax.scan(step, h0, xs)
        return jnp.mean((preds - ys) ** 2), h_last

    return jax.value_and_grad(loss_and_state, has_aux=True)(params)
