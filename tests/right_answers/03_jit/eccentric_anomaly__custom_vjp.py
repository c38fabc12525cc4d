# Right: jax.custom_vjp: the value and step count from one while_loop, the implicit derivative backwards
def _solve_raw(e, m):
    def update(carry):
        _, new, steps = carry
        return new, m + e * jnp.sin(new), steps + 1

    _, root, steps = jax.lax.while_loop(lambda c: jnp.abs(c[1] - c[0]) > 1e-5, update,
                                        (m, m + e * jnp.sin(m), jnp.float32(1)))
    return root, steps


def _solve_fwd(e, m):
    root, steps = _solve_raw(e, m)
    return (root, steps), (e, root)


def _solve_bwd(saved, cotangents):
    e, root = saved
    g = cotangents[0] / (1 - e * jnp.cos(root))
    return g * jnp.sin(root), g


_solve = jax.custom_vjp(_solve_raw)
_solve.defvjp(_solve_fwd, _solve_bwd)


def eccentric_anomaly(e, m):
    root, steps = _solve(e, m)
    return root, steps.astype(jnp.int32)
