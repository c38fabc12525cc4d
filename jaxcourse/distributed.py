"""Two JAX processes on one machine, joined by ``jax.distributed.initialize``, running one collective.

Multi-host JAX runs the same Python program once per process. Each process sees its own *local*
devices, ``jax.distributed.initialize`` connects the processes through a coordinator, and from then
on ``jax.devices()`` lists the devices of every process: a collective (``psum``, an all-gather)
inside ``jit``/``shard_map`` runs across all of them. On CPU the bytes travel through gloo
(``jax_cpu_collectives_implementation``, the default since JAX 0.5.1).

This module lets a notebook try that without a cluster::

    from jaxcourse.distributed import run_two_process_demo
    result = run_two_process_demo()          # starts two worker processes, waits, returns their reports
    [p["psum"] for p in result["processes"]]  # the same global sum, computed on both processes

Each worker is ``python -m jaxcourse.distributed worker ...`` with its own simulated CPU devices;
everything listens on 127.0.0.1 only, on a port that was free a moment before. Run
``python -m jaxcourse.distributed`` to see the demo from a shell.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RESULT_PREFIX = "JAXCOURSE_RESULT "
AXIS = "proc_devices"
_ROOT = Path(__file__).resolve().parent.parent  # so that `-m jaxcourse.distributed` imports this file


class DistributedDemoError(RuntimeError):
    """A worker process failed, or printed no result."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def local_values(process_index: int, local_devices: int) -> list[float]:
    """The numbers one process contributes: one per local device, 1, 2, ... across all processes."""
    start = process_index * local_devices + 1
    return [float(v) for v in range(start, start + local_devices)]


# --------------------------------------------------------------------------------------------------
# Worker side: runs in its own interpreter, once per process.
# --------------------------------------------------------------------------------------------------

def _gloo_on_loopback() -> bool:
    """Make gloo listen on 127.0.0.1 rather than on the address this machine's hostname resolves to.

    JAX has no public switch for gloo's address (the coordinator has one: ``coordinator_bind_address``),
    so this registers a CPU backend factory through JAX internals. Returns False, leaving JAX's
    default in place, when those internals have moved.
    """
    try:
        from jax._src import distributed, xla_bridge
        from jax._src.lib import _jax

        make_collectives = _jax.make_gloo_tcp_collectives
        make_cpu_client = xla_bridge.make_cpu_client
        register = xla_bridge.register_backend_factory
    except (ImportError, AttributeError):
        return False

    def factory():
        collectives = make_collectives(distributed_client=distributed.global_state.client,
                                       hostname="127.0.0.1")
        return make_cpu_client(collectives=collectives)

    register("cpu", factory, priority=0, fail_quietly=False)
    return True


def worker(process_id: int, num_processes: int, port: int, local_devices: int, timeout: int) -> dict:
    """Join the others, build one global array from every process's values, psum it, all-gather it."""
    import jax

    jax.config.update("jax_platforms", "cpu")
    jax.config.update("jax_num_cpu_devices", local_devices)
    jax.config.update("jax_cpu_collectives_implementation", "gloo")
    address = f"127.0.0.1:{port}"
    jax.distributed.initialize(coordinator_address=address, coordinator_bind_address=address,
                               num_processes=num_processes, process_id=process_id,
                               cluster_detection_method="deactivate",
                               initialization_timeout=max(1, int(timeout)))
    loopback = _gloo_on_loopback()
    _stage("initialized")

    import numpy as np
    from jax.experimental import multihost_utils

    # One mesh axis over the devices of all processes; each process holds the shards on its devices.
    mesh = jax.make_mesh((jax.device_count(),), (AXIS,), axis_types=(jax.sharding.AxisType.Explicit,))
    sharding = jax.NamedSharding(mesh, jax.P(AXIS))
    mine = np.asarray(local_values(jax.process_index(), jax.local_device_count()), np.float32)
    x = jax.make_array_from_process_local_data(sharding, mine)  # global shape: (device_count,)

    total = jax.jit(jax.shard_map(lambda v: jax.lax.psum(v, AXIS), mesh=mesh,
                                  in_specs=jax.P(AXIS), out_specs=jax.P()))(x)
    gathered = multihost_utils.process_allgather(mine)  # (process_count, local_device_count) on the host

    report = {
        "process_index": jax.process_index(),
        "process_count": jax.process_count(),
        "local_device_count": jax.local_device_count(),
        "device_count": jax.device_count(),
        "local_device_ids": [d.id for d in jax.local_devices()],
        "global_shape": list(x.shape),
        "local_values": mine.tolist(),
        "psum": float(np.asarray(total.addressable_shards[0].data)[0]),
        "allgather": np.asarray(gathered).tolist(),
        "collectives": jax.config.jax_cpu_collectives_implementation,
        "gloo_on_loopback": loopback,
    }
    # The report goes out before shutdown: the launcher has what it needs even if tearing down the
    # coordinator stalls (on a loaded machine process 0 once stayed in shutdown for minutes).
    print(RESULT_PREFIX + json.dumps(report), flush=True)
    _stage("reported; shutting down")
    jax.distributed.shutdown()
    _stage("shut down")
    return report


