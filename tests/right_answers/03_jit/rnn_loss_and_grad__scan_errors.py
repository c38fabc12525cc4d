# Right: scans over the pairs (x_t, y_t) and emits each step's squared error
def rnn_loss_and_grad(params, h0, xs, ys):
    def loss_and_state(p):
        def step(h, xy):
            x, y = xy
            h = jnp.tanh(p["W"] @ h + p["U"] @ x)
            return h, (jnp.dot(p["v"], h) - y) ** 2

        h_last, errors = jax.lax.scan(step, h0, (xs, ys))
        return errors.mean(), h_last

    (loss, h_last), grads = jax.value_and_grad(loss_and_state, has_aux=True)(params)
    return (loss, h_last), grads
