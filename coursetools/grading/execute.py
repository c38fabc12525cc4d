"""Stage 3, execute: run the student's code in the sandbox and decide every test outside it.

nbgrader's own autograde runs every test cell in the student's kernel and calls a test passed when
its cell raised nothing there, which any code in that process can arrange. Here
:class:`TrustedExecute` (instead of nbgrader's ``Execute``, see ``nbgrader_config.py``) runs the
setup, answer and extra cells of the notebook that ``precheck.Canonicalize`` rebuilt, then the
*probe* half of each test cell (``jaxcourse.checking``) in the student's kernel, collects the values
each probe hands back, and runs the *check* halves in a separate trusted process,
``python -I -m coursetools.grading.checker``, that never runs student code. Each test cell's output
is then written from that verdict: nothing, or an error with one sentence. nbgrader's
``SaveAutoGrades`` reads the scores from those outputs. A cell that kills the kernel or runs past
its limits is skipped on a fresh kernel, so the other exercises are still graded.

The limits that decide are on what a cell consumes, not on the wall clock, so a busy machine cannot
cut honest work (``limits.py``): ``cpu_limit`` seconds of CPU time and ``memory_limit`` MB for the
kernel and every process it starts. The wall clock is only a backstop (``wall_limit``) for code
that waits instead of computing; a cell that reaches it is run once more on a fresh kernel before
it is skipped.

Every kernel :class:`TrustedExecute` starts runs in the bubblewrap sandbox (``sandbox.py``),
whichever way autograding started: ``nbgrader autograde``, the Formgrader, the grading command or a
direct call of nbgrader's autograde. Where the sandbox cannot run, autograding stops with the reason
before any student code runs; ``c.TrustedExecute.sandbox = False`` or ``JAXCOURSE_UNSANDBOXED=1``
opts out explicitly, and every notebook graded so then logs a warning that says "unsandboxed".
"""

from __future__ import annotations

import atexit
import json
import os
import pwd
import selectors
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from nbgrader.preprocessors import Execute
from traitlets import Bool, Float, Integer

from coursetools.grading import checker, limits, sandbox
from coursetools.grading.precheck import cell_info, grade_id
from coursetools.grading.result import KERNEL_DIED, note_problem
from jaxcourse import checking

#: Options of the sandbox's launcher (``sandbox.main``) among the kernel's extra arguments.
LAUNCHER_OPTIONS = ("--cpu-seconds", "--memory-mb")


def _user() -> str:
    try:
        return pwd.getpwuid(os.geteuid()).pw_name
    except KeyError:
        return f"uid {os.geteuid()}"


_CHECKERS: dict[tuple, subprocess.Popen] = {}


def _stop_checker(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.kill()
        proc.wait()


def stop_checkers() -> None:
    """Stop every trusted checker this process started (a worker that ends a run, or exits)."""
    for key, proc in list(_CHECKERS.items()):
        _stop_checker(proc)
        _CHECKERS.pop(key, None)


def _checker(key: tuple, restart: bool = False) -> subprocess.Popen:
    """The trusted checker for ``key`` in this process: ``python -I -m coursetools.grading.checker --serve``.

    It runs no student code; its environment is the grader's minus ``PYTHON*`` variables and any
    shared compilation cache, and its working directory is a folder in this process's private
    grading folder (``sandbox.process_workdir``), removed with it when the process exits.
    """
    proc = _CHECKERS.get(key)
    if proc is not None and (restart or proc.poll() is not None):
        _stop_checker(proc)
        proc = None
    if proc is None:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "JAX_COMPILATION"))}
        env["JAX_PLATFORMS"] = env.get("JAX_PLATFORMS") or "cpu"
        folder = tempfile.mkdtemp(prefix="checker-", dir=sandbox.process_workdir())
        log = open(Path(folder) / "checker.log", "w")  # noqa: SIM115 (lives as long as the process)
        proc = subprocess.Popen([sys.executable, "-I", "-m", "coursetools.grading.checker", "--serve"], cwd=folder,
                                env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, text=True,
                                bufsize=1)
        log.close()  # the checker holds its own copy
        proc.log_path = str(Path(folder) / "checker.log")
        _CHECKERS[key] = proc
        atexit.register(_stop_checker, proc)  # runs before the workdir is removed (registered earlier)
    return proc


