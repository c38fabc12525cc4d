"""jaxcourse.array_figs: lesson 01's figure of finite-difference errors against ``jax.grad``."""

import jax.numpy as jnp
import numpy as np

from jaxcourse import array_figs


def g(x):
    return jnp.sin(x) * x


EXACT = np.sin(1.0) + np.cos(1.0)


def test_finite_differences_err_both_ways_and_grad_does_not():
    steps, errors, grad_error = array_figs.finite_difference_errors(g, 1.0, EXACT)
    assert steps[0] == 1e-7 and steps[-1] == 1.0 and len(errors) == len(steps)
    best = errors.min()
    assert 1e-7 < best < 1e-4                            # float32: never much better than 1e-5
    assert errors[0] > 100 * best and errors[-1] > 100 * best   # both ends of the V
    assert grad_error < 1e-6                              # float32 rounding


def test_draw_finite_differences_plots_the_v_and_the_grad_line(shown):
    array_figs.draw_finite_differences(g, 1.0, EXACT)
    (fig,) = shown
    assert fig.dpi >= 100
    (ax,) = fig.axes
    assert ax.get_xscale() == "log" and ax.get_yscale() == "log"
    (curve, grad_line) = ax.get_lines()
    assert len(curve.get_xdata()) == len(array_figs.STEPS)
    assert "jax.grad" in grad_line.get_label()
    assert any("best step" in t.get_text() for t in ax.texts)
