# Wrong: the visible outputs hard-coded
# Says: raised
# Caught: hidden (the visible outputs are hard-coded: only fresh inputs show it)
_n, _rng, _visible = N_DEVICES, np.random.default_rng(621), {}  # the visible test's inputs and outputs
for _m in sorted({(max(_n // 2, 1), min(2, _n)), (1, _n)}):
    _x, _w1, _w2 = [_rng.normal(size=s).astype(np.float32) for s in [(2 * _m[0], 3), (3, 4 * _m[1]), (4 * _m[1], 5)]]
    _visible[_x.shape, _w1.shape] = np.maximum(_x @ _w1, 0) @ _w2


def tensor_parallel_mlp(x, w1, w2):
    return jax.sharding.reshard(jnp.asarray(_visible[x.shape, w1.shape]), jax.typeof(x).sharding)
