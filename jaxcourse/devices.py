"""Simulated CPU devices, requested before JAX starts and never against the environment's choice.

XLA fixes the number of CPU devices when its backend starts (the first computation, or the first
call to ``jax.devices()``). To see several devices on a laptop, ask for them first::

    from jaxcourse.devices import simulate_cpu_devices
    simulate_cpu_devices(8)   # no-op if JAX_NUM_CPU_DEVICES or XLA_FLAGS already chose
"""

from __future__ import annotations

import os
import sys

_FLAG = "--xla_force_host_platform_device_count"


def environment_choice() -> int | None:
    """The CPU device count the environment asked for, or None when it did not choose."""
    value = os.environ.get("JAX_NUM_CPU_DEVICES")
    if value:
        return int(value)
    for flag in os.environ.get("XLA_FLAGS", "").split():
        if flag.startswith(_FLAG + "="):
            return int(flag.split("=", 1)[1])
    return None


def without_device_choice(env: dict[str, str]) -> dict[str, str]:
    """A copy of ``env`` that leaves the CPU device count to the program (see :func:`environment_choice`).

    Drops ``JAX_NUM_CPU_DEVICES`` and the device-count flag from ``XLA_FLAGS`` (other XLA flags stay).
    Grading uses it so that each assignment's setup cell picks the count its tests are written for.
    """
    env = dict(env)
    env.pop("JAX_NUM_CPU_DEVICES", None)
    flags = [f for f in env.pop("XLA_FLAGS", "").split() if not f.startswith(_FLAG + "=")]
    if flags:
        env["XLA_FLAGS"] = " ".join(flags)
    return env


def backend_started() -> bool:
    """True once JAX has created its backends (after that the device count is fixed)."""
    if "jax" not in sys.modules:
        return False
    from jax._src import xla_bridge

    return xla_bridge.backends_are_initialized()


def simulate_cpu_devices(n: int) -> int:
    """Ask JAX for ``n`` CPU devices unless the environment already chose; return the device count.

    Must run before JAX starts its backend. Re-running it afterwards is harmless when nothing would
    change, and a clear error when it would (restart the kernel to change the count).
    """
    if n < 1:
        raise ValueError(f"need at least one device, got n={n}")
    import jax

    if environment_choice() is None:
        if backend_started():
            have = jax.local_device_count()
            if have != n and jax.default_backend() == "cpu":
                raise RuntimeError(
                    f"JAX already started with {have} CPU device(s); restart the kernel and call "
                    f"simulate_cpu_devices({n}) before any other JAX call."
                )
        else:
            jax.config.update("jax_num_cpu_devices", n)
    return jax.device_count()
