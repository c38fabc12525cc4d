# %% right: linear_shifts
# Right: n - 1 shifts by one device, each passing on the running offset (linear in n, not logarithmic)
def global_cumsum(block):
    n = lax.axis_size("devices")
    local = jnp.cumsum(block)
    offset = jnp.zeros_like(local[-1:])
    for _ in range(n - 1):
        offset = lax.ppermute(offset + local[-1:], "devices", [(i, i + 1) for i in range(n - 1)])
    return local + offset


# %% wrong: all_gather_totals
# Wrong: gathers every device's total on every device (all_gather) instead of passing them with ppermute
# Says: point to point
def global_cumsum(block):
    local = jnp.cumsum(block)
    totals = lax.all_gather(local[-1], "devices")
    before = jnp.arange(totals.shape[0]) < lax.axis_index("devices")
    return local + jnp.sum(jnp.where(before, totals, 0), dtype=local.dtype)


# %% wrong: eight_devices
# Wrong: the shifts and perms are written for 8 devices (1, 2, 4 and range(8 - k)), so other meshes fail
# Says: raised
def global_cumsum(block):
    local = jnp.cumsum(block)
    total = local[-1:]
    acc = total
    for k in (1, 2, 4):
        acc = acc + lax.ppermute(acc, "devices", [(i, i + k) for i in range(8 - k)])
    return local + (acc - total)


# %% wrong: float_result
# Wrong: right sums, but returned as float32 whatever the dtype of x
# Says: dtype
def global_cumsum(block):
    n = lax.axis_size("devices")
    local = jnp.cumsum(block.astype(jnp.float32))
    total = local[-1:]
    acc, k = total, 1
    while k < n:
        acc = acc + lax.ppermute(acc, "devices", [(i, i + k) for i in range(n - k)])
        k *= 2
    return local + (acc - total)


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: cumulative sum
# Caught: hidden (the visible outputs are hard-coded: only fresh inputs show it)
def global_cumsum(block):
    k = lax.axis_size("devices")
    x = np.random.default_rng(k).integers(1, 9, 3 * k).astype(np.int32)  # the visible test's signal on k devices
    mine = jnp.asarray(np.cumsum(x, dtype=np.int32)).reshape(k, 3)[lax.axis_index("devices")]
    moved = lax.ppermute(block, "devices", [(i, (i + 1) % k) for i in range(k)])  # only so that a ppermute shows
    return (jnp.resize(mine, block.shape) + 0 * moved).astype(block.dtype)


# %% wrong: local_only
# Wrong: each device returns the running sum of its own block, without the earlier devices' totals
# Says: earlier devices
def global_cumsum(block):
    return jnp.cumsum(block)


# %% wrong: one_shift
# Wrong: one shift only, so each device adds its left neighbour's total but not those further back
# Says: neighbour
def global_cumsum(block):
    n = lax.axis_size("devices")
    local = jnp.cumsum(block)
    left = lax.ppermute(local[-1:], "devices", [(i, i + 1) for i in range(n - 1)])
    return local + left


# %% wrong: pmax_totals
# Wrong: gathers every device's total with a pmax of a one-hot vector (and a ppermute whose result it throws away)
# Says: point to point only, pmax
def global_cumsum(block):
    n, d = lax.axis_size("devices"), lax.axis_index("devices")
    local = jnp.cumsum(block)
    low = jnp.iinfo(block.dtype).min if jnp.issubdtype(block.dtype, jnp.integer) else -jnp.inf
    totals = lax.pmax(jnp.where(jnp.arange(n) == d, local[-1], low), "devices")
    before = jnp.sum(jnp.where(jnp.arange(n) < d, totals, 0)).astype(block.dtype)
    if n > 1:
        lax.ppermute(block, "devices", [(0, 1)])
    return local + before


# %% wrong: ring
# Wrong: shifts around a ring ((i + k) % n), so device 0 receives the last devices' totals
# Says: wraps around
def global_cumsum(block):
    n = lax.axis_size("devices")
    local = jnp.cumsum(block)
    total = local[-1:]
    acc, k = total, 1
    while k < n:
        acc = acc + lax.ppermute(acc, "devices", [(i, (i + k) % n) for i in range(n)])
        k *= 2
    return local + (acc - total)
