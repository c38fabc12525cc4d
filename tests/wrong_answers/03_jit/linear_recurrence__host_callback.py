# Wrong: hands the loop to NumPy on the host through jax.pure_callback
# Says: callback
def linear_recurrence(a, b, h0):
    def on_host(a, b, h0):
        h, out = float(h0), []
        for a_t, b_t in zip(a.tolist(), b.tolist(), strict=True):
            h = a_t * h + b_t
            out.append(h)
        return np.float32(out)

    return jax.pure_callback(on_host, jax.ShapeDtypeStruct(a.shape, jnp.float32), a, b, h0, vmap_method="sequential")
