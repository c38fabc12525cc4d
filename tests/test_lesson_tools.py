"""jaxcourse.lesson_tools: the timing tables and the printed checks of lessons 04 and 05."""

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from jaxcourse import lesson_tools
from jaxcourse.checks import reference_transform


class _Calls:
    """A function that records its arguments and returns them."""

    def __init__(self):
        self.seen = []

    def __call__(self, *args):
        self.seen.append(args)
        return jnp.zeros(())


def test_time_sweep_calls_every_way_with_the_arguments_of_each_size(capsys):
    loop, vec = _Calls(), _Calls()
    seconds = lesson_tools.time_sweep({"loop": loop, "vec": vec}, [2, 8], lambda n: (n, -n), repeat=3)
    assert list(seconds) == ["loop", "vec"]
    assert all(len(ts) == 2 and all(t >= 0 for t in ts) for ts in seconds.values())
    assert loop.seen == [(2, -2)] * 4 + [(8, -8)] * 4  # one untimed call, then 3 timed ones
    rows = capsys.readouterr().out.splitlines()
    assert [r.split()[0] for r in rows] == ["loop", "vec"] and all(r.count(" ms") == 2 for r in rows)


def test_time_table_prints_the_fastest_or_the_median(capsys):
    f = _Calls()
    assert lesson_tools.time_table({"a": (f, 1), "b": (f, 2, 3)}, repeat=5) is None
    assert f.seen == [(1,), (2, 3)] * 6  # one untimed call each, then 5 rounds, interleaved
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and lines[0].startswith("a ") and lines[1].startswith("b ")
    assert all(line.endswith("ms (fastest of 5)") and float(line.split()[1]) >= 0 for line in lines)
    lesson_tools.time_table({"c": (f,)}, repeat=4, fastest=False)
    assert capsys.readouterr().out.rstrip().endswith("ms (median of 4)")


def test_which_each_names_each_transform_against_a_batch_or_one_image():
    img = np.arange(3 * 3 * 2).reshape(3, 3, 2)
    outs = np.stack([reference_transform(img, t) for t in (5, 0, 3)])
    assert lesson_tools.which_each(outs, img) == [5, 0, 3]
    imgs = np.stack([img, img + 100, img])
    outs = np.stack([reference_transform(i, t) for i, t in zip(imgs, (1, 2, 7), strict=True)])
    assert lesson_tools.which_each(outs, imgs) == [1, 2, 7]
    assert lesson_tools.which_each(outs, img)[1] is None  # image 1 is not a transform of img


def test_top_level_primitives_leaves_nested_jaxprs_closed():
    def f(x, flag):
        return lax.cond(flag, jnp.sin, jnp.cos, x) * 2

    assert lesson_tools.top_level_primitives(f, 1.0, True)[-2:] == ["cond", "mul"]
    batched = lesson_tools.top_level_primitives(jax.vmap(f), jnp.ones(2), jnp.array([True, False]))
    assert "cond" not in batched and "select_n" in batched


def test_print_eqns_prints_binders_equations_with_the_chosen_params_and_outputs(capsys):
    def dot(a, b):
        return jnp.dot(a, b)

    x = jnp.ones((5, 4), jnp.int32)
    assert lesson_tools.print_eqns(jax.make_jaxpr(jax.vmap(dot))(x, x), ["dimension_numbers"]) is None
    assert capsys.readouterr().out.splitlines() == [
        "{ lambda ; a:i32[5,4] b:i32[5,4]. let",  # the input binders: the shapes the equations read
        "    c:i32[5] = dot_general[dimension_numbers=(([1], [1]), ([0], [0]))] a b",
        "  in (c,) }"]
    lesson_tools.print_eqns(jax.make_jaxpr(jax.vmap(jax.jit(lambda v: v[1:3] * 2)))(x.astype(jnp.float32)))
    # a nested jaxpr follows its line, indented, named as jax's printer names it (the outer a and b)
    assert capsys.readouterr().out.splitlines() == [
        "{ lambda ; a:f32[5,4]. let", "    b:f32[5,2] = jit a",
        "        c:f32[5,2] = slice a", "        b:f32[5,2] = mul c 2.0", "  in (b,) }"]
