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
