"""The README's first command, ``make lab``, serves JupyterLab on the course."""

from __future__ import annotations

import os
import signal
import subprocess
import time
import urllib.request
from urllib.error import URLError

from browser_helpers import free_port
from conftest import ROOT, course_env


def test_make_lab_serves_the_course():
    port, token = free_port(), "course-test-token"
    args = f"--no-browser --ServerApp.port={port} --ServerApp.port_retries=0 --IdentityProvider.token={token}"
    # -o: take .venv as built (the suite runs from it); this test is about the lab command itself.
    proc = subprocess.Popen(["make", "-s", "-o", ".venv/.installed", "lab", f"LAB_ARGS={args}"], cwd=ROOT,
                            env=course_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline, status = time.monotonic() + 90, None
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                with urllib.request.urlopen(f"{base}/api/contents/notebooks?token={token}", timeout=5) as reply:
                    status, listing = reply.status, reply.read().decode()
                break
            except (URLError, ConnectionError):
                time.sleep(0.5)
        assert status == 200, f"JupyterLab did not answer on port {port}:\n{proc.stdout.read() if proc.poll() else ''}"
        assert "01_jax_array.ipynb" in listing, "the server does not serve the course's notebooks/"
        with urllib.request.urlopen(f"{base}/lab/tree/notebooks/01_jax_array.ipynb?token={token}", timeout=10) as r:
            assert r.status == 200 and "JupyterLab" in r.read().decode()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
