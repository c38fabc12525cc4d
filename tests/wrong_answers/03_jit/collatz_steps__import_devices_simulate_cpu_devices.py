# Wrong: delegates to jaxcourse.devices.simulate_cpu_devices instead of writing collatz_steps
# Says: jax.jit, TracerBoolConversionError
from jaxcourse.devices import simulate_cpu_devices as _course_simulate_cpu_devices


def collatz_steps(n):
    return _course_simulate_cpu_devices(n)
