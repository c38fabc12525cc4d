"""jaxcourse.collectives_figs: lesson 07's drawing of ppermute and psum_scatter; the lesson's excerpt of the
two-process worker."""

import json
import re
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from jaxcourse.collectives_figs import ppermute_and_psum_scatter  # noqa: E402


@pytest.mark.parametrize("n", [1, 2, 8])
def test_ppermute_and_psum_scatter_writes_every_value_in_one_small_figure(shown, n):
    """Lesson 07's figure for the two collectives that move data between chosen devices."""
    v = np.arange(1.0, n + 1)
    rows = (np.arange(n * n) % 5 + 1.0).reshape(n, n)
    perm = [(i, (i + 1) % n) for i in range(n)]
    ppermute_and_psum_scatter(v, np.roll(v, 1), perm, rows, rows.sum(axis=0))
    [fig] = shown
    width, height = fig.get_size_inches()
    assert width <= 9 and height <= 3.5 and fig.dpi >= 100
    ring, before, after = fig.axes
    assert sum(type(p).__name__ == "FancyArrowPatch" for p in ring.patches) == n  # an arrow per pair
    assert [t.get_text() for t in before.texts] == [f"{x:g}" for x in rows.ravel()]
    assert [t.get_text() for t in after.texts] == [f"{x:g}" for x in rows.sum(axis=0)]


def test_lesson_07_shows_the_two_process_workers_own_lines():
    """Section 5 of lesson 07 shows what each worker of ``run_two_process_demo`` runs as a fenced excerpt:
    every code line of it (up to an inline comment or a ``...``) is a line of jaxcourse/distributed.py."""
    root = Path(__file__).resolve().parent.parent
    source = (root / "jaxcourse" / "distributed.py").read_text()
    cells = json.loads((root / "notebooks" / "07_collectives.ipynb").read_text())["cells"]
    [excerpt] = [block for c in cells if c["cell_type"] == "markdown"
                 for block in re.findall(r"```python\n(.*?)```", "".join(c["source"]), re.S)
                 if "make_array_from_process_local_data" in block]
    lines = [ln.split("  #")[0].split("...")[0].strip().rstrip(",").strip() for ln in excerpt.splitlines()]
    lines = [ln for ln in lines if ln and not ln.startswith("#")]
    assert 8 <= len(lines) <= 15
    for needed in ("jax.distributed.initialize(", "make_array_from_process_local_data", "jax.lax.psum",
                   "process_allgather"):
        assert any(needed in ln for ln in lines), needed
    for line in lines:
        assert line in source, f"not in jaxcourse/distributed.py: {line}"
