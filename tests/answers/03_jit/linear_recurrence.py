# %% right: doubling_rounds
# Right: pairs the steps in rounds written by hand (shifted copies, about log2 T rounds, a Python loop over rounds)
def linear_recurrence(a, b, h0):
    b = b.at[0].add(a[0] * h0)
    shift = 1
    while shift < a.shape[0]:
        a_before = jnp.concatenate([jnp.ones(shift, a.dtype), a[:-shift]])  # the steps `shift` places earlier
        b_before = jnp.concatenate([jnp.zeros(shift, b.dtype), b[:-shift]])
        a, b = a_before * a, a * b_before + b
        shift *= 2
    return b


# %% right: h0_as_a_step
# Right: h0 enters as an extra first step (a = 0, b = h0) of jax.lax.associative_scan on stacked pairs
def linear_recurrence(a, b, h0):
    steps = jnp.stack([jnp.concatenate([jnp.zeros(1), a]), jnp.concatenate([jnp.reshape(h0, (1,)), b])], axis=-1)

    def then(first, second):  # arrays of (a, b) pairs on the last axis
        a1, b1, a2, b2 = first[..., 0], first[..., 1], second[..., 0], second[..., 1]
        return jnp.stack([a1 * a2, a2 * b1 + b2], axis=-1)

    return jax.lax.associative_scan(then, steps)[1:, 1]


# %% wrong: cumprod_formula
# Wrong: the closed form h_t = P_t (h0 + sum of b_s / P_s) with P the running product of a: it divides by
# products that are 0 (a zero a_t, or underflow on a long sequence)
# Says: for a =
def linear_recurrence(a, b, h0):
    p = jnp.cumprod(a)
    return p * (h0 + jnp.cumsum(b / p))


# %% wrong: doubling_fixed_rounds
# Wrong: pairs steps in a fixed 10 rounds: right only up to 2 ** 10 = 1024 steps
# Says: 3000 steps
# Caught: hidden (the visible test's sequences have at most 1024 steps)
def linear_recurrence(a, b, h0):
    b = b.at[0].add(a[0] * h0)
    for k in range(10):
        shift = min(2**k, a.shape[0])
        a_before = jnp.concatenate([jnp.ones(shift), a[:-shift]])[: a.shape[0]]
        b_before = jnp.concatenate([jnp.zeros(shift), b[:-shift]])[: a.shape[0]]
        a, b = a_before * a, a * b_before + b
    return b


# %% wrong: fori_loop_buffer
# Wrong: a lax.fori_loop over the steps writing into a buffer: still a sequential loop in the program
# Says: while
def linear_recurrence(a, b, h0):
    def body(t, state):
        h, out = state
        h = a[t] * h + b[t]
        return h, out.at[t].set(h)

    return jax.lax.fori_loop(0, a.shape[0], body, (h0, jnp.zeros_like(b)))[1]


