# Right: jax.custom_jvp declares the implicit function theorem's derivative for the solver; steps from a second loop
@jax.custom_jvp
def _kepler_root(e, m):
    return jax.lax.while_loop(lambda c: jnp.abs(c[1] - c[0]) > 1e-5, lambda c: (c[1], m + e * jnp.sin(c[1])),
                              (m, m + e * jnp.sin(m)))[1]


@_kepler_root.defjvp
def _kepler_root_jvp(primals, tangents):
    (e, m), (de, dm) = primals, tangents
    root = _kepler_root(e, m)
    return root, (jnp.sin(root) * de + dm) / (1 - e * jnp.cos(root))


def eccentric_anomaly(e, m):
    e0, m0 = jax.lax.stop_gradient(e), jax.lax.stop_gradient(m)

    def update(carry):
        _, new, steps = carry
        return new, m0 + e0 * jnp.sin(new), steps + 1

    steps = jax.lax.while_loop(lambda c: jnp.abs(c[1] - c[0]) > 1e-5, update, (m0, m0 + e0 * jnp.sin(m0), 1))[2]
    return _kepler_root(e, m), steps
