"""Lesson 01's figure on derivatives: a finite-difference estimate against ``jax.grad``, in float32.

``draw_finite_differences(g, x, exact)`` estimates g'(x) as ``(g(x + h) - g(x - h)) / 2h`` in float32
for steps ``h`` from 1e-7 to 1, and plots each estimate's error against ``h`` on log-log axes, with
the error of ``jax.grad(g)(x)`` as a horizontal line. ``exact`` is the true derivative, computed by
the caller in float64. The V of the estimates is the point: a large step misses the curvature, a
small one divides g's rounding error by ``h``. It shows itself at 100 dpi.
"""

from __future__ import annotations

from collections.abc import Callable

import jax
import jax.numpy as jnp
import matplotlib.pyplot as plt
import numpy as np

from jaxcourse.lesson_figs import DPI

#: The steps h of the estimates: 1e-7 to 1, four a decade.
STEPS = 10.0 ** np.arange(-7.0, 0.01, 0.25)


def finite_difference_errors(g: Callable, x: float, exact: float) -> tuple[np.ndarray, np.ndarray, float]:
    """``(steps, errors, grad_error)``: the float32 central-difference errors for each step in ``STEPS``
    (``g`` must work elementwise on a float32 array) and the error of ``jax.grad(g)(x)``."""
    x32, h = jnp.float32(x), jnp.asarray(STEPS, jnp.float32)
    estimates = (g(x32 + h) - g(x32 - h)) / (2 * h)
    errors = np.abs(np.asarray(estimates, np.float64) - exact)
    return STEPS, errors, abs(float(jax.grad(g)(x32)) - exact)


def draw_finite_differences(g: Callable, x: float, exact: float) -> None:
    """Log-log: the error of ``(g(x + h) - g(x - h)) / 2h`` in float32 against ``h``, and the error of
    ``jax.grad(g)(x)`` as a dashed line (drawn at float32's spacing near ``exact`` when it is 0)."""
    steps, errors, grad_error = finite_difference_errors(g, x, exact)
    floor = float(np.spacing(np.float32(exact)))
    fig, ax = plt.subplots(figsize=(7, 3.2), dpi=DPI)
    ax.loglog(steps, np.maximum(errors, floor), "o-", color="C0", markersize=4,
              label="(g(x + h) - g(x - h)) / 2h")
    ax.axhline(max(grad_error, floor), color="C3", linestyle="--", label=f"jax.grad: error {grad_error:.1e}")
    ax.text(steps[0], 2 * max(grad_error, floor), f"jax.grad: error {grad_error:.1e}", color="C3", fontsize=9)
    best = int(np.argmin(errors))
    ax.annotate(f"best step: error {errors[best]:.0e}", (steps[best], errors[best]), xytext=(0, -22),
                textcoords="offset points", ha="center", fontsize=9)
    ax.text(0.02, 0.95, "small h: rounding error / h", transform=ax.transAxes, va="top", fontsize=9)
    ax.text(0.98, 0.95, "large h: misses the curvature", transform=ax.transAxes, va="top", ha="right",
            fontsize=9)
    ax.set_xlabel("step h")
    ax.set_ylabel("error of the estimate")
    ax.set_ylim(floor / 3, 10 * max(errors.max(), 1.0))
    ax.set_title(f"g'({x:g}) in float32: (g(x + h) - g(x - h)) / 2h for each step h, and jax.grad", fontsize=10)
    fig.tight_layout()
    plt.show()


__all__ = ["STEPS", "draw_finite_differences", "finite_difference_errors"]
