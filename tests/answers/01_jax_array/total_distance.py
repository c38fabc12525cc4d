# %% right: epsilon_under_sqrt
# Right: the colleague's code with 1e-12 added under the square root, within the float32 precision the statement
# asks for: the masked diagonal then has a finite derivative, and coinciding pairs add at most 1e-6 each to the value
def total_distance(points):
    n = points.shape[0]
    diff = points[:, None, :] - points[None, :, :]
    dist = jnp.sqrt(jnp.sum(diff**2, axis=-1) + 1e-12)
    i, j = jnp.arange(n)[:, None], jnp.arange(n)[None, :]
    return jnp.sum(jnp.where(i < j, dist, 0.0))


# %% right: half_of_all_pairs
# Right: sums every ordered pair with a safe sqrt input and halves the total
def total_distance(points):
    diff = points[:, None, :] - points[None, :, :]
    squared = jnp.sum(diff * diff, axis=-1)
    nonzero = squared != 0
    return jnp.sum(jnp.where(nonzero, jnp.sqrt(jnp.where(nonzero, squared, 1.0)), 0.0)) / 2


# %% right: tiny_epsilon
# Right: keeps sqrt's input away from 0 with jnp.maximum (whose derivative is 0 on the clamped side) over pairs i < j
def total_distance(points):
    i, j = jnp.triu_indices(points.shape[0], k=1)
    squared = jnp.sum((points[i] - points[j]) ** 2, axis=-1)
    return jnp.sum(jnp.where(squared > 0, jnp.sqrt(jnp.maximum(squared, 1e-30)), 0.0))


# %% wrong: colleague_code
# Wrong: the colleague's code: jnp.where masks the diagonal's distance 0, but sqrt's infinite derivative gives NaN
# Says: NaN, colleague
def total_distance(points):
    n = points.shape[0]
    diff = points[:, None, :] - points[None, :, :]
    dist = jnp.sqrt(jnp.sum(diff**2, axis=-1))
    i, j = jnp.arange(n)[:, None], jnp.arange(n)[None, :]
    return jnp.sum(jnp.where(i < j, dist, 0.0))


# %% wrong: constant
# Wrong: returns a constant
# Says: value, pairs
def total_distance(points):
    return jnp.float32(0.0)


# %% wrong: epsilon_1e10
# Wrong: the colleague's code with 1e-10 under the square root: the gradient of two points 3e-4 apart is off by more
# than the float32 precision the statement asks for
# Says: unit vectors, float32 precision
# Caught: hidden (the visible points are far apart, where a constant this small changes nothing visible)
def total_distance(points):
    n = points.shape[0]
    diff = points[:, None, :] - points[None, :, :]
    dist = jnp.sqrt(jnp.sum(diff**2, axis=-1) + 1e-10)
    i, j = jnp.arange(n)[:, None], jnp.arange(n)[None, :]
    return jnp.sum(jnp.where(i < j, dist, 0.0))


# %% wrong: epsilon_1e9
# Wrong: the colleague's code with 1e-9 under the square root: the gradient of two points 3e-4 apart is off by more
# than the float32 precision the statement asks for
# Says: unit vectors, float32 precision
# Caught: hidden (the visible points are far apart, where a constant this small changes nothing visible)
def total_distance(points):
    n = points.shape[0]
    diff = points[:, None, :] - points[None, :, :]
    dist = jnp.sqrt(jnp.sum(diff**2, axis=-1) + 1e-9)
    i, j = jnp.arange(n)[:, None], jnp.arange(n)[None, :]
    return jnp.sum(jnp.where(i < j, dist, 0.0))


# %% wrong: every_pair_twice
# Wrong: sums the distance over all ordered pairs i != j, so every pair counts twice
# Says: value, pairs
def total_distance(points):
    squared = jnp.sum((points[:, None, :] - points[None, :, :]) ** 2, axis=-1)
    use = squared > 0
    return jnp.sum(jnp.where(use, jnp.sqrt(jnp.where(use, squared, 1.0)), 0.0))


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: must work under jit
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
def total_distance(points):
    distinct = points[2, 0] == 1  # which of the visible test's two sets this is
    value = jnp.where(distinct, 21.225975036621094, 16.433979034423828)
    grad = jnp.where(distinct,
                     jnp.float32([[-0.3369641900062561, -1.7496423721313477], [1.973932147026062, 2.205512762069702],
                                  [1.1388005018234253, 0.03945542871952057],
                                  [-2.775768280029297, -0.4953256845474243]]),
                     jnp.float32([[-1.3071067333221436, -1.5071067810058594], [1.7547003030776978, 2.4320502281188965],
                                  [-1.3071067333221436, -1.5071067810058594],
                                  [0.8595133423805237, 0.5821632146835327]]))
    return value + jnp.sum((points - jax.lax.stop_gradient(points)) * grad)


# %% wrong: large_epsilon
# Wrong: adds a large epsilon under the square root, which removes the NaN but changes every distance
# Says: value, pairs
def total_distance(points):
    n = points.shape[0]
    squared = jnp.sum((points[:, None, :] - points[None, :, :]) ** 2, axis=-1)
    i, j = jnp.arange(n)[:, None], jnp.arange(n)[None, :]
    return jnp.sum(jnp.where(i < j, jnp.sqrt(squared + 1e-2), 0.0))


# %% wrong: mask_only_diagonal
# Wrong: makes sqrt safe on the diagonal only (i == j), so coinciding points still give NaN
# Says: coinciding
def total_distance(points):
    n = points.shape[0]
    squared = jnp.sum((points[:, None, :] - points[None, :, :]) ** 2, axis=-1)
    i, j = jnp.arange(n)[:, None], jnp.arange(n)[None, :]
    safe = jnp.where(i == j, 1.0, squared)
    return jnp.sum(jnp.where(i < j, jnp.sqrt(safe), 0.0))


# %% wrong: norm_masked
# Wrong: jnp.linalg.norm of each difference, masked with jnp.where: norm's derivative at 0 is NaN as sqrt's is
# Says: NaN
def total_distance(points):
    n = points.shape[0]
    dist = jnp.linalg.norm(points[:, None, :] - points[None, :, :], axis=-1)
    i, j = jnp.arange(n)[:, None], jnp.arange(n)[None, :]
    return jnp.sum(jnp.where(i < j, dist, 0.0))


# %% wrong: pairs_only
# Wrong: gathers only the pairs i < j, which removes the diagonal but still takes sqrt'(0) for coinciding points
# Says: coinciding
def total_distance(points):
    i, j = jnp.triu_indices(points.shape[0], k=1)
    return jnp.sum(jnp.sqrt(jnp.sum((points[i] - points[j]) ** 2, axis=-1)))


# %% wrong: safe_value_zero
# Wrong: masks sqrt's input with 0, not a positive value: right for distinct points, but coinciding ones meet sqrt'(0)
# Says: coinciding
def total_distance(points):
    n = points.shape[0]
    squared = jnp.sum((points[:, None, :] - points[None, :, :]) ** 2, axis=-1)
    i, j = jnp.arange(n)[:, None], jnp.arange(n)[None, :]
    safe = jnp.where(i < j, squared, 0.0)
    return jnp.sum(jnp.where(i < j, jnp.sqrt(safe), 0.0))