def unsandboxed_reason(config=None) -> str:
    """Why student code would run without the sandbox: the explicit opt-out in force, or '' (sandboxed).

    ``config`` is a traitlets Config (e.g. the course's nbgrader_config.py) or a TrustedExecute.
    """
    if sandbox.opted_out():
        return f"{sandbox.OPT_OUT_ENV}=1"
    if isinstance(config, TrustedExecute):
        setting = config.sandbox
    else:
        section = (config or {}).get("TrustedExecute", {}) if config is not None else {}
        setting = section.get("sandbox", True) if hasattr(section, "get") else True
    return "" if setting else "c.TrustedExecute.sandbox = False"


class SandboxUnavailable(RuntimeError):
    """The sandbox cannot run here and nobody opted out: no student code is run."""


def _readline(proc: subprocess.Popen, timeout: float) -> str:
    """One line from ``proc``'s stdout, or TimeoutError after ``timeout`` seconds."""
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        if not sel.select(timeout):
            raise TimeoutError("the checker did not answer in time")
    return proc.stdout.readline()


class TrustedExecute(Execute):
    """Run student code and probes in the student's kernel; decide every test in a trusted process."""

    max_restarts = Integer(3, help="fresh kernels to try after a cell kills the kernel or times out").tag(
        config=True)
    max_start_retries = Integer(3, help="further tries when a kernel fails to start").tag(config=True)
    checker_timeout = Integer(300, help="seconds the trusted checker may take for one notebook").tag(config=True)
    max_output_chars = Integer(20000, help="output kept per cell in the graded notebook").tag(config=True)
    cpu_limit = Float(None, allow_none=True, help="CPU seconds one cell may use, the kernel and every process it "
                                                  "starts together (None: Execute.timeout); the machine's load "
                                                  "does not change it").tag(config=True)
    wall_limit = Float(None, allow_none=True, help="wall-clock backstop per cell, in seconds, for code that waits "
                                                   "instead of computing; a cell that reaches it is run once more "
                                                   "on a fresh kernel before it is skipped (None: five times the "
                                                   "CPU limit, at least 300 s)").tag(config=True)
    memory_limit = Integer(4096, allow_none=True, help="MB of resident memory the kernel and its processes may "
                                                       "use together (None: no limit)").tag(config=True)
    sandbox = Bool(True, help="run every student kernel in the bubblewrap sandbox (coursetools/sandbox.py); "
                              "False (or JAXCOURSE_UNSANDBOXED=1) runs student code as the grader, with access "
                              "to the course: only for code you trust").tag(config=True)

    def preprocess(self, nb, resources, km=None):
        self.interrupt_on_timeout = False  # a timed-out cell is killed with its kernel, never waited for
        self._sandboxed = self._check_sandbox(resources)
        roles = []
        for cell in nb.cells:
            info = cell_info(cell)
            if cell.cell_type != "code":
                roles.append(None)
            elif info.get("grade") and not info.get("solution"):
                roles.append("test")
            elif info.get("locked") and not info.get("solution"):
                roles.append("trusted")
            else:
                roles.append("student")
        program = [(("cell", i), cell.source) for i, cell in enumerate(nb.cells) if roles[i] in ("trusted", "student")]
        program.append((("boot", 0), f"from jaxcourse.checking import emit_values as {checking.PROBE_CALL}"))
        for i, cell in enumerate(nb.cells):
            if roles[i] == "test":
                code = checker.split_test_cell(cell.source, "probe", grade_id(cell))
                if code:
                    program.append((("probe", i), code))
                else:
                    note_problem(f"{resources.get('nbgrader', {}).get('notebook', 'notebook')}: test cell "
                                    f"{grade_id(cell)} is not in the probe/check shape, so it scores zero")
        trusted = {("cell", i) for i, r in enumerate(roles) if r == "trusted"} | {("boot", 0)}
        outputs, reasons = self._run_program(program, resources, trusted, nb.metadata.get("kernelspec", {}))
        nb_id = resources.get("nbgrader", {}).get("notebook", "notebook")
        for (kind, i), why in reasons.items():
            label = grade_id(nb.cells[i]) or f"the student's cell {i + 1}"
            note_problem(f"{nb_id}: {'test ' if kind == 'probe' else ''}{label} was skipped: {why}")

        tests = []
        for i, cell in enumerate(nb.cells):
            if roles[i] != "test":
                continue
            key, payload, reason = ("probe", i), None, None
            if key not in dict(program):
                payload = {"ok": True, "tree": {"t": "py", "v": None}}  # nothing to probe: the check decides
            elif key in reasons:
                reason = f"This test got no result from your code: {reasons[key]}."
            else:
                found = [o for o in outputs.get(key, []) if o.get("output_type") == "display_data"
                         and checking.MIME in o.get("data", {})]
                if found:
                    payload = found[-1]["data"][checking.MIME]
                else:
                    reason = ("This test got no result from your code: the test did not finish "
                              "(something in the notebook stopped it).")
            tests.append({"grade_id": grade_id(cell), "source": cell.source, "payload": payload, "reason": reason})
        setup = [nb.cells[i].source for i, r in enumerate(roles) if r == "trusted"]
        verdicts = self._check({"setup": setup, "tests": tests}, resources)

        for i, cell in enumerate(nb.cells):
            if roles[i] in ("trusted", "student"):
                cell.outputs = self._limit([nbformat.from_dict(o) for o in outputs.get(("cell", i), [])])
                if ("cell", i) in reasons:
                    cell.outputs.append(self._error("CellSkipped", f"This cell was skipped: {reasons[('cell', i)]}."))
            elif roles[i] == "test":
                verdict = verdicts.get(grade_id(cell), {"passed": False, "message": "This test was not checked."})
                cell.outputs = [] if verdict["passed"] else [self._error("AssertionError", verdict["message"])]
        return nb, resources

    # -- the limits ------------------------------------------------------------------------------
    def cell_cpu_limit(self) -> float | None:
        return self.cpu_limit if self.cpu_limit is not None else (self.timeout or None)

    def cell_wall_limit(self) -> float | None:
        if self.wall_limit is not None:
            return self.wall_limit or None
        cpu = self.cell_cpu_limit()
        return max(300.0, 5 * cpu) if cpu else None

    def _get_timeout(self, cell):
        """nbclient's wall-clock limit per cell: only the backstop here (the CPU limit is watched)."""
        wall = self.cell_wall_limit()
        return int(wall + 0.999) if wall else None

    def _watch(self) -> limits.CellWatch:
        """A watch on the running kernel's processes (the sandbox's launcher and everything under it)."""
        pid = getattr(getattr(self.km, "provisioner", None), "pid", None)
        return limits.CellWatch(pid, self.cell_cpu_limit(), self.memory_limit)

    def _kernel_limits(self, cells: int) -> list[str]:
        """Arguments for the sandbox's launcher: per-process rlimits for the kernel's whole life."""
        cpu = self.cell_cpu_limit()
        args = []
        if cpu:
            args.append(f"--cpu-seconds={cpu * (cells + 1):g}")
        if self.memory_limit:
            args.append(f"--memory-mb={self.memory_limit}")
        return args

    # -- the sandbox -----------------------------------------------------------------------------
    def _check_sandbox(self, resources) -> bool:
        """True when kernels will run in the sandbox; stops grading when it cannot run and nobody opted out."""
        nb_id = resources.get("nbgrader", {}).get("notebook", "notebook")
        reason = unsandboxed_reason(self)
        if reason:
            self.log.warning("%s: grading unsandboxed (%s): student code runs as %s and can read and change the "
                             "course", nb_id, reason, _user())
            return False
        ok, why = sandbox.available()
        if not ok:
            sandbox.available.cache_clear()  # look again next time (bubblewrap may get installed meanwhile)
            message = sandbox.unavailable_message(why)
            self.log.error(message)
            raise SandboxUnavailable(message)
        return True

    def create_kernel_manager(self):
        """The sandboxed kernel of this process's private folder, whatever kernelspec the notebook names."""
        if not getattr(self, "_sandboxed", True):
            return super().create_kernel_manager()
        self.km = sandbox.kernel_manager(self.kernel_manager_class, config=self.config)
        return self.km

    # -- running the student's side ------------------------------------------------------------
    def _run_program(self, program, resources, trusted, kernelspec):
        """Execute ``program`` [(key, source)] in a fresh kernel; skip cells that kill it or hang.

        Returns ({key: outputs}, {key: why it was skipped}). A failure in a trusted cell (the
        instructor's setup) stops grading: that is not the student's doing. A cell that reaches the
        wall-clock backstop is run once more on a fresh kernel (the machine may have been busy)
        before it is skipped.
        """
        self.resources = resources
        skipped: dict[tuple, str] = {}
        backstop_hits: set[tuple] = set()
        outputs: dict[tuple, list] = {}
        start_failures = 0
        while len(skipped) <= self.max_restarts:
            outputs = {}
            runnable = [(key, src) for key, src in program if key not in skipped]
            self.nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(src) for _, src in runnable])
            self.nb.metadata["kernelspec"] = kernelspec
            if getattr(self, "_sandboxed", True):  # the sandbox's launcher reads these; ipykernel never sees them
                self.extra_arguments = [a for a in self.extra_arguments if not a.startswith(LAUNCHER_OPTIONS)]
                self.extra_arguments += self._kernel_limits(len(runnable))
            failed, started = None, False
            try:
                self.km, self.kc = None, None
                with self.setup_kernel():
                    started = True
                    for k, (key, _src) in enumerate(runnable):
                        cell = self.nb.cells[k]
                        with self._watch() as watch:
                            try:
                                self.execute_cell(cell, k, store_history=False)
                            except Exception as err:  # over a limit, or a dead kernel: skip this cell next time
                                failed = (key, watch.reason or self._why(err))
                            finally:
                                outputs[key] = list(cell.get("outputs", []))
                        if failed is None and watch.reason:  # stopped just as the cell ended
                            failed = (key, watch.reason)
                        if failed is not None:
                            break
            except Exception as err:  # the kernel did not start, or died between cells
                if failed is None and not started:  # not the student's doing (a port clash, a busy machine)
                    start_failures += 1
                    if start_failures > self.max_start_retries:
                        first_line = (str(err).strip().splitlines() or [""])[0][:200]
                        raise RuntimeError(f"grading stopped: Failed to start the kernel {start_failures} "
                                           f"times ({type(err).__name__}: {first_line})") from err
                    time.sleep(0.5 * start_failures)
                    continue
                if failed is None:
                    failed = (None, self._why(err))
            if failed is None:
                return outputs, skipped
            key, why = failed
            if key is not None and why == self._backstop_reason() and key not in backstop_hits:
                backstop_hits.add(key)  # once more, on a fresh kernel, before it counts (the setup cell too)
                self.log.warning("%s reached the wall-clock backstop: running it once more", key)
                continue
            if key is None or key in trusted:
                raise RuntimeError(f"grading stopped: {why}")
            skipped[key] = why + (", twice (the second time on a fresh kernel)" if key in backstop_hits else "")
        for key, _src in program:
            if key not in outputs and key not in skipped:
                skipped[key] = "grading gave up after the kernel failed too often"
        return outputs, skipped

    def _why(self, err) -> str:
        name = type(err).__name__
        if "Timeout" in name:
            return self._backstop_reason()
        if "DeadKernel" in name or "died" in str(err).lower():
            return KERNEL_DIED
        return f"{name}: {str(err).strip().splitlines()[0][:200] if str(err).strip() else ''}".rstrip(": ")

    def _backstop_reason(self) -> str:
        return f"it ran past the wall-clock time limit of {self.cell_wall_limit():g} s"

    # -- the trusted side ----------------------------------------------------------------------
    def _check(self, job, resources):
        """Verdicts from this worker's trusted checker process (started on first use, one per assignment)."""
        key = (resources.get("nbgrader", {}).get("assignment"), sys.executable)
        with tempfile.TemporaryDirectory(prefix="check-", dir=sandbox.process_workdir()) as tmp:
            job_path, out_path = Path(tmp) / "job.json", Path(tmp) / "verdicts.json"
            job_path.write_text(json.dumps(job))
            for attempt in range(2):
                checker = _checker(key, restart=attempt > 0)
                try:
                    checker.stdin.write(f"{job_path} {out_path}\n")
                    checker.stdin.flush()
                    reply = _readline(checker, self.checker_timeout)
                except (OSError, TimeoutError):
                    reply = ""
                if reply.strip() == "ok" and out_path.exists():
                    return json.loads(out_path.read_text())
            raise RuntimeError(f"the trusted checker failed (its log: {checker.log_path})")

    # -- outputs ---------------------------------------------------------------------------------
    @staticmethod
    def _error(ename, message):
        return nbformat.v4.new_output("error", ename=ename, evalue=message, traceback=[f"{ename}: {message}"])

    def _limit(self, outs):
        kept, used = [], 0
        for out in outs:
            if out.get("output_type") == "display_data" and checking.MIME in out.get("data", {}):
                continue
            text = out.get("text")
            if isinstance(text, str):
                room = max(0, self.max_output_chars - used)
                if len(text) > room:
                    out["text"] = text[:room] + f"\n... [{len(text) - room} more characters not kept]\n"
                used += min(len(text), room)
            kept.append(out)
        return kept
