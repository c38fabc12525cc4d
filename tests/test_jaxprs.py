"""jaxcourse.jaxprs: all_eqns walks nested jaxprs; ops_on_inputs follows the data of chosen inputs.

The cases are the answers assignment 04 must tell apart: a gather with computed indices only moves
pixels, while selecting between, flipping or blending whole images is flagged whatever dtype the
image was cast to first. Index arithmetic on ``iota`` grids and on the transform number never is.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import pytest
from jax import lax

from jaxcourse.jaxprs import all_eqns, ops_on_inputs

IMGS = jnp.zeros((4, 5, 5, 3), jnp.uint8)
TS = jnp.arange(4, dtype=jnp.int32)


def gather(img, t):  # the solution's shape: choose between index arrays, read pixels once
    n = img.shape[0]
    rot, lr, ud = t % 2 == 1, (t // 2) % 2 == 1, t // 4 == 1
    i, j = jnp.arange(n)[:, None], jnp.arange(n)[None, :]
    i = jnp.where(ud, n - 1 - i, i)
    j = jnp.where(lr, n - 1 - j, j)
    return img[jnp.where(rot, j, i), jnp.where(rot, n - 1 - i, j)]


def where_int32(img, t):  # selects between whole images, on an int32 copy
    x = img.astype(jnp.int32)
    x = jnp.where(t % 2 == 1, jnp.rot90(x), x)
    x = jnp.where((t // 2) % 2 == 1, jnp.flip(x, axis=1), x)
    return x.astype(img.dtype)


def blend_float(img, t):  # arithmetic blend of whole images, on a float copy
    x = img.astype(jnp.float32)
    rot = t % 2
    return (rot * jnp.rot90(x) + (1 - rot) * x).astype(jnp.uint8)


def switch(img, t):
    return lax.switch(t % 2, [lambda x: x, jnp.rot90], img)


def batched(f, *args):
    return jax.make_jaxpr(jax.vmap(f))(*args)


def test_all_eqns_walks_nested_jaxprs():
    jaxpr = jax.make_jaxpr(lambda x: jax.jit(lambda y: lax.cond(y[0] > 0, jnp.sin, jnp.cos, y))(x))(jnp.ones(3))
    names = {e.primitive.name for e in all_eqns(jaxpr)}
    assert {"jit", "cond", "sin", "cos"} <= names
    assert all_eqns(jaxpr.jaxpr) == all_eqns(jaxpr)  # an open jaxpr works too


def test_a_gather_with_computed_indices_is_not_flagged():
    assert ops_on_inputs(batched(gather, IMGS, TS), 0) == []
    assert ops_on_inputs(jax.make_jaxpr(gather)(IMGS[0], TS[0]), 0) == []
    # the index arithmetic is there, on the other input
    assert {"select_n", "sub"} <= set(ops_on_inputs(batched(gather, IMGS, TS), 1))


def rot90_int32(img, t):  # flips and transposes the whole image, on an int32 copy
    return jnp.rot90(img.astype(jnp.int32)).astype(img.dtype)


@pytest.mark.parametrize(
    "f,expected",
    [(where_int32, {"select_n", "rev", "transpose"}), (rot90_int32, {"rev", "transpose"})],
    ids=["where", "rot90"],
)
def test_moves_and_selects_on_a_cast_copy_are_flagged(f, expected):
    assert set(ops_on_inputs(batched(f, IMGS, TS), 0)) == expected


def test_float_blend_is_flagged():
    assert {"add", "mul", "rev", "transpose"} <= set(ops_on_inputs(batched(blend_float, IMGS, TS), 0))


def test_switch_is_flagged_with_and_without_vmap():
    assert {"select_n", "rev", "transpose"} <= set(ops_on_inputs(batched(switch, IMGS, TS), 0))
    assert {"cond", "rev", "transpose"} <= set(ops_on_inputs(jax.make_jaxpr(switch)(IMGS[0], TS[0]), 0))


def test_nested_jit_and_custom_jvp_map_inputs_by_position():
    @jax.custom_jvp
    def scale(x, s):
        return x * s

    scale.defjvp(lambda p, t: (scale(*p), t[0] * p[1]))

    def f(img, t):
        k = jax.jit(lambda a, b: a * 2 + b)(t, 1)  # index arithmetic inside a jit: not flagged
        moved = jax.jit(lambda x: x.reshape(-1)[::1])(img.astype(jnp.float32))  # only moves the image
        return moved, scale(moved, 1.0), k

    assert ops_on_inputs(jax.make_jaxpr(f)(IMGS[0], TS[0]), 0) == ["mul"]  # only scale's x * s
    assert set(ops_on_inputs(jax.make_jaxpr(f)(IMGS[0], TS[0]), 1)) == {"add", "mul"}


def test_loops_follow_the_carry_and_inputs_can_be_chosen_together():
    def rows_in_a_loop(img, t):  # the counter is index arithmetic; the image is only moved
        def body(r, out):
            return lax.dynamic_update_slice(out, lax.dynamic_slice(img, (r, 0, 0), (1, 5, 3)), (r, 0, 0))

        return lax.fori_loop(0, 5, body, jnp.zeros_like(img)), lax.map(lambda x: x, img)

    assert ops_on_inputs(jax.make_jaxpr(rows_in_a_loop)(IMGS[0], TS[0]), 0) == []

    def accumulate(img, t):
        return lax.fori_loop(0, 3, lambda _, acc: acc + img, jnp.zeros_like(img))

    assert ops_on_inputs(jax.make_jaxpr(accumulate)(IMGS[0], TS[0]), 0) == ["add"]
    assert ops_on_inputs(jax.make_jaxpr(lambda a, b: a + b)(1.0, 2.0), (0, 1)) == ["add"]
    assert ops_on_inputs(jax.make_jaxpr(lambda a, b: a + 1)(1.0, 2.0), [1]) == []
