"""jaxcourse.devices: simulated CPU devices before JAX starts, never against the environment."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import course_env


def run(code: str, **env: str) -> str:
    proc = subprocess.run([sys.executable, "-c", code], env=course_env(**env), capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout.strip()


SIM = "from jaxcourse.devices import simulate_cpu_devices as s; print(s(4))"


def test_simulates_requested_devices_when_environment_is_silent():
    assert run(SIM) == "4"


def test_environment_choice_wins():
    assert run(SIM, JAX_NUM_CPU_DEVICES="2") == "2"
    assert run(SIM, XLA_FLAGS="--xla_force_host_platform_device_count=3") == "3"


def test_rerun_after_start_is_harmless():
    assert run(SIM + "; print(s(4))").split() == ["4", "4"]


def test_changing_the_count_after_start_is_a_clear_error():
    proc = subprocess.run([sys.executable, "-c", "import jax; jax.devices();" + SIM], env=course_env(),
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode != 0 and "restart the kernel" in proc.stderr


def test_environment_choice_parsing(monkeypatch):
    from jaxcourse.devices import environment_choice

    monkeypatch.delenv("JAX_NUM_CPU_DEVICES", raising=False)
    monkeypatch.setenv("XLA_FLAGS", "--foo=1 --xla_force_host_platform_device_count=8")
    assert environment_choice() == 8
    monkeypatch.setenv("XLA_FLAGS", "")
    assert environment_choice() is None
    monkeypatch.setenv("JAX_NUM_CPU_DEVICES", "5")
    assert environment_choice() == 5


def test_rejects_nonsense():
    from jaxcourse.devices import simulate_cpu_devices

    with pytest.raises(ValueError):
        simulate_cpu_devices(0)


def test_without_device_choice_drops_only_the_device_count():
    from jaxcourse.devices import without_device_choice

    env = {"JAX_NUM_CPU_DEVICES": "1", "XLA_FLAGS": "--xla_force_host_platform_device_count=1 --xla_foo=2",
           "JAX_PLATFORMS": "cpu"}
    assert without_device_choice(env) == {"XLA_FLAGS": "--xla_foo=2", "JAX_PLATFORMS": "cpu"}
    assert without_device_choice({"XLA_FLAGS": "--xla_force_host_platform_device_count=8"}) == {}
    assert env["JAX_NUM_CPU_DEVICES"] == "1"  # the caller's mapping is left alone


def test_grading_environment_leaves_the_device_count_to_the_assignment(monkeypatch):
    from coursetools.grading.course import nbgrader_env

    monkeypatch.setenv("JAX_NUM_CPU_DEVICES", "1")
    monkeypatch.setenv("XLA_FLAGS", "--xla_force_host_platform_device_count=1")
    env = nbgrader_env()
    assert "JAX_NUM_CPU_DEVICES" not in env and "XLA_FLAGS" not in env
