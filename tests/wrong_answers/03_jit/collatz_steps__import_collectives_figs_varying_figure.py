# Wrong: delegates to jaxcourse.collectives_figs.varying_figure instead of writing collatz_steps
# Says: jax.jit, TracerArrayConversionError
from jaxcourse.collectives_figs import varying_figure as _course_varying_figure


def collatz_steps(n):
    return _course_varying_figure(n)
