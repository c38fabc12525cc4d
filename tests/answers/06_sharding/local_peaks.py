# %% right: convolved_differences
# Right: the differences to both neighbours as convolutions (lesson 03's jnp.convolve), the ends fixed by position
def local_peaks(x):
    n = x.shape[0]
    from_left = jnp.convolve(x, jnp.array([0.0, 1.0, -1.0], x.dtype), mode="same")  # x[i] - x[i - 1]
    from_right = jnp.convolve(x, jnp.array([-1.0, 1.0, 0.0], x.dtype), mode="same")  # x[i] - x[i + 1]
    i = jnp.arange(n)
    return ((from_left >= 0) | (i == 0)) & ((from_right >= 0) | (i == n - 1))


# %% right: rolled_on_auto_axes
# Right: jnp.roll in a function on automatic axes (jax.sharding.auto_axes), the wrapped-around ends replaced
def local_peaks(x):
    spec = jax.typeof(x).sharding.spec

    def neighbours(y):  # on automatic axes the compiler places jnp.roll's moves itself
        return jnp.roll(y, 1).at[0].set(-jnp.inf), jnp.roll(y, -1).at[-1].set(-jnp.inf)

    left, right = jax.sharding.auto_axes(neighbours, out_sharding=(spec, spec))(x)
    return (x >= left) & (x >= right)


# %% right: shifted_by_pad
# Right: each neighbour as a shifted copy (lax.pad with a negative end keeps the length), -inf at the ends
def local_peaks(x):
    left = lax.pad(x, -jnp.inf, [(1, -1, 0)])  # left[i] = x[i - 1]
    right = lax.pad(x, -jnp.inf, [(-1, 1, 0)])  # right[i] = x[i + 1]
    return (x >= left) & (x >= right)


# %% wrong: blocks_alone
# Wrong: each device looks at its own block only (jax.shard_map), so a block's first and last samples miss a neighbour
# Says: sample
def local_peaks(x):
    spec = jax.typeof(x).sharding.spec

    def block(y):
        return y >= lax.reduce_window(y, -jnp.inf, lax.max, (3,), (1,), "SAME")

    return jax.shard_map(block, in_specs=spec, out_specs=spec)(x)


# %% wrong: constant
# Wrong: a constant: no sample is a peak
# Says: sample
def local_peaks(x):
    return jnp.zeros_like(x, dtype=bool)


# %% wrong: gathered
# Wrong: reshards the signal to whole (an all-gather), runs the one-device code, splits the result again
# Says: moves more
def local_peaks(x):
    spec = jax.typeof(x).sharding.spec
    whole = jax.sharding.reshard(x, jax.P())
    left = jnp.concatenate([jnp.full(1, -jnp.inf), whole[:-1]])
    right = jnp.concatenate([whole[1:], jnp.full(1, -jnp.inf)])
    return jax.sharding.reshard((whole >= left) & (whole >= right), spec)


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: boolean
# Caught: hidden (the visible outputs are hard-coded: only fresh inputs show it)
def local_peaks(x):
    peaks = [0, 3, 8, 9, 10, 11, 13, 15, 17, 19, 20, 22, 24, 25, 27, 30, 31]  # the visible test's answer, 8 devices
    want = jnp.zeros(32, bool).at[jnp.array(peaks)].set(True)
    return jax.sharding.reshard(want, jax.typeof(x).sharding.spec)


# %% wrong: host_numpy
# Wrong: computes the peaks in NumPy on the host (fails under jax.jit, and would gather the signal)
# Says: raised
def local_peaks(x):
    y = np.asarray(x)
    left, right = np.r_[-np.inf, y[:-1]], np.r_[y[1:], -np.inf]
    return jnp.asarray((y >= left) & (y >= right))


# %% wrong: input_unchanged
# Wrong: the signal itself, unchanged
# Says: boolean
def local_peaks(x):
    return x


# %% wrong: one_device_code
# Wrong: the statement's one-device code, run on the mesh (slicing a split axis)
# Says: raised
def local_peaks(x):
    left = jnp.concatenate([jnp.full(1, -jnp.inf), x[:-1]])
    right = jnp.concatenate([x[1:], jnp.full(1, -jnp.inf)])
    return (x >= left) & (x >= right)


# %% wrong: strict
# Wrong: a peak must be strictly larger than both neighbours (the statement counts ties)
# Says: sample
def local_peaks(x):
    left = lax.pad(x, -jnp.inf, [(1, -1, 0)])
    right = lax.pad(x, -jnp.inf, [(-1, 1, 0)])
    return (x > left) & (x > right)


# %% wrong: wraps_around
# Wrong: jnp.roll on automatic axes, the ends left wrapped around: the first sample is compared with the last
# Says: sample
def local_peaks(x):
    spec = jax.typeof(x).sharding.spec
    neighbours = jax.sharding.auto_axes(lambda y: (jnp.roll(y, 1), jnp.roll(y, -1)), out_sharding=(spec, spec))
    left, right = neighbours(x)
    return (x >= left) & (x >= right)


# %% wrong: zero_padded
# Wrong: the differences by jnp.convolve with its zero padding: the ends are compared with 0, not with nothing
# Says: sample
# Caught: hidden (the visible signal is never negative, so 0 beyond its ends changes nothing)
def local_peaks(x):
    from_left = jnp.convolve(x, jnp.array([0.0, 1.0, -1.0], x.dtype), mode="same")
    from_right = jnp.convolve(x, jnp.array([-1.0, 1.0, 0.0], x.dtype), mode="same")
    return (from_left >= 0) & (from_right >= 0)
