# %% right: custom_jvp
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


# %% right: custom_vjp
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


# %% wrong: fixed_400_steps
# Wrong: a loop fixed at 400 steps, enough for every e, which jax.grad differentiates; it does not stop when converged
# Says: converged
def eccentric_anomaly(e, m):
    root = jax.lax.fori_loop(0, 400, lambda k, x: m + e * jnp.sin(x), m)
    return root, jnp.int32(400)


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: E must solve
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
def eccentric_anomaly(e, m):
    table = jnp.float32([[0.0, 1.0, 1.0, 0.8414709568023682, 1.0, 1],
                         [0.10000000149011612, 1.0, 1.0885977745056152, 0.9290607571601868, 1.0486278533935547, 4],
                         [0.5, -2.0, -2.3542428016662598, -0.5236937999725342, 0.7391735911369324, 12],
                         [0.8999999761581421, 3.0, 3.067037582397461, 0.039254866540431976, 0.5270091891288757, 89]])
    row = table[jnp.argmin(jnp.abs(table[:, 0] - e) + jnp.abs(table[:, 1] - m))]
    n = jax.lax.while_loop(lambda k: k < row[5], lambda k: k + 1, jnp.float32(0))
    return row[2] + row[3] * (e - row[0]) + row[4] * (m - row[1]), n.astype(jnp.int32)


# %% wrong: masked_fixed_scan
# Wrong: 400 steps that stop updating once converged and count the steps: still a loop of fixed length
# Caught: hidden (its values, counts and slopes are right on the visible inputs; only the program shows the fixed loop)
# Says: Stop the loop when converged
def eccentric_anomaly(e, m):
    def step(carry, _):
        new, steps, done = carry
        nxt = m + e * jnp.sin(new)
        done_now = done | (jnp.abs(nxt - new) <= 1e-5)
        return (jnp.where(done, new, nxt), steps + jnp.where(done, 0, 1), done_now), None

    (root, steps, _), _ = jax.lax.scan(step, (m, jnp.int32(0), jnp.bool_(False)), length=400)
    return root, steps


# %% wrong: python_loop
# Wrong: the statement's Python loop with jax.numpy: the while asks Python for a traced value
# Says: TracerBoolConversionError
def eccentric_anomaly(e, m):
    old, new, steps = m, m + e * jnp.sin(m), 1
    while jnp.abs(new - old) > 1e-5:
        old, new, steps = new, m + e * jnp.sin(new), steps + 1
    return new, jnp.int32(steps)


# %% wrong: stopped_gradient
# Wrong: the loop runs on stop_gradient values and nothing adds the derivative back, so jax.grad gives zeros
# Says: wrong jax.grad
def eccentric_anomaly(e, m):
    e, m = jax.lax.stop_gradient(e), jax.lax.stop_gradient(m)

    def update(carry):
        _, new, steps = carry
        return new, m + e * jnp.sin(new), steps + 1

    _, new, steps = jax.lax.while_loop(lambda c: jnp.abs(c[1] - c[0]) > 1e-5, update, (m, m + e * jnp.sin(m), 1))
    return new, steps


# %% wrong: while_loop_no_gradient
# Wrong: the lesson's while_loop on the statement's iteration, and nothing for jax.grad, which cannot go through it
# Says: jax.grad raised ValueError
def eccentric_anomaly(e, m):
    def update(carry):
        _, new, steps = carry
        return new, m + e * jnp.sin(new), steps + 1

    _, new, steps = jax.lax.while_loop(lambda c: jnp.abs(c[1] - c[0]) > 1e-5, update, (m, m + e * jnp.sin(m), 1))
    return new, steps