def _stage(what: str) -> None:
    """One line on stderr, so that a stalled worker's last output says how far it got."""
    print(f"jaxcourse.distributed worker: {what}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------------------------------
# Launcher side: the notebook's process, which never starts JAX's distributed runtime itself.
# --------------------------------------------------------------------------------------------------

def _worker_env(local_devices: int) -> dict[str, str]:
    env = dict(os.environ)
    for name in ("XLA_FLAGS", "JAX_NUM_CPU_DEVICES", "JAX_COORDINATOR_ADDRESS", "JAX_LOCAL_DEVICE_IDS",
                 "JAX_COORDINATOR_BIND_ADDRESS", "JAX_CPU_COLLECTIVES_IMPLEMENTATION"):
        env.pop(name, None)
    env.update(JAX_PLATFORMS="cpu", JAX_NUM_CPU_DEVICES=str(local_devices), TF_CPP_MIN_LOG_LEVEL="2")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(_ROOT), env.get("PYTHONPATH", "")) if p)
    return env


def _text(f) -> str:
    """What a worker has written to ``f`` so far. ``pread`` leaves the offset alone: the worker's own
    descriptor shares it, and moving it would make the worker overwrite what it wrote."""
    fd = f.fileno()
    return os.pread(fd, os.fstat(fd).st_size, 0).decode(errors="replace")


def _tail(f, limit: int = 2000) -> str:
    return _text(f)[-limit:].strip()


def _result(f) -> dict | None:
    """The report a worker printed to ``f``, or None while it has printed none."""
    lines = [ln for ln in _text(f).splitlines() if ln.startswith(RESULT_PREFIX)]
    return json.loads(lines[-1][len(RESULT_PREFIX):]) if lines else None


def run_two_process_demo(timeout: float = 60.0, *, local_devices: int = 2,
                         python: str | None = None, exit_grace: float = 15.0) -> dict:
    """Start two worker processes joined by ``jax.distributed.initialize``; return their reports.

    Returns ``{"num_processes": 2, "local_devices": ..., "wall_s": ..., "processes": [report, report]}``
    with the reports in process order (see ``worker`` for their keys). Raises ``TimeoutError`` when the
    workers have not finished after ``timeout`` seconds and ``DistributedDemoError`` when one fails;
    either way both workers are stopped first. ``python`` is the interpreter to run them with
    (default: this one). A worker that has printed its report but has not exited ``exit_grace``
    seconds after the last report is stopped, and its index listed under ``"stopped_after_report"``.
    """
    num_processes = 2
    port = free_port()
    cmd = [python or sys.executable, "-m", "jaxcourse.distributed", "worker",
           "--num-processes", str(num_processes), "--port", str(port),
           "--local-devices", str(local_devices), "--timeout", str(max(1, int(timeout)))]
    env = _worker_env(local_devices)
    outs = [tempfile.TemporaryFile() for _ in range(num_processes)]
    errs = [tempfile.TemporaryFile() for _ in range(num_processes)]
    start = time.monotonic()
    procs = [subprocess.Popen([*cmd, "--process-id", str(i)], stdout=outs[i], stderr=errs[i],
                              stdin=subprocess.DEVNULL, env=env, cwd=_ROOT)
             for i in range(num_processes)]
    stopped: list[int] = []  # workers that had reported but did not exit within exit_grace
    reported_at = None
    try:
        while True:
            codes = [p.poll() for p in procs]
            failed = [i for i, c in enumerate(codes) if c not in (None, 0)]
            if failed:
                i = failed[0]
                raise DistributedDemoError(
                    f"worker process {i} of {num_processes} exited with code {codes[i]}; "
                    f"its last output:\n{_tail(errs[i]) or _tail(outs[i]) or '(none)'}")
            if all(c == 0 for c in codes):
                break
            if reported_at is None and all(_result(f) is not None for f in outs):
                reported_at = time.monotonic()
            if reported_at is not None and time.monotonic() - reported_at > exit_grace:
                # Every worker has computed and reported; only the teardown is slow. Stop it.
                stopped = [i for i, c in enumerate(codes) if c is None]
                break
            if time.monotonic() - start > timeout:
                waiting = [i for i, c in enumerate(codes) if c is None]
                raise TimeoutError(
                    f"the two-process demo did not finish within {timeout:g} s (still running: "
                    f"process {', '.join(map(str, waiting))}); last output of process {waiting[0]}:\n"
                    f"{_tail(errs[waiting[0]]) or '(none)'}")
            time.sleep(0.05)
        reports = []
        for i in range(num_processes):
            report = _result(outs[i])
            if report is None:
                raise DistributedDemoError(f"worker process {i} exited without a result; its last output:\n"
                                           f"{_tail(errs[i]) or _tail(outs[i]) or '(none)'}")
            reports.append(report)
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
        for p in procs:
            p.wait()
        for f in (*outs, *errs):
            f.close()
    reports.sort(key=lambda r: r["process_index"])
    return {"num_processes": num_processes, "local_devices": local_devices,
            "wall_s": round(time.monotonic() - start, 2), "processes": reports,
            "stopped_after_report": stopped}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command")
    w = sub.add_parser("worker", help="one process of the demo (started by run_two_process_demo)")
    w.add_argument("--process-id", type=int, required=True)
    w.add_argument("--num-processes", type=int, required=True)
    w.add_argument("--port", type=int, required=True)
    w.add_argument("--local-devices", type=int, default=2)
    w.add_argument("--timeout", type=int, default=60)
    args = parser.parse_args(argv)
    if args.command == "worker":
        worker(args.process_id, args.num_processes, args.port, args.local_devices, args.timeout)
        return 0
    result = run_two_process_demo()
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
