# %% right: fold_in_gather
# Right: a key per signal from jax.random.fold_in with its index, and the rotation as a gather of indices
def random_shifts(key, xs):
    n, d = xs.shape

    def one(i, x):
        s = jax.random.randint(jax.random.fold_in(key, i), (), 0, d)
        return x[(jnp.arange(d) - s) % d]

    return jax.vmap(one)(jnp.arange(n), xs)


# %% right: shift_vector
# Right: one draw of n shifts from the key, then vmap of jnp.roll over signals and shifts together
def random_shifts(key, xs):
    shifts = jax.random.randint(key, (xs.shape[0],), 0, xs.shape[1])
    return jax.vmap(jnp.roll)(xs, shifts)


# %% wrong: alternating_keys
# Wrong: gives signals 0, 2, 4, ... one piece of the key and 1, 3, 5, ... the other: every other signal shares a shift
# Says: same shift, independent
# Caught: hidden (the visible test compares neighbouring signals only, which do get different keys)
def random_shifts(key, xs):
    pair = jax.random.split(key, 2)
    keys = pair[jnp.arange(xs.shape[0]) % 2]

    def one(k, x):
        return jnp.roll(x, jax.random.randint(k, (), 0, x.shape[0]))

    return jax.vmap(one)(keys, xs)


# %% wrong: fold_in_first_value
# Wrong: derives each signal's key from its first value, so equal signals always get the same shift
# Says: independent
# Caught: hidden (the visible signals all differ; only equal signals show it)
def random_shifts(key, xs):
    def one(x):
        k = jax.random.fold_in(key, x[0].astype(jnp.int32))
        return jnp.roll(x, jax.random.randint(k, (), 0, x.shape[0]))

    return jax.vmap(one)(xs)


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: equally likely
# Caught: hidden (the visible outputs are hard-coded: only fresh inputs show it)
_SHIFTS_SEEN = jnp.array([int(s) for s in (
    "763346747764335460450772604650407354406621344700664742174320420022404614367353304424635343761744"
    "167543536471737527411531663067762352677664713117447520410553734003067355402412001223330423637437"
    "777217403073462207772657217172023307615745222445060721217745451653557343453572204161533147571556"
    "316156550435102454177420551467307253214361663517060375352557117313547610501752673161263631572456"
)]).reshape(64, 6)  # the shifts the visible test saw for keys 0..63, one row per key


def random_shifts(key, xs):
    if xs.shape != (6, 8):
        return xs
    k = jax.random.key_data(key)  # jax.random.key(i) holds [0, i]
    s = jnp.where((k[0] == 0) & (k[1] < 64), _SHIFTS_SEEN[jnp.minimum(k[1], 63)], 0)
    return jax.vmap(jnp.roll)(xs, s)


# %% wrong: keys_not_mapped
# Wrong: splits one key per signal but passes the keys with in_axes None, so every signal uses the first one
# Says: same shift
def random_shifts(key, xs):
    keys = jax.random.split(key, xs.shape[0])

    def one(ks, x):
        return jnp.roll(x, jax.random.randint(ks[0], (), 0, x.shape[0]))

    return jax.vmap(one, in_axes=(None, 0))(keys, xs)


# %% wrong: numpy_draw
# Wrong: draws the shifts with NumPy, which jax.jit freezes into constants: every key gives the same result
# Says: draw shifts from key
def random_shifts(key, xs):
    shifts = np.random.default_rng(0).integers(0, xs.shape[1], xs.shape[0])
    return jax.vmap(jnp.roll)(xs, jnp.asarray(shifts))


# %% wrong: off_by_one
# Wrong: draws shifts from 0 to d - 2 (randint's maxval is excluded), so a shift of d - 1 never occurs
# Says: Every shift
def random_shifts(key, xs):
    keys = jax.random.split(key, xs.shape[0])
    return jax.vmap(lambda k, x: jnp.roll(x, jax.random.randint(k, (), 0, x.shape[0] - 1)))(keys, xs)


# %% wrong: one_draw_plus_index
# Wrong: draws one shift and gives signal i that shift plus i: every shift is uniform, but not independent
# Says: distinct results
def random_shifts(key, xs):
    n, d = xs.shape
    shifts = (jax.random.randint(key, (), 0, d) + jnp.arange(n)) % d
    return jax.vmap(jnp.roll)(xs, shifts)


# %% wrong: one_key
# Wrong: the statement's code: the key closed over is the same for every signal, so all get the same shift
# Says: same shift
def random_shifts(key, xs):
    def one(x):
        shift = jax.random.randint(key, (), 0, x.shape[0])
        return jnp.roll(x, shift)

    return jax.vmap(one)(xs)


# %% wrong: rolls_batch_axis
# Wrong: rolls along the batch axis (whole signals move between rows) instead of rotating each signal
# Says: rotated
def random_shifts(key, xs):
    return jnp.roll(xs, jax.random.randint(key, (), 0, xs.shape[1]), axis=0)


# %% wrong: signal_loop
# Wrong: a Python loop over the signals with a key each (right draws, but the program grows with n)
# Says: equations
def random_shifts(key, xs):
    keys = jax.random.split(key, xs.shape[0])
    return jnp.stack([jnp.roll(x, jax.random.randint(k, (), 0, xs.shape[1])) for k, x in zip(keys, xs, strict=True)])


# %% wrong: split_1024
# Wrong: splits the key into a fixed 1024 pieces and takes the first n, which fails for more than 1024 signals
# Says: n = 2000, a key for every signal
# Caught: hidden (only more than 1024 signals show it)
def random_shifts(key, xs):
    keys = jax.random.split(key, 1024)[: xs.shape[0]]

    def one(k, x):
        return jnp.roll(x, jax.random.randint(k, (), 0, x.shape[0]))

    return jax.vmap(one)(keys, xs)
