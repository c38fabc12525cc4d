"""What a cell of student code may consume while it is graded, measured so that the machine's load cannot move it.

A wall-clock limit cuts honest work on a busy machine: the same cell that takes 3 s on an idle
grader takes 30 s while other processes share its cores. So the limits that decide are on what the
student's code *consumes*, summed over the kernel and every process it starts:

- **CPU time** (:class:`CellWatch`): the grader polls the kernel's process tree (``/proc``, through
  psutil; no cgroups needed) while each cell runs and ends the kernel when the cell has used more
  than ``cpu_limit`` seconds of CPU. An endless loop that computes ends there, however busy the
  machine is; an honest cell, which needs the same CPU time on a busy machine as on an idle one,
  is never cut by the load.
- **Memory**: the same poll ends the kernel when the resident memory of its processes together
  exceeds ``memory_limit`` MB; in the sandbox each process also gets an address-space limit
  (:func:`rlimits`), so one enormous allocation fails at once with ``MemoryError``.
- **Wall clock**, only as a generous backstop for code that waits instead of computing (a loop that
  sleeps, a blocked read): a cell that reaches it is run once more on a fresh kernel before it is
  skipped, so a load spike alone never costs marks (``execute.TrustedExecute``).

The sandbox's launcher (``sandbox.launch``) also sets ``RLIMIT_CPU`` on the kernel's processes, at
the sum of the limits of the cells it will run: a second fence, should the grader stop polling.
"""

from __future__ import annotations

import resource
import signal
import threading

import psutil

#: Seconds between two looks at the kernel's processes.
POLL = 0.25
#: Address space each sandboxed process may reserve beyond the memory limit: JAX and XLA reserve
#: address space they never touch (about 1.2 GB for a kernel that imported JAX).
ADDRESS_SPACE_HEADROOM = 8 << 30


def tree(pid: int) -> list[psutil.Process]:
    """The process ``pid`` and all its descendants ([] when it is gone)."""
    try:
        root = psutil.Process(pid)
        return [root, *root.children(recursive=True)]
    except psutil.Error:
        return []


def usage(procs: list[psutil.Process]) -> tuple[float, int]:
    """(CPU seconds, resident bytes) of ``procs`` together: their own CPU time and that of their
    children that have ended (so time does not vanish when a child exits)."""
    cpu, rss = 0.0, 0
    for p in procs:
        try:
            t = p.cpu_times()
            cpu += t.user + t.system + t.children_user + t.children_system
            rss += p.memory_info().rss
        except psutil.Error:
            continue
    return cpu, rss


def kill_tree(pid: int, keep_root: bool = True) -> None:
    """SIGKILL every descendant of ``pid`` (and ``pid`` itself unless ``keep_root``).

    ``pid`` is the sandbox's launcher: once bubblewrap and the kernel are gone it cleans up the
    kernel's private folder and exits, which the grader sees as the kernel's death.
    """
    procs = tree(pid)
    for p in (procs[1:] if keep_root else procs):
        try:
            p.send_signal(signal.SIGKILL)
        except psutil.Error:
            pass


class CellWatch:
    """Watches the kernel's processes while one cell runs; ends them when the cell uses too much.

    ``with CellWatch(pid, cpu_limit=120, memory_mb=4096) as watch: ...``; afterwards
    ``watch.reason`` says why the cell was stopped ('' when it was not) and ``watch.cpu`` is the
    CPU time the cell used.
    """

    def __init__(self, pid: int | None, cpu_limit: float | None, memory_mb: int | None, interval: float = POLL):
        self.pid, self.cpu_limit, self.memory_mb, self.interval = pid, cpu_limit, memory_mb, interval
        self.reason = ""
        self.cpu = 0.0
        self._start = 0.0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def __enter__(self) -> CellWatch:
        if self.pid:
            self._start = usage(tree(self.pid))[0]
            self._thread = threading.Thread(target=self._run, name="cell-watch", daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        self._look()

    def _look(self) -> bool:
        """Measure once; stop the kernel and return True when the cell is over a limit."""
        if not self.pid or self.reason:
            return bool(self.reason)
        cpu, rss = usage(tree(self.pid))
        self.cpu = max(self.cpu, cpu - self._start)
        if self.cpu_limit and self.cpu > self.cpu_limit:
            self.reason = f"it used more than its CPU time limit of {self.cpu_limit:g} s"
        elif self.memory_mb and rss > self.memory_mb * (1 << 20):
            self.reason = f"it used more than its memory limit of {self.memory_mb} MB"
        if self.reason:
            kill_tree(self.pid)
        return bool(self.reason)

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            if self._look():
                return


def rlimits(cpu_seconds: float | None, memory_mb: int | None) -> list[tuple[int, int]]:
    """(resource, value) pairs the sandbox's launcher sets on the kernel before it starts."""
    out = []
    if cpu_seconds:
        out.append((resource.RLIMIT_CPU, int(cpu_seconds) + 1))
    if memory_mb:
        out.append((resource.RLIMIT_AS, memory_mb * (1 << 20) + ADDRESS_SPACE_HEADROOM))
    return out


def apply_rlimits(limits: list[tuple[int, int]]) -> None:
    """Lower this process's limits to ``limits`` (never raise one); children inherit them."""
    for res, value in limits:
        soft, hard = resource.getrlimit(res)
        new = value if hard == resource.RLIM_INFINITY else min(value, hard)
        resource.setrlimit(res, (new, new if hard == resource.RLIM_INFINITY else hard))