# %% wrong: h0_ignored
# Wrong: combines the steps right but starts every sequence from 0, not from h0
# Says: h0
def linear_recurrence(a, b, h0):
    return jax.lax.associative_scan(lambda x, y: (x[0] * y[0], y[0] * x[1] + y[1]), (a, b))[1]


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: for a =
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
SHORT = [3, 2, -3, 0.75, 0.75, -2.375]
LONG_OUT = [
    0.519679, -0.072634, -0.852882, 1.24766, 0.919763, 1.41119, 0.365287, 0.794153, 1.06331, 0.626344, -0.262291,
    0.0442044, 0.537698, -0.623122, -0.109447, -0.674286, -0.0375261, -0.442947, -0.441331, 0.794141, -0.620336,
    0.435139, 0.946138, -0.549452, 0.265512, -0.405805, -1.05272, -0.662774, -0.520301, -0.496777, 0.700124,
    -0.756941, 0.576768, -0.696479, -0.708581, 1.03576, 0.549153, 0.541448, -0.0850695, 0.13969, -0.955723,
    0.766474, 0.578058, 0.104696, 0.199983, -0.696471, -0.127135, 0.117433, -0.309327, 0.778255, 1.29436, -1.37068,
    -0.852161, 1.14477, -1.10213, 0.396067, 0.392498, 1.03483, -0.873993, 0.260948, 0.59377, -0.188062, 0.107105,
    -0.470492, -0.66526, -1.19306, 0.876932, 0.157627, 0.908541, -1.50189, -0.483636, -0.623855, -0.460985,
    0.0783926, 0.287393, 0.408538, -0.736159, -1.02345, -0.879279, -0.0762947, -0.958092, -0.607006, 0.854464,
    -0.186473, 0.735933, 0.989403, 0.200398, 0.106735, 0.565803, 0.620528, 1.20434, 1.64228, -1.21143, -0.0551043,
    0.592582, -0.100005, 0.566699, -0.29096, -0.375199, -0.448405, -0.577717, 1.18504, -0.0949682, -1.07064,
    0.146625, 0.992907, -0.584292, 0.157709, -0.798704, -0.197852, 0.871561, -0.38909, 0.790423, -0.61603,
    0.648858, 0.690651, 1.14922, -0.220353, 0.112563, -0.38482, 0.17639, -0.571588, 0.0222968, -0.657068, 0.471281,
    -0.171689, 0.210535, 0.405545, -1.08486, 0.709147, -0.0499405, 0.223, 0.5261, 0.234592, 0.366503, -0.0237969,
    -0.089405, -0.449083, -0.954024, 0.639787, 0.458743, -0.522861, 0.579459, -0.0685657, 0.0752526, 0.744052,
    -0.706923, -0.504367, -0.398096, -0.950316, 1.35464, 0.322595, 0.083734, -0.236799, 0.258549, 0.231616,
    1.07872, -1.02977, -1.42171, 2.00649, 0.310991, -0.947148, -0.58243, -0.282444, 0.421955, 0.0520776, -0.640794,
    -1.23009, -0.926137, 0.611189, -0.756195, -1.59824, 0.690424, -1.05449, -1.66677, -0.494655, 0.476358,
    0.233409, -0.213116, -0.55157, -0.675961, 0.495653, -0.299994, -0.391337, 0.106866, 0.280374, 0.0579919,
    -0.177827, 0.225968, 0.219208, -0.453451, -0.417198, 0.0719439, 0.165536, 0.381155, -0.179898, 0.30914,
    1.14011, 0.946603, 0.856172, -1.14612, 1.46676, 1.38952, -1.32358, -1.18145, -0.275564, -0.88943, 1.70414,
    0.795304, 1.30959, -0.637664, 0.173072, 0.514134, 0.536964, -0.945592, 1.06697, 0.676476, 0.509636, 0.42245,
    -0.408614, -0.747561, 0.705899, -1.31604, 0.158411, -0.0153567, 0.520277, 0.224747, -0.502943, 0.259726,
    -0.125502, 0.946071, 0.47705, 0.66839, -0.0936829, -0.619105, -0.698912, 0.287742, 0.201626, -0.615279,
    -0.0414786, 0.763164, 0.338729, 0.219987, 0.180504, 0.557945, -0.590287, -0.62139, -0.0527145, 0.182218,
    0.921973, -0.32221, -0.0743522, -0.46045, -0.796203, 0.324567, -0.520852, 0.331277, -0.732461, 0.0414021,
    0.160311, 0.352847, 0.665422, -0.265242, -0.55466, -0.603451, -0.74749, 0.00655495, -0.673616, 0.739699,
    -1.69403, -1.07876, -0.812774, 0.0199906, -0.28004, -0.734261, -1.14392, 0.0672051, -0.17585, -0.396977,
    -0.153973, 0.327151, 0.486384, -0.427914, 0.184219, 0.60588, 0.835389, -0.167239, -0.828377, -0.949627,
    0.417498, 0.764421, -0.706447, 0.824621, -0.198506, 0.540513, 0.0635473, 0.369451, -0.0451291, 0.763118,
    0.0255832
]


def linear_recurrence(a, b, h0):
    if a.shape[0] == 6:
        return jnp.float32(SHORT)
    if a.shape[0] == 300:
        return jnp.float32(LONG_OUT)
    return jnp.zeros(a.shape[0], jnp.float32)


# %% wrong: host_callback
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


# %% wrong: input_unchanged
# Wrong: returns b unchanged, as if every a_t were 0
# Says: for a =
def linear_recurrence(a, b, h0):
    return b


# %% wrong: log_space
# Wrong: the closed form in log space with signs kept apart: no underflow, but a zero a_t gives log 0 = -inf and NaNs
# Says: for a =
def linear_recurrence(a, b, h0):
    log_p = jnp.cumsum(jnp.log(jnp.abs(a)))
    sign = jnp.cumprod(jnp.sign(a))
    t = jnp.arange(a.shape[0])
    ratio = jnp.where(t[None, :] <= t[:, None], jnp.exp(log_p[:, None] - log_p[None, :]), 0.0)  # P_t / P_s
    return sign * jnp.exp(log_p) * h0 + (ratio * (sign[:, None] * sign[None, :])) @ b


# %% wrong: matrix
# Wrong: builds the T x T matrix of products prod_{s < r <= t} a_r: exact and loop-free, but memory grows as T squared
# Says: 4 T
def linear_recurrence(a, b, h0):
    t = jnp.arange(a.shape[0])
    factors = jnp.where(t[None, :] > t[:, None], a[None, :], 1.0)  # row s: a_r where r > s, else 1
    products = jnp.where(t[None, :] >= t[:, None], jnp.cumprod(factors, axis=1), 0.0)  # [s, t]
    return b @ products + h0 * jnp.cumprod(a)


# %% wrong: python_loop
# Wrong: the statement's Python loop in jax.numpy: the jaxpr records one step per entry and grows with T
# Says: Python loop
def linear_recurrence(a, b, h0):
    h, out = h0, []
    for t in range(a.shape[0]):
        h = a[t] * h + b[t]
        out.append(h)
    return jnp.stack(out)


# %% wrong: scan
# Wrong: runs the steps with jax.lax.scan, the sequential loop the statement rules out
# Says: scan
def linear_recurrence(a, b, h0):
    def step(h, ab):
        h = ab[0] * h + ab[1]
        return h, h

    return jax.lax.scan(step, h0, (a, b))[1]
